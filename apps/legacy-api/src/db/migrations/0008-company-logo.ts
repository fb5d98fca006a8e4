import { type Kysely, sql } from 'kysely';

/*
 * Companies get a logo, a gallery image named by its document path as branches name theirs.
 * The reference to the document keeps the link from dangling: an image deleted from the gallery
 * takes the logo with it instead of leaving a broken link on the company.
 */
const statements = [
  'alter table companies add column logo_path text references documents (path) on delete set null',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
