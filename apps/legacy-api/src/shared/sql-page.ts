import { PAGE_SIZE } from '@branch-assets/domain';
import {
  checkPaging,
  type ListPagingRequest,
  pagingOf,
  searchWords,
  sortableColumns,
  type TableHeader,
} from '@branch-assets/legacy-contract';
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { SqlPage } from './list-payload.ts';

/*
 * A large list answered a page at a time in SQL, with the meaning the contract gives the paging
 * fields (packages/legacy-contract/src/paging.ts): Search's words each match some column as the
 * row shows it, case-insensitively; Filters keep rows showing exactly a value; SortBy orders by a
 * column as it sorts (a date by date), ties broken by the list's key. A list describes its columns
 * in SQL once; lists that fit in memory page with the contract's pageRows instead.
 */

type Condition = RawBuilder<SqlBool>;

export interface SqlColumn {
  /**
   * What the column sorts by: the underlying value (a date, not its text); text as
   * {@link sortText} makes it, so that every server sorts text alike.
   */
  sort: RawBuilder<unknown>;
  /** Rows whose cell shows the lower-case word; none when the column cannot show it. */
  search: (word: string) => Condition | null;
}

export interface SqlList {
  /** Every sortable column of the list's headers, by header value. */
  columns: Record<string, SqlColumn>;
  /** The filters the list offers: row field → rows showing exactly the value. */
  filters: Record<string, (value: string | number | boolean) => Condition>;
  /** The default order, before the key. */
  order: readonly { by: RawBuilder<unknown>; desc: boolean }[];
  /** A unique column that ends every order, so that pages never overlap. */
  key: RawBuilder<unknown>;
}

/** Text as the contract's pageRows sorts it: lower-cased, in code point order. */
export function sortText(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`lower(${text}) collate "C"`;
}

/** Rows whose text contains the (lower-case) word; no LIKE escaping needed. */
export function contains(text: RawBuilder<unknown>, word: string): Condition {
  return sql<SqlBool>`strpos(lower(${text}), ${word}) > 0`;
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

/**
 * The page the request asks for, or every row in the default order when it sent no paging field
 * (as the legacy server answers). The count comes first: a page past the middle is read backwards
 * from the end, so that the last page costs what the first does.
 */
export async function sqlPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  list: SqlList,
  request: ListPagingRequest,
  headers: readonly TableHeader[],
): Promise<{ rows: Row[] } | { page: SqlPage<Row> }> {
  const paging = pagingOf(request);
  // The key ends every order in the default order's direction: ties never move between pages.
  const keyDesc = list.order.at(-1)?.desc ?? false;
  const inOrder = (reverse: boolean, order: SqlList['order']) =>
    sql.join(
      [...order, { by: list.key, desc: keyDesc }].map(
        ({ by, desc }) => sql`${by} ${direction(desc !== reverse)}`,
      ),
    );
  if (!paging) {
    const rows = await query.orderBy(inOrder(false, list.order)).execute();
    return { rows };
  }
  checkPaging(paging, headers, Object.keys(list.filters));
  const conditions: Condition[] = Object.entries(paging.Filters ?? {}).map(([field, value]) => {
    const filter = list.filters[field];
    if (!filter) throw new Error(`${field}: checked above`);
    return filter(value);
  });
  const searchable = sortableColumns(headers).flatMap((value) => list.columns[value] ?? []);
  for (const word of searchWords(paging.Search)) {
    const matches = searchable.flatMap((column) => column.search(word) ?? []);
    conditions.push(
      matches.length > 0 ? sql<SqlBool>`(${sql.join(matches, sql` or `)})` : sql<SqlBool>`false`,
    );
  }
  const where =
    conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
  const filtered = query.where(where);
  const counted = await filtered
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  const total = Number((counted as { total: number }).total);
  const size = paging.ItemsPerPage ?? PAGE_SIZE;
  const offset = ((paging.Page ?? 1) - 1) * size;
  if (offset >= total) return { page: { rows: [], total } };
  const sortColumn = paging.SortBy === undefined ? undefined : list.columns[paging.SortBy];
  // Rows that sort alike keep the default order, as the contract's stable pageRows keeps them.
  const order = sortColumn
    ? [{ by: sortColumn.sort, desc: paging.SortDesc ?? false }, ...list.order]
    : list.order;
  const limit = Math.min(size, total - offset);
  const backwards = offset + limit / 2 > total / 2;
  const rows = await filtered
    .orderBy(inOrder(backwards, order))
    .limit(limit)
    .offset(backwards ? total - offset - limit : offset)
    .execute();
  return { page: { rows: backwards ? rows.reverse() : rows, total } };
}
