import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { CancelGoodsReceiptMutation } from './documents.ts';

/**
 * Cancelling a goods receive note written by mistake, with the reason. The server refuses it when
 * one of its assets has moved on (installed, transferred) or its accessories have been issued.
 */
export function CancelReceiptDialog({
  note,
  onDone,
  onClose,
}: {
  note: { id: string; number: string };
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [cancel] = useMutation(CancelGoodsReceiptMutation);
  return (
    <FormDialog<{ reason: string }>
      title={t('goodsReceipts.cancelTitle', { number: note.number })}
      submitLabel={t('goodsReceipts.cancelSubmit')}
      defaultValues={{ reason: '' }}
      onClose={onClose}
      onSubmit={({ reason }) =>
        submitRecord(
          t,
          async () => {
            const answer = await cancel({
              variables: { input: { id: note.id, reason: reason.trim() } },
            });
            return answer.data?.cancelGoodsReceiptNote.message ?? '';
          },
          onDone,
        )
      }
    >
      {(_form, F) => (
        <F.TextArea name="reason" label="goodsReceipts.cancelReason" required rows={3} />
      )}
    </FormDialog>
  );
}
