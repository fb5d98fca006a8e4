import { BANK_ACCOUNT_FORMAT, IFSC_FORMAT } from '@branch-assets/domain';
import { Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { MasterSelectField } from '../master-lists/ParentSelects.tsx';

type Vendor = VendorsQuery['list']['rows'][number];

const BLANK = {
  name: '',
  ...Fields.NO_TAX_IDS,
  stateId: '',
  address: '',
  contactPerson: '',
  ...Fields.NO_CONTACT,
  bankName: '',
  bankAccountNumber: '',
  bankIfsc: '',
  ...Fields.NEW_STATUS,
};
export type VendorValues = typeof BLANK;

/**
 * Create or edit a vendor. Formats are checked here as the server checks them; what needs the
 * database (the GSTIN's state, a GSTIN already taken) comes back in the server's words.
 */
export function VendorForm({ record: vendor, dialog }: RecordFormProps<Vendor, VendorValues>) {
  const { t } = useTranslation();
  return (
    <FormDialog<VendorValues> {...dialog} defaultValues={startValues(BLANK, vendor)} size="xl" grid>
      {(form, F) => (
        <>
          <F.Text name="name" label="vendors.name" required autoFocus />
          <MasterSelectField control={form.control} name="stateId" list="STATE" required />
          <F.Gstin holdsPan />
          <F.Pan />
          <F.Text name="contactPerson" label="vendors.contactPerson" required />
          <F.Phone required />
          <F.Email />
          <F.Status />
          <F.Address />
          <Heading as="h3" size="sm" gridColumn={{ md: 'span 2' }}>
            {t('vendors.bankDetails')}
          </Heading>
          <F.Text name="bankName" label="vendors.bankName" />
          <F.Text
            name="bankAccountNumber"
            label="vendors.bankAccountNumber"
            inputMode="numeric"
            format={[BANK_ACCOUNT_FORMAT, 'vendors.accountInvalid']}
          />
          <F.Text
            name="bankIfsc"
            label="vendors.bankIfsc"
            code
            format={[IFSC_FORMAT, 'vendors.ifscInvalid']}
          />
        </>
      )}
    </FormDialog>
  );
}
