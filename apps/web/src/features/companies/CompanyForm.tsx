import { GSTIN_FORMAT, PAN_FORMAT } from '@branch-assets/domain';
import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CompaniesQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { ActiveStatusSelect, LabelledField, upperCompact } from '../../shared/FormFields.tsx';
import { LogoSelect } from '../gallery/LogoSelect.tsx';

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

const PAN = PAN_FORMAT;
const GSTIN = GSTIN_FORMAT;

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
  const required = t('common.required');
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
      {(form) => {
        const { errors } = form.formState;
        const text = (name: keyof CompanyValues, rules: Parameters<typeof form.register>[1] = {}) =>
          form.register(name, rules);
        return (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LabelledField label={t('companies.name')} error={errors.name} required>
              <Input
                autoFocus
                {...text('name', { validate: (v) => v.trim() !== '' || required })}
              />
            </LabelledField>
            <LabelledField label={t('companies.legalName')} error={errors.legalName} required>
              <Input {...text('legalName', { validate: (v) => v.trim() !== '' || required })} />
            </LabelledField>
            <LabelledField label={t('companies.pan')} error={errors.pan} required>
              <Input
                {...text('pan', {
                  setValueAs: upperCompact,
                  validate: (v) => PAN.test(upperCompact(v)) || t('companies.panInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('companies.gstin')} error={errors.gstin}>
              <Input
                {...text('gstin', {
                  setValueAs: upperCompact,
                  validate: (v, values) => {
                    const gstin = upperCompact(v);
                    if (gstin === '') return true;
                    if (!GSTIN.test(gstin)) return t('companies.gstinInvalid');
                    return (
                      gstin.slice(2, 12) === upperCompact(values.pan) || t('vendors.panMismatch')
                    );
                  },
                })}
              />
            </LabelledField>
            <ActiveStatusSelect
              registration={form.register('active', { required: t('masterLists.statusRequired') })}
              error={errors.active}
            />
            <Field.Root invalid={!!errors.address} required gridColumn={{ md: 'span 2' }}>
              <Field.Label>{t('companies.address')}</Field.Label>
              <Textarea
                rows={3}
                {...text('address', { validate: (v) => v.trim() !== '' || required })}
              />
              <Field.ErrorText>{errors.address?.message}</Field.ErrorText>
            </Field.Root>
            <LabelledField label={t('companies.logo')} error={errors.logoUrl}>
              <Controller
                control={form.control}
                name="logoUrl"
                render={({ field }) => (
                  <LogoSelect
                    kind="COMPANY_LOGO"
                    name={field.name}
                    aria-label={t('companies.logo')}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            </LabelledField>
          </SimpleGrid>
        );
      }}
    </FormDialog>
  );
}
