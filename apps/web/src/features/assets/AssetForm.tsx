import { useQuery } from '@apollo/client/react';
import { CONDITIONS, CRITICALITIES, formatPaise, toPaise } from '@branch-assets/domain';
import { useTranslation } from 'react-i18next';
import type { AssetsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import { withOwn } from '../../shared/FormFields.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { MasterSelectField } from '../master-lists/ParentSelects.tsx';
import { AssetFormChoicesQuery, BranchChoicesQuery } from './documents.ts';

export type Asset = AssetsQuery['list']['rows'][number];

const BLANK = {
  name: '',
  branchId: '',
  locationId: '',
  categoryId: '',
  subCategoryId: '',
  assetTypeId: '',
  brandId: '',
  model: '',
  serialNumber: '',
  custodianId: '',
  vendorId: '',
  purchaseReference: '',
  purchaseDate: '',
  cost: '',
  putToUseDate: '',
  warrantyStart: '',
  warrantyEnd: '',
  usefulLifeYears: '',
  criticality: 'MEDIUM' as string,
  condition: 'GOOD' as string,
  notes: '',
  /** A new asset's start: in stock, or already in use (an opening balance). */
  assetStatus: 'IN_STOCK' as string,
  ...Fields.NEW_STATUS,
};
export type AssetValues = typeof BLANK;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const YEARS = /^([1-9]|[1-4]\d|50)$/;

/**
 * Create or edit an asset. Its branch is chosen once (a transfer moves it later) and decides the
 * rooms and custodians offered; the type is chosen through its category and sub-category. Its
 * status is never edited here: a new asset starts in stock or, for an opening balance, in use.
 */
export function AssetForm({ record: asset, dialog }: RecordFormProps<Asset, AssetValues>) {
  const { t } = useTranslation();
  const choices = useQuery(AssetFormChoicesQuery);
  const start = startValues(BLANK, asset);
  return (
    <FormDialog<AssetValues> {...dialog} defaultValues={start} size="xl" grid>
      {(form, F) => {
        const [branchId, categoryId, subCategoryId, assetStatus] = form.watch([
          'branchId',
          'categoryId',
          'subCategoryId',
          'assetStatus',
        ]);
        const clear = (...names: (keyof AssetValues)[]) => {
          for (const name of names) form.setValue(name, '', { shouldValidate: false });
        };
        return (
          <>
            <F.Text name="name" label="assets.name" required autoFocus />
            <SelectField
              control={form.control}
              name="branchId"
              label={t('assets.branch')}
              options={withOwn(
                choices.data?.branchOptions ?? [],
                asset ? { value: asset.branchId, text: asset.branchName } : null,
              )}
              required
              disabled={asset !== null}
              onPick={() => clear('locationId', 'custodianId')}
            />
            <BranchFields control={form.control} branchId={branchId} asset={asset} />
            <MasterSelectField
              control={form.control}
              name="categoryId"
              list="ASSET_CATEGORY"
              label={t('assets.category')}
              required
              onPick={() => clear('subCategoryId', 'assetTypeId')}
            />
            <MasterSelectField
              control={form.control}
              name="subCategoryId"
              list="SUB_CATEGORY"
              parentId={categoryId}
              label={t('assets.subCategory')}
              required
              onPick={() => clear('assetTypeId')}
            />
            <MasterSelectField
              control={form.control}
              name="assetTypeId"
              list="ASSET_TYPE"
              parentId={subCategoryId}
              label={t('assets.assetType')}
              required
            />
            <MasterSelectField
              control={form.control}
              name="brandId"
              list="BRAND"
              label={t('assets.brand')}
              required
            />
            <F.Text name="model" label="assets.model" />
            <F.Text name="serialNumber" label="assets.serialNumber" />
            <F.Options
              name="criticality"
              label="assets.criticality"
              required
              options={CRITICALITIES.map((value) => ({
                value,
                text: t(`assets.criticalities.${value}`),
              }))}
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
            {asset ? null : (
              <F.Options
                name="assetStatus"
                label="assets.startsAs"
                required
                options={(['IN_STOCK', 'IN_USE'] as const).map((value) => ({
                  value,
                  text: t(`assets.statuses.${value}`),
                }))}
              />
            )}
            <F.Text
              name="putToUseDate"
              label="assets.putToUseDate"
              type="date"
              required={!asset && assetStatus === 'IN_USE'}
            />
            <SelectField
              control={form.control}
              name="vendorId"
              label={t('assets.vendor')}
              placeholder={t('assets.none')}
              options={choices.data?.vendorOptions ?? []}
            />
            <F.Text
              name="purchaseReference"
              label="assets.purchaseReference"
              placeholder={t('assets.purchaseReferenceHint')}
            />
            <F.Text name="purchaseDate" label="assets.purchaseDate" type="date" />
            <F.Text
              name="cost"
              label="assets.cost"
              inputMode="decimal"
              format={[MONEY, 'assets.costInvalid']}
            />
            <F.Text name="warrantyStart" label="assets.warrantyStart" type="date" />
            <F.Text
              name="warrantyEnd"
              label="assets.warrantyEnd"
              type="date"
              rules={{
                validate: (end, values) =>
                  !end || !values.warrantyStart || end >= values.warrantyStart
                    ? true
                    : t('assets.warrantyOrder'),
              }}
            />
            <F.Text
              name="usefulLifeYears"
              label="assets.usefulLifeYears"
              inputMode="numeric"
              format={[YEARS, 'assets.lifeInvalid']}
            />
            <F.Status />
            <F.TextArea name="notes" label="assets.notes" />
          </>
        );
      }}
    </FormDialog>
  );
}

/** The rooms and custodians of the chosen branch (nothing to choose until a branch is). */
function BranchFields({
  control,
  branchId,
  asset,
}: {
  control: Parameters<typeof SelectField<AssetValues>>[0]['control'];
  branchId: string;
  asset: Asset | null;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(BranchChoicesQuery, {
    variables: { branchId },
    skip: branchId === '',
  });
  const own = (id: string | null | undefined, name: string | null | undefined) =>
    asset && id && name ? { value: id, text: name } : null;
  return (
    <>
      <SelectField
        control={control}
        name="locationId"
        label={t('assets.location')}
        options={withOwn(
          data?.assetLocationOptions ?? [],
          own(asset?.locationId, asset?.locationName),
        )}
        required
        disabled={branchId === ''}
      />
      <SelectField
        control={control}
        name="custodianId"
        label={t('assets.custodian')}
        placeholder={t('assets.none')}
        options={withOwn(data?.staffOptions ?? [], own(asset?.custodianId, asset?.custodianName))}
        disabled={branchId === ''}
      />
    </>
  );
}

/** A blank text as null (the server stores none), else trimmed. */
function given(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}

/** The save input from the form's values; a new asset (record null) starts as the form says. */
export function assetInput(values: AssetValues, record: Asset | null) {
  return {
    id: record?.id ?? null,
    name: values.name.trim(),
    branchId: values.branchId,
    locationId: values.locationId,
    assetTypeId: values.assetTypeId,
    brandId: values.brandId,
    model: given(values.model),
    serialNumber: given(values.serialNumber),
    custodianId: given(values.custodianId),
    vendorId: given(values.vendorId),
    purchaseOrderId: record?.purchaseOrderId ?? null,
    purchaseReference: given(values.purchaseReference),
    purchaseDate: given(values.purchaseDate),
    // The schema's Decimal has two decimals: 185000 is sent as 185000.00.
    cost: given(values.cost) === null ? null : formatPaise(toPaise(values.cost.trim())),
    putToUseDate: given(values.putToUseDate),
    warrantyStart: given(values.warrantyStart),
    warrantyEnd: given(values.warrantyEnd),
    usefulLifeYears: given(values.usefulLifeYears) === null ? null : Number(values.usefulLifeYears),
    criticality: values.criticality as (typeof CRITICALITIES)[number],
    condition: values.condition as (typeof CONDITIONS)[number],
    notes: given(values.notes),
    assetStatus: record ? null : (values.assetStatus as 'IN_STOCK' | 'IN_USE'),
    active: values.active === '1',
  };
}
