import { type Kysely, sql } from 'kysely';

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

const MODULE = 'accessory_type';

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  const seeded = await sql<{ id: number }>`select id from modules limit 1`.execute(db);
  if (seeded.rows.length === 0) return;
  await sql`insert into modules (code, name) values (${MODULE}, 'Accessory types')`.execute(db);
  await sql`insert into pages (module_id, action_id, title, description)
    select m.id, a.id, p.title, p.description
    from modules m, actions a,
      (values ('list', 'Accessory Types', 'Types of accessories, their units and minimum stock'),
              ('create', 'Create Accessory Type', 'Fill in the details and save'))
        as p (action, title, description)
    where m.code = ${MODULE} and a.code = p.action`.execute(db);
  await sql`insert into menus (parent_id, text, link, icon, style, module_id, sort_order)
    select g.id, 'Accessory Types', '/accessory-type/lists', 'cable', '', m.id,
      coalesce((select max(sort_order) + 1 from menus where parent_id = g.id), 0)
    from menus g, modules m
    where g.parent_id is null and g.text = 'Masters' and m.code = ${MODULE}
    limit 1`.execute(db);
  await sql`insert into role_grants (role_id, module_id, action_id)
    select r.id, m.id, a.id from roles r, modules m, actions a
    where m.code = ${MODULE} and (
      r.code = 'admin'
      or (r.code = 'manager' and a.code in ('list', 'create', 'edit'))
      or (r.code = 'viewer' and a.code = 'list'))`.execute(db);
}
