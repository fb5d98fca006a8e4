import { HStack } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from './IconAction.tsx';

/** A record's Edit and Delete icon actions, each shown when the row's flag allows it. */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  /** The record's name, for the group's accessible name. */
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <HStack
      gap="0"
      justify="center"
      role="group"
      aria-label={t('masterLists.rowActions', { name })}
    >
      {onEdit ? (
        <IconAction label={t('masterLists.edit')} onClick={onEdit}>
          <Pencil />
        </IconAction>
      ) : null}
      {onDelete ? (
        <IconAction label={t('masterLists.delete')} colorPalette="red" onClick={onDelete}>
          <Trash2 />
        </IconAction>
      ) : null}
    </HStack>
  );
}
