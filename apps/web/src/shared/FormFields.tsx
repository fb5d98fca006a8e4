import {
  ACTIVE_STATUS_OPTIONS,
  GSTIN_FORMAT,
  PAN_FORMAT,
  PHONE_FORMAT,
} from '@branch-assets/domain';
import { Field, Input, type InputProps, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ParseKeys, TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useFormContext,
  type Validate,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ActiveValue } from './FormDialog.tsx';

/**
 * A record field's label or message: a key of the interface texts, translated where it shows
 * (`'branches.code'`).
 */
export type TextKey = ParseKeys;

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The shared fields of a record form. Each takes its form from FormDialog's FormProvider and its
 * label as a text key; FormDialog hands them to the form typed by its values (`FieldKit`), so a
 * field name the values lack does not compile.
 */

/** A field of a record form: its name, label and rules. */
interface BoundField<Values extends FieldValues, Name extends Path<Values>> {
  name: Name;
  label: TextKey;
  required?: boolean;
  rules?: RegisterOptions<Values, Name>;
}

/** The format a text field's value must have when it is filled, and the message when it has not. */
type Format = readonly [pattern: RegExp, invalid: TextKey];

interface TextRules<Values extends FieldValues, Name extends Path<Values>>
  extends BoundField<Values, Name> {
  format?: Format;
  /** An identifier kept upper-cased without spaces (a code, GSTIN, PAN, IFSC). */
  code?: boolean;
}

/**
 * A text field's rules: blank (spaces alone count as blank) is refused with the common message when
 * the field is required, else passes the format; then the format, on the value as the server keeps
 * it (trimmed; a code upper-cased without spaces); then the field's own check.
 */
function textRules<Values extends FieldValues, Name extends Path<Values>>(
  { label, rules, required, format, code }: TextRules<Values, Name>,
  t: TFunction,
): RegisterOptions<Values, Name> {
  const own = rules?.validate;
  if (own && typeof own !== 'function') throw new Error('a record field checks with one function');
  const validate: Validate<string, Values> = (value, values) => {
    const kept = code ? upperCompact(String(value ?? '')) : String(value ?? '').trim();
    if (kept === '' && required) return t('common.required', { field: t(label) });
    if (kept !== '' && format && !format[0].test(kept)) return t(format[1]);
    return own ? own(value as PathValue<Values, Name>, values) : true;
  };
  return {
    ...rules,
    ...(code ? { setValueAs: upperCompact } : {}),
    validate,
  } as RegisterOptions<Values, Name>;
}

function fieldError<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  name: Path<Values>,
): FieldError | undefined {
  return form.getFieldState(name, form.formState).error;
}

type TextFieldProps<Values extends FieldValues, Name extends Path<Values>> = TextRules<
  Values,
  Name
> &
  Omit<InputProps, 'form' | 'name' | 'required'>;

/** A labelled text input of a record form, with its rules and its error under it. */
function TextField<Values extends FieldValues, Name extends Path<Values>>({
  name,
  label,
  required,
  rules,
  format,
  code,
  ...input
}: TextFieldProps<Values, Name>) {
  const { t } = useTranslation();
  const form = useFormContext<Values>();
  const registered = form.register(
    name,
    textRules({ name, label, required, rules, format, code }, t),
  );
  return (
    <LabelledField label={t(label)} error={fieldError(form, name)} required={required}>
      <Input {...input} {...registered} />
    </LabelledField>
  );
}

type TextAreaProps<Values extends FieldValues, Name extends Path<Values>> = BoundField<
  Values,
  Name
> & { rows?: number };

