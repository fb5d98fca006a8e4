import { PAGE_SIZE } from '@branch-assets/domain';
import {
  checkPaging,
  ListPagingError,
  type ListPagingRequest,
  pagingOf,
  searchWords,
  sortableColumns,
  type TableHeader,
} from '@branch-assets/legacy-contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SqlPage } from './list-payload.ts';

/*
 * A large list answered a page at a time in SQL, with the meaning the contract gives the paging
 * fields (packages/legacy-contract/src/paging.ts): Search's words each match some column as the
 * row shows it, case-insensitively; Filters keep rows showing exactly a value; SortBy orders by a
 * column as it sorts (a date by date), ties broken by the list's key. A list describes its columns
 * in SQL once; lists that fit in memory page with the contract's pageRows instead.
 */

type Condition = RawBuilder<SqlBool>;

export type SqlColumn = {
  /**
   * What the column sorts by: the underlying value (a date, not its text); text as
   * {@link sortText} makes it, so that every server sorts text alike.
   */
  sort: RawBuilder<unknown>;
} & (
  | {
      /** Rows whose cell shows the lower-case word; none when the column cannot show it. */
      search: (word: string) => Condition | null;
    }
  | {
      /** A name of another table, which the row shows through a reference. */
      through: Through;
    }
);

/**
 * Rows showing a name of `table` (its column `name`) through their reference `id`. The ids whose
 * name holds a word are read before the rows and handed to them as values: the planner then knows
 * how few they are and reads the rows from the reference's index. (Given as `array(select …)`, the
 * planner takes them for a third of the table and reads all of it.)
 */
export interface Through {
  id: RawBuilder<unknown>;
  table: string;
  name: string;
}

/** More ids than this are matched by their subquery: a list would be long, and few rows not. */
const MAX_LISTED_IDS = 500;

export interface SqlList {
  /** Every sortable column of the list's headers, by header value. */
  columns: Record<string, SqlColumn>;
  /** The filters the list offers: row field → rows showing exactly the value. */
  filters: Record<string, (value: string | number | boolean) => Condition>;
  /**
   * Text columns of the list's own table searched as one text, their values joined by spaces: a
   * word holds no space, so it is in the joined text exactly when it is in one of them, and one
   * trigram index over the joined text answers all of them (migrations/0016-search-indexes.ts;
   * `text` must be the index's expression). Used when every one of the columns is searched.
   */
  joinedText?: { columns: readonly string[]; text: RawBuilder<unknown> };
  /** The default order, before the key; no expression of an order may be null. */
  order: readonly OrderBy[];
  /** A unique column that ends every order, so that pages never overlap. */
  key: RawBuilder<unknown>;
}

export interface OrderBy {
  by: RawBuilder<unknown>;
  desc: boolean;
}

/**
 * Where a list's rows come from, in the user's scope. Conditions of Search and Filters use the
 * list's own table only (names of other tables through subqueries), so that counting needs no
 * joins; sort expressions may use the joined tables, which only the rows need.
 */
export interface SqlSource<Row> {
  count(where: Condition): Promise<number>;
  /** The rows matching `where` in `order`, `limit` of them from `offset` (all when null). */
  rows(
    where: Condition,
    order: readonly OrderBy[],
    window: { limit: number; offset: number } | null,
  ): Promise<Row[]>;
  /** The values of `order`'s expressions for the row whose key is `key`, if it is in scope. */
  anchor(key: number, order: readonly RawBuilder<unknown>[]): Promise<unknown[] | undefined>;
}

/** Text as the contract's pageRows sorts it: lower-cased, in code point order. */
export function sortText(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`lower(${text}) collate "C"`;
}

/**
 * Rows whose text contains the (lower-case) word. Written as LIKE, with the word's wildcards
 * escaped, because a trigram index over `lower(text)` serves LIKE (and strpos it cannot).
 */
export function contains(text: RawBuilder<unknown>, word: string): Condition {
  return sql<SqlBool>`lower(${text}) like ${`%${word.replace(/[\\%_]/g, '\\$&')}%`}`;
}

/**
 * A text that is never missing (a record's number, a branch's code and name): sorted as text and
 * searched for words, the sort's expression as it stands so that an index on it serves the sort.
 */
export function requiredTextColumn(text: RawBuilder<unknown>): SqlColumn {
  return { sort: sortText(text), search: (word) => contains(text, word) };
}

