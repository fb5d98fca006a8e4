import { z } from 'zod';
import { type GraphqlNames, recordNames } from '../graphql-names.ts';
import { Decision, Id, OptionalId } from '../primitives.ts';
import { BaseRequest, ListPaging, listPayload, Option } from './shared.ts';

/*
 * The six calls of a record resource (design §3): api/<path>/lists · show · store · update ·
 * destroy · options. Companies, vendors, menu entries, branches and staff are each one call of
 * this function; what differs between them is their row, their fields and their refusals.
 *
 * A resource whose legacy paths are already taken by binding calls of another shape (branches:
 * api/branch/lists is the branch chooser) moves those actions elsewhere with `paths`, and one that
 * an existing call already serves with options (api/branch/options) leaves Options out with `omit`.
 */

type Fields = z.ZodObject<z.ZodRawShape>;

/** The status and row flags every record row ends with (legacy §9: 0 InActive, 1 Active). */
export const recordRowEnd = {
  ActiveStatus: z.union([z.literal(0), z.literal(1)]),
  ActiveStatusTxt: z.string(),
  EditFlag: z.boolean(),
  DeleteFlag: z.boolean(),
};

/** A list column's header as a description gives it: its text, and its alignment when not start. */
export type HeaderSpec = string | { text: string; align: 'start' | 'center' | 'end' };

/** A list column of a record resource: the row field it shows and its header. */
export interface RecordHeader {
  value: string;
  text: string;
  align?: 'start' | 'center' | 'end';
}

/**
 * One field of a record resource, described once: its type in the rows (lists, show, and the
 * answers of store and update), its check in store and update requests, and the list column that
 * shows it. A field the server gives has no `request`; one only written (a password) no `row`.
 */
export interface FieldSpec {
  row?: z.ZodType;
  request?: z.ZodType;
  header?: HeaderSpec;
}

/**
 * A reference to a record of another resource, `State`: the rows carry its id and name
 * (StateId, StateName; the header shows the name), requests its id (State), checked to exist by
 * the server.
 */
export interface ReferenceSpec {
  reference: true;
  header?: HeaderSpec;
  /** May be left out (an asset's custodian): the row's id and name are then null. */
  optional?: boolean;
}

/** A reference field (see ReferenceSpec). */
export function reference(header?: HeaderSpec): ReferenceSpec & { optional?: false } {
  return header === undefined ? { reference: true } : { reference: true, header };
}

/** A reference that may be left out (see ReferenceSpec). */
export function optionalReference(header?: HeaderSpec): ReferenceSpec & { optional: true } {
  return header === undefined
    ? { reference: true, optional: true }
    : { reference: true, optional: true, header };
}

type Specs = Readonly<Record<string, FieldSpec | ReferenceSpec>>;

type RowShape<F extends Specs> = {
  [K in keyof F as F[K] extends { row: z.ZodType } ? K : never]: F[K] extends { row: infer S }
    ? S
    : never;
} & {
  [K in keyof F as F[K] extends ReferenceSpec ? `${K & string}Id` : never]: F[K] extends {
    optional: true;
  }
    ? z.ZodNullable<z.ZodNumber>
    : z.ZodNumber;
} & {
  [K in keyof F as F[K] extends ReferenceSpec ? `${K & string}Name` : never]: F[K] extends {
    optional: true;
  }
    ? z.ZodNullable<z.ZodString>
    : z.ZodString;
};

type RequestShape<F extends Specs> = {
  [K in keyof F as F[K] extends { request: z.ZodType } ? K : never]: F[K] extends {
    request: infer S;
  }
    ? S
    : never;
} & {
  [K in keyof F as F[K] extends ReferenceSpec ? K : never]: F[K] extends { optional: true }
    ? typeof OptionalId
    : typeof Id;
};

type RowEnd<Status extends boolean> = Status extends true
  ? typeof recordRowEnd
  : Pick<typeof recordRowEnd, 'EditFlag' | 'DeleteFlag'>;

