import { useQuery } from '@apollo/client/react';
import { BANK_ACCOUNT_FORMAT, IFSC_FORMAT } from '@branch-assets/domain';
import { Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import {
  AddressField,
  codeRules,
  EmailField,
  formatRule,
  GstinField,
  NEW_STATUS,
  NO_CONTACT,
  NO_TAX_IDS,
  OptionsField,
  PanField,
  PhoneField,
  StatusField,
  TextField,
} from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { MasterOptionsQuery } from '../master-lists/documents.ts';

type Vendor = VendorsQuery['list']['rows'][number];

const BLANK = {
  name: '',
  ...NO_TAX_IDS,
  stateId: '',
  address: '',
  contactPerson: '',
  ...NO_CONTACT,
  bankName: '',
  bankAccountNumber: '',
  bankIfsc: '',
  ...NEW_STATUS,
};
export type VendorValues = typeof BLANK;

/**
 * Create or edit a vendor. Formats are checked here as the server checks them; what needs the
 * database (the GSTIN's state, a GSTIN already taken) comes back in the server's words.
 */
export function VendorForm({ record: vendor, dialog }: RecordFormProps<Vendor, VendorValues>) {
  const { t } = useTranslation();
  const states = useQuery(MasterOptionsQuery, { variables: { list: 'STATE', parentId: null } });
  // The form starts once the states are there: a select's value must be one of its options.
  if (!states.data) return null;
  return (
    <FormDialog<VendorValues> {...dialog} defaultValues={startValues(BLANK, vendor)} size="xl" grid>
      {(form) => (
        <>
          <TextField form={form} name="name" label={t('vendors.name')} required autoFocus />
          <OptionsField
            form={form}
            name="stateId"
            label={t('vendors.state')}
            required
            options={states.data?.masterOptions ?? []}
          />
          <GstinField form={form} required holdsPan />
          <PanField form={form} />
          <TextField form={form} name="contactPerson" label={t('vendors.contactPerson')} required />
          <PhoneField form={form} required />
          <EmailField form={form} />
          <StatusField form={form} />
          <AddressField form={form} />
          <Heading as="h3" size="sm" gridColumn={{ md: 'span 2' }}>
            {t('vendors.bankDetails')}
          </Heading>
          <TextField form={form} name="bankName" label={t('vendors.bankName')} />
          <TextField
            form={form}
            name="bankAccountNumber"
            label={t('vendors.bankAccountNumber')}
            inputMode="numeric"
            rules={{ validate: formatRule(BANK_ACCOUNT_FORMAT, t('vendors.accountInvalid')) }}
          />
          <TextField
            form={form}
            name="bankIfsc"
            label={t('vendors.bankIfsc')}
            rules={codeRules(IFSC_FORMAT, t('vendors.ifscInvalid'), true)}
          />
        </>
      )}
    </FormDialog>
  );
}
