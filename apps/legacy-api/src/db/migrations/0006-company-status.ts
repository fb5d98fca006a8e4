import { type Kysely, sql } from 'kysely';

/*
 * Companies get the legacy active status (an InActive company stays on its branches and leaves the
 * select options), and their names become unique regardless of case and their PANs unique, which
 * the store and update calls also check to answer with a clear message.
 */
const statements = [
  'alter table companies add column active boolean not null default true',
  'create unique index companies_name_ci on companies (lower(name))',
  'create unique index companies_pan on companies (pan)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
