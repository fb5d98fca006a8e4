import { useQuery } from '@apollo/client/react';
import { Field, NativeSelect } from '@chakra-ui/react';
import {
  type Control,
  Controller,
  type FieldPathByValue,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MasterList } from '../../gql/graphql.ts';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { MasterOptionsQuery } from './documents.ts';
import type { MasterListScreen } from './lists.ts';

export interface Choice {
  value: string;
  text: string;
}

/**
 * The records a list's records sit under, for its parent select: all of them, or only those under
 * the chosen grandparent (the districts of a state, for cities), so selects cascade.
 */
export function useParentOptions(
  screen: MasterListScreen,
  grandparentId: string,
): Choice[] | undefined {
  const { data } = useQuery(MasterOptionsQuery, {
    variables: { list: screen.parent ?? 'STATE', parentId: grandparentId || null },
    skip: !screen.parent,
  });
  if (!screen.parent) return [];
  return data?.masterOptions.map(({ value, text }) => ({ value, text }));
}

/** A filter's select: its label, and the choices after an 'All' or a placeholder. */
function ChoiceSelect({
  label,
  value,
  onChange,
  blank,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  blank: string;
  options: readonly Choice[];
}) {
  return (
    <Field.Root maxW="sm">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <ChoiceOptions placeholder={blank} options={options} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A select of one list's active records, with an 'All' or a placeholder first. */
function OptionSelect({
  list,
  ...select
}: {
  list: MasterList;
  label: string;
  value: string;
  onChange: (value: string) => void;
  blank: string;
}) {
  const { data } = useQuery(MasterOptionsQuery, { variables: { list, parentId: null } });
  return <ChoiceSelect {...select} options={data?.masterOptions ?? []} />;
}

/**
 * The record a parent is chosen under (the state, for a city's district), for lists that have
 * one; the caller clears the parent when it changes.
 */
export function GrandparentSelect({
  screen,
  value,
  onChange,
}: {
  screen: MasterListScreen;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  if (!screen.grandparent) return null;
  return (
    <OptionSelect
      list={screen.grandparent}
      label={t(`masterLists.lists.${screen.grandparent}.one`)}
      value={value}
      blank={t('masterLists.parentAll')}
      onChange={onChange}
    />
  );
}

/** The list page's filter: the parent, narrowed by the grandparent where there is one. */
export function ParentFilter({
  screen,
  value,
  onChange,
  grandparentId,
  onGrandparentChange,
}: {
  screen: MasterListScreen;
  value: string;
  onChange: (value: string) => void;
  grandparentId: string;
  onGrandparentChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const options = useParentOptions(screen, grandparentId);
  if (!screen.parent) return null;
  return (
    <>
      <GrandparentSelect
        screen={screen}
        value={grandparentId}
        onChange={(next) => {
          onGrandparentChange(next);
          onChange('');
        }}
      />
      <ChoiceSelect
        label={t(`masterLists.lists.${screen.parent}.one`)}
        value={value}
        onChange={onChange}
        blank={t('masterLists.parentAll')}
        options={options ?? []}
      />
    </>
  );
}

/**
 * A record form's select of one list's active records (a branch's state, district, city), with its
 * blank placeholder. Under a parent (`parentId`), it offers nothing until the parent is chosen and
 * then only the parent's children, so a form chains state → district → city; `onPick` lets the
 * form clear the children when a parent changes. Controlled, so the chosen value shows once its
 * options arrive.
 */
export function MasterSelectField<Values extends FieldValues>({
  control,
  name,
  list,
  parentId,
  label,
  rules,
  onPick,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  list: MasterList;
  /** Absent for a list without a parent; '' while the parent is not chosen. */
  parentId?: string;
  label: string;
  rules?: Omit<
    RegisterOptions<Values, FieldPathByValue<Values, string>>,
    'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'
  >;
  onPick?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const waiting = parentId === '';
  const { data } = useQuery(MasterOptionsQuery, {
    variables: { list, parentId: parentId || null },
    skip: waiting,
  });
  const options = waiting ? [] : (data?.masterOptions ?? []);
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <Field.Root invalid={!!fieldState.error} required={!!rules?.required} disabled={waiting}>
          <Field.Label>{label}</Field.Label>
          <NativeSelect.Root disabled={waiting}>
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
              <ChoiceOptions placeholder={t('masterLists.parentPlaceholder')} options={options} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
        </Field.Root>
      )}
    />
  );
}
