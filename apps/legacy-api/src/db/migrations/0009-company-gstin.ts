import { type Kysely, sql } from 'kysely';

/*
 * Companies get the GSTIN of their registered office. Optional: a company may be registered for
 * GST only through its branches' state registrations (and the production seed's placeholder
 * company has none yet). Two companies never share one registration.
 */
const statements = [
  'alter table companies add column gstin text',
  'create unique index companies_gstin on companies (gstin) where gstin is not null',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