type StatusField<Status extends boolean> = Status extends true
  ? { ActiveStatus: z.ZodOptional<typeof Decision> }
  : unknown;

function headerOf(value: string, header: HeaderSpec): RecordHeader {
  return typeof header === 'string' ? { value, text: header } : { value, ...header };
}

/**
 * A record resource's row, its store/update fields and its list columns, from one description of
 * each field (`recordCalls` takes all three): the row starts with `<Key>Id` and ends with the status
 * and row flags (`recordRowEnd`), the request takes ActiveStatus (1 Active, the default of a new
 * record; left out on update the status stays), the columns are in the fields' order.
 */
export function recordFields<
  const Key extends string,
  const F extends Specs,
  const Status extends boolean = true,
>(key: Key, fields: F, options: { status?: Status } = {}) {
  // A resource without an Active/InActive status (menu entries) has only the row flags.
  const status = options.status ?? true;
  const end = status
    ? recordRowEnd
    : { EditFlag: recordRowEnd.EditFlag, DeleteFlag: recordRowEnd.DeleteFlag };
  const row: Record<string, z.ZodType> = { [`${key}Id`]: z.number().int() };
  const request: Record<string, z.ZodType> = {};
  const headers: RecordHeader[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if ('reference' in spec) {
      row[`${name}Id`] = spec.optional ? z.number().int().nullable() : z.number().int();
      row[`${name}Name`] = spec.optional ? z.string().nullable() : z.string();
      request[name] = spec.optional ? OptionalId : Id;
      if (spec.header !== undefined) headers.push(headerOf(`${name}Name`, spec.header));
      continue;
    }
    if (spec.row) row[name] = spec.row;
    if (spec.request) request[name] = spec.request;
    if (spec.header !== undefined) headers.push(headerOf(name, spec.header));
  }
  return {
    row: z.object({ ...row, ...end }) as unknown as z.ZodObject<
      { [K in `${Key}Id`]: z.ZodNumber } & RowShape<F> & RowEnd<Status>
    >,
    request: BaseRequest.extend({
      ...request,
      ...(status ? { ActiveStatus: Decision.optional() } : {}),
    }) as unknown as z.ZodObject<
      (typeof BaseRequest)['shape'] & RequestShape<F> & StatusField<Status>
    >,
    headers: headers as readonly RecordHeader[],
  };
}

/** The actions, as they end the call names: vendorLists, vendorShow, … */
export type RecordAction = 'Lists' | 'Show' | 'Store' | 'Update' | 'Destroy' | 'Options';
/** The actions a resource may do without: only Options, which an existing call can serve. */
export type OmittableAction = 'Options';

interface RecordCallsSpec<
  Prefix extends string,
  Key extends string,
  Row extends z.ZodType,
  StoreFields extends Fields,
  ListsRequest extends Fields,
  OptionsRequest extends Fields,
  Omitted extends OmittableAction,
> {
  /** Call names start with it: vendorLists, vendorShow, … */
  prefix: Prefix;
  /** api/<path>/lists */
  path: string;
  /** A path of its own for an action whose default is taken: `{ Lists: 'api/branch/records' }`. */
  paths?: Partial<Record<RecordAction, `api/${string}`>>;
  /** Actions the resource leaves out because an existing call serves them. */
  omit?: readonly Omitted[];
  /** The request field naming one record: Vendor (show, update, destroy). */
  key: Key;
  /** As messages name one record: 'Vendor … does not exist.' */
  title: string;
  /** As messages name several: 'You are not allowed to list vendors.' */
  plural: string;
  row: Row;
  /**
   * The row fields' GraphQL names beside the rule's (graphql-names.ts); `<key>Id` and
   * `<key>Name` are id and name.
   */
  graphqlNames?: GraphqlNames;
  /** The fields store takes; update takes them and the key. */
  fields: StoreFields;
  /** The list's columns (the actions column first and the status last are the server's). */
  headers?: readonly RecordHeader[];
  /** Filters lists takes beyond UserInterface (staff: Branch). */
  listsRequest?: ListsRequest;
  /** Filters options takes beyond UserInterface. */
  optionsRequest?: OptionsRequest;
  summaries: {
    lists: string;
    store: string;
    destroy: string;
    options?: string;
  };
  /** Refusals particular to the resource, beyond 'not allowed' and 'does not exist'. */
  refusals: { store: readonly string[]; update?: readonly string[]; destroy: readonly string[] };
}

