import { z } from 'zod';
import { Id } from '../primitives.ts';
import { BaseRequest, listPayload, Option } from './shared.ts';

/*
 * The six calls of a record resource (design §3): api/<path>/lists · show · store · update ·
 * destroy · options. Companies, vendors, menu entries, branches and staff are each one call of
 * this function; what differs between them is their row, their fields and their refusals.
 */

type Fields = z.ZodObject<z.ZodRawShape>;

interface RecordCallsSpec<
  Prefix extends string,
  Key extends string,
  Row extends z.ZodType,
  StoreFields extends Fields,
  ListsRequest extends Fields,
  OptionsRequest extends Fields,
> {
  /** Call names start with it: vendorLists, vendorShow, … */
  prefix: Prefix;
  /** api/<path>/lists */
  path: string;
  /** The request field naming one record: Vendor (show, update, destroy). */
  key: Key;
  /** As messages name one record: 'Vendor … does not exist.' */
  title: string;
  /** As messages name several: 'You are not allowed to list vendors.' */
  plural: string;
  row: Row;
  /** The fields store takes; update takes them and the key. */
  fields: StoreFields;
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
>(spec: RecordCallsSpec<Prefix, Key, Row, StoreFields, ListsRequest, OptionsRequest>) {
  const { prefix, path, key, title, plural, row, fields, summaries, refusals } = spec;
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
      request: (spec.listsRequest ?? BaseRequest) as ListsRequest,
      records: listPayload(row),
      refusals: [notAllowed('list')],
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
    Object.entries(calls).map(([action, definition]) => [
      `${prefix}${action}`,
      { ...definition, path: definition.path as `api/${string}` },
    ]),
  ) as {
    [Action in keyof typeof calls as `${Prefix}${Action}`]: Omit<(typeof calls)[Action], 'path'> & {
      path: `api/${string}`;
    };
  };
}
