import {
  ACTIVE_STATUS_OPTIONS,
  GSTIN_FORMAT,
  PAN_FORMAT,
  PHONE_FORMAT,
} from '@branch-assets/domain';
import { Field, Input, type InputProps, NativeSelect, Textarea } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type {
  FieldError,
  FieldValues,
  Path,
  PathValue,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
  Validate,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ActiveValue } from './FormDialog.tsx';

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

/** The record's Active status, a required choice of every record form. */
export function StatusField<Values extends FieldValues & { active: string }>({
  form,
}: {
  form: UseFormReturn<Values>;
}) {
  const { t } = useTranslation();
  return (
    <ActiveStatusSelect
      registration={form.register('active' as Path<Values>, {
        required: t('masterLists.statusRequired'),
      })}
      error={fieldError(form, 'active' as Path<Values>)}
    />
  );
}

/*
 * Where the shared fields start in a new record, for the forms' blank values: a form spreads the
 * start of each shared field it shows (`{ name: '', ...NO_CONTACT, ...NEW_STATUS }`).
 */
/** StatusField: a new record is Active. */
export const NEW_STATUS = { active: '1' as ActiveValue };
/** PhoneField and EmailField. */
export const NO_CONTACT = { phone: '', email: '' };
/** GstinField and PanField. */
export const NO_TAX_IDS = { gstin: '', pan: '' };

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

/**
 * The check of an optional field with a format (an e-mail address, a PIN code, an account
 * number) for react-hook-form's `validate`: empty passes, else the trimmed value must match.
 */
export function formatRule(pattern: RegExp, invalid: string) {
  return (value: string) => value.trim() === '' || pattern.test(value.trim()) || invalid;
}

/** The check of an optional e-mail address for react-hook-form's `validate`. */
export function emailRule(t: TFunction) {
  return formatRule(EMAIL, t('common.emailInvalid'));
}

/** A field of a record form: the form it belongs to, its name, label and rules. */
interface BoundField<Values extends FieldValues, Name extends Path<Values>> {
  form: UseFormReturn<Values>;
  name: Name;
  label: string;
  required?: boolean;
  rules?: RegisterOptions<Values, Name>;
}

/**
 * A required text field's rules: blank (spaces alone count as blank) is refused with the common
 * message before the field's own check runs, so every required field says the same when empty.
 */
function requiredText<Values extends FieldValues, Name extends Path<Values>>(
  rules: RegisterOptions<Values, Name> | undefined,
  required: boolean | undefined,
  t: TFunction,
): RegisterOptions<Values, Name> | undefined {
  const own = rules?.validate;
  if (!required || (own && typeof own !== 'function')) return rules;
  const blank = notBlank(t('common.required'));
  const validate: Validate<string, Values> = (value, values) => {
    const filled = blank(String(value ?? ''));
    return filled !== true || !own ? filled : own(value as PathValue<Values, Name>, values);
  };
  return { ...rules, validate } as RegisterOptions<Values, Name>;
}

function fieldError<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  name: Path<Values>,
): FieldError | undefined {
  return form.getFieldState(name, form.formState).error;
}

/** A labelled text input of a record form, with its rules and its error under it. */
export function TextField<Values extends FieldValues, Name extends Path<Values>>({
  form,
  name,
  label,
  required,
  rules,
  ...input
}: BoundField<Values, Name> & Omit<InputProps, 'form' | 'name' | 'required'>) {
  const { t } = useTranslation();
  return (
    <LabelledField label={label} error={fieldError(form, name)} required={required}>
      <Input {...input} {...form.register(name, requiredText(rules, required, t))} />
    </LabelledField>
  );
}

