import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

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
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(event) => {
        if (!event.open) onCancel();
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title ?? t('purchaseOrders.confirmTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text ?? t('purchaseOrders.confirmText')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="brand" onClick={onContinue}>
                {t('common.continue')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
