import type { ListPagingRequest, TableHeader } from '@branch-assets/legacy-contract';
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { listPayload } from './list-payload.ts';
import { orderSql, type SqlList, type SqlSource, sqlPage } from './sql-page.ts';

/*
 * A list read in SQL from one query of its table, in the user's scope: how a document list
 * (goods receive notes, installations, transfers) gives the SQL pager its rows, count and anchor,
 * and wraps its page as the legacy payload. The scope is in both queries; Search's and Filters'
 * conditions use the list's own table (sql-page.ts), so the count needs no more joins than theirs.
 */

// biome-ignore lint/suspicious/noExplicitAny: the queries' table aliases are each list's own
type Query<Row> = SelectQueryBuilder<Database, any, Row>;

export interface QueryList<Stored, Row> {
  /** The rows' query, scoped: the table, the joins the row needs, its columns. */
  rows: () => Query<Stored>;
  /** The count's query, scoped, selecting nothing yet. */
  count: () => Query<object>;
  /** The list's key column as the rows' query names it ('n.id'). */
  key: string;
  list: SqlList;
  headers: TableHeader[];
  toRow: (stored: Stored) => Row;
  itemKey: string;
  canDownload: boolean;
  excelFileName: string;
}

export function querySource<Stored>(
  rows: () => Query<Stored>,
  count: () => Query<object>,
  key: string,
): SqlSource<Stored> {
  return {
    count: async (where) =>
      (
        await count()
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow()
      ).total,
    rows: async (where, order, window) => {
      let query = rows().where(where).orderBy(orderSql(order));
      if (window) query = query.limit(window.limit).offset(window.offset);
      return query.execute();
    },
    anchor: async (id, order) => {
      const row = await rows()
        .where(sql<SqlBool>`${sql.ref(key)} = ${id}`)
        .clearSelect()
        .select(order.map((by: RawBuilder<unknown>, index) => sql`${by}`.as(`v${index}`)))
        .executeTakeFirst();
      return row && order.map((_, index) => (row as Record<string, unknown>)[`v${index}`]);
    },
  };
}

/** The list's answer to the request: a page (with TotalCount) or every row, as the legacy payload. */
export async function queryListPayload<Stored, Row>(
  db: Db,
  request: ListPagingRequest,
  options: QueryList<Stored, Row>,
) {
  const source = querySource(options.rows, options.count, options.key);
  const answer = await sqlPage(db, source, options.list, request, options.headers);
  const common = {
    headers: options.headers,
    itemKey: options.itemKey,
    canDownload: options.canDownload,
    excelFileName: options.excelFileName,
    request,
    filters: Object.keys(options.list.filters),
  };
  return 'page' in answer
    ? listPayload({
        ...common,
        page: { rows: answer.page.rows.map(options.toRow), total: answer.page.total },
      })
    : listPayload({ ...common, rows: answer.rows.map(options.toRow) });
}
