/**
 * What other workspaces' tests use to run a real legacy-api: the gateway's suites start it on an
 * ephemeral port over their own copy of the seeded demo database, and make the records they assert
 * on with the same small factories legacy-api's own tests use (values no other call repeats).
 */
export type { Db } from '../db/database.ts';
export { buildApp, loadConfig } from '../embedded.ts';
export { simplePdf } from '../seed/documents.ts';
export {
  aBranch,
  aCity,
  aCompany,
  aDesignation,
  aFreeGstStateCode,
  aGalleryImage,
  aLogin,
  aMasterRecord,
  anAccessory,
  anAsset,
  anAssetLocation,
  anAssetType,
  aPurchaseOrder,
  aStaffMember,
  aVendor,
  FACTORY_ORDER_STATES,
  FACTORY_PASSWORD,
  type FactoryOrderState,
} from './factories.ts';
export { openTestDatabase } from './test-database.ts';
