import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { ClosePurchaseOrderMutation } from '../goods-receipts/documents.ts';

/** Closing an approved or partly received order short, with why the rest will not come. */
export function CloseShortDialog({
  order,
  onDone,
  onClose,
}: {
  order: { id: string; number: string };
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [close] = useMutation(ClosePurchaseOrderMutation);
  return (
    <FormDialog<{ reason: string }>
      title={t('purchaseOrders.closeShortTitle', { number: order.number })}
      submitLabel={t('purchaseOrders.closeShort')}
      defaultValues={{ reason: '' }}
      onClose={onClose}
      onSubmit={({ reason }) =>
        submitRecord(
          t,
          async () => {
            const answer = await close({
              variables: { input: { id: order.id, reason: reason.trim() } },
            });
            return answer.data?.closePurchaseOrder.message ?? '';
          },
          onDone,
        )
      }
    >
      {(_form, F) => (
        <F.TextArea name="reason" label="purchaseOrders.closeReason" required rows={3} />
      )}
    </FormDialog>
  );
}
