import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { OpenDatabase } from '../db/database.ts';
import { openTestDatabase } from './test-database.ts';

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

/**
 * A migration that adds a module (migrations/add-module.ts) gives a database seeded before it the
 * module a fresh database gets from the reference data. The database "before" is today's with the
 * module and `tables` taken back (today's reference data needs today's schema, so it is seeded and
 * then undone; cascade drops the keys later migrations' tables hold to them).
 */
export async function expectModuleMigration(options: {
  code: string;
  tables: readonly string[];
  // biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was
  up: (db: Kysely<any>) => Promise<void>;
}): Promise<void> {
  const { code } = options;
  const fresh = await openTestDatabase({ reference: true });
  const older = await openTestDatabase({ reference: true });
  try {
    const expected = await moduleRows(fresh, code);
    expect(expected.pages.map((page) => page.action)).toEqual(['create', 'list']);
    expect(expected.menus).toHaveLength(1);

    await older.db.transaction().execute(async (trx) => {
      const module = sql`(select id from modules where code = ${code})`;
      for (const table of ['role_grants', 'pages', 'menus'])
        await sql`delete from ${sql.table(table)} where module_id = ${module}`.execute(trx);
      await sql`delete from modules where code = ${code}`.execute(trx);
      await sql`drop table ${sql.join(options.tables.map((table) => sql.table(table)))} cascade`.execute(
        trx,
      );
    });
    expect((await moduleRows(older, code)).grants).toEqual([]);
    await options.up(older.db);
    expect(await moduleRows(older, code)).toEqual(expected);
  } finally {
    await fresh.close();
    await older.close();
  }
}
