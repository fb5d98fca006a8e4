import { type Kysely, sql } from 'kysely';

/*
 * The simple master lists get the legacy active status (a record InActive is kept for the rows that
 * use it and left out of the select options), and their names become unique regardless of case
 * (under the same parent for sub-categories and asset types), which the store and update calls
 * also check to answer with a clear message.
 */
const TABLES = ['designations', 'categories', 'sub_categories', 'asset_types', 'brands'];

const statements = [
  ...TABLES.map((table) => `alter table ${table} add column active boolean not null default true`),
  'create unique index designations_name_ci on designations (lower(name))',
  'create unique index categories_name_ci on categories (lower(name))',
  'create unique index brands_name_ci on brands (lower(name))',
  'create unique index sub_categories_name_ci on sub_categories (category_id, lower(name))',
  'create unique index asset_types_name_ci on asset_types (sub_category_id, lower(name))',
  // Existing databases: the branch manager may now create and edit the masters they list, as a new
  // database seeds it (seed/reference.ts). Nothing happens on a database not seeded yet.
  `insert into role_grants (role_id, module_id, action_id)
    select roles.id, modules.id, actions.id from roles, modules, actions
    where roles.code = 'manager' and modules.code in ('brand', 'category', 'asset_type')
      and actions.code in ('create', 'edit')
    on conflict do nothing`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
