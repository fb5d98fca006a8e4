import { type Kysely, sql } from 'kysely';
import { addModule } from './add-module.ts';

/*
 * Accessory types, a master list (master-data/routes.ts): the unit an accessory is counted in and
 * the stock below which a branch should reorder it. A database already holding the reference data
 * (modules, pages, menus, grants) gets the list's module here as a fresh one gets it from
 * seed/reference.ts: its pages, a Masters menu entry, every grant for administrators, list,
 * create and edit for branch managers (as for the other masters they keep), list for viewers.
 */
const statements = [
  `create table accessory_types (
    id integer generated always as identity primary key,
    name text not null check (char_length(name) between 1 and 100),
    unit text not null check (unit in ('Nos', 'Set', 'Pair', 'Box', 'Metre')),
    minimum_stock integer not null check (minimum_stock between 0 and 1000000),
    active boolean not null default true
  )`,
  'create unique index accessory_types_name_ci on accessory_types (lower(name))',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addModule(db, {
    code: 'accessory_type',
    name: 'Accessory types',
    title: 'Accessory Types',
    description: 'Types of accessories, their units and minimum stock',
    createTitle: 'Create Accessory Type',
    group: 'Masters',
    link: '/accessory-type/lists',
    icon: 'cable',
    grants: { admin: 'all', manager: ['list', 'create', 'edit'], viewer: ['list'] },
  });
}
