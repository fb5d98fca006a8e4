import { Button } from '@chakra-ui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice, TextKey } from './FormFields.tsx';
import { enumFilter, idFilter, ListFilterSelect } from './ListFilterSelect.tsx';
import type { ListParams } from './useListParams.ts';

/**
 * One of a list screen's own filters, described once: its name in the address, the query
 * variable's value read from it, and how the user chooses it. The screen's filters are a record of
 * these by query variable (see {@link useListFilters}).
 */
export interface ListFilterOf<Value> {
  /** The filter's name in the address (`status`, `late`). */
  param: string;
  /** The query variable from the address' text; null for none or a text that is no value. */
  read: (text: string) => Value | null;
  /** Its select: the label, the first choice (no filter) and the choices; none for a link's filter. */
  select?: { label: TextKey; all: TextKey; choices: readonly { value: string; text: TextKey }[] };
  /** A filter only a link sets (one asset's job orders): the button that lifts it, when set. */
  lift?: TextKey;
  /** Whether it narrows the list, so that an empty list says so; a direction does not. */
  narrows: boolean;
}

export type Filters = Readonly<Record<string, ListFilterOf<unknown>>>;

/** One of a closed list of values (statuses, types), each shown by its text. */
export function choiceFilter<Value extends string>(
  param: string,
  values: readonly Value[],
  texts: { label: TextKey; all: TextKey; value: (value: Value) => TextKey },
  { narrows = true }: { narrows?: boolean } = {},
): ListFilterOf<Value> {
  return {
    param,
    read: (text) => enumFilter(values, text),
    select: {
      label: texts.label,
      all: texts.all,
      choices: values.map((value) => ({ value, text: texts.value(value) })),
    },
    narrows,
  };
}

/**
 * Yes or no (open or closed, past target or within): the address says `1` or `0` unless the
 * screen's links say otherwise; without `no`, only yes is offered (due soon, or any).
 */
export function flagFilter(
  param: string,
  texts: { label: TextKey; all: TextKey; yes: TextKey; no?: TextKey },
  address: { yes: string; no: string } = { yes: '1', no: '0' },
): ListFilterOf<boolean> {
  const choices = [
    { value: address.yes, text: texts.yes },
    ...(texts.no ? [{ value: address.no, text: texts.no }] : []),
  ];
  return {
    param,
    read: (text) => (text === address.yes ? true : texts.no && text === address.no ? false : null),
    select: { label: texts.label, all: texts.all, choices },
    narrows: true,
  };
}

/** A record a link narrows the list to (a purchase order's receipts, an asset's job orders). */
export function linkFilter(param: string, lift?: TextKey): ListFilterOf<string> {
  return { param, read: idFilter, ...(lift ? { lift } : {}), narrows: true };
}

export type FilterVariables<F extends Filters> = {
  [Name in keyof F]: F[Name] extends ListFilterOf<infer Value> ? Value | null : never;
};

/** A screen's filters as it uses them: the query's variables, whether they narrow, the controls. */
export interface ListFilters<F extends Filters> {
  variables: FilterVariables<F>;
  /** Whether a filter that narrows is set (the empty list then says the filters hide rows). */
  filtered: boolean;
  /** The selects and lift buttons, in the description's order. */
  controls: ReactNode;
}

export function useListFilters<F extends Filters>(params: ListParams, filters: F): ListFilters<F> {
  const { t } = useTranslation();
  const entries = Object.entries(filters);
  const values = entries.map(([name, filter]) => [name, filter.read(params.filter(filter.param))]);
  const controls = entries.map(([name, filter], index) => {
    if (filter.select) {
      const options: Choice[] = filter.select.choices.map((choice) => ({
        value: choice.value,
        text: t(choice.text),
      }));
      return (
        <ListFilterSelect
          key={name}
          params={params}
          name={filter.param}
          label={t(filter.select.label)}
          allLabel={t(filter.select.all)}
          options={options}
        />
      );
    }
    if (!filter.lift || values[index]?.[1] === null) return null;
    return (
      <Button
        key={name}
        size="sm"
        variant="outline"
        onClick={() => params.setFilters({ [filter.param]: '' })}
      >
        <X aria-hidden />
        {t(filter.lift)}
      </Button>
    );
  });
  return {
    variables: Object.fromEntries(values) as FilterVariables<F>,
    filtered: entries.some(([, filter], index) => filter.narrows && values[index]?.[1] !== null),
    controls,
  };
}
