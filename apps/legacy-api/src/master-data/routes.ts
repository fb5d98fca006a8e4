import type { FastifyInstance } from 'fastify';
import { usedBy } from '../shared/record-calls.ts';
import { registerMasterList, resolveMasterLists } from './master-list.ts';

const usedByOrderLines = (column: string) =>
  usedBy('purchase_order_lines', column, 'purchase order line', 'purchase order lines');
const usedByBranches = (column: string) => usedBy('branches', column, 'branch', 'branches');

/*
 * The simple master lists. Each is a description of its table and what uses it; the calls, rules
 * and messages are the generic ones of master-list.ts, and the names, titles and parents come from
 * the contract (packages/legacy-contract, calls/master-data.ts). The grant modules and audit
 * entities are the list's name in snake case but for the two the legacy grants name otherwise.
 */
export const MASTER_LISTS = resolveMasterLists({
  designation: {
    table: 'designations',
    usedBy: [usedBy('staff', 'designation_id', 'staff member', 'staff members')],
  },
  brand: { table: 'brands', usedBy: [usedByOrderLines('brand_id')] },
  assetCategory: {
    table: 'categories',
    entity: 'category',
    usedBy: [usedBy('sub_categories', 'category_id', 'sub-category', 'sub-categories')],
  },
  subCategory: {
    table: 'sub_categories',
    module: 'category',
    usedBy: [usedBy('asset_types', 'sub_category_id', 'asset type', 'asset types')],
  },
  assetType: {
    table: 'asset_types',
    extra: [{ field: 'TaxRate', column: 'tax_rate', header: 'Tax Rate (%)', align: 'end' }],
    usedBy: [usedByOrderLines('asset_type_id')],
  },
  state: {
    table: 'states',
    extra: [
      {
        field: 'GstStateCode',
        column: 'gst_code',
        header: 'GST State Code',
        unique: 'GST state code',
      },
    ],
    usedBy: [
      usedBy('districts', 'state_id', 'district', 'districts'),
      usedByBranches('state_id'),
      usedBy('vendors', 'state_id', 'vendor', 'vendors'),
    ],
  },
  district: {
    table: 'districts',
    usedBy: [usedBy('cities', 'district_id', 'city', 'cities'), usedByBranches('district_id')],
  },
  city: { table: 'cities', usedBy: [usedByBranches('city_id')] },
});

export async function masterDataRoutes(app: FastifyInstance) {
  for (const description of MASTER_LISTS) registerMasterList(app, description);
}
