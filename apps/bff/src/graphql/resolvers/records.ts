import { statusTone, toneColors } from '@branch-assets/domain';
import type { ServerTranslator } from '@branch-assets/i18n/server';
import {
  type CallInput,
  type CallRecords,
  graphqlName,
  isReferenceField,
  type LegacyCallName,
  type ListPagingRequest,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import type { z } from 'zod';
import { type ExportableListName, exportUrl } from '../../exports/lists.ts';
import type {
  Maybe,
  Resolver,
  ResolversParentTypes,
  ResolversTypes,
  Scalars,
} from '../../generated/resolvers.ts';
import type { GraphQLContext } from '../context.ts';
import { numericId } from '../ids.ts';
import type { RecordListModel, RecordResultModel, StatusChipModel } from '../models.ts';
import {
  exportQuery,
  fieldNamesOf,
  type ListAnswer,
  type ListArgs,
  type ListFilters,
  pageOf,
  pagingFields,
  pagingRefusal,
} from '../paging.ts';
import { permitted } from '../permitted.ts';

/*
 * What the record resources' resolvers do alike (docs/master-data.md, "Record resources"), once.
 * The contract's recordCalls names every resource's calls `<prefix>Lists · Show · Store · Update ·
 * Destroy · Options`, with one request field naming a record (its key); so a prefix and a key are
 * all these need to know of a resource, and a resource file keeps only its field mapping, its rows
 * and its own operations. The names are short because resource files import this module whole
 * (`import * as Records`), where `Records.saveMutation(VENDORS, vendorFields)` says where it is from.
 */

type RecordAction = 'Lists' | 'Show' | 'Store' | 'Update' | 'Destroy' | 'Options';

/** The prefixes that have a legacy call for the action: `'company'` for `companyDestroy`. */
type PrefixWith<Action extends RecordAction> = {
  [Name in LegacyCallName]: Name extends `${infer Prefix}${Action}` ? Prefix : never;
}[LegacyCallName];

type ListPrefix = PrefixWith<'Lists'>;
type KeyedPrefix = PrefixWith<'Destroy'>;
type SavePrefix = KeyedPrefix & PrefixWith<'Store'> & PrefixWith<'Update'>;

/** The request field that names one record: what destroy asks beside UserInterface. */
type RecordKey<Prefix extends KeyedPrefix> = Exclude<
  keyof CallInput<`${Prefix}Destroy`>,
  'UserInterface'
>;

/** One record resource's calls, as the contract names them. */
export interface Calls<Prefix extends KeyedPrefix> {
  prefix: Prefix;
  key: RecordKey<Prefix>;
}

/** What a resource's save sends, from its own input: its store fields (UserInterface is added). */
export type StoreFields<Prefix extends SavePrefix> = Omit<
  CallInput<`${Prefix}Store`>,
  'UserInterface'
>;

/** Where a record list's grants and download live. */
export interface ListAccess {
  /** The grants module whose `create` decides canCreate. */
  module: string;
  exportName: ExportableListName;
}

function callName<Prefix extends string, Action extends RecordAction>(
  prefix: Prefix,
  action: Action,
) {
  return `${prefix}${action}` as const;
}

/*
 * TypeScript cannot tell, for a prefix it does not know yet, that the request built below is the
 * input of `<prefix><Action>`; the signatures tie each resource to its own calls, so the request
 * is asserted in this one place.
 */
function request<Name extends LegacyCallName>(_name: Name, body: object): CallInput<Name> {
  return body as CallInput<Name>;
}

type RowOf<Prefix extends ListPrefix> =
  CallRecords<`${Prefix}Lists`> extends ListAnswer<infer Row> ? Row : never;

/** The request fields a resource's lists call takes beside UserInterface and the paging fields. */
type OwnFilters<Prefix extends ListPrefix> = Omit<
  CallInput<`${Prefix}Lists`>,
  'UserInterface' | keyof ListPagingRequest
>;

/**
 * One page of a resource's list: `filters` are its lists call's own request fields (staff:
 * Branch), `rowFilters` the paging Filters (row field → value), `exportQuery` what its export
 * link must carry besides search and sort.
 */
export async function readList<Prefix extends ListPrefix>(
  context: Pick<GraphQLContext, 'read' | 'texts'>,
  { prefix }: { prefix: Prefix },
  args: ListArgs,
  own: {
    filters?: OwnFilters<Prefix>;
    rowFilters?: ListFilters;
    exportQuery?: Record<string, string>;
  } = {},
): Promise<RecordListModel<RowOf<Prefix>>> {
  const name = callName(prefix, 'Lists');
  const paging = pagingFields(name, args, own.rowFilters);
  const { records } = await context
    .read(name, request(name, { UserInterface: 1, ...own.filters, ...paging }))
    .catch((error: unknown) => {
      throw pagingRefusal(error, args);
    });
  // Every lists call answers a list payload; the same generic blindness as request() above.
  const page = pageOf(name, records as ListAnswer<RowOf<Prefix>>, paging, context.texts);
  return { ...page, exportQuery: { ...own.exportQuery, ...exportQuery(args) } };
}

type Field<Result, Parent, Args = object> = Resolver<Result, Parent, GraphQLContext, Args>;
type QueryField<Result, Args = object> = Field<Result, ResolversParentTypes['Query'], Args>;
type MutationField<Result, Args> = Field<Result, ResolversParentTypes['Mutation'], Args>;
type ById = { id: Scalars['ID']['input'] };

/** The list query of a resource whose lists call takes no filters but the paging arguments. */
export function listQuery<Prefix extends ListPrefix>(resource: {
  prefix: Prefix;
}): QueryField<RecordListModel<RowOf<Prefix>>, ListArgs> {
  return (_parent, args, context) => readList(context, resource, args);
}

/** The query of one record by id: `<prefix>Show`, answered as its list row. */
export function showQuery<Prefix extends KeyedPrefix & PrefixWith<'Show'>>({
  prefix,
  key,
}: Calls<Prefix>): QueryField<CallRecords<`${Prefix}Show`>, ById> {
  return async (_parent, { id }, { read }) => {
    const name = callName(prefix, 'Show');
    return (await read(name, request(name, { UserInterface: 1, [key]: numericId(id, 'id') })))
      .records;
  };
}

/** The select options of a resource whose options call takes no filters. */
export function optionsQuery<Prefix extends PrefixWith<'Options'>>({
  prefix,
}: {
  prefix: Prefix;
}): QueryField<CallRecords<`${Prefix}Options`>> {
  return async (_parent, _args, { read }) => {
    const name = callName(prefix, 'Options');
    return (await read(name, request(name, { UserInterface: 1 }))).records;
  };
}

/**
 * The save mutation of a resource: `<prefix>Store` without an id, `<prefix>Update` of the record
 * the id names with it, the same fields either way (`fields`, the resource's own mapping).
 */
export function saveMutation<
  Prefix extends SavePrefix,
  Input extends { id?: Maybe<Scalars['ID']['input']> },
>(
  { prefix, key }: Calls<Prefix>,
  fields: (input: Input) => StoreFields<Prefix>,
): MutationField<
  RecordResultModel<CallRecords<`${Prefix}Store`> | CallRecords<`${Prefix}Update`>>,
  { input: Input }
> {
  return async (_parent, { input }, { write }) => {
    const body = { UserInterface: 1, ...fields(input) };
    const [store, update] = [callName(prefix, 'Store'), callName(prefix, 'Update')];
    const { output, records } = input.id
      ? await write(update, request(update, { ...body, [key]: numericId(input.id, 'id') }))
      : await write(store, request(store, body));
    return { message: output, record: records };
  };
}

/** The delete mutation of a resource: `<prefix>Destroy` of the record the id names. */
export function deleteMutation<Prefix extends KeyedPrefix>({
  prefix,
  key,
}: Calls<Prefix>): MutationField<ResolversTypes['MutationMessage'], ById> {
  return async (_parent, { id }, { write }) => {
    const name = callName(prefix, 'Destroy');
    const { output } = await write(
      name,
      request(name, { UserInterface: 1, [key]: numericId(id, 'id') }),
    );
    return { message: output };
  };
}

/**
 * A logo as the legacy calls take it: the gateway's /files/… URL (a gallery option's value, or the
 * record's own logoUrl) back to the legacy link files/…; empty for none; left out when absent so
 * the logo stays as it is.
 */
export function logoInput(url: string | null | undefined): { LogoPath?: string } {
  if (url === undefined || url === null) return {};
  return { LogoPath: url.startsWith('/files/') ? url.slice(1) : url };
}

/**
 * A save input as the resource's legacy store fields, by the contract's names, so a resource
 * writes no mapping of its own: each request field takes the input field of the row field's
 * GraphQL name (`CompanyName` ← name, `LegalName` ← legalName, `BranchCode` ← code), a
 * reference (an `Id` field) takes `<name>Id` (`State` ← stateId, `Company` ← companyId), and
 * every resource's status and logo take `active` and `logoUrl`. A field absent or null is left
 * out: the contract says what the server does then (keeps it, or stores none). `own` gives the
 * fields that follow no rule (staff: the login; menu entries: the parent's '' for none).
 */
export function storeFieldsOf<Prefix extends SavePrefix>(
  prefix: Prefix,
  input: object,
  own: Partial<StoreFields<Prefix>> = {},
): StoreFields<Prefix> {
  const values = input as Record<string, unknown>;
  const request = legacyCalls[callName(prefix, 'Store')].request as z.ZodObject<z.ZodRawShape>;
  const rowNames = fieldNamesOf(callName(prefix, 'Lists')).toGraphql;
  const fields: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(request.shape)) {
    if (field === 'UserInterface' || field in own) continue;
    if (field === 'ActiveStatus')
      Object.assign(fields, activeStatus(values.active as Maybe<boolean>));
    else if (field === 'LogoPath')
      Object.assign(fields, logoInput(values.logoUrl as Maybe<string>));
    else if (isReferenceField(schema as z.ZodType)) {
      const name = `${graphqlName(field)}Id`;
      const id = values[name];
      if (id !== undefined && id !== null) fields[field] = numericId(String(id), name);
    } else {
      const value = values[rowNames.get(field) ?? graphqlName(field)];
      if (value !== undefined && value !== null) fields[field] = value;
    }
  }
  return { ...fields, ...own } as StoreFields<Prefix>;
}

