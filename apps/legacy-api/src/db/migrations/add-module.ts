import { type Kysely, sql } from 'kysely';

/*
 * What a migration adding a module gives a database whose reference data was seeded before it, as
 * a fresh database gets the same from seed/reference.ts: the module, its list and create pages,
 * its menu entry at the end of its group, and its grants. A database without reference data yet
 * (a fresh one) is left alone.
 */
export interface NewModule {
  code: string;
  name: string;
  /** The list page's title and description (also the menu entry's text). */
  title: string;
  description: string;
  createTitle: string;
  group: string;
  link: string;
  icon: string;
  /** Role code → actions; `'all'` for every action. */
  grants: Record<string, readonly string[] | 'all'>;
}

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function addModule(db: Kysely<any>, module: NewModule): Promise<void> {
  const seeded = await sql<{ id: number }>`select id from modules limit 1`.execute(db);
  if (seeded.rows.length === 0) return;
  await sql`insert into modules (code, name) values (${module.code}, ${module.name})`.execute(db);
  await sql`insert into pages (module_id, action_id, title, description)
    select m.id, a.id, p.title, p.description
    from modules m, actions a,
      (values ('list', ${module.title}, ${module.description}),
              ('create', ${module.createTitle}, 'Fill in the details and save'))
        as p (action, title, description)
    where m.code = ${module.code} and a.code = p.action`.execute(db);
  await sql`insert into menus (parent_id, text, link, icon, style, module_id, sort_order)
    select g.id, ${module.title}, ${module.link}, ${module.icon}, '', m.id,
      coalesce((select max(sort_order) + 1 from menus where parent_id = g.id), 0)
    from menus g, modules m
    where g.parent_id is null and g.text = ${module.group} and m.code = ${module.code}
    limit 1`.execute(db);
  for (const [role, actions] of Object.entries(module.grants)) {
    await sql`insert into role_grants (role_id, module_id, action_id)
      select r.id, m.id, a.id from roles r, modules m, actions a
      where m.code = ${module.code} and r.code = ${role}
        and (${actions === 'all'} or a.code = any(${actions === 'all' ? [] : [...actions]}))`.execute(
      db,
    );
  }
}
