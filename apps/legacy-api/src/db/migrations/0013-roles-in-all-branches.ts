import { type Kysely, sql } from 'kysely';

/*
 * A role may work in every active branch, those created later included (the administrator does):
 * its users need no assignment to each new branch to see it in their branch select and chooser.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table roles add column all_branches boolean not null default false`.execute(db);
  await sql`update roles set all_branches = true where code = 'admin'`.execute(db);
}