/** The legacy select (1 Active, 0 InActive); left out when not given, so the status stays. */
export function activeStatus(active: Maybe<boolean> | undefined): { ActiveStatus?: 0 | 1 } {
  if (active === undefined || active === null) return {};
  return { ActiveStatus: active ? 1 : 0 };
}

/** A record's active status as its chip: the legacy ActiveStatus is the code of the text beside it. */
export function activeChip(
  texts: ServerTranslator,
  active: unknown,
  text: string,
): StatusChipModel {
  return statusChip(texts, text, active === 1 ? 'ACTIVE' : active === 0 ? 'INACTIVE' : null);
}

/**
 * A status text as its coloured chip, worded in the caller's language by its code when it has one
 * (the colour follows the text as the server sent it).
 */
export function statusChip(
  texts: ServerTranslator,
  text: string,
  code: string | null = null,
): StatusChipModel {
  const colors = toneColors(statusTone(text));
  return {
    text: texts.status(code, text),
    code,
    background: colors.background,
    color: colors.text,
  };
}

/** The status a workflow's row carries: its code, the server's text and the chip's colours. */
export interface RowStatus {
  StatusCode: string;
  StatusTxt: string;
  StatusBgColor: string;
  StatusTextColor: string;
}

/**
 * A workflow row's status as its chip, worded in the caller's language by `wordedAs` (the
 * workflow's own key for the code, such as JOB_OPEN; the code itself by default), in the server's
 * colours.
 */
