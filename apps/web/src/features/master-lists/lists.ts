import {
  DEPRECIATION_CLASS_CODES,
  DEPRECIATION_CLASSES,
  type DepreciationClass,
  INCOME_TAX_BLOCK_RATES,
  UNITS_OF_MEASURE,
  usefulLifeOf,
} from '@branch-assets/domain';
import type { Messages } from '@branch-assets/i18n';
import type { TFunction } from 'i18next';
import type { MasterList, MasterRecordInput } from '../../gql/graphql.ts';

/** The input fields a list may have beside the name, parent and status every record has. */
type ExtraName = Exclude<keyof MasterRecordInput, 'list' | 'id' | 'name' | 'parentId' | 'active'>;

/**
 * A field a list has beside its name, parent and status, by its GraphQL name (a field of
 * MasterRecord and MasterRecordInput): how the form asks for it and the list shows it. Its label is
 * `masterLists.fields.<field>`, its refusal `masterLists.invalid.<field>`.
 */
export type ExtraField = { field: ExtraName } & (
  | { kind: 'percent' }
  | { kind: 'digits'; length: number }
  | { kind: 'count' }
  | ChoiceField
);

type MasterListTexts = Messages['masterLists'];
/** A group of strings under masterLists whose keys are codes: the labels of a field's choices. */
type LabelGroup = {
  [K in keyof MasterListTexts]: MasterListTexts[K] extends Readonly<Record<string, string>>
    ? K
    : never;
}[keyof MasterListTexts];

/**
 * A choice of codes, shown by label: `<labels>.<code>` (default `masterLists.choices`, the units),
 * with `labelValues` filling the label's placeholders, and the code itself when there is no label.
 */
export interface ChoiceField {
  kind: 'choice';
  choices: readonly string[];
  labels?: `masterLists.${LabelGroup}`;
  labelValues?: (choice: string) => Readonly<Record<string, number | string | undefined>>;
}

/**
 * A depreciation class's Schedule II useful life and Income Tax block rate, for its label; none
 * for a code the domain does not know (shown as it is).
 */
export function depreciationTerms(choice: string): { years?: number; rate?: number } {
  if (!Object.hasOwn(DEPRECIATION_CLASSES, choice)) return {};
  const code = choice as DepreciationClass;
  const { block } = DEPRECIATION_CLASSES[code];
  return { years: usefulLifeOf(code), rate: INCOME_TAX_BLOCK_RATES[block] };
}

/** What the screen needs to know of each master list beyond what the server says. */
export interface MasterListScreen {
  list: MasterList;
  /** The list its records sit under, for the parent select and filter. */
  parent: MasterList | null;
  /** The parent's parent, to narrow the parent select (state → district for cities). */
  grandparent: MasterList | null;
  extras: readonly ExtraField[];
}

const plain = { parent: null, grandparent: null, extras: [] };

export const MASTER_LIST_SCREENS: Record<MasterList, MasterListScreen> = {
  DESIGNATION: { ...plain, list: 'DESIGNATION' },
  BRAND: { ...plain, list: 'BRAND' },
  ASSET_CATEGORY: { ...plain, list: 'ASSET_CATEGORY' },
  SUB_CATEGORY: {
    ...plain,
    list: 'SUB_CATEGORY',
    parent: 'ASSET_CATEGORY',
    extras: [
      {
        field: 'depreciationClass',
        kind: 'choice',
        choices: DEPRECIATION_CLASS_CODES,
        labels: 'masterLists.depreciationClasses',
        labelValues: depreciationTerms,
      },
    ],
  },
  ASSET_TYPE: {
    ...plain,
    list: 'ASSET_TYPE',
    parent: 'SUB_CATEGORY',
    extras: [{ field: 'taxRate', kind: 'percent' }],
  },
  STATE: {
    ...plain,
    list: 'STATE',
    extras: [{ field: 'gstStateCode', kind: 'digits', length: 2 }],
  },
  DISTRICT: { ...plain, list: 'DISTRICT', parent: 'STATE' },
  CITY: { ...plain, list: 'CITY', parent: 'DISTRICT', grandparent: 'STATE' },
  ACCESSORY_TYPE: {
    ...plain,
    list: 'ACCESSORY_TYPE',
    extras: [
      { field: 'unit', kind: 'choice', choices: UNITS_OF_MEASURE },
      { field: 'minimumStock', kind: 'count' },
    ],
  },
};

/** The legacy routes of the master lists. */
export const MASTER_LIST_ROUTES: Record<string, MasterList> = {
  'designation/lists': 'DESIGNATION',
  'brand/lists': 'BRAND',
  'asset-category/lists': 'ASSET_CATEGORY',
  'category-sub/list': 'SUB_CATEGORY',
  'asset-type/lists': 'ASSET_TYPE',
  'states/lists': 'STATE',
  'district/lists': 'DISTRICT',
  'city/lists': 'CITY',
  'accessory-type/lists': 'ACCESSORY_TYPE',
};

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const COUNT = /^\d{1,7}$/;
const COUNT_MAX = 1_000_000;

/** Whether a form's text is a valid value of the field. */
export function validExtra(extra: ExtraField, text: string): boolean {
  const value = text.trim();
  switch (extra.kind) {
    case 'percent':
      return PERCENT.test(value) && Number(value) <= 100;
    case 'digits':
      return new RegExp(`^\\d{${extra.length}}$`).test(value);
    case 'count':
      return COUNT.test(value) && Number(value) <= COUNT_MAX;
    case 'choice':
      return extra.choices.includes(value);
  }
}

/** How a choice is shown, in the form's select and in the list: its label, else its code. */
export function choiceLabel(t: TFunction, extra: ChoiceField, choice: string): string {
  const group = extra.labels ?? 'masterLists.choices';
  return t(`${group}.${choice}` as 'masterLists.choices.Nos', {
    ...extra.labelValues?.(choice),
    defaultValue: choice,
  });
}

/** The input value of a field from the form's (valid) text. */
export function extraInput(extra: ExtraField, text: string): string | number {
  const value = text.trim();
  if (extra.kind === 'percent') return Number(value).toFixed(2);
  if (extra.kind === 'count') return Number(value);
  return value;
}
