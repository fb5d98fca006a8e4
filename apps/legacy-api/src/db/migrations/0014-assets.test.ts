import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../seed/reference.ts';
import { moduleRows } from '../../test/module-rows.ts';
import { openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { up } from './0014-assets.ts';

describe('migration 0014: assets', () => {
  it('gives a database seeded before it the module a fresh database gets from the reference data', async () => {
    const fresh = await openDatabase({ kind: 'pglite-memory' });
    const older = await openDatabase({ kind: 'pglite-memory' });
    try {
      await migrateToLatest(fresh.db);
      await fresh.db.transaction().execute((trx) => seedReferenceData(trx));
      const expected = await moduleRows(fresh, 'asset_location');
      expect(expected.pages.map((page) => page.action)).toEqual(['create', 'list']);
      expect(expected.menus).toHaveLength(1);

      // A database as the release before left it: reference data without the module or the
      // table (today's reference data needs today's schema, so it is seeded and then taken back).
      await migrateToLatest(older.db);
      await older.db.transaction().execute(async (trx) => {
        await seedReferenceData(trx);
        const module = sql`(select id from modules where code = 'asset_location')`;
        for (const table of ['role_grants', 'pages', 'menus'])
          await sql`delete from ${sql.table(table)} where module_id = ${module}`.execute(trx);
        await sql`delete from modules where code = 'asset_location'`.execute(trx);
        // Cascade: the keys later migrations' tables hold to them go too.
        await sql`drop table asset_events, assets, asset_tag_counters, asset_locations cascade`.execute(
          trx,
        );
      });
      expect((await moduleRows(older, 'asset_location')).grants).toEqual([]);
      await up(older.db);
      expect(await moduleRows(older, 'asset_location')).toEqual(expected);
    } finally {
      await fresh.close();
      await older.close();
    }
  });
});
