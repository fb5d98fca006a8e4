import { DEPRECIATION_CLASS_CODES, UNITS_OF_MEASURE } from '@branch-assets/domain';
import { z } from 'zod';
import type { CallDefinition } from '../calls.ts';
import { recordNames } from '../graphql-names.ts';
import { Decision, Id, text } from '../primitives.ts';
import { BaseRequest, ListPaging, listPayload, Option, wholeNumber } from './shared.ts';

/*
 * The simple master lists (designations, brands, asset categories, sub-categories, asset types)
 * share one shape of calls: api/<path>/lists · show · store · update · destroy · options. Each is
 * described once below (`masterList`); the field names follow from its key: `Brand` gives the
 * record fields BrandId and BrandName and the request field Brand (the id, as PurchaseOrder is).
 * A child list names its parent the same way (Category → CategoryId, CategoryName, Category).
 */

type Field<Key extends string, Schema extends z.ZodType> = { [K in Key]: Schema };

function field<Key extends string, Schema extends z.ZodType>(
  key: Key,
  schema: Schema,
): Field<Key, Schema> {
  return { [key]: schema } as Field<Key, Schema>;
}

const ActiveStatusValue = z.union([z.literal(0), z.literal(1)]);

/** The legacy active status select list: 0 InActive, 1 Active. */
export const ACTIVE_STATUS_TEXT = { 0: 'InActive', 1: 'Active' } as const;

/** Tax rate in percent, 0 to 100 with at most 2 decimals; sent back as text ("18.00"). */
export const Percent = z
  .union(
    [
      z.number().finite(),
      z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage with at most 2 decimals'),
    ],
    { error: 'must be a percentage with at most 2 decimals' },
  )
  .transform((value) => Number(value))
  .refine(
    (value) => value >= 0 && value <= 100 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'must be a percentage from 0 to 100 with at most 2 decimals',
  )
  .transform((value) => value.toFixed(2));

/** Every master record's name is at most this long. */
const NAME_MAX = 100;

export interface MasterListSpec<
  Key extends string,
  Parent extends string,
  Extra extends z.ZodRawShape,
  Defaulted extends keyof Extra & string = never,
> {
  /** PascalCase stem of the field names, e.g. `Brand`. */
  key: Key;
  /** The path segment: api/<path>/lists (default: the key in kebab case, `AssetType` → asset-type). */
  path?: string;
  /** How a record is named in messages: "Brand Voltas already exists." (default: the key). */
  title?: string;
  /** The plural in summaries and permission refusals: "You are not allowed to list brands." */
  plural: string;
  /**
   * A child list: its parent list (`assetCategoryList`), whose key and title it names. A list
   * whose parent has a parent too (cities: district, state) may also be filtered by that one.
   */
  parent?: { spec: { key: Parent; title: string }; fields?: MasterListFields };
  /** Further fields of the record, sent on store and update too. */
  extra?: Extra;
  /**
   * Further fields that a store or update may leave out, with the value a store then gives them
   * (an update leaves them as they are): a field added after clients that do not send it, such as
   * the legacy app. The row always carries them.
   */
  defaults?: { readonly [K in Defaulted]: z.output<Extra[K]> };
  /**
   * The grant module of its pages and calls, when it is not the list's registry name in snake
   * case (`masterLists` below: assetType → asset_type).
   */
  module?: string;
}

/** The field names of a master list, for the code that serves it. */
export interface MasterListFields {
  /** The id in requests (show, update, destroy), e.g. `Brand`. */
  key: string;
  id: string;
  name: string;
  parent: { key: string; id: string; name: string; title: string } | null;
  /** The parent's parent, by which the list may be filtered too (a city list by state). */
  grandparent: { key: string; title: string } | null;
  extra: readonly string[];
  /** The further fields a request may leave out, with the value a store then gives them. */
  defaults: Readonly<Record<string, unknown>>;
}

/** The further fields as a store or update takes them: those with a default may be left out. */
type ExtraInput<Extra extends z.ZodRawShape, Defaulted extends keyof Extra> = {
  [K in keyof Extra]: K extends Defaulted ? z.ZodOptional<Extra[K]> : Extra[K];
};

type Call<Request extends z.ZodType, Records extends z.ZodType> = CallDefinition<Request, Records>;

const permission = (action: string, plural: string) =>
  `You are not allowed to ${action} ${plural}.`;

export function masterList<
  const Key extends string,
  const Parent extends string = never,
  const Extra extends z.ZodRawShape = Record<never, never>,
  const Defaulted extends keyof Extra & string = never,
