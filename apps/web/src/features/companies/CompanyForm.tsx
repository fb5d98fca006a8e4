import { GSTIN_FORMAT, PAN_FORMAT } from '@branch-assets/domain';
import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CompaniesQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import {
  ActiveStatusSelect,
  AddressField,
  codeRules,
  TextField,
  upperCompact,
} from '../../shared/FormFields.tsx';
import { LogoField } from '../gallery/LogoSelect.tsx';

type Company = CompaniesQuery['companies']['rows'][number];

export interface CompanyValues {
  name: string;
  legalName: string;
  pan: string;
  /** The registered office's GSTIN, or '' for none. */
  gstin: string;
  address: string;
  /** A gallery image's URL (a company logo), or '' for none. */
  logoUrl: string;
  active: '' | '0' | '1';
}

/**
 * Create or edit a company. The PAN's and GSTIN's formats, and that the GSTIN holds the PAN, are
 * checked here as the server checks them; what needs the database (a name, PAN or GSTIN already
 * taken, the GSTIN's state) comes back in the server's words.
 */
export function CompanyForm({
  company,
  onSave,
  onClose,
}: {
  company: Company | null;
  onSave: (values: CompanyValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const _required = t('common.required');
  return (
    <FormDialog<CompanyValues>
      title={company ? `${t('companies.edit')}: ${company.name}` : t('companies.create')}
      submitLabel={t('masterLists.save')}
      defaultValues={{
        name: company?.name ?? '',
        legalName: company?.legalName ?? '',
        pan: company?.pan ?? '',
        gstin: company?.gstin ?? '',
        address: company?.address ?? '',
        logoUrl: company?.logoUrl ?? '',
        active: company ? (company.active ? '1' : '0') : '1',
      }}
      onSubmit={onSave}
      onClose={onClose}
      size="md"
    >
      {(form) => (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField form={form} name="name" label={t('companies.name')} required autoFocus />
          <TextField form={form} name="legalName" label={t('companies.legalName')} required />
          <TextField
            form={form}
            name="pan"
            label={t('companies.pan')}
            required
            rules={codeRules(PAN_FORMAT, t('companies.panInvalid'))}
          />
          <TextField
            form={form}
            name="gstin"
            label={t('companies.gstin')}
            rules={{
              setValueAs: upperCompact,
              validate: (v, values) => {
                const gstin = upperCompact(v);
                if (gstin === '') return true;
                if (!GSTIN_FORMAT.test(gstin)) return t('companies.gstinInvalid');
                return gstin.slice(2, 12) === upperCompact(values.pan) || t('vendors.panMismatch');
              },
            }}
          />
          <ActiveStatusSelect
            registration={form.register('active', { required: t('masterLists.statusRequired') })}
            error={form.formState.errors.active}
          />
          <LogoField form={form} kind="COMPANY_LOGO" label={t('companies.logo')} />
          <AddressField form={form} rows={3} />
        </SimpleGrid>
      )}
    </FormDialog>
  );
}
