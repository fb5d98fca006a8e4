import type { FastifyInstance } from 'fastify';
import { type MasterListDescription, registerMasterList } from './master-list.ts';

const PURCHASE_ORDER_LINES = { one: 'purchase order line', many: 'purchase order lines' };

/*
 * The simple master lists. Each is a description; the calls, rules and messages are the generic
 * ones of master-list.ts, and the field names come from the contract (packages/legacy-contract,
 * calls/master-data.ts).
 */
export const MASTER_LISTS: readonly MasterListDescription[] = [
  {
    name: 'designation',
    table: 'designations',
    module: 'designation',
    entity: 'designation',
    nameHeader: 'Designation',
    excelFileName: 'Designations',
    usedBy: [
      { table: 'staff', column: 'designation_id', one: 'staff member', many: 'staff members' },
    ],
  },
  {
    name: 'brand',
    table: 'brands',
    module: 'brand',
    entity: 'brand',
    nameHeader: 'Brand',
    excelFileName: 'Brands',
    usedBy: [{ table: 'purchase_order_lines', column: 'brand_id', ...PURCHASE_ORDER_LINES }],
  },
  {
    name: 'assetCategory',
    table: 'categories',
    module: 'asset_category',
    entity: 'category',
    nameHeader: 'Category',
    excelFileName: 'AssetCategories',
    usedBy: [
      {
        table: 'sub_categories',
        column: 'category_id',
        one: 'sub-category',
        many: 'sub-categories',
      },
    ],
  },
  {
    name: 'subCategory',
    table: 'sub_categories',
    module: 'category',
    entity: 'sub_category',
    nameHeader: 'Sub-category',
    excelFileName: 'SubCategories',
    parent: { table: 'categories', column: 'category_id' },
    usedBy: [
      { table: 'asset_types', column: 'sub_category_id', one: 'asset type', many: 'asset types' },
    ],
  },
  {
    name: 'assetType',
    table: 'asset_types',
    module: 'asset_type',
    entity: 'asset_type',
    nameHeader: 'Asset Type',
    excelFileName: 'AssetTypes',
    parent: { table: 'sub_categories', column: 'sub_category_id' },
    extra: [{ field: 'TaxRate', column: 'tax_rate', header: 'Tax Rate (%)', align: 'end' }],
    usedBy: [{ table: 'purchase_order_lines', column: 'asset_type_id', ...PURCHASE_ORDER_LINES }],
  },
  {
    name: 'state',
    table: 'states',
    module: 'state',
    entity: 'state',
    nameHeader: 'State',
    excelFileName: 'States',
    extra: [
      {
        field: 'GstStateCode',
        column: 'gst_code',
        header: 'GST State Code',
        unique: 'GST state code',
      },
    ],
    usedBy: [
      { table: 'districts', column: 'state_id', one: 'district', many: 'districts' },
      { table: 'branches', column: 'state_id', one: 'branch', many: 'branches' },
      { table: 'vendors', column: 'state_id', one: 'vendor', many: 'vendors' },
    ],
  },
  {
    name: 'district',
    table: 'districts',
    module: 'district',
    entity: 'district',
    nameHeader: 'District',
    excelFileName: 'Districts',
    parent: { table: 'states', column: 'state_id' },
    usedBy: [
      { table: 'cities', column: 'district_id', one: 'city', many: 'cities' },
      { table: 'branches', column: 'district_id', one: 'branch', many: 'branches' },
    ],
  },
  {
    name: 'city',
    table: 'cities',
    module: 'city',
    entity: 'city',
    nameHeader: 'City',
    excelFileName: 'Cities',
    parent: { table: 'districts', column: 'district_id' },
    usedBy: [{ table: 'branches', column: 'city_id', one: 'branch', many: 'branches' }],
  },
];

export async function masterDataRoutes(app: FastifyInstance) {
  for (const description of MASTER_LISTS) registerMasterList(app, description);
}
