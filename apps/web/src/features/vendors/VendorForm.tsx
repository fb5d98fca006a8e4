import { useQuery } from '@apollo/client/react';
import { BANK_ACCOUNT_FORMAT, GSTIN_FORMAT, IFSC_FORMAT, PAN_FORMAT } from '@branch-assets/domain';
import { Field, Heading, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import {
  ActiveStatusSelect,
  emailRule,
  LabelledField,
  phoneRule,
  upperCompact,
} from '../../shared/FormFields.tsx';
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

const GSTIN = GSTIN_FORMAT;
const PAN = PAN_FORMAT;
const ACCOUNT = BANK_ACCOUNT_FORMAT;
const IFSC = IFSC_FORMAT;

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
            <LabelledField label={t('vendors.name')} error={errors.name} required>
              <Input
                autoFocus
                {...text('name', { validate: (v) => v.trim() !== '' || required })}
              />
            </LabelledField>
            <LabelledField label={t('vendors.state')} error={errors.stateId} required>
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
            </LabelledField>
            <LabelledField label={t('vendors.gstin')} error={errors.gstin} required>
              <Input
                {...text('gstin', {
                  setValueAs: upperCompact,
                  validate: (v) => GSTIN.test(upperCompact(v)) || t('vendors.gstinInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('vendors.pan')} error={errors.pan} required>
              <Input
                {...text('pan', {
                  setValueAs: upperCompact,
                  validate: (v, values) =>
                    !PAN.test(upperCompact(v))
                      ? t('vendors.panInvalid')
                      : upperCompact(values.gstin).slice(2, 12) === upperCompact(v) ||
                        t('vendors.panMismatch'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('vendors.contactPerson')} error={errors.contactPerson} required>
              <Input {...text('contactPerson', { validate: (v) => v.trim() !== '' || required })} />
            </LabelledField>
            <LabelledField label={t('vendors.phone')} error={errors.phone} required>
              <Input
                type="tel"
                {...text('phone', {
                  validate: phoneRule(t, true),
                })}
              />
            </LabelledField>
            <LabelledField label={t('vendors.email')} error={errors.email}>
              <Input
                type="email"
                {...text('email', {
                  validate: emailRule(t),
                })}
              />
            </LabelledField>
            <ActiveStatusSelect
              registration={form.register('active', { required: t('masterLists.statusRequired') })}
              error={errors.active}
            />
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
            <LabelledField label={t('vendors.bankName')} error={errors.bankName}>
              <Input {...text('bankName')} />
            </LabelledField>
            <LabelledField label={t('vendors.bankAccountNumber')} error={errors.bankAccountNumber}>
              <Input
                inputMode="numeric"
                {...text('bankAccountNumber', {
                  validate: (v) =>
                    v.trim() === '' || ACCOUNT.test(v.trim()) || t('vendors.accountInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('vendors.bankIfsc')} error={errors.bankIfsc}>
              <Input
                {...text('bankIfsc', {
                  setValueAs: upperCompact,
                  validate: (v) =>
                    upperCompact(v) === '' ||
                    IFSC.test(upperCompact(v)) ||
                    t('vendors.ifscInvalid'),
                })}
              />
            </LabelledField>
          </SimpleGrid>
        );
      }}
    </FormDialog>
  );
}
