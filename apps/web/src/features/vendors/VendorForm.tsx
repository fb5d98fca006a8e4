import { useQuery } from '@apollo/client/react';
import { BANK_ACCOUNT_FORMAT, IFSC_FORMAT } from '@branch-assets/domain';
import { Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { MasterOptionsQuery } from '../master-lists/documents.ts';

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
  const states = useQuery(MasterOptionsQuery, { variables: { list: 'STATE', parentId: null } });
  // The form starts once the states are there: a select's value must be one of its options.
  if (!states.data) return null;
  return (
    <FormDialog<VendorValues> {...dialog} defaultValues={startValues(BLANK, vendor)} size="xl" grid>
      {(form) => (
        <>
          <Fields.TextField form={form} name="name" label={t('vendors.name')} required autoFocus />
          <Fields.OptionsField
            form={form}
            name="stateId"
            label={t('vendors.state')}
            required
            options={states.data?.masterOptions ?? []}
          />
          <Fields.GstinField form={form} required holdsPan />
          <Fields.PanField form={form} />
          <Fields.TextField
            form={form}
            name="contactPerson"
            label={t('vendors.contactPerson')}
            required
          />
          <Fields.PhoneField form={form} required />
          <Fields.EmailField form={form} />
          <Fields.StatusField form={form} />
          <Fields.AddressField form={form} />
          <Heading as="h3" size="sm" gridColumn={{ md: 'span 2' }}>
            {t('vendors.bankDetails')}
          </Heading>
          <Fields.TextField form={form} name="bankName" label={t('vendors.bankName')} />
          <Fields.TextField
            form={form}
            name="bankAccountNumber"
            label={t('vendors.bankAccountNumber')}
            inputMode="numeric"
            rules={{
              validate: Fields.formatRule(BANK_ACCOUNT_FORMAT, t('vendors.accountInvalid')),
            }}
          />
          <Fields.TextField
            form={form}
            name="bankIfsc"
            label={t('vendors.bankIfsc')}
            rules={Fields.codeRules(IFSC_FORMAT, t('vendors.ifscInvalid'), true)}
          />
        </>
      )}
    </FormDialog>
  );
}
