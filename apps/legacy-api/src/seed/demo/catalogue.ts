import { ASSET_TYPES } from '../demo-data.ts';
import type { Trx } from './shared.ts';

/** The demo's catalogue: categories, sub-categories, asset types with their GST rates, and brands. */

export interface DemoAssetType {
  id: number;
  spec: (typeof ASSET_TYPES)[number];
  brandIds: number[];
}

export async function seedCatalogue(trx: Trx): Promise<DemoAssetType[]> {
  const types: DemoAssetType[] = [];
  const brandIds = new Map<string, number>();
  for (const spec of ASSET_TYPES) {
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
        .values({ categoryId: category.id, name: spec.subCategory })
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
    types.push({ id: type.id, spec, brandIds: ids });
  }

  return types;
}
