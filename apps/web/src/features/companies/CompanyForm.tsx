import { useTranslation } from 'react-i18next';
import type { CompaniesQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { LogoField } from '../gallery/LogoSelect.tsx';

type Company = CompaniesQuery['list']['rows'][number];

const BLANK = {
  name: '',
  legalName: '',
  /** The PAN, and the registered office's GSTIN ('' for none). */
  ...Fields.NO_TAX_IDS,
  address: '',
  /** A gallery image's URL (a company logo), or '' for none. */
  logoUrl: '',
  ...Fields.NEW_STATUS,
};
export type CompanyValues = typeof BLANK;

/**
 * Create or edit a company. The PAN's and GSTIN's formats, and that the GSTIN holds the PAN, are
 * checked here as the server checks them; what needs the database (a name, PAN or GSTIN already
 * taken, the GSTIN's state) comes back in the server's words.
 */
export function CompanyForm({ record: company, dialog }: RecordFormProps<Company, CompanyValues>) {
  const { t } = useTranslation();
  return (
    <FormDialog<CompanyValues> {...dialog} defaultValues={startValues(BLANK, company)} grid>
      {(form) => (
        <>
          <Fields.TextField
            form={form}
            name="name"
            label={t('companies.name')}
            required
            autoFocus
          />
          <Fields.TextField
            form={form}
            name="legalName"
            label={t('companies.legalName')}
            required
          />
          <Fields.PanField form={form} />
          <Fields.GstinField form={form} holdsPan />
          <Fields.StatusField form={form} />
          <LogoField form={form} kind="COMPANY_LOGO" label={t('companies.logo')} />
          <Fields.AddressField form={form} rows={3} />
        </>
      )}
    </FormDialog>
  );
}
