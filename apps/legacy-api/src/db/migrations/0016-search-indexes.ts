import { type Kysely, sql } from 'kysely';

/*
 * Free-text search of the large lists (docs/assets.md, "Search at scale"). A search word must be
 * in some column as the row shows it (contains, not starts with), which no b-tree serves; trigram
 * indexes (pg_trgm) do, for words of three characters or more:
 * - assets: tag, name, model and serial number joined by spaces (assets/rows.ts searches that
 *   same expression, character for character), one index for the four;
 * - purchase order numbers, which the register and the orders list search through.
 * Names of the small tables (brands, types, branches, rooms, staff) are read first and matched by
 * id, which the b-tree indexes on the references answer.
 *
 * pg_trgm ships with PostgreSQL (contrib) and PGlite loads it (db/database.ts); it is a trusted
 * extension, which a database's owner may create. Where a server has it not or refuses it, the
 * indexes are left out and search reads the table: the same answers, slower.
 */
const ASSET_TEXT = `lower(tag || ' ' || name || ' ' || coalesce(model, '') || ' ' || coalesce(serial_number, ''))`;

/** Sorting the register by name, which the administrator's register would otherwise sort whole. */
const NAME_SORT = `create index assets_name_sort on assets ((lower(coalesce(name, '')) collate "C"), tag, id)`;

const statements = [
  `create index assets_search_trgm on assets using gin ((${ASSET_TEXT}) gin_trgm_ops)`,
  'create index purchase_orders_number_trgm on purchase_orders using gin ((lower(po_number)) gin_trgm_ops)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(NAME_SORT).execute(db);
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(
    db,
  );
  if (available.rows.length === 0) return;
  // Migrations run in one transaction: a refusal must not undo the others.
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
    return;
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}
