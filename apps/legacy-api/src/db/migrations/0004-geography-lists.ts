import { type Kysely, sql } from 'kysely';

/*
 * States, districts and cities join the master lists (master-data/routes.ts): they get the legacy
 * active status, and their names become unique regardless of case (districts within a state,
 * cities within a district), as the generic store and update calls check.
 */
const statements = [
  ...['states', 'districts', 'cities'].map(
    (table) => `alter table ${table} add column active boolean not null default true`,
  ),
  'create unique index states_name_ci on states (lower(name))',
  'create unique index districts_name_ci on districts (state_id, lower(name))',
  'create unique index cities_name_ci on cities (district_id, lower(name))',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