/** A labelled text area across both columns of a record form (an address, a description). */
function TextAreaField<Values extends FieldValues, Name extends Path<Values>>({
  name,
  label,
  required,
  rules,
  rows = 2,
}: TextAreaProps<Values, Name>) {
  const { t } = useTranslation();
  const form = useFormContext<Values>();
  const error = fieldError(form, name);
  return (
    <Field.Root invalid={!!error} required={required} gridColumn={{ md: 'span 2' }}>
      <Field.Label>{t(label)}</Field.Label>
      <Textarea
        rows={rows}
        {...form.register(name, textRules({ name, label, required, rules }, t))}
      />
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
  options: readonly Choice[];
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

/** One choice of a select. */
export interface Choice {
  value: string;
  text: string;
}

/**
 * A select's choices with the record's own first when the caller's choices lack it (an inactive
 * company, a branch the caller does not work in), so an edit shows and keeps what the record has.
 */
export function withOwn(options: readonly Choice[], own: Choice | null): Choice[] {
  return own && !options.some((option) => option.value === own.value)
    ? [own, ...options]
    : [...options];
}

type OptionsProps<Values extends FieldValues, Name extends Path<Values>> = BoundField<
  Values,
  Name
> & {
  options: readonly Choice[];
  /** The blank choice's text (default 'Select…'). */
  placeholder?: string;
};

/** A labelled select of a record form with the legacy blank placeholder first. */
function OptionsField<Values extends FieldValues, Name extends Path<Values>>({
  name,
  label,
  required,
  rules,
  options,
  placeholder,
}: OptionsProps<Values, Name>) {
  const { t } = useTranslation();
  const form = useFormContext<Values>();
  const registered =
    rules ?? (required ? { required: t('common.required', { field: t(label) }) } : undefined);
  return (
    <LabelledField label={t(label)} error={fieldError(form, name)} required={required}>
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

/** Forms whose records have the usual fields, under these names. */
type WithStatus = { active: ActiveValue };
type WithPhone = { phone: string };
type WithEmail = { email: string };
type WithAddress = { address: string };
type WithGstin = { gstin: string; pan?: string };
type WithPan = { pan: string };

/** The record's Active status, a required choice of every record form. */
function StatusField() {
  const { t } = useTranslation();
  const form = useFormContext<WithStatus>();
  return (
    <ActiveStatusSelect
      registration={form.register('active', { required: t('masterLists.statusRequired') })}
      error={fieldError(form, 'active')}
    />
  );
}

/** The phone number of a record (8 to 15 digits, the server's rule). */
function PhoneField({ required = false }: { required?: boolean }) {
  return (
    <TextField<WithPhone, 'phone'>
      name="phone"
      type="tel"
      label="common.phone"
      required={required}
      format={[PHONE_FORMAT, 'common.phoneInvalid']}
    />
  );
}

/** The optional e-mail address of a record. */
function EmailField() {
  return (
    <TextField<WithEmail, 'email'>
      name="email"
      type="email"
      label="common.email"
      format={[EMAIL, 'common.emailInvalid']}
    />
  );
}

/** The required postal address of a record, across both columns. */
function AddressField({ rows }: { rows?: number }) {
  return (
    <TextAreaField<WithAddress, 'address'>
      name="address"
      label="common.address"
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
function GstinField({
  required = false,
  holdsPan = false,
}: {
  required?: boolean;
  holdsPan?: boolean;
}) {
  const { t } = useTranslation();
  const holdsThePan = (value: string, values: WithGstin) => {
    const gstin = upperCompact(value);
    return (
      gstin === '' ||
      gstin.slice(2, 12) === upperCompact(values.pan ?? '') ||
      t('common.panMismatch')
    );
  };
  return (
    <TextField<WithGstin, 'gstin'>
      name="gstin"
      label="common.gstin"
      required={required}
      code
      format={[GSTIN_FORMAT, 'common.gstinInvalid']}
      rules={holdsPan ? { validate: holdsThePan } : undefined}
    />
  );
}

type WithCode = { code: string };

/**
 * A record's code (a branch's, a staff member's): required, upper-cased without spaces, at most 20
 * characters as the legacy codes are, in the record's own format.
 */
function CodeField({
  label,
  format,
  ...input
}: { label: TextKey; format: Format } & Omit<InputProps, 'form' | 'name' | 'required'>) {
  return (
    <TextField<WithCode, 'code'>
      name="code"
      label={label}
      required
      maxLength={20}
      code
      format={format}
      {...input}
    />
  );
}

/** A required PAN (upper-cased, format checked as the server checks it). */
function PanField() {
  return (
    <TextField<WithPan, 'pan'>
      name="pan"
      label="common.pan"
      required
      code
      format={[PAN_FORMAT, 'common.panInvalid']}
    />
  );
}

/** A shared field a form shows only when its values have the field's name. */
type Only<Values, Has, Field> = Values extends Has ? Field : never;

/** The shared fields, typed by a form's values (see FormDialog). */
export interface FieldKit<Values extends FieldValues> {
  Text: <Name extends Path<Values>>(props: TextFieldProps<Values, Name>) => ReactNode;
  TextArea: <Name extends Path<Values>>(props: TextAreaProps<Values, Name>) => ReactNode;
  Options: <Name extends Path<Values>>(props: OptionsProps<Values, Name>) => ReactNode;
  Code: Only<Values, WithCode, typeof CodeField>;
  Status: Only<Values, WithStatus, typeof StatusField>;
  Phone: Only<Values, WithPhone, typeof PhoneField>;
  Email: Only<Values, WithEmail, typeof EmailField>;
  Address: Only<Values, WithAddress, typeof AddressField>;
  Gstin: Only<Values, WithGstin, typeof GstinField>;
  Pan: Only<Values, WithPan, typeof PanField>;
}

const FIELDS = {
  Text: TextField,
  TextArea: TextAreaField,
  Options: OptionsField,
  Code: CodeField,
  Status: StatusField,
  Phone: PhoneField,
  Email: EmailField,
  Address: AddressField,
  Gstin: GstinField,
  Pan: PanField,
};

/** The shared fields for a form of these values; they read the form from its FormProvider. */
export function fieldKit<Values extends FieldValues>(): FieldKit<Values> {
  // The components are generic over the values; the kit fixes them to one form's (a type only).
  return FIELDS as unknown as FieldKit<Values>;
}
