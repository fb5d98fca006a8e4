import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_TEXT } from '../../assets/rows.ts';
import { contains, textColumn } from '../../shared/sql-page.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { OpenDatabase } from '../database.ts';

/*
 * An index serves a query only when the query's expression is the index's, character for
 * character: the lists' search and sort are written in code, the indexes in the migration.
 */
describe('migration 0016: search indexes', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase({ empty: true });
  });
  afterAll(() => database.close());

  async function plan(query: RawBuilder<unknown>): Promise<string> {
    return database.db.transaction().execute(async (trx) => {
      // Tables this small are read whole: only the choice between indexes is left to see.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`explain ${query}`.execute(trx);
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });
  }

  it.each([
    [
      'an asset search word',
      sql`select id from assets a where ${contains(OWN_TEXT, 'ecg')}`,
      'assets_search_trgm',
    ],
    [
      'a purchase order number search word',
      sql`select id from purchase_orders where ${contains(sql`po_number`, '2026')}`,
      'purchase_orders_number_trgm',
    ],
    [
      'the register sorted by name',
      sql`select id from assets a order by ${textColumn(sql`a.name`).sort}, a.tag, a.id limit 10`,
      'assets_name_sort',
    ],
  ])('%s is answered from its index', async (_, query, index) => {
    expect(await plan(query)).toContain(index);
  });
});