export function recordCalls<
  const Prefix extends string,
  const Key extends string,
  Row extends z.ZodType,
  StoreFields extends Fields,
  ListsRequest extends Fields = typeof BaseRequest,
  OptionsRequest extends Fields = typeof BaseRequest,
  const Omitted extends OmittableAction = never,
>(spec: RecordCallsSpec<Prefix, Key, Row, StoreFields, ListsRequest, OptionsRequest, Omitted>) {
  const { prefix, path, key, title, plural, row, fields, summaries, refusals } = spec;
  const omitted: readonly string[] = spec.omit ?? [];
  const notAllowed = (action: string) => `You are not allowed to ${action} ${plural}.`;
  const missing = `${title} … does not exist.`;
  const byKey = BaseRequest.extend({ [key]: Id } as { [K in Key]: typeof Id });
  const common = { method: 'POST', authenticated: true } as const;
  const calls = {
    Lists: {
      ...common,
      path: `api/${path}/lists`,
      readOnly: true,
      summary: summaries.lists,
      // Spelled out: extend on the generic loses the fields' output types.
      request: ((spec.listsRequest ?? BaseRequest) as ListsRequest).extend(
        ListPaging,
      ) as unknown as z.ZodObject<ListsRequest['shape'] & typeof ListPaging>,
      records: listPayload(row),
      refusals: [notAllowed('list')],
      graphqlNames: recordNames(key, spec.graphqlNames),
      ...(spec.headers ? { headers: spec.headers } : {}),
    },
    Show: {
      ...common,
      path: `api/${path}/show`,
      readOnly: true,
      summary: `One ${title.toLowerCase()}, as its list row.`,
      request: byKey,
      records: row,
      refusals: [notAllowed('list'), missing],
    },
    Store: {
      ...common,
      path: `api/${path}/store`,
      readOnly: false,
      summary: summaries.store,
      request: fields,
      records: row,
      refusals: [notAllowed('create'), ...refusals.store],
    },
    Update: {
      ...common,
      path: `api/${path}/update`,
      readOnly: false,
      summary: `Changes a ${title.toLowerCase()}, named by ${key}. The same rules as store.`,
      request: fields.extend({ [key]: Id } as { [K in Key]: typeof Id }),
      records: row,
      refusals: [notAllowed('edit'), missing, ...(refusals.update ?? refusals.store)],
    },
    Destroy: {
      ...common,
      path: `api/${path}/destroy`,
      readOnly: false,
      summary: summaries.destroy,
      request: byKey,
      records: z.null(),
      refusals: [notAllowed('delete'), missing, ...refusals.destroy],
    },
    Options: {
      ...common,
      path: `api/${path}/options`,
      readOnly: true,
      summary: summaries.options ?? `The active ${plural} as select options, by name.`,
      request: (spec.optionsRequest ?? BaseRequest) as OptionsRequest,
      records: z.array(Option),
      refusals: [notAllowed('list')],
    },
  } as const;
  return Object.fromEntries(
    Object.entries(calls)
      .filter(([action]) => !omitted.includes(action))
      .map(([action, definition]) => [
        `${prefix}${action}`,
        {
          ...definition,
          path: spec.paths?.[action as RecordAction] ?? (definition.path as `api/${string}`),
        },
      ]),
  ) as {
    [Action in Exclude<keyof typeof calls, Omitted> as `${Prefix}${Action}`]: Omit<
      (typeof calls)[Action],
      'path'
    > & {
      path: `api/${string}`;
    };
  };
}
