import type { PurchaseOrderChoices } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';

/** The order form's choices for a billed branch (active records only) and its defaults. */
export async function purchaseOrderChoices(
  db: Db,
  billedBranchId: number,
): Promise<PurchaseOrderChoices> {
  const [branch, vendors, categories, subCategories, types, accessories] = await Promise.all([
    db
      .selectFrom('branches as b')
      .innerJoin('states as s', 's.id', 'b.stateId')
      .innerJoin('companies as c', 'c.id', 'b.companyId')
      .select(['s.gstCode', 'c.purchaseTerms'])
      .where('b.id', '=', billedBranchId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('vendors')
      .select(['id', 'name', 'gstin'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('subCategories')
      .select(['id', 'name', 'categoryId'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('assetTypes')
      .select(['id', 'name', 'subCategoryId', 'taxRate'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('accessories')
      .select(['id', 'name', 'unit'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
  ]);
  return {
    Terms: branch.purchaseTerms,
    StateCode: branch.gstCode,
    Vendors: vendors.map((vendor) => ({
      VendorId: vendor.id,
      VendorName: vendor.name,
      Gstin: vendor.gstin ?? '',
    })),
    Categories: categories.map((category) => ({
      CategoryId: category.id,
      CategoryName: category.name,
    })),
    SubCategories: subCategories.map((sub) => ({
      SubCategoryId: sub.id,
      SubCategoryName: sub.name,
      CategoryId: sub.categoryId,
    })),
    AssetTypes: types.map((type) => ({
      AssetTypeId: type.id,
      AssetTypeName: type.name,
      SubCategoryId: type.subCategoryId,
      TaxRate: Number(type.taxRate),
    })),
    Accessories: accessories.map((accessory) => ({
      AccessoryId: accessory.id,
      AccessoryName: accessory.name,
      Unit: accessory.unit,
    })),
  };
}
