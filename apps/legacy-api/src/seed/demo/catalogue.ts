import { depreciationClassByNames } from '../../db/migrations/0022-depreciation-classes.ts';
import { ASSET_TYPES, UNORDERED_ASSET_TYPES } from '../demo-data.ts';
import type { Trx } from './shared.ts';

/**
 * The demo's catalogue: categories, sub-categories, asset types with their GST rates, brands, and
 * the accessory types a hospital's equipment needs. The types its orders buy come first, then the
 * ones only its opening balances have (UNORDERED_ASSET_TYPES), so the first keep their ids.
 */

export interface DemoAssetType {
  id: number;
  spec: (typeof ASSET_TYPES)[number];
  brandIds: number[];
  /** Whether the demo's orders buy it (ASSET_TYPES), or only opening balances have it. */
  ordered: boolean;
}

const ACCESSORY_TYPES = [
  { name: 'BP cuff, adult', unit: 'Nos', minimumStock: 10 },
  { name: 'ECG lead set, 5-lead', unit: 'Set', minimumStock: 4 },
  { name: 'SpO2 finger probe', unit: 'Nos', minimumStock: 6 },
  { name: 'Defibrillator pads', unit: 'Pair', minimumStock: 8 },
  { name: 'Thermal printer paper', unit: 'Box', minimumStock: 5 },
  { name: 'Oxygen tubing', unit: 'Metre', minimumStock: 50 },
  { name: 'Nebuliser mask kit', unit: 'Nos', minimumStock: 0 },
] as const;

export async function seedCatalogue(trx: Trx): Promise<DemoAssetType[]> {
  const types: DemoAssetType[] = [];
  const brandIds = new Map<string, number>();
  const specs = [
    ...ASSET_TYPES.map((spec) => ({ spec, ordered: true })),
    ...UNORDERED_ASSET_TYPES.map((spec) => ({ spec, ordered: false })),
  ];
  for (const { spec, ordered } of specs) {
    const category =
      (await trx
        .selectFrom('categories')
        .select('id')
        .where('name', '=', spec.category)
        .executeTakeFirst()) ??
      (await trx
        .insertInto('categories')
        .values({ name: spec.category })
        .returning('id')
        .executeTakeFirstOrThrow());
    const sub =
      (await trx
        .selectFrom('subCategories')
        .select('id')
        .where('categoryId', '=', category.id)
        .where('name', '=', spec.subCategory)
        .executeTakeFirst()) ??
      (await trx
        .insertInto('subCategories')
        .values({
          categoryId: category.id,
          name: spec.subCategory,
          // The same rules migration 0022 classed existing sub-categories by: one place for both.
          depreciationClass: depreciationClassByNames(spec.category, spec.subCategory),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    const type = await trx
      .insertInto('assetTypes')
      .values({ subCategoryId: sub.id, name: spec.type, taxRate: String(spec.taxRate) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const brand of spec.brands) {
      let id = brandIds.get(brand);
      if (id === undefined) {
        id = (
          await trx
            .insertInto('brands')
            .values({ name: brand })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        brandIds.set(brand, id);
      }
      ids.push(id);
    }
    types.push({ id: type.id, spec, brandIds: ids, ordered });
  }
  await trx.insertInto('accessoryTypes').values(ACCESSORY_TYPES).execute();
  return types;
}
