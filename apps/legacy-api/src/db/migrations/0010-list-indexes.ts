import { type Kysely, sql } from 'kysely';

/*
 * Paged lists (a lists call with Page): a branch's purchase orders are read a page at a time in
 * the default order (purchase_orders_billed_idx, from the start), by number, or by status.
 */
const statements = [
  'create index purchase_orders_number_idx on purchase_orders (billed_branch_id, (lower(po_number) collate "C"), po_date desc, id desc)',
  'create index purchase_orders_status_idx on purchase_orders (billed_branch_id, status, po_date desc, id desc)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
