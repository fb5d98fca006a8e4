import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  MOVEMENT_QUANTITY_MAX,
  NOTE_REQUIRED_REASONS,
  RECORDED_MOVEMENT_REASONS,
  type RecordedMovementReason,
} from '@branch-assets/domain';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { describeProblem } from '../../shared/errors.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import {
  MovementAssetQuery,
  MovementChoicesQuery,
  MovementStaffQuery,
  MovementVendorsQuery,
  RecordMovementMutation,
  STOCK_QUERIES,
} from './documents.ts';

/** An issue or a return names whom: a staff member of the branch or an asset by its tag. */
type Whom = '' | 'staff' | 'asset';

export interface MovementValues {
  branchId: string;
  reason: RecordedMovementReason | '';
  quantity: string;
  vendorId: string;
  reference: string;
  whom: Whom;
  staffId: string;
  assetTag: string;
  note: string;
}

const COUNT = /^\d{1,7}$/;
const SIGNED = /^[+-]?\d{1,7}$/;

/** The quantity as typed, checked as the server checks it: a count, or a signed difference. */
function quantityProblem(text: string, reason: MovementValues['reason']): string | null {
  const value = text.trim().replace(/^\+/, '');
  const adjusting = reason === 'ADJUSTED';
  if (!(adjusting ? SIGNED : COUNT).test(text.trim())) return 'invalid';
  const number = Number(value);
  if (number === 0 || Math.abs(number) > MOVEMENT_QUANTITY_MAX) return 'invalid';
  return null;
}

/** The save input of a movement from the form's values (a blank is left out). */
export function movementInput(accessoryId: string, values: MovementValues, assetId: string | null) {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const reason = values.reason as RecordedMovementReason;
  const toWhom = reason === 'ISSUED' || reason === 'RETURNED';
  return {
    accessoryId,
    branchId: values.branchId,
    reason,
    quantity: Number(values.quantity.trim().replace(/^\+/, '')),
    vendorId: reason === 'RECEIVED' ? text(values.vendorId) : null,
    reference: reason === 'RECEIVED' ? text(values.reference) : null,
    staffId: toWhom && values.whom === 'staff' ? text(values.staffId) : null,
    assetId: toWhom && values.whom === 'asset' ? assetId : null,
    note: text(values.note),
  };
}

/**
 * Records one movement of an accessory's stock at a branch: received (from a vendor, with its
 * delivery note), issued to a staff member or an asset, returned, a stock-take adjustment (signed),
 * consumed, or written off as damaged. The form asks what the reason needs; the server checks
 * again, and refuses taking more than is on hand, naming what is.
 */
