import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { type ReactNode, useEffect, useEffectEvent } from 'react';
import { type Choice, ChoiceOptions } from './FormFields.tsx';
import type { ListParams } from './useListParams.ts';

/**
 * One of a screen's list filters (a purchase order's status, a vendor's state, an image's kind):
 * a labelled select of 'All …' and the choices, kept in the URL under `name` beside the list's
 * page, search and sort. Choosing asks for the first page (useListParams' setFilters, a history
 * entry). A value in the URL that is none of the choices (an old or hand-edited link) is dropped
 * once the choices are known, replacing the entry. The list query's variable is the screen's to
 * give (see `enumFilter`, `idFilter`), so that a bad value is never asked for.
 */
export function ListFilterSelect({
  params,
  name,
  label,
  allLabel,
  options,
}: {
  params: ListParams;
  /** The URL's name for the filter (`status`, `state`, `kind`). */
  name: string;
  label: string;
  /** The first choice, no filter: 'All statuses'. */
  allLabel: string;
  /** The choices; undefined while they load. */
  options: readonly Choice[] | undefined;
}) {
  const value = params.filter(name);
  // Until the choices are known, the URL's value stands.
  const known =
    value === '' || options === undefined || options.some((option) => option.value === value);
  const drop = useEffectEvent(() => params.setFilters({ [name]: '' }, { replace: true }));
  useEffect(() => {
    if (!known) drop();
  }, [known]);
  return (
    <Field.Root width="auto" minW="48" maxW="xs">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={known ? value : ''}
          onChange={(event) => params.setFilters({ [name]: event.target.value })}
        >
          <ChoiceOptions placeholder={allLabel} options={options ?? []} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** One select of a {@link ListFilterBar}: the props of a ListFilterSelect but the list's params. */
export interface ListFilter {
  name: string;
  label: string;
  allLabel: string;
  options: readonly Choice[] | undefined;
}

/** A list's filter selects side by side, and what else goes beside them (a print menu). */
export function ListFilterBar({
  params,
  filters,
  children,
}: {
  params: ListParams;
  filters: readonly ListFilter[];
  children?: ReactNode;
}) {
  return (
    <HStack gap="3" wrap="wrap" align="end">
      {filters.map((filter) => (
        <ListFilterSelect key={filter.name} params={params} {...filter} />
      ))}
      {children}
    </HStack>
  );
}

/** The URL's text as one of an enum's values (a query variable), or null for none or another text. */
export function enumFilter<Value extends string>(
  values: readonly Value[],
  text: string,
): Value | null {
  return values.find((value) => value === text) ?? null;
}

/** The URL's text as a record id (a positive whole number, as the gateway takes them), or null. */
export function idFilter(text: string): string | null {
  return /^[1-9]\d{0,9}$/.test(text) ? text : null;
}