/** A text column of the list's own table: sorted as text (none as empty), searched for words. */
export function textColumn(text: RawBuilder<unknown>): SqlColumn {
  return { sort: sortText(sql`coalesce(${text}, '')`), search: (word) => contains(text, word) };
}

/** A number column: found by its digits, sorted as a number. */
export function numberColumn(value: RawBuilder<unknown>): SqlColumn {
  return { sort: value, search: (word) => contains(sql`${value}::text`, word) };
}

/**
 * Rows whose reference `id` names a row of `table` whose `name` contains the word. The matching
 * ids are read once, before the rows (`= any(array(…))`, not `in (select …)`), so the condition
 * is one an index on `id` answers, also OR-ed with a search's other conditions.
 */
export function throughName(id: RawBuilder<unknown>, table: string, name = 'name') {
  return (word: string): Condition =>
    sql<SqlBool>`${id} = any(array(select id from ${sql.table(table)} where ${contains(sql.ref(name), word)}))`;
}

/** A name of another table: sorted by the joined name, searched through the reference. */
export function nameColumn(
  joinedName: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  table: string,
  name = 'name',
): SqlColumn {
  return { sort: sortText(sql`coalesce(${joinedName}, '')`), through: { id, table, name } };
}

/** The conditions of the columns shown through references, for one word (see {@link Through}). */
async function throughConditions(
  db: Db,
  throughs: readonly Through[],
  word: string,
): Promise<Condition[]> {
  if (throughs.length === 0) return [];
  const { rows } = await sql<Record<string, number[] | null>>`select ${sql.join(
    throughs.map(
      ({ table, name }, index) =>
        sql`array(select id from ${sql.table(table)} where ${contains(sql.ref(name), word)} limit ${MAX_LISTED_IDS + 1}) as ${sql.ref(`ids${index}`)}`,
    ),
  )}`.execute(db);
  return throughs.flatMap(({ id, table, name }, index) => {
    const ids = rows[0]?.[`ids${index}`] ?? [];
    if (ids.length === 0) return [];
    if (ids.length > MAX_LISTED_IDS) return [throughName(id, table, name)(word)];
    return [sql<SqlBool>`${id} in (${sql.join(ids)})`];
  });
}

/** A closed list's column: sorted and searched by the text the row shows for its value. */
export function closedColumn<Value extends string>(
  column: RawBuilder<unknown>,
  texts: Record<Value, string>,
): SqlColumn {
  return {
    sort: sortText(
      sql`case ${sql.join(
        Object.entries(texts).map(([value, text]) => sql`when ${column} = ${value} then ${text}`),
        sql` `,
      )} end`,
    ),
    search: (word) => displayedAs(column, texts, word),
  };
}

/** Rows showing one of the values whose display text (of the given ones) contains the word. */
export function displayedAs<Value extends string>(
  column: RawBuilder<unknown>,
  texts: Record<Value, string>,
  word: string,
): Condition | null {
  const values = Object.entries(texts)
    .filter(([, text]) => (text as string).toLowerCase().includes(word))
    .map(([value]) => value);
  return values.length > 0 ? sql<SqlBool>`${column} in (${sql.join(values)})` : null;
}

function direction(desc: boolean) {
  return desc ? sql`desc` : sql`asc`;
}

/** An ORDER BY list. */
export function orderSql(order: readonly OrderBy[]): RawBuilder<unknown> {
  return sql.join(order.map(({ by, desc }) => sql`${by} ${direction(desc)}`));
}

/**
 * The rows after the one whose order values are `values`, in `order` (keyset paging): for each
 * expression, those equal on every earlier one and beyond it on this one. The first expression's
 * bound is repeated on its own, so that an index in that order can start there.
 */
function after(order: readonly OrderBy[], values: readonly unknown[]): Condition {
  const beyond = (index: number, orEqual = false) => {
    const entry = order[index] as OrderBy;
    const operator = entry.desc ? (orEqual ? '<=' : '<') : orEqual ? '>=' : '>';
    return sql<SqlBool>`${entry.by} ${sql.raw(operator)} ${values[index]}`;
  };
  const either = order.map((_, index) =>
    sql.join(
      [
        ...order.slice(0, index).map(({ by }, earlier) => sql`${by} = ${values[earlier]}`),
        beyond(index),
      ],
      sql` and `,
    ),
  );
  return sql<SqlBool>`(${beyond(0, true)} and ((${sql.join(either, sql`) or (`)})))`;
}

