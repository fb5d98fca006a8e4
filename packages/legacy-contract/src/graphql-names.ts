import { z } from 'zod';

/*
 * The GraphQL name of each field of a list's rows. The gateway speaks only GraphQL names: a list's
 * headers (`TableHeader.value`), item key and spreadsheet fields reach the web with them, and a
 * `sortBy` comes back with them; the legacy names stay between the gateway and the legacy server.
 *
 * A row field's GraphQL name is its legacy name in camelCase, with a final Txt spelled Text
 * (`StateName` → stateName, `BranchesTxt` → branchesText), unless its list names it otherwise:
 * a record's own id and name are `id` and `name` (`VendorId`, `VendorName`), a field the GraphQL
 * type holds under another field is its path (`Username` → login.username).
 */

/** A list's exceptions to the rule: legacy name → GraphQL name (or dotted path). */
export type GraphqlNames = Readonly<Record<string, string>>;

/**
 * What every list names alike: the status column shows the status chip, Actions the buttons, the
 * row flags say what the caller may do, a stored file's path is its URL through the gateway.
 */
const EVERY_LIST: GraphqlNames = {
  ActiveStatus: 'active',
  ActiveStatusTxt: 'status',
  Actions: 'actions',
  EditFlag: 'canEdit',
  DeleteFlag: 'canDelete',
  LogoPath: 'logoUrl',
};

/** The GraphQL name of a legacy row field. */
export function graphqlName(legacy: string, names: GraphqlNames = {}): string {
  const named = names[legacy] ?? EVERY_LIST[legacy];
  if (named !== undefined) return named;
  const text = legacy.endsWith('Txt') ? `${legacy.slice(0, -3)}Text` : legacy;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The exceptions of a record resource whose id and name are `<Key>Id` and `<Key>Name`. */
export function recordNames(key: string, names: GraphqlNames = {}): GraphqlNames {
  return { [`${key}Id`]: 'id', [`${key}Name`]: 'name', ...names };
}

/** Both directions of one list's names. */
export interface ListFieldNames {
  /** Legacy name → GraphQL name, for every field of the row and for Actions. */
  readonly toGraphql: ReadonlyMap<string, string>;
  /** GraphQL name → legacy name. */
  readonly toLegacy: ReadonlyMap<string, string>;
}

/** The row schema inside a lists call's records (listPayload), when it is an object. */
function rowShape(records: z.ZodType): Record<string, unknown> | null {
  if (!(records instanceof z.ZodObject)) return null;
  const data = records.shape.TableData;
  if (!(data instanceof z.ZodArray)) return null;
  const row = data.element;
  return row instanceof z.ZodObject ? row.shape : null;
}

/** The names of a lists call's row fields, from its records schema and its exceptions. */
export function listFieldNames(definition: {
  records: z.ZodType;
  graphqlNames?: GraphqlNames | undefined;
}): ListFieldNames {
  const shape = rowShape(definition.records);
  if (!shape) throw new Error('not a lists call: its records have no TableData rows');
  const toGraphql = new Map(
    [...Object.keys(shape), 'Actions'].map((legacy) => [
      legacy,
      graphqlName(legacy, definition.graphqlNames),
    ]),
  );
  const toLegacy = new Map([...toGraphql].map(([legacy, graphql]) => [graphql, legacy]));
  if (toLegacy.size !== toGraphql.size)
    throw new Error(`two row fields share a GraphQL name: ${[...toGraphql.values()].join(', ')}`);
  return { toGraphql, toLegacy };
}
