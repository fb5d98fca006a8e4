import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { BranchRecordsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { LogoField } from '../gallery/LogoSelect.tsx';
import { PlaceFields } from '../master-lists/ParentSelects.tsx';
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
  // The form starts once the companies are known (a select's value must be one of its options);
  // a role that may not list companies still keeps the branch's own.
  if (companies.loading) return null;
  const companyOptions = Fields.withOwn(
    companies.data?.companyOptions ?? [],
    branch ? { value: branch.companyId, text: branch.companyName } : null,
  );
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
      {(form, F) => (
        <>
          <F.Code label="branches.code" format={[CODE, 'branches.codeInvalid']} autoFocus />
          <F.Text name="name" label="branches.name" required />
          <F.Options name="companyId" label="branches.company" required options={companyOptions} />
          <F.Status />
          <F.Address />
          <PlaceFields form={form} />
          <F.Text
            name="pincode"
            label="branches.pincode"
            inputMode="numeric"
            maxLength={6}
            format={[PINCODE, 'branches.pincodeInvalid']}
          />
          <F.Gstin required />
          <F.Phone required />
          <F.Email />
          <LogoField form={form} kind="BRANCH_LOGO" label={t('branches.logo')} />
        </>
      )}
    </FormDialog>
  );
}