>(described: MasterListSpec<Key, Parent, Extra, Defaulted>) {
  const { key, plural } = described;
  const spec = {
    key,
    plural,
    module: described.module,
    title: described.title ?? key,
    path: described.path ?? key.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase(),
  };
  const { title } = spec;
  const parent = described.parent?.spec;
  const extra = (described.extra ?? {}) as Extra;
  const defaults: Readonly<Record<string, unknown>> = described.defaults ?? {};
  const extraInput = Object.fromEntries(
    Object.entries(extra).map(([name, schema]) => [
      name,
      name in defaults ? z.optional(schema) : schema,
    ]),
  ) as ExtraInput<Extra, Defaulted>;
  const parentKey = (parent?.key ?? '') as Parent;
  const parentRecord = parent
    ? { ...field(`${parentKey}Id`, z.number().int()), ...field(`${parentKey}Name`, z.string()) }
    : ({} as Field<`${Parent}Id`, z.ZodNumber> & Field<`${Parent}Name`, z.ZodString>);
  const parentFilter = parent
    ? field(parentKey, Id.optional())
    : ({} as Field<Parent, z.ZodOptional<typeof Id>>);
  const parentRequired = parent ? field(parentKey, Id) : ({} as Field<Parent, typeof Id>);

  const Row = z.object({
    ...field(`${key}Id`, z.number().int()),
    ...field(`${key}Name`, z.string()),
    ...parentRecord,
    ...extra,
    ActiveStatus: ActiveStatusValue,
    ActiveStatusTxt: z.string(),
    EditFlag: z.boolean(),
    DeleteFlag: z.boolean(),
  });
  const ById = BaseRequest.extend(field(key, Id));
  const Fields = BaseRequest.extend({
    ...field(`${key}Name`, text(NAME_MAX, { required: true })),
    ...parentRequired,
    ...extraInput,
    /** 1 Active (the default of a new record), 0 InActive; left out on update it stays as it is. */
    ActiveStatus: Decision.optional(),
  });
  const Filter = BaseRequest.extend(parentFilter);
  const grandparent = described.parent?.fields?.parent ?? null;
  // Only the lists call filters by the parent's parent (the options of a city select come under a
  // district): an optional id, typed loosely since the key is known at run time only.
  const ListFilter = Filter.extend(ListPaging).extend(
    grandparent ? { [grandparent.key]: Id.optional() } : {},
  ) as unknown as ReturnType<typeof Filter.extend<typeof ListPaging>>;

  const notFound = `${title} … does not exist.`;
  const unknownParent = parent ? [`${parent.title} … does not exist.`] : [];
  const duplicate = parent
    ? `${title} … already exists under ${parent.title.toLowerCase()} ….`
    : `${title} … already exists.`;
  const under = parent ? ` (optionally only those under one ${parent.title.toLowerCase()})` : '';
  const underEither = grandparent
    ? ` (optionally only those under one ${parent?.title.toLowerCase()} or one ${grandparent.title.toLowerCase()})`
    : under;

  const fields: MasterListFields = {
    key,
    id: `${key}Id`,
    name: `${key}Name`,
    parent: parent
      ? { key: parentKey, id: `${parentKey}Id`, name: `${parentKey}Name`, title: parent.title }
      : null,
    grandparent: grandparent ? { key: grandparent.key, title: grandparent.title } : null,
    extra: Object.keys(extra),
    defaults,
  };

  const calls = {
    Lists: {
      path: `api/${spec.path}/lists`,
      method: 'POST',
      authenticated: true,
      readOnly: true,
      summary: `Every ${title.toLowerCase()}, active or not${underEither}, with per-row EditFlag and DeleteFlag, table headers and options.`,
      request: ListFilter,
      records: listPayload(Row),
      refusals: [permission('list', plural)],
      graphqlNames: {
        ...recordNames(key),
        ...(parent ? { [`${parentKey}Id`]: 'parentId', [`${parentKey}Name`]: 'parentName' } : {}),
      },
    } satisfies Call<typeof ListFilter, ReturnType<typeof listPayload<typeof Row>>>,
    Show: {
      path: `api/${spec.path}/show`,
      method: 'POST',
      authenticated: true,
      readOnly: true,
      summary: `One ${title.toLowerCase()}, as its list row.`,
      request: ById,
      records: Row,
      refusals: [permission('list', plural), notFound],
    } satisfies Call<typeof ById, typeof Row>,
    Store: {
      path: `api/${spec.path}/store`,
      method: 'POST',
      authenticated: true,
      readOnly: false,
      summary: `Creates a ${title.toLowerCase()} (active unless ActiveStatus is 0). Returns the stored record.`,
      request: Fields,
      records: Row,
      refusals: [permission('create', plural), duplicate, ...unknownParent],
    } satisfies Call<typeof Fields, typeof Row>,
    Update: {
      path: `api/${spec.path}/update`,
      method: 'POST',
      authenticated: true,
      readOnly: false,
      summary: `Changes a ${title.toLowerCase()}, named by ${key}. Returns the updated record.`,
      request: Fields.extend(field(key, Id)),
      records: Row,
      refusals: [permission('edit', plural), notFound, duplicate, ...unknownParent],
    },
    Destroy: {
      path: `api/${spec.path}/destroy`,
      method: 'POST',
      authenticated: true,
      readOnly: false,
      summary: `Deletes a ${title.toLowerCase()} that nothing uses any more (otherwise set it InActive).`,
      request: ById,
      records: z.null(),
      refusals: [
        permission('delete', plural),
        notFound,
        `Cannot delete ${title} …: it is used by … (nothing is changed).`,
      ],
    } satisfies Call<typeof ById, z.ZodNull>,
    Options: {
      path: `api/${spec.path}/options`,
      method: 'POST',
      authenticated: true,
      readOnly: true,
      summary: `The active ${plural}${under} as select options, by name.`,
      request: Filter,
      records: z.array(Option),
      refusals: [permission('list', plural)],
    } satisfies Call<typeof Filter, z.ZodArray<typeof Option>>,
  } as const;

  return { spec, fields, Row, calls };
}

