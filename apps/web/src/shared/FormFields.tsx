import { ACTIVE_STATUS_OPTIONS, PHONE_FORMAT } from '@branch-assets/domain';
import { Field, NativeSelect } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A form field: its label, the control, and the field's error under it. */
export function LabelledField({
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

/** The legacy Active status list (a blank placeholder, 0 InActive, 1 Active), in the interface language. */
const STATUS_TEXT = {
  '': 'masterLists.statusPlaceholder',
  '0': 'masterLists.inactive',
  '1': 'masterLists.active',
} as const;

/** The Active status select of every record form, registered by the caller. */
export function ActiveStatusSelect({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  return (
    <LabelledField label={t('masterLists.status')} error={error} required>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          {ACTIVE_STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(STATUS_TEXT[option.value])}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </LabelledField>
  );
}

/** GSTIN, PAN and IFSC as the server keeps them: upper case, no spaces. */
export function upperCompact(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '');
}

const PHONE = PHONE_FORMAT;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The checks of a phone number (8 to 15 digits, the server's rule) for react-hook-form's
 * `validate`; an empty field passes unless the number is required.
 */
export function phoneRule(t: TFunction, required: boolean) {
  return (value: string) =>
    (!required && value.trim() === '') || PHONE.test(value.trim()) || t('common.phoneInvalid');
}

/** The check of an optional e-mail address for react-hook-form's `validate`. */
export function emailRule(t: TFunction) {
  return (value: string) =>
    value.trim() === '' || EMAIL.test(value.trim()) || t('common.emailInvalid');
}
