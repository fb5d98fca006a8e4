import { sql } from 'kysely';
import type { OpenDatabase } from '../db/database.ts';

/** What a database holds of a module: its pages, menu entry and grants (migration tests). */
export async function moduleRows(database: OpenDatabase, code: string) {
  const { db } = database;
  const pages = await sql<{ action: string; title: string }>`select a.code as action, p.title
    from pages p join modules m on m.id = p.module_id join actions a on a.id = p.action_id
    where m.code = ${code} order by a.code`.execute(db);
  const menus = await sql<{ text: string; link: string; icon: string; parent: string }>`
    select e.text, e.link, e.icon, g.text as parent from menus e
    join modules m on m.id = e.module_id join menus g on g.id = e.parent_id
    where m.code = ${code}`.execute(db);
  const grants = await sql<{ role: string; action: string }>`select r.code as role, a.code as action
    from role_grants g join roles r on r.id = g.role_id join modules m on m.id = g.module_id
    join actions a on a.id = g.action_id where m.code = ${code}
    order by r.code, a.code`.execute(db);
  return { pages: pages.rows, menus: menus.rows, grants: grants.rows };
}