export function rowStatusChip(
  row: RowStatus,
  texts: ServerTranslator,
  wordedAs: string = row.StatusCode,
): StatusChipModel {
  return {
    text: texts.status(wordedAs, row.StatusTxt),
    code: row.StatusCode,
    background: row.StatusBgColor,
    color: row.StatusTextColor,
  };
}

/**
 * A workflow row's fields (a goods receipt's, an installation's, a transfer's, a job order's, a
 * contract's, an audit's): each by the contract's names, and its status as the chip, worded by
 * `wordedAs` (see rowStatusChip).
 */
export function workflowRowFields<Row extends RowStatus>(
  call: LegacyCallName,
  wordedAs: (row: Row) => string = (row) => row.StatusCode,
) {
  return {
    ...namedFields<Row>(call),
    status: (row: Row, _args: unknown, { texts }: Pick<GraphQLContext, 'texts'>) =>
      rowStatusChip(row, texts, wordedAs(row)),
  };
}

/**
 * The fields every record list type resolves alike. The export link keeps the list's search, sort
 * and filters (`exportQuery`), so the workbook holds what the list showed, on every page.
 */
export function listFields<Model extends RecordListModel<unknown>>({
  module,
  exportName,
}: ListAccess): {
  rows: Field<Model['rows'], Model>;
  headers: Field<ResolversTypes['TableHeader'][], Model>;
  options: Field<ResolversTypes['TableOptions'], Model>;
  totalCount: Field<ResolversTypes['Int'], Model>;
  page: Field<ResolversTypes['Int'], Model>;
  pageSize: Field<ResolversTypes['Int'], Model>;
  canCreate: Field<ResolversTypes['Boolean'], Model>;
  exportUrl: Field<Maybe<ResolversTypes['String']>, Model>;
} {
  return {
    rows: (list) => list.rows,
    headers: (list) => list.headers,
    options: (list) => list.options,
    totalCount: (list) => list.totalCount,
    page: (list) => list.page,
    pageSize: (list) => list.pageSize,
    canCreate: (_list, _args, context) => permitted(context, module, 'create'),
    exportUrl: (list) =>
      list.options.DownloadFlag ? exportUrl(exportName, list.exportQuery) : null,
  };
}

