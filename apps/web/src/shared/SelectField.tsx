import { Field, NativeSelect } from '@chakra-ui/react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Choice, ChoiceOptions } from './FormFields.tsx';

/**
 * A record form's select whose choices arrive from a query (a branch's rooms, its staff, a master
 * list's records), with the blank placeholder first. Controlled, so the chosen value shows once its
 * choices arrive; `onPick` lets the form clear what depends on it.
 */
export function SelectField<Values extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
  disabled = false,
  placeholder,
  onPick,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  label: string;
  options: readonly Choice[];
  required?: boolean;
  disabled?: boolean;
  /** The blank choice's text (default 'Select…'). */
  placeholder?: string;
  onPick?: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      rules={required ? { required: t('common.required', { field: label }) } : {}}
      render={({ field, fieldState }) => (
        <Field.Root invalid={!!fieldState.error} required={required} disabled={disabled}>
          <Field.Label>{label}</Field.Label>
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                onPick?.(event.target.value);
              }}
            >
              <ChoiceOptions
                placeholder={placeholder ?? t('masterLists.parentPlaceholder')}
                options={options}
              />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
        </Field.Root>
      )}
    />
  );
}
