import { type Kysely, sql } from 'kysely';

/*
 * Vendors get their PAN (already inside their GSTIN, characters 3 to 12, which fills it for the
 * vendors there are) and bank details for payments (all given or none, which the calls check).
 */
const statements = [
  'alter table vendors add column pan char(10)',
  'update vendors set pan = substr(gstin, 3, 10)',
  'alter table vendors alter column pan set not null',
  'alter table vendors add column bank_name text',
  'alter table vendors add column bank_account_number text',
  'alter table vendors add column bank_ifsc char(11)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