/** A workflow row's status fields: its chip's (rowStatusChip), never fields of their own. */
const STATUS_FIELDS: ReadonlySet<string> = new Set([
  'StatusTxt',
  'StatusCode',
  'StatusBgColor',
  'StatusTextColor',
]);

/**
 * The resolvers of the fields that show a row field as it is, by the contract's names
 * (graphql-names.ts: `name` reads CompanyName, `stateId` StateId). GraphQL's ID type writes a
 * number as text. A field that changes the value (a logo's URL, the status chip) is the resource's
 * own, written after these; a path (login.username) belongs to the type it leads to.
 */
export function namedFields<Row extends object>(
  call: LegacyCallName,
): { readonly [field: string]: (row: Row) => unknown } {
  const { toGraphql } = fieldNamesOf(call);
  return Object.fromEntries(
    [...toGraphql]
      .filter(
        ([legacy, graphql]) =>
          legacy !== 'Actions' && !STATUS_FIELDS.has(legacy) && !graphql.includes('.'),
      )
      .map(([legacy, graphql]) => [
        graphql,
        (row: Row) => (row as Readonly<Record<string, unknown>>)[legacy],
      ]),
  );
}

/** The flags every record row ends with (the contract's recordRowEnd). */
interface RowFlags {
  EditFlag: boolean;
  DeleteFlag: boolean;
}

interface StatusRow extends RowFlags {
  ActiveStatus: 0 | 1;
  ActiveStatusTxt: string;
}

/** A row's edit and delete buttons, as the legacy server allows them. */
export const flagFields: {
  canEdit: Field<ResolversTypes['Boolean'], RowFlags>;
  canDelete: Field<ResolversTypes['Boolean'], RowFlags>;
} = {
  canEdit: (row) => row.EditFlag,
  canDelete: (row) => row.DeleteFlag,
};

/** A row's status and buttons: a record row with the legacy ActiveStatus. */
export const rowFields: typeof flagFields & {
  active: Field<ResolversTypes['Boolean'], StatusRow>;
  status: Field<ResolversTypes['StatusChip'], StatusRow>;
} = {
  ...flagFields,
  active: (row) => row.ActiveStatus === 1,
  status: (row, _args, { texts }) => activeChip(texts, row.ActiveStatus, row.ActiveStatusTxt),
};
