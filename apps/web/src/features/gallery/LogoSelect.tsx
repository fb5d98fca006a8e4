import { useQuery } from '@apollo/client/react';
import { HStack, Image, NativeSelect } from '@chakra-ui/react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GalleryKind } from '../../gql/graphql.ts';
import { ChoiceOptions, LabelledField } from '../../shared/FormFields.tsx';
import { GalleryOptionsQuery } from './documents.ts';

/**
 * A logo picker for the branch and company forms: the gallery's images of one kind as a select,
 * with a small preview of the chosen one. The value is the image's URL (`/files/gallery/…`), or ''
 * for none. Controlled, so a form uses it through react-hook-form's Controller:
 *
 *   <Controller name="logo" control={control} render={({ field }) => (
 *     <LogoSelect kind="BRANCH_LOGO" id="logo" value={field.value} onChange={field.onChange} />)} />
 *
 * Put it inside a LabelledField (or give `aria-label`) so the select has a name.
 */
export function LogoSelect({
  kind,
  value,
  onChange,
  id,
  name,
  'aria-label': ariaLabel,
  disabled,
}: {
  kind: GalleryKind;
  value: string;
  onChange: (value: string) => void;
  id?: string;
  name?: string;
  'aria-label'?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { data, loading } = useQuery(GalleryOptionsQuery, { variables: { kind } });
  const options = data?.galleryOptions ?? [];
  const chosen = options.find((option) => option.value === value);
  return (
    <HStack gap="3" align="center">
      <NativeSelect.Root disabled={disabled || loading} flex="1">
        <NativeSelect.Field
          id={id}
          name={name}
          aria-label={ariaLabel}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {/* A value no longer in the gallery stays shown, so an edit does not drop it silently. */}
          <ChoiceOptions
            placeholder={t('gallery.noLogo')}
            options={value && !chosen && !loading ? [{ value, text: value }, ...options] : options}
          />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {value ? (
        <Image
          src={value}
          alt={t('gallery.logoPreview', { title: chosen?.text ?? '' })}
          boxSize="10"
          objectFit="contain"
          borderWidth="1px"
          borderRadius="sm"
        />
      ) : null}
    </HStack>
  );
}

/** The labelled logo field of a record form (branch, company), bound to its `logoUrl` value. */
export function LogoField<Values extends FieldValues & { logoUrl: string }>({
  form,
  kind,
  label,
}: {
  form: UseFormReturn<Values>;
  kind: GalleryKind;
  label: string;
}) {
  const name = 'logoUrl' as Path<Values>;
  return (
    <LabelledField label={label} error={form.getFieldState(name, form.formState).error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <LogoSelect
            kind={kind}
            name={field.name}
            aria-label={label}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </LabelledField>
  );
}