export function MovementDialog({
  accessory,
  branchId = '',
  onClose,
  onDone,
}: {
  accessory: { id: string; name: string; unit: string };
  /** The branch to start with (the list's, or a stock row's). */
  branchId?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const branches = useQuery(MovementChoicesQuery);
  const [record] = useMutation(RecordMovementMutation, {
    refetchQueries: STOCK_QUERIES,
    awaitRefetchQueries: true,
  });
  const only = branches.data?.branchOptions.length === 1 ? branches.data.branchOptions[0] : null;
  const start: MovementValues = {
    branchId: branchId || (only ? String(only.value) : ''),
    reason: '',
    quantity: '',
    vendorId: '',
    reference: '',
    whom: '',
    staffId: '',
    assetTag: '',
    note: '',
  };
  const submit = async (values: MovementValues): Promise<string | null> => {
    // An asset is named by its tag (typed, or a scanner's): found first, so that a tag nobody has
    // is said as such rather than sent.
    let assetId: string | null = null;
    if (values.whom === 'asset') {
      const tag = values.assetTag.trim();
      try {
        const found = await client.query({
          query: MovementAssetQuery,
          variables: { tag },
          fetchPolicy: 'network-only',
        });
        assetId = found.data?.assetByTag?.id ?? null;
      } catch (failure) {
        return describeProblem(failure, t).message;
      }
      if (assetId === null) return t('accessories.assetNotFound', { tag });
    }
    return submitRecord(
      t,
      async () => {
        const answer = await record({
          variables: { input: movementInput(accessory.id, values, assetId) },
        });
        return answer.data?.recordAccessoryMovement.message ?? '';
      },
      onDone,
    );
  };
  return (
    <FormDialog<MovementValues>
      key={start.branchId}
      title={t('accessories.movementTitle', { name: accessory.name })}
      submitLabel={t('accessories.recordMovement')}
      defaultValues={start}
      onClose={onClose}
      onSubmit={submit}
    >
      {(form, F) => {
        const [reason, whom, chosenBranch] = form.watch(['reason', 'whom', 'branchId']);
        const toWhom = reason === 'ISSUED' || reason === 'RETURNED';
        const noteNeeded = reason !== '' && NOTE_REQUIRED_REASONS.includes(reason);
        return (
          <>
            <SelectField
              control={form.control}
              name="branchId"
              label={t('accessories.branch')}
              options={branches.data?.branchOptions ?? []}
              required
              onPick={() => form.setValue('staffId', '')}
            />
            <F.Options
              name="reason"
              label="accessories.reason"
              required
              options={RECORDED_MOVEMENT_REASONS.map((value) => ({
                value,
                text: t(`accessories.reasons.${value}`),
              }))}
            />
            <F.Text
              name="quantity"
              label="accessories.quantity"
              required
              inputMode={reason === 'ADJUSTED' ? 'text' : 'numeric'}
              placeholder={reason === 'ADJUSTED' ? t('accessories.adjustmentHint') : accessory.unit}
              rules={{
                validate: (value, values) =>
                  String(value).trim() === '' || !quantityProblem(String(value), values.reason)
                    ? true
                    : t(
                        values.reason === 'ADJUSTED'
                          ? 'accessories.adjustmentInvalid'
                          : 'accessories.quantityInvalid',
                      ),
              }}
            />
            {reason === 'RECEIVED' ? <ReceiptFields control={form.control} /> : null}
            {reason === 'RECEIVED' ? (
              <F.Text name="reference" label="accessories.reference" />
            ) : null}
            {toWhom ? (
              <F.Options
                name="whom"
                label={reason === 'ISSUED' ? 'accessories.issuedTo' : 'accessories.returnedFrom'}
                required={reason === 'ISSUED'}
                placeholder={reason === 'ISSUED' ? undefined : t('accessories.nobody')}
                options={[
                  { value: 'staff', text: t('accessories.toStaff') },
                  { value: 'asset', text: t('accessories.toAsset') },
                ]}
              />
            ) : null}
            {toWhom && whom === 'staff' ? (
              <StaffField control={form.control} branchId={chosenBranch} />
            ) : null}
            {toWhom && whom === 'asset' ? (
              <F.Text
                name="assetTag"
                label="accessories.assetTag"
                required
                placeholder="CHN-ANN-000123"
                autoComplete="off"
              />
            ) : null}
            <F.TextArea
              name="note"
              label={noteNeeded ? 'accessories.noteWhy' : 'accessories.note'}
              required={noteNeeded}
            />
            {reason === 'ADJUSTED' ? (
              <Text fontSize="sm" color="fg.muted">
                {t('accessories.adjustmentExplained')}
              </Text>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}

type Control = Parameters<typeof SelectField<MovementValues>>[0]['control'];

/** The vendor a receipt came from (optional). */
function ReceiptFields({ control }: { control: Control }) {
  const { t } = useTranslation();
  const vendors = useQuery(MovementVendorsQuery);
  return (
    <SelectField
      control={control}
      name="vendorId"
      label={t('accessories.vendor')}
      placeholder={t('accessories.nobody')}
      options={vendors.data?.vendorOptions ?? []}
    />
  );
}

/** The staff members of the chosen branch (none until a branch is chosen). */
function StaffField({ control, branchId }: { control: Control; branchId: string }) {
  const { t } = useTranslation();
  const staff = useQuery(MovementStaffQuery, {
    variables: { branchId },
    skip: branchId === '',
  });
  return (
    <SelectField
      control={control}
      name="staffId"
      label={t('accessories.staff')}
      options={branchId === '' ? [] : (staff.data?.staffOptions ?? [])}
      required
      disabled={branchId === ''}
    />
  );
}
