import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog.tsx';

/** The legacy confirmation: 'Do you want to continue?' with Continue and Cancel. */
export function ConfirmDialog({
  open,
  onContinue,
  onCancel,
  title,
  text,
}: {
  open: boolean;
  onContinue: () => void;
  onCancel: () => void;
  /** The legacy wording unless given. */
  title?: string;
  text?: string;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      role="alertdialog"
      title={title ?? t('purchaseOrders.confirmTitle')}
      onClose={onCancel}
      size="sm"
      closeButton={false}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="brand" onClick={onContinue}>
            {t('common.continue')}
          </Button>
        </>
      }
    >
      <Text>{text ?? t('purchaseOrders.confirmText')}</Text>
    </AppDialog>
  );
}
