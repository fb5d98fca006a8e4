import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../seed/reference.ts';
import { type OpenDatabase, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { up } from './0012-accessory-types.ts';

/** What a database holds of the accessory_type module: its pages, menu entry and grants. */
async function moduleRows(database: OpenDatabase) {
  const { db } = database;
  const pages = await sql<{ action: string; title: string }>`select a.code as action, p.title
    from pages p join modules m on m.id = p.module_id join actions a on a.id = p.action_id
    where m.code = 'accessory_type' order by a.code`.execute(db);
  const menus = await sql<{ text: string; link: string; icon: string; parent: string }>`
    select e.text, e.link, e.icon, g.text as parent from menus e
    join modules m on m.id = e.module_id join menus g on g.id = e.parent_id
    where m.code = 'accessory_type'`.execute(db);
  const grants = await sql<{ role: string; action: string }>`select r.code as role, a.code as action
    from role_grants g join roles r on r.id = g.role_id join modules m on m.id = g.module_id
    join actions a on a.id = g.action_id where m.code = 'accessory_type'
    order by r.code, a.code`.execute(db);
  return { pages: pages.rows, menus: menus.rows, grants: grants.rows };
}

describe('migration 0012: accessory types', () => {
  it('gives a database seeded before it the module a fresh database gets from the reference data', async () => {
    const fresh = await openDatabase({ kind: 'pglite-memory' });
    const older = await openDatabase({ kind: 'pglite-memory' });
    try {
      await migrateToLatest(fresh.db);
      await fresh.db.transaction().execute((trx) => seedReferenceData(trx));
      const expected = await moduleRows(fresh);
      expect(expected.pages.map((page) => page.action)).toEqual(['create', 'list']);
      expect(expected.menus).toHaveLength(1);

      // A database as the release before left it: reference data without the module or the
      // table (today's reference data needs today's schema, so it is seeded and then taken back).
      await migrateToLatest(older.db);
      await older.db.transaction().execute(async (trx) => {
        await seedReferenceData(trx);
        const module = sql`(select id from modules where code = 'accessory_type')`;
        for (const table of ['role_grants', 'pages', 'menus'])
          await sql`delete from ${sql.table(table)} where module_id = ${module}`.execute(trx);
        await sql`delete from modules where code = 'accessory_type'`.execute(trx);
        await sql`drop table accessory_types`.execute(trx);
      });
      expect((await moduleRows(older)).grants).toEqual([]);
      await up(older.db);
      expect(await moduleRows(older)).toEqual(expected);
    } finally {
      await fresh.close();
      await older.close();
    }
  });
});
