import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { BranchRecordsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { LogoField } from '../gallery/LogoSelect.tsx';
import { MasterSelectField } from '../master-lists/ParentSelects.tsx';
import { BranchCompanyOptionsQuery } from './documents.ts';

type Branch = BranchRecordsQuery['list']['rows'][number];

const BLANK = {
  code: '',
  name: '',
  companyId: '',
  address: '',
  stateId: '',
  districtId: '',
  cityId: '',
  pincode: '',
  gstin: '',
  ...Fields.NO_CONTACT,
  logoUrl: '',
  ...Fields.NEW_STATUS,
};
export type BranchValues = typeof BLANK;

const CODE = /^[A-Z0-9-]{2,20}$/;
const PINCODE = /^[1-9]\d{5}$/;

/**
 * Create or edit a branch. Formats are checked here as the server checks them; what needs the
 * database (a code taken, a GSTIN of another state, a city outside the district) comes back in the
 * server's words. State, district and city cascade: choosing one clears what lies under it.
 */
export function BranchForm({ record: branch, dialog }: RecordFormProps<Branch, BranchValues>) {
  const { t } = useTranslation();
  const companies = useQuery(BranchCompanyOptionsQuery);
  const required = t('common.required');
  // The form starts once the companies are known (a select's value must be one of its options);
  // a role that may not list companies still keeps the branch's own.
  if (companies.loading) return null;
  const companyOptions = [...(companies.data?.companyOptions ?? [])];
  if (branch && !companyOptions.some((option) => option.value === branch.companyId)) {
    companyOptions.unshift({ value: branch.companyId, text: branch.companyName });
  }
  return (
    <FormDialog<BranchValues>
      {...dialog}
      defaultValues={{
        ...startValues(BLANK, branch),
        // With one company to choose from, a new branch takes it.
        ...(branch || companyOptions.length !== 1 ? {} : { companyId: companyOptions[0]?.value }),
      }}
      size="xl"
      grid
    >
      {(form) => {
        const stateId = form.watch('stateId');
        const districtId = form.watch('districtId');
        const clear = (...names: ('districtId' | 'cityId')[]) => {
          for (const name of names) form.setValue(name, '', { shouldValidate: false });
        };
        return (
          <>
            <Fields.TextField
              form={form}
              name="code"
              label={t('branches.code')}
              required
              autoFocus
              maxLength={20}
              rules={Fields.codeRules(CODE, t('branches.codeInvalid'))}
            />
            <Fields.TextField form={form} name="name" label={t('branches.name')} required />
            <Fields.OptionsField
              form={form}
              name="companyId"
              label={t('branches.company')}
              required
              options={companyOptions}
            />
            <Fields.StatusField form={form} />
            <Fields.AddressField form={form} />
            <MasterSelectField<BranchValues>
              control={form.control}
              name="stateId"
              list="STATE"
              label={t('branches.state')}
              rules={{ required }}
              onPick={() => clear('districtId', 'cityId')}
            />
            <MasterSelectField<BranchValues>
              control={form.control}
              name="districtId"
              list="DISTRICT"
              parentId={stateId}
              label={t('branches.district')}
              rules={{ required }}
              onPick={() => clear('cityId')}
            />
            <MasterSelectField<BranchValues>
              control={form.control}
              name="cityId"
              list="CITY"
              parentId={districtId}
              label={t('branches.city')}
              rules={{ required }}
            />
            <Fields.TextField
              form={form}
              name="pincode"
              label={t('branches.pincode')}
              inputMode="numeric"
              maxLength={6}
              rules={{ validate: Fields.formatRule(PINCODE, t('branches.pincodeInvalid')) }}
            />
            <Fields.GstinField form={form} required />
            <Fields.PhoneField form={form} required />
            <Fields.EmailField form={form} />
            <LogoField form={form} kind="BRANCH_LOGO" label={t('branches.logo')} />
          </>
        );
      }}
    </FormDialog>
  );
}