export const designationList = masterList({ key: 'Designation', plural: 'designations' });
export const brandList = masterList({ key: 'Brand', plural: 'brands' });
export const assetCategoryList = masterList({
  key: 'Category',
  path: 'asset-category',
  plural: 'asset categories',
});
/**
 * Sub-categories, each with the depreciation class its assets take (docs/reports.md): the
 * Schedule II useful life and the Income Tax block. Optional in requests, as the legacy app sends
 * no class: a new sub-category is then plant and machinery, a changed one keeps its class.
 */
export const subCategoryList = masterList({
  key: 'SubCategory',
  module: 'category',
  path: 'category-sub',
  title: 'Sub-category',
  plural: 'sub-categories',
  parent: assetCategoryList,
  extra: {
    DepreciationClass: z.enum(DEPRECIATION_CLASS_CODES, {
      error: `must be one of ${DEPRECIATION_CLASS_CODES.join(', ')}`,
    }),
  },
  defaults: { DepreciationClass: 'plantAndMachinery' },
});
export const assetTypeList = masterList({
  key: 'AssetType',
  title: 'Asset type',
  plural: 'asset types',
  parent: subCategoryList,
  extra: { TaxRate: Percent },
});

/** The two-digit GST state code (the first two digits of every GSTIN registered there). */
const GstStateCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .regex(/^\d{2}$/, 'must be the two-digit GST state code');

export const stateList = masterList({
  key: 'State',
  path: 'states',
  plural: 'states',
  extra: { GstStateCode },
});
export const districtList = masterList({ key: 'District', plural: 'districts', parent: stateList });
export const cityList = masterList({ key: 'City', plural: 'cities', parent: districtList });

/**
 * Accessory types: what an accessory is (a BP cuff, an ECG lead set), the unit it is counted in
 * and the stock below which a branch should reorder it.
 */
export const accessoryTypeList = masterList({
  key: 'AccessoryType',
  title: 'Accessory type',
  plural: 'accessory types',
  extra: {
    Unit: z.enum(UNITS_OF_MEASURE, { error: `must be one of ${UNITS_OF_MEASURE.join(', ')}` }),
    MinimumStock: wholeNumber(0, 1_000_000),
  },
});

/** Every master list, by the prefix of its call names. */
export const masterLists = {
  designation: designationList,
  brand: brandList,
  assetCategory: assetCategoryList,
  subCategory: subCategoryList,
  assetType: assetTypeList,
  state: stateList,
  district: districtList,
  city: cityList,
  accessoryType: accessoryTypeList,
} as const;
export type MasterListName = keyof typeof masterLists;

const snakeCase = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();

/** A master list's grant module: its own, or its registry name in snake case. */
export function masterListModule(name: MasterListName): string {
  return masterLists[name].spec.module ?? snakeCase(name);
}

/** A master list's value of the schema's MasterList enum: its registry name in capitals. */
export function masterListEnum(name: MasterListName): string {
  return snakeCase(name).toUpperCase();
}

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

type MasterListCalls = UnionToIntersection<
  {
    [Name in MasterListName]: {
      [Action in keyof (typeof masterLists)[Name]['calls'] as `${Name}${Action & string}`]: (typeof masterLists)[Name]['calls'][Action];
    };
  }[MasterListName]
>;

/** The calls of every master list under their registry names: brandLists, brandShow, … */
export const masterListCalls = Object.fromEntries(
  Object.entries(masterLists).flatMap(([name, list]) =>
    Object.entries(list.calls).map(([action, definition]) => [`${name}${action}`, definition]),
  ),
) as MasterListCalls;
