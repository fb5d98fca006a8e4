import { type Kysely, sql } from 'kysely';

/*
 * A counter the reports' cache reads to know whether what it holds is still what the database
 * says (reports/figures-cache.ts): every statement that writes an asset, its disposal, a transfer
 * of it, or the catalogue and branches the reports group by, moves it on. A sequence, not a row,
 * so that writers never wait on one another for it (nextval takes no lock a transaction keeps).
 */

const TABLES = [
  'assets',
  'asset_disposals',
  'asset_transfers',
  'asset_transfer_items',
  'asset_types',
  'sub_categories',
  'categories',
  'branches',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('create sequence report_data_version').execute(db);
  await sql
    .raw(`create function report_data_changed() returns trigger language plpgsql as $$
      begin
        perform nextval('report_data_version');
        return null;
      end $$`)
    .execute(db);
  for (const table of TABLES)
    await sql
      .raw(`create trigger ${table}_report_data after insert or update or delete or truncate
        on ${table} for each statement execute function report_data_changed()`)
      .execute(db);
}
