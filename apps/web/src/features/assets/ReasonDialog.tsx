import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { BackInUseMutation, MarkOutOfOrderMutation } from './documents.ts';

/**
 * The status change this screen may make, with its reason: Out of order (what is wrong) or back in
 * use (what put it right). The server checks the status and the grant again.
 */
export function ReasonDialog({
  asset,
  change,
  onDone,
  onClose,
}: {
  asset: { id: string; tag: string };
  change: 'outOfOrder' | 'backInUse';
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [markOutOfOrder] = useMutation(MarkOutOfOrderMutation);
  const [putBack] = useMutation(BackInUseMutation);
  const outOfOrder = change === 'outOfOrder';
  return (
    <FormDialog<{ reason: string }>
      title={t(outOfOrder ? 'assets.outOfOrderTitle' : 'assets.backInUseTitle', { tag: asset.tag })}
      submitLabel={t(outOfOrder ? 'assets.markOutOfOrder' : 'assets.backInUse')}
      defaultValues={{ reason: '' }}
      onClose={onClose}
      onSubmit={({ reason }) =>
        submitRecord(
          t,
          async () => {
            const variables = { id: asset.id, reason: reason.trim() };
            if (outOfOrder) {
              const answer = await markOutOfOrder({ variables });
              return answer.data?.markAssetOutOfOrder.message ?? '';
            }
            const answer = await putBack({ variables });
            return answer.data?.putAssetBackInUse.message ?? '';
          },
          onDone,
        )
      }
    >
      {(_form, F) => (
        <F.TextArea
          name="reason"
          label={outOfOrder ? 'assets.outOfOrderReason' : 'assets.backInUseReason'}
          required
          rows={3}
        />
      )}
    </FormDialog>
  );
}
