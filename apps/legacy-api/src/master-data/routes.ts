import type { FastifyInstance } from 'fastify';
import { registerMasterList, resolveMasterLists } from './master-list.ts';

/*
 * The simple master lists. Each is a description of its table; what uses a record comes from the
 * database's foreign keys (src/db/references.ts); the calls, rules
 * and messages are the generic ones of master-list.ts, and the names, titles and parents come from
 * the contract (packages/legacy-contract, calls/master-data.ts), and so does the grant module. The
 * audit entity is the list's name in snake case but for the one the legacy log names otherwise.
 */
export const MASTER_LISTS = resolveMasterLists({
  designation: { table: 'designations' },
  brand: { table: 'brands' },
  assetCategory: { table: 'categories', entity: 'category' },
  subCategory: { table: 'sub_categories' },
  assetType: {
    table: 'asset_types',
    extra: { TaxRate: { header: 'Tax Rate (%)', align: 'end' } },
  },
  state: {
    table: 'states',
    extra: {
      GstStateCode: { column: 'gst_code', header: 'GST State Code', unique: 'GST state code' },
    },
  },
  district: { table: 'districts' },
  city: { table: 'cities' },
  accessoryType: { table: 'accessory_types' },
});

export async function masterDataRoutes(app: FastifyInstance) {
  for (const description of MASTER_LISTS) registerMasterList(app, description);
}