/**
 * The page the request asks for, or every row in the default order when it sent no paging field
 * (as the legacy server answers). With Page, the count comes first and a page past the middle is
 * read backwards from the end, so that the last page costs what the first does; the first page is
 * read before the count, which it is when it is not full. With After (the
 * key of the last row already read), the rows after that one: an index range, not an offset, and
 * no count (the caller has it from the first page): how an export reads a long list.
 */
export async function sqlPage<Row>(
  db: Db,
  source: SqlSource<Row>,
  list: SqlList,
  request: ListPagingRequest,
  headers: readonly TableHeader[],
): Promise<{ rows: Row[] } | { page: SqlPage<Row> }> {
  const paging = pagingOf(request);
  // The key ends every order in the default order's direction: ties never move between pages.
  const keyDesc = list.order.at(-1)?.desc ?? false;
  const withKey = (order: readonly OrderBy[]) => [...order, { by: list.key, desc: keyDesc }];
  const inOrder = (reverse: boolean, order: readonly OrderBy[]) =>
    withKey(order).map(({ by, desc }) => ({ by, desc: desc !== reverse }));
  if (!paging)
    return { rows: await source.rows(sql<SqlBool>`true`, inOrder(false, list.order), null) };
  checkPaging(paging, headers, Object.keys(list.filters));
  const conditions: Condition[] = Object.entries(paging.Filters ?? {}).map(([field, value]) => {
    const filter = list.filters[field];
    if (!filter) throw new Error(`${field}: checked above`);
    return filter(value);
  });
  const searched = sortableColumns(headers);
  const joined = list.joinedText?.columns.every((value) => searched.includes(value))
    ? list.joinedText
    : undefined;
  const searchable = searched
    .filter((value) => !joined?.columns.includes(value))
    .flatMap((value) => list.columns[value] ?? []);
  const throughs = searchable.flatMap((column) => ('through' in column ? [column.through] : []));
  for (const word of searchWords(paging.Search)) {
    const matches = [
      ...(joined ? [contains(joined.text, word)] : []),
      ...searchable.flatMap((column) => ('search' in column ? (column.search(word) ?? []) : [])),
      ...(await throughConditions(db, throughs, word)),
    ];
    conditions.push(
      matches.length > 0 ? sql<SqlBool>`(${sql.join(matches, sql` or `)})` : sql<SqlBool>`false`,
    );
  }
  const where =
    conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
  const sortColumn = paging.SortBy === undefined ? undefined : list.columns[paging.SortBy];
  // Rows that sort alike keep the default order, as the contract's stable pageRows keeps them.
  const order = sortColumn
    ? [{ by: sortColumn.sort, desc: paging.SortDesc ?? false }, ...list.order]
    : list.order;
  const size = paging.ItemsPerPage ?? PAGE_SIZE;

  if (paging.After !== undefined) {
    const keyed = withKey(order);
    const values = await source.anchor(
      paging.After,
      keyed.map(({ by }) => by),
    );
    if (!values) throw new ListPagingError('After', 'is not a row of this list');
    const rows = await source.rows(
      sql<SqlBool>`${where} and ${after(keyed, values)}`,
      inOrder(false, order),
      { limit: size, offset: 0 },
    );
    return { page: { rows, total: null } };
  }

  const offset = ((paging.Page ?? 1) - 1) * size;
  if (offset === 0) {
    // The first page first: when it is not full it is every row, and its length the count (a
    // search for a tag or a serial number finds one row, and reads the index once, not twice).
    const first = await source.rows(where, inOrder(false, order), { limit: size, offset: 0 });
    if (first.length < size) return { page: { rows: first, total: first.length } };
    return { page: { rows: first, total: await source.count(where) } };
  }
  const total = await source.count(where);
  if (offset >= total) return { page: { rows: [], total } };
  const limit = Math.min(size, total - offset);
  const backwards = offset + limit / 2 > total / 2;
  const rows = await source.rows(where, inOrder(backwards, order), {
    limit,
    offset: backwards ? total - offset - limit : offset,
  });
  return { page: { rows: backwards ? rows.reverse() : rows, total } };
}
