import { useMutation, useQuery } from '@apollo/client/react';
import { CONDITIONS } from '@branch-assets/domain';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import type { BulkActionsProps } from '../../shared/useRecordPage.tsx';
import { PrintLabelsMenu } from './AssetFilters.tsx';
import type { Asset } from './AssetForm.tsx';
import { BranchChoicesQuery, BulkEditAssetsMutation } from './documents.ts';

/** Keep is 'leave as it is'; the others take the custodian or the notes away. */
const KEEP = '';

interface BulkValues {
  locationId: string;
  custodianId: string;
  condition: string;
  notes: string;
  clearNotes: string;
}

/**
 * What the user does with the ticked assets: their labels, or one change to all of them
 * (location, custodian, condition, notes), which the server makes all or none.
 */
export function AssetBulkActions({ rows, clear, onChanged }: BulkActionsProps<Asset>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const ids = rows.map((row) => row.id);
  return (
    <HStack gap="3" wrap="wrap" bg="bg.muted" px="3" py="2" borderRadius="md">
      <Text fontWeight="600" aria-live="polite">
        {t('assets.bulk.selected', { count: rows.length })}
      </Text>
      <Button size="sm" colorPalette="brand" onClick={() => setEditing(true)}>
        {t('assets.bulk.edit')}
      </Button>
      <PrintLabelsMenu
        label={t('assets.printLabels')}
        urlOf={(format) => `/labels/assets.pdf?ids=${ids.join(',')}&format=${format}`}
      />
      <Button size="sm" variant="ghost" onClick={clear}>
        {t('assets.bulk.clear')}
      </Button>
      {editing ? (
        <BulkEditDialog
          rows={rows}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : null}
    </HStack>
  );
}

function BulkEditDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: readonly Asset[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [edit] = useMutation(BulkEditAssetsMutation);
  const branches = new Set(rows.map((row) => row.branchId));
  const branchId = branches.size === 1 ? ([...branches][0] ?? '') : '';
  const { data } = useQuery(BranchChoicesQuery, {
    variables: { branchId },
    skip: branchId === '',
  });
  return (
    <FormDialog<BulkValues>
      title={t('assets.bulk.title', { count: rows.length })}
      submitLabel={t('assets.bulk.apply')}
      defaultValues={{
        locationId: KEEP,
        custodianId: KEEP,
        condition: KEEP,
        notes: '',
        clearNotes: '',
      }}
      onClose={onClose}
      onSubmit={(values) => {
        const nothing =
          values.locationId === KEEP &&
          values.custodianId === KEEP &&
          values.condition === KEEP &&
          values.notes.trim() === '' &&
          values.clearNotes !== '1';
        if (nothing) return Promise.resolve(t('assets.bulk.nothing'));
        return submitRecord(
          t,
          async () => {
            const answer = await edit({
              variables: {
                input: {
                  ids: rows.map((row) => row.id),
                  locationId: values.locationId || null,
                  custodianId:
                    values.custodianId && values.custodianId !== 'none' ? values.custodianId : null,
                  clearCustodian: values.custodianId === 'none',
                  condition: (values.condition || null) as (typeof CONDITIONS)[number] | null,
                  notes: values.notes.trim() || null,
                  clearNotes: values.clearNotes === '1',
                },
              },
            });
            return answer.data?.bulkEditAssets.message ?? '';
          },
          onDone,
        );
      }}
    >
      {(form, F) => (
        <>
          {branchId === '' ? <Text color="fg.muted">{t('assets.bulk.oneBranch')}</Text> : null}
          <SelectField
            control={form.control}
            name="locationId"
            label={t('assets.location')}
            placeholder={t('assets.bulk.leave')}
            options={data?.assetLocationOptions ?? []}
            disabled={branchId === ''}
          />
          <SelectField
            control={form.control}
            name="custodianId"
            label={t('assets.custodian')}
            placeholder={t('assets.bulk.leave')}
            options={[
              { value: 'none', text: t('assets.bulk.clearCustodian') },
              ...(data?.staffOptions ?? []),
            ]}
            disabled={branchId === ''}
          />
          <SelectField
            control={form.control}
            name="condition"
            label={t('assets.condition')}
            placeholder={t('assets.bulk.leave')}
            options={CONDITIONS.map((value) => ({ value, text: t(`assets.conditions.${value}`) }))}
          />
          <F.TextArea name="notes" label="assets.notes" />
          <F.Options
            name="clearNotes"
            label="assets.bulk.clearNotes"
            placeholder={t('assets.bulk.leave')}
            options={[{ value: '1', text: t('assets.bulk.clearNotes') }]}
          />
        </>
      )}
    </FormDialog>
  );
}
