import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { legacyCalls } from '../calls.ts';
import { describeValidationError } from '../errors.ts';
import { masterLists } from './master-data.ts';

function refusal(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  return describeValidationError(result.error);
}

describe('master lists', () => {
  it('derive their field names from the key, and a child names its parent', () => {
    expect(masterLists.subCategory.fields).toEqual({
      key: 'SubCategory',
      id: 'SubCategoryId',
      name: 'SubCategoryName',
      parent: { key: 'Category', id: 'CategoryId', name: 'CategoryName', title: 'Category' },
      grandparent: null,
      extra: ['DepreciationClass'],
      defaults: { DepreciationClass: 'plantAndMachinery' },
    });
    // A city list may also be filtered by its district's state.
    expect(masterLists.city.fields.grandparent).toEqual({ key: 'State', title: 'State' });
    expect(masterLists.assetType.fields.extra).toEqual(['TaxRate']);
    expect(Object.keys(legacyCalls.assetTypeShow.records.shape).sort()).toEqual(
      [
        'AssetTypeId',
        'AssetTypeName',
        'SubCategoryId',
        'SubCategoryName',
        'TaxRate',
        'ActiveStatus',
        'ActiveStatusTxt',
        'EditFlag',
        'DeleteFlag',
      ].sort(),
    );
  });

  it('register six calls per list at the legacy paths', () => {
    expect(legacyCalls.designationLists.path).toBe('api/designation/lists');
    expect(legacyCalls.brandOptions.path).toBe('api/brand/options');
    expect(legacyCalls.assetCategoryStore.path).toBe('api/asset-category/store');
    expect(legacyCalls.subCategoryUpdate.path).toBe('api/category-sub/update');
    expect(legacyCalls.assetTypeDestroy.path).toBe('api/asset-type/destroy');
    expect(legacyCalls.brandDestroy.readOnly).toBe(false);
    expect(legacyCalls.brandShow.readOnly).toBe(true);
  });

  it('leave ActiveStatus and the parent filter optional', () => {
    expect(legacyCalls.brandStore.request.parse({ BrandName: 'Voltas' })).toEqual({
      BrandName: 'Voltas',
    });
    expect(legacyCalls.subCategoryOptions.request.parse({ Category: '3' })).toEqual({
      Category: 3,
    });
    expect(legacyCalls.subCategoryOptions.request.parse({})).toEqual({});
  });

  it('let a request leave out a field with a default, which the row always carries', () => {
    const body = { SubCategoryName: 'Laptops', Category: 1 };
    expect(legacyCalls.subCategoryStore.request.parse(body)).toEqual(body);
    expect(legacyCalls.subCategoryUpdate.request.parse({ ...body, SubCategory: 2 })).toEqual({
      ...body,
      SubCategory: 2,
    });
    expect(
      legacyCalls.subCategoryStore.request.parse({ ...body, DepreciationClass: 'computers' }),
    ).toEqual({ ...body, DepreciationClass: 'computers' });
    expect(
      refusal(legacyCalls.subCategoryStore.request, { ...body, DepreciationClass: 'Laptops' }),
    ).toMatch(/^DepreciationClass must be one of medicalEquipment, lifeSavingMedicalEquipment, /);
    const row = {
      SubCategoryId: 2,
      SubCategoryName: 'Laptops',
      CategoryId: 1,
      CategoryName: 'IT',
      ActiveStatus: 1,
      ActiveStatusTxt: 'Active',
      EditFlag: true,
      DeleteFlag: true,
    };
    expect(legacyCalls.subCategoryShow.records.safeParse(row).success).toBe(false);
    expect(
      legacyCalls.subCategoryShow.records.safeParse({ ...row, DepreciationClass: 'computers' })
        .success,
    ).toBe(true);
    // A list without defaults still requires its further fields.
    expect(masterLists.assetType.fields.defaults).toEqual({});
    expect(
      refusal(legacyCalls.assetTypeStore.request, { AssetTypeName: 'Split AC', SubCategory: 1 }),
    ).toMatch(/^TaxRate /);
  });

  it('name the field and the rule in refusals', () => {
    expect(refusal(legacyCalls.brandStore.request, {})).toBe('BrandName is required');
    expect(refusal(legacyCalls.brandStore.request, { BrandName: '  ' })).toBe(
      'BrandName is required',
    );
    expect(
      refusal(legacyCalls.designationStore.request, { DesignationName: 'x'.repeat(101) }),
    ).toBe('DesignationName must be at most 100 characters');
    expect(refusal(legacyCalls.brandUpdate.request, { BrandName: 'Voltas' })).toBe(
      'Brand is required',
    );
    expect(refusal(legacyCalls.brandStore.request, { BrandName: 'Voltas', ActiveStatus: 2 })).toBe(
      'ActiveStatus must be 1 or 0',
    );
    expect(refusal(legacyCalls.subCategoryStore.request, { SubCategoryName: 'Laptops' })).toBe(
      'Category is required',
    );
    expect(
      refusal(legacyCalls.assetTypeStore.request, {
        AssetTypeName: 'Split AC',
        SubCategory: 1,
        TaxRate: '12.345',
      }),
    ).toBe('TaxRate must be a percentage with at most 2 decimals');
    expect(
      refusal(legacyCalls.assetTypeStore.request, {
        AssetTypeName: 'Split AC',
        SubCategory: 1,
        TaxRate: 120,
      }),
    ).toBe('TaxRate must be a percentage from 0 to 100 with at most 2 decimals');
    expect(refusal(legacyCalls.assetCategoryDestroy.request, { Category: 'x' })).toBe(
      'Category must be a positive whole number',
    );
  });

  it('describe their refusals for the reference', () => {
    expect(legacyCalls.brandDestroy.refusals).toContain('You are not allowed to delete brands.');
    expect(legacyCalls.subCategoryStore.refusals).toContain('Category … does not exist.');
    expect(legacyCalls.brandStore.refusals).not.toContain('Category … does not exist.');
  });
});
