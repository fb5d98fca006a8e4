import { useQuery } from '@apollo/client/react';
import { GSTIN_FORMAT } from '@branch-assets/domain';
import { Field, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BranchRecordsQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import {
  ActiveStatusSelect,
  emailRule,
  LabelledField,
  phoneRule,
  upperCompact,
} from '../../shared/FormFields.tsx';
import { LogoSelect } from '../gallery/LogoSelect.tsx';
import { MasterSelectField } from '../master-lists/ParentSelects.tsx';
import { BranchCompanyOptionsQuery } from './documents.ts';

type Branch = BranchRecordsQuery['branchRecords']['rows'][number];

export interface BranchValues {
  code: string;
  name: string;
  companyId: string;
  address: string;
  stateId: string;
  districtId: string;
  cityId: string;
  pincode: string;
  gstin: string;
  phone: string;
  email: string;
  logoUrl: string;
  active: '' | '0' | '1';
}

const CODE = /^[A-Z0-9-]{2,20}$/;
const GSTIN = GSTIN_FORMAT;
const PINCODE = /^[1-9]\d{5}$/;

/**
 * Create or edit a branch. Formats are checked here as the server checks them; what needs the
 * database (a code taken, a GSTIN of another state, a city outside the district) comes back in the
 * server's words. State, district and city cascade: choosing one clears what lies under it.
 */
export function BranchForm({
  branch,
  onSave,
  onClose,
}: {
  branch: Branch | null;
  onSave: (values: BranchValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const companies = useQuery(BranchCompanyOptionsQuery);
  const required = t('common.required');
  // The form starts once the companies are known (a select's value must be one of its options);
  // a role that may not list companies still keeps the branch's own.
  if (companies.loading) return null;
  const companyOptions = [...(companies.data?.companyOptions ?? [])];
  if (branch && !companyOptions.some((option) => option.value === branch.companyId)) {
    companyOptions.unshift({ value: branch.companyId, text: branch.companyName });
  }
  return (
    <FormDialog<BranchValues>
      title={branch ? `${t('branches.edit')}: ${branch.name}` : t('branches.create')}
      submitLabel={t('masterLists.save')}
      defaultValues={{
        code: branch?.code ?? '',
        name: branch?.name ?? '',
        companyId:
          branch?.companyId ?? (companyOptions.length === 1 ? companyOptions[0]?.value : ''),
        address: branch?.address ?? '',
        stateId: branch?.stateId ?? '',
        districtId: branch?.districtId ?? '',
        cityId: branch?.cityId ?? '',
        pincode: branch?.pincode ?? '',
        gstin: branch?.gstin ?? '',
        phone: branch?.phone ?? '',
        email: branch?.email ?? '',
        logoUrl: branch?.logoUrl ?? '',
        active: branch ? (branch.active ? '1' : '0') : '1',
      }}
      onSubmit={onSave}
      onClose={onClose}
      size="xl"
    >
      {(form) => {
        const { errors } = form.formState;
        const text = (name: keyof BranchValues, rules: Parameters<typeof form.register>[1] = {}) =>
          form.register(name, rules);
        const stateId = form.watch('stateId');
        const districtId = form.watch('districtId');
        const clear = (...names: ('districtId' | 'cityId')[]) => {
          for (const name of names) form.setValue(name, '', { shouldValidate: false });
        };
        return (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LabelledField label={t('branches.code')} error={errors.code} required>
              <Input
                autoFocus
                maxLength={20}
                {...text('code', {
                  setValueAs: upperCompact,
                  validate: (v) => CODE.test(upperCompact(v)) || t('branches.codeInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('branches.name')} error={errors.name} required>
              <Input {...text('name', { validate: (v) => v.trim() !== '' || required })} />
            </LabelledField>
            <LabelledField label={t('branches.company')} error={errors.companyId} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...text('companyId', { required })}>
                  <option value="">{t('masterLists.parentPlaceholder')}</option>
                  {companyOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.text}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </LabelledField>
            <ActiveStatusSelect
              registration={form.register('active', { required: t('masterLists.statusRequired') })}
              error={errors.active}
            />
            <Field.Root invalid={!!errors.address} required gridColumn={{ md: 'span 2' }}>
              <Field.Label>{t('branches.address')}</Field.Label>
              <Textarea
                rows={2}
                {...text('address', { validate: (v) => v.trim() !== '' || required })}
              />
              <Field.ErrorText>{errors.address?.message}</Field.ErrorText>
            </Field.Root>
            <MasterSelectField<BranchValues>
              control={form.control}
              name="stateId"
              list="STATE"
              label={t('branches.state')}
              rules={{ required }}
              onPick={() => clear('districtId', 'cityId')}
            />
            <MasterSelectField<BranchValues>
              control={form.control}
              name="districtId"
              list="DISTRICT"
              parentId={stateId}
              label={t('branches.district')}
              rules={{ required }}
              onPick={() => clear('cityId')}
            />
            <MasterSelectField<BranchValues>
              control={form.control}
              name="cityId"
              list="CITY"
              parentId={districtId}
              label={t('branches.city')}
              rules={{ required }}
            />
            <LabelledField label={t('branches.pincode')} error={errors.pincode}>
              <Input
                inputMode="numeric"
                maxLength={6}
                {...text('pincode', {
                  validate: (v) =>
                    v.trim() === '' || PINCODE.test(v.trim()) || t('branches.pincodeInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('branches.gstin')} error={errors.gstin} required>
              <Input
                {...text('gstin', {
                  setValueAs: upperCompact,
                  validate: (v) => GSTIN.test(upperCompact(v)) || t('branches.gstinInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('branches.phone')} error={errors.phone} required>
              <Input
                type="tel"
                {...text('phone', {
                  validate: phoneRule(t, true),
                })}
              />
            </LabelledField>
            <LabelledField label={t('branches.email')} error={errors.email}>
              <Input
                type="email"
                {...text('email', {
                  validate: emailRule(t),
                })}
              />
            </LabelledField>
            <LabelledField label={t('branches.logo')} error={errors.logoUrl}>
              <Controller
                control={form.control}
                name="logoUrl"
                render={({ field }) => (
                  <LogoSelect
                    kind="BRANCH_LOGO"
                    name={field.name}
                    aria-label={t('branches.logo')}
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
