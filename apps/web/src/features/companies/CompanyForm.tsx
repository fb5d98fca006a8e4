import { Checkbox } from '@chakra-ui/react';
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
  purchaseTerms: '',
  gstInAssetCost: false as boolean,
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
      {(form, F) => (
        <>
          <F.Text name="name" label="companies.name" required autoFocus />
          <F.Text name="legalName" label="companies.legalName" required />
          <F.Pan />
          <F.Gstin holdsPan />
          <F.Status />
          <LogoField form={form} kind="COMPANY_LOGO" label={t('companies.logo')} />
          <F.Address rows={3} />
          <F.TextArea name="purchaseTerms" label="companies.purchaseTerms" rows={4} />
          <Checkbox.Root
            alignSelf="end"
            checked={form.watch('gstInAssetCost')}
            onCheckedChange={(change) =>
              form.setValue('gstInAssetCost', change.checked === true, { shouldDirty: true })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('companies.gstInAssetCost')}</Checkbox.Label>
          </Checkbox.Root>
        </>
      )}
    </FormDialog>
  );
}
