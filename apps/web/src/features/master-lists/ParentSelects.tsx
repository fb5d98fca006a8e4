import { useQuery } from '@apollo/client/react';
import { Field, NativeSelect } from '@chakra-ui/react';
import type { Control, FieldPathByValue, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MasterList } from '../../gql/graphql.ts';
import { type Choice, ChoiceOptions } from '../../shared/FormFields.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { MasterOptionsQuery } from './documents.ts';
import type { MasterListScreen } from './lists.ts';

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
  wide = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  blank: string;
  options: readonly Choice[];
  /** As wide as the form's other fields (a filter's select is narrower). */
  wide?: boolean;
}) {
  return (
    <Field.Root maxW={wide ? undefined : 'sm'}>
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
  wide?: boolean;
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
  inForm = false,
}: {
  screen: MasterListScreen;
  value: string;
  onChange: (value: string) => void;
  /** In a record form: a 'Select…' placeholder (not the filter's 'All'), as wide as the form. */
  inForm?: boolean;
}) {
  const { t } = useTranslation();
  if (!screen.grandparent) return null;
  return (
    <OptionSelect
      list={screen.grandparent}
      label={t(`masterLists.lists.${screen.grandparent}.one`)}
      value={value}
      blank={t(inForm ? 'masterLists.parentPlaceholder' : 'masterLists.parentAll')}
      onChange={onChange}
      wide={inForm}
    />
  );
}

/**
 * The list page's filter: the parent, narrowed by the grandparent where there is one. Another
 * grandparent leaves a parent that is not under it: `onGrandparentChange` clears the parent too
 * (in one change of the URL, where the page keeps them).
 */
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
      <GrandparentSelect screen={screen} value={grandparentId} onChange={onGrandparentChange} />
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
 * blank placeholder; labelled with the list's name unless told. Under a parent (`parentId`), it
 * offers nothing until the parent is chosen and then only the parent's children, so a form chains
 * state → district → city; `onPick` lets the form clear the children when a parent changes.
 * Controlled, so the chosen value shows once its options arrive.
 */
export function MasterSelectField<Values extends FieldValues>({
  control,
  name,
  list,
  parentId,
  label,
  required = false,
  onPick,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  list: MasterList;
  /** Absent for a list without a parent; '' while the parent is not chosen. */
  parentId?: string;
  label?: string;
  required?: boolean;
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
    <SelectField
      control={control}
      name={name}
      label={label ?? t(`masterLists.lists.${list}.one`)}
      options={options}
      required={required}
      disabled={waiting}
      {...(onPick ? { onPick } : {})}
    />
  );
}

/** Forms of a record with a place: a state, a district in it and a city in that. */
type WithPlace = { stateId: string; districtId: string; cityId: string };

/**
 * The state, district and city of an address, each chosen among the previous one's children;
 * choosing one clears what lay under it.
 */
export function PlaceFields<Values extends FieldValues & WithPlace>({
  form,
}: {
  form: UseFormReturn<Values>;
}) {
  // The form has the three fields (the constraint); react-hook-form's types cannot narrow to them.
  const place = form as unknown as UseFormReturn<WithPlace>;
  const [stateId, districtId] = place.watch(['stateId', 'districtId']);
  const clear = (...names: ('districtId' | 'cityId')[]) => {
    for (const name of names) place.setValue(name, '', { shouldValidate: false });
  };
  return (
    <>
      <MasterSelectField
        control={place.control}
        name="stateId"
        list="STATE"
        required
        onPick={() => clear('districtId', 'cityId')}
      />
      <MasterSelectField
        control={place.control}
        name="districtId"
        list="DISTRICT"
        parentId={stateId}
        required
        onPick={() => clear('cityId')}
      />
      <MasterSelectField
        control={place.control}
        name="cityId"
        list="CITY"
        parentId={districtId}
        required
      />
    </>
  );
}