/** A labelled text area across both columns of a record form (an address, a description). */
export function TextAreaField<Values extends FieldValues, Name extends Path<Values>>({
  form,
  name,
  label,
  required,
  rules,
  rows = 2,
}: BoundField<Values, Name> & { rows?: number }) {
  const { t } = useTranslation();
  const error = fieldError(form, name);
  return (
    <Field.Root invalid={!!error} required={required} gridColumn={{ md: 'span 2' }}>
      <Field.Label>{label}</Field.Label>
      <Textarea rows={rows} {...form.register(name, requiredText(rules, required, t))} />
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** A select's choices: the legacy blank placeholder first, then the options in their order. */
export function ChoiceOptions({
  placeholder,
  options,
}: {
  placeholder: string;
  options: readonly { value: string; text: string }[];
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </>
  );
}

/** A labelled select of a record form with the legacy blank placeholder first. */
export function OptionsField<Values extends FieldValues, Name extends Path<Values>>({
  form,
  name,
  label,
  required,
  rules,
  options,
  placeholder,
}: BoundField<Values, Name> & {
  options: readonly { value: string; text: string }[];
  /** The blank choice's text (default 'Select…'). */
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const registered = rules ?? (required ? { required: t('common.required') } : undefined);
  return (
    <LabelledField label={label} error={fieldError(form, name)} required={required}>
      <NativeSelect.Root>
        <NativeSelect.Field {...form.register(name, registered)}>
          <ChoiceOptions
            placeholder={placeholder ?? t('masterLists.parentPlaceholder')}
            options={options}
          />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </LabelledField>
  );
}

/** The check of a field that must not be blank, for react-hook-form's `validate`. */
export function notBlank(message: string) {
  return (value: string) => value.trim() !== '' || message;
}

/**
 * The rules of an identifier kept upper-cased without spaces (GSTIN, PAN, IFSC, codes): the value
 * as the server keeps it, checked against its format; empty passes only when it is optional.
 */
export function codeRules(pattern: RegExp, invalid: string, optional = false) {
  return {
    setValueAs: upperCompact,
    validate: (value: string) => {
      const code = upperCompact(value);
      return (optional && code === '') || pattern.test(code) || invalid;
    },
  };
}

/** Forms whose records have the usual contact fields, under these names. */
type WithPhone = FieldValues & { phone: string };
type WithEmail = FieldValues & { email: string };
type WithAddress = FieldValues & { address: string };
type WithGstin = FieldValues & { gstin: string };
type WithPan = FieldValues & { pan: string };

/** The phone number of a record (8 to 15 digits, the server's rule). */
export function PhoneField<Values extends WithPhone>({
  form,
  required = false,
}: {
  form: UseFormReturn<Values>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={'phone' as Path<Values>}
      type="tel"
      label={t('common.phone')}
      required={required}
      rules={{ validate: phoneRule(t, required) }}
    />
  );
}

/** The optional e-mail address of a record. */
export function EmailField<Values extends WithEmail>({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={'email' as Path<Values>}
      type="email"
      label={t('common.email')}
      rules={{ validate: emailRule(t) }}
    />
  );
}

/** The required postal address of a record, across both columns. */
export function AddressField<Values extends WithAddress>({
  form,
  rows,
}: {
  form: UseFormReturn<Values>;
  rows?: number;
}) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      form={form}
      name={'address' as Path<Values>}
      label={t('common.address')}
      required
      rows={rows}
    />
  );
}

/**
 * A GSTIN (upper-cased, format checked as the server checks it). With `holdsPan`, the form's PAN
 * must be its characters 3 to 12, as the server insists; the check character and the state need
 * the database and come back in the server's words.
 */
export function GstinField<Values extends WithGstin>({
  form,
  required = false,
  holdsPan = false,
}: {
  form: UseFormReturn<Values>;
  required?: boolean;
  holdsPan?: boolean;
}) {
  const { t } = useTranslation();
  const rules = codeRules(GSTIN_FORMAT, t('common.gstinInvalid'), !required);
  return (
    <TextField
      form={form}
      name={'gstin' as Path<Values>}
      label={t('common.gstin')}
      required={required}
      rules={{
        setValueAs: rules.setValueAs,
        validate: (value: string, values: Values) => {
          const format = rules.validate(value);
          if (format !== true || !holdsPan || upperCompact(value) === '') return format;
          const pan = upperCompact(String(values.pan ?? ''));
          return upperCompact(value).slice(2, 12) === pan || t('common.panMismatch');
        },
      }}
    />
  );
}

/** A required PAN (upper-cased, format checked as the server checks it). */
export function PanField<Values extends WithPan>({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={'pan' as Path<Values>}
      label={t('common.pan')}
      required
      rules={codeRules(PAN_FORMAT, t('common.panInvalid'))}
    />
  );
}
