import { DEPRECIATION_CLASS_CODES } from '@branch-assets/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { OpenDatabase } from '../database.ts';
import {
  DEPRECIATION_CLASS_CODES_0022,
  depreciationClassByNames,
  up,
} from './0022-depreciation-classes.ts';

/*
 * Migration 0022 classes the sub-categories a database already has by their names, in SQL; the
 * demo catalogue classes its new ones with depreciationClassByNames. Both must say the same, and
 * the migration's codes must be the domain's.
 */

const NAMES: readonly (readonly [string, string, string])[] = [
  ['Medical Equipment', 'Diagnostic Imaging', 'medicalEquipment'],
  [' medical equipment ', 'CRITICAL CARE', 'lifeSavingMedicalEquipment'],
  ['Electrical', 'Critical Care', 'plantAndMachinery'],
  ['IT Equipment', 'Computers', 'computers'],
  ['IT Equipment', 'printers', 'computers'],
  ['IT Equipment', 'Networking', 'serversAndNetworks'],
  ['Furniture', 'Office Furniture', 'furnitureAndFittings'],
  ['Electrical', 'Power Backup', 'electricalInstallations'],
  ['Electrical', 'Air Conditioning', 'electricalInstallations'],
  ['Vehicles', "Ambulance's", 'plantAndMachinery'],
];

let database: OpenDatabase;

beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
});

afterAll(() => database.close());

describe('migration 0022: depreciation classes', () => {
  it('allows exactly the domain’s classes', () => {
    expect([...DEPRECIATION_CLASS_CODES_0022]).toEqual(DEPRECIATION_CLASS_CODES);
  });

  it('classes existing sub-categories by name, as depreciationClassByNames does', async () => {
    const { db } = database;
    const ids: number[] = [];
    for (const [index, [category, sub, expected]] of NAMES.entries()) {
      expect(depreciationClassByNames(category, sub), `${category} / ${sub}`).toBe(expected);
      const { id: categoryId } = await db
        .insertInto('categories')
        .values({ name: `${category}${' '.repeat(index)}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await db
        .insertInto('subCategories')
        .values({ categoryId, name: sub })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    // As the database was before 0022: no column, no indexes; then the migration.
    await sql`alter table sub_categories drop column depreciation_class`.execute(db);
    for (const index of [
      'assets_put_to_use',
      'asset_disposals_disposed_on',
      'asset_transfer_items_received',
    ])
      await sql`drop index ${sql.ref(index)}`.execute(db);
    await up(db);
    const rows = await db
      .selectFrom('subCategories')
      .select(['id', 'depreciationClass'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.depreciationClass)).toEqual(
      NAMES.map(([, , expected]) => expected),
    );
    await expect(
      db
        .updateTable('subCategories')
        .set({ depreciationClass: 'buildings' as never })
        .execute(),
    ).rejects.toThrow();
  });
});
