import { useQuery } from '@apollo/client/react';
import { ACTIVE_STATUS_OPTIONS } from '@branch-assets/domain';
import { Field, Heading, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { MasterOptionsQuery } from '../master-lists/documents.ts';

type Vendor = VendorsQuery['vendors']['rows'][number];

export interface VendorValues {
  name: string;
  gstin: string;
  pan: string;
  stateId: string;
  address: string;
  contactPerson: string;
  phone: string;
  email: string;
  bankName: string;
  bankAccountNumber: string;
  bankIfsc: string;
  active: '' | '0' | '1';
}

const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const PHONE = /^\+?[0-9][0-9 -]{7,18}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ACCOUNT = /^\d{9,18}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const STATUS_TEXT = {
  '': 'masterLists.statusPlaceholder',
  '0': 'masterLists.inactive',
  '1': 'masterLists.active',
} as const;

const upper = (value: string) => value.toUpperCase().replace(/\s+/g, '');

function Labelled({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error: FieldError | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Create or edit a vendor. Formats are checked here as the server checks them; what needs the
 * database (the GSTIN's state, a GSTIN already taken) comes back in the server's words.
 */
export function VendorForm({
  vendor,
  onSave,
  onClose,
}: {
  vendor: Vendor | null;
  onSave: (values: VendorValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const states = useQuery(MasterOptionsQuery, { variables: { list: 'STATE', parentId: null } });
  const required = t('common.required');
  // The form starts once the states are there: a select's value must be one of its options.
  if (!states.data) return null;
  return (
    <FormDialog<VendorValues>
      title={vendor ? `${t('vendors.edit')}: ${vendor.name}` : t('vendors.create')}
      submitLabel={t('masterLists.save')}
      defaultValues={{
        name: vendor?.name ?? '',
        gstin: vendor?.gstin ?? '',
        pan: vendor?.pan ?? '',
        stateId: vendor?.stateId ?? '',
        address: vendor?.address ?? '',
        contactPerson: vendor?.contactPerson ?? '',
        phone: vendor?.phone ?? '',
        email: vendor?.email ?? '',
        bankName: vendor?.bankName ?? '',
        bankAccountNumber: vendor?.bankAccountNumber ?? '',
        bankIfsc: vendor?.bankIfsc ?? '',
        active: vendor ? (vendor.active ? '1' : '0') : '1',
      }}
      onSubmit={onSave}
      onClose={onClose}
      size="xl"
    >
      {(form) => {
        const { errors } = form.formState;
        const text = (name: keyof VendorValues, rules: Parameters<typeof form.register>[1] = {}) =>
          form.register(name, rules);
        return (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Labelled label={t('vendors.name')} error={errors.name} required>
              <Input
                autoFocus
                {...text('name', { validate: (v) => v.trim() !== '' || required })}
              />
            </Labelled>
            <Labelled label={t('vendors.state')} error={errors.stateId} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...text('stateId', { required })}>
                  <option value="">{t('masterLists.parentPlaceholder')}</option>
                  {(states.data?.masterOptions ?? []).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.text}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Labelled>
            <Labelled label={t('vendors.gstin')} error={errors.gstin} required>
              <Input
                {...text('gstin', {
                  setValueAs: upper,
                  validate: (v) => GSTIN.test(upper(v)) || t('vendors.gstinInvalid'),
                })}
              />
            </Labelled>
            <Labelled label={t('vendors.pan')} error={errors.pan} required>
              <Input
                {...text('pan', {
                  setValueAs: upper,
                  validate: (v, values) =>
                    !PAN.test(upper(v))
                      ? t('vendors.panInvalid')
                      : upper(values.gstin).slice(2, 12) === upper(v) || t('vendors.panMismatch'),
                })}
              />
            </Labelled>
            <Labelled label={t('vendors.contactPerson')} error={errors.contactPerson} required>
              <Input {...text('contactPerson', { validate: (v) => v.trim() !== '' || required })} />
            </Labelled>
            <Labelled label={t('vendors.phone')} error={errors.phone} required>
              <Input
                type="tel"
                {...text('phone', {
                  validate: (v) => PHONE.test(v.trim()) || t('vendors.phoneInvalid'),
                })}
              />
            </Labelled>
            <Labelled label={t('vendors.email')} error={errors.email}>
              <Input
                type="email"
                {...text('email', {
                  validate: (v) =>
                    v.trim() === '' || EMAIL.test(v.trim()) || t('vendors.emailInvalid'),
                })}
              />
            </Labelled>
            <Labelled label={t('masterLists.status')} error={errors.active} required>
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...text('active', { required: t('masterLists.statusRequired') })}
                >
                  {ACTIVE_STATUS_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(STATUS_TEXT[option.value])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Labelled>
            <Field.Root invalid={!!errors.address} required gridColumn={{ md: 'span 2' }}>
              <Field.Label>{t('vendors.address')}</Field.Label>
              <Textarea
                rows={2}
                {...text('address', { validate: (v) => v.trim() !== '' || required })}
              />
              <Field.ErrorText>{errors.address?.message}</Field.ErrorText>
            </Field.Root>
            <Heading as="h3" size="sm" gridColumn={{ md: 'span 2' }}>
              {t('vendors.bankDetails')}
            </Heading>
            <Labelled label={t('vendors.bankName')} error={errors.bankName}>
              <Input {...text('bankName')} />
            </Labelled>
            <Labelled label={t('vendors.bankAccountNumber')} error={errors.bankAccountNumber}>
              <Input
                inputMode="numeric"
                {...text('bankAccountNumber', {
                  validate: (v) =>
                    v.trim() === '' || ACCOUNT.test(v.trim()) || t('vendors.accountInvalid'),
                })}
              />
            </Labelled>
            <Labelled label={t('vendors.bankIfsc')} error={errors.bankIfsc}>
              <Input
                {...text('bankIfsc', {
                  setValueAs: upper,
                  validate: (v) =>
                    upper(v) === '' || IFSC.test(upper(v)) || t('vendors.ifscInvalid'),
                })}
              />
            </Labelled>
          </SimpleGrid>
        );
      }}
    </FormDialog>
  );
}
