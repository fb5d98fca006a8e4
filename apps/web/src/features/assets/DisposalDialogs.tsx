import { useMutation } from '@apollo/client/react';
import { CONDITIONS, indianDate } from '@branch-assets/domain';
import { useTranslation } from 'react-i18next';
import type { AssetCondition, DisposalMethod } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { CondemnAssetMutation, DisposeAssetMutation } from './documents.ts';

/*
 * Condemning an asset (the committee's decision, recorded by a user with the disposal's approve
 * grant) and recording its disposal (the branch). The server checks the status, the dates and the
 * grants again.
 */

const METHODS: DisposalMethod[] = ['SOLD', 'SCRAPPED', 'RETURNED_TO_VENDOR', 'WRITTEN_OFF'];
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

interface Props {
  asset: { id: string; tag: string };
  onDone: () => void;
  onClose: () => void;
}

export function CondemnDialog({ asset, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const [condemn] = useMutation(CondemnAssetMutation);
  const today = indianDate(new Date());
  return (
    <FormDialog<{
      condemnedOn: string;
      reason: string;
      condition: string;
      committeeRemarks: string;
    }>
      title={t('assets.condemnTitle', { tag: asset.tag })}
      submitLabel={t('assets.condemn')}
      defaultValues={{ condemnedOn: today, reason: '', condition: 'POOR', committeeRemarks: '' }}
      onClose={onClose}
      onSubmit={(values) =>
        submitRecord(
          t,
          async () => {
            const answer = await condemn({
              variables: {
                input: {
                  assetId: asset.id,
                  condemnedOn: values.condemnedOn,
                  reason: values.reason.trim(),
                  condition: values.condition as AssetCondition,
                  committeeRemarks: values.committeeRemarks.trim(),
                },
              },
            });
            return answer.data?.condemnAsset.message ?? '';
          },
          onDone,
        )
      }
    >
      {(_form, F) => (
        <>
          <F.Text
            name="condemnedOn"
            label="assets.condemnedOn"
            type="date"
            max={today}
            required
            rules={{ validate: (value) => value <= today || t('assets.notInFuture') }}
          />
          <F.Options
            name="condition"
            label="assets.condition"
            required
            options={CONDITIONS.map((value) => ({
              value,
              text: t(`assets.conditions.${value}`),
            }))}
          />
          <F.TextArea name="reason" label="assets.condemnReason" required rows={2} />
          <F.TextArea name="committeeRemarks" label="assets.committeeRemarks" required rows={3} />
        </>
      )}
    </FormDialog>
  );
}

export function DisposeDialog({ asset, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const [dispose] = useMutation(DisposeAssetMutation);
  const today = indianDate(new Date());
  return (
    <FormDialog<{
      method: string;
      disposedOn: string;
      amount: string;
      buyer: string;
      remarks: string;
    }>
      title={t('assets.disposeTitle', { tag: asset.tag })}
      submitLabel={t('assets.dispose')}
      defaultValues={{ method: '', disposedOn: today, amount: '', buyer: '', remarks: '' }}
      onClose={onClose}
      onSubmit={(values) =>
        submitRecord(
          t,
          async () => {
            const sold = values.method === 'SOLD';
            const answer = await dispose({
              variables: {
                input: {
                  assetId: asset.id,
                  method: values.method as DisposalMethod,
                  disposedOn: values.disposedOn,
                  amount: sold ? Number(values.amount).toFixed(2) : null,
                  buyer: sold ? values.buyer.trim() : null,
                  remarks: values.remarks.trim() === '' ? null : values.remarks.trim(),
                },
              },
            });
            return answer.data?.disposeAsset.message ?? '';
          },
          onDone,
        )
      }
    >
      {(form, F) => {
        const sold = form.watch('method') === 'SOLD';
        return (
          <>
            <F.Options
              name="method"
              label="assets.disposalMethod"
              required
              options={METHODS.map((value) => ({ value, text: t(`assets.methods.${value}`) }))}
            />
            <F.Text
              name="disposedOn"
              label="assets.disposedOn"
              type="date"
              max={today}
              required
              rules={{ validate: (value) => value <= today || t('assets.notInFuture') }}
            />
            {sold ? (
              <>
                <F.Text
                  name="amount"
                  label="assets.disposalAmount"
                  inputMode="decimal"
                  required
                  format={[AMOUNT, 'assets.amountFormat']}
                />
                <F.Text name="buyer" label="assets.buyer" required maxLength={150} />
              </>
            ) : null}
            <F.TextArea name="remarks" label="assets.disposalRemarks" rows={2} />
          </>
        );
      }}
    </FormDialog>
  );
}
