import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as initial from './migrations/0001-initial.ts';
import * as starredPages from './migrations/0002-starred-pages.ts';
import * as masterLists from './migrations/0003-master-lists.ts';
import * as geographyLists from './migrations/0004-geography-lists.ts';
import * as vendorDetails from './migrations/0005-vendor-details.ts';
import * as companyStatus from './migrations/0006-company-status.ts';
import * as gallery from './migrations/0007-gallery.ts';
import * as companyLogo from './migrations/0008-company-logo.ts';
import * as companyGstin from './migrations/0009-company-gstin.ts';
import * as listIndexes from './migrations/0010-list-indexes.ts';
import * as loginThrottle from './migrations/0011-login-throttle-and-idempotency.ts';
import * as accessoryTypes from './migrations/0012-accessory-types.ts';
import * as rolesInAllBranches from './migrations/0013-roles-in-all-branches.ts';
import * as assets from './migrations/0014-assets.ts';
import * as accessories from './migrations/0015-accessories.ts';
import * as searchIndexes from './migrations/0016-search-indexes.ts';
import * as procurement from './migrations/0017-procurement.ts';
import * as installations from './migrations/0018-installations.ts';
import * as transfers from './migrations/0019-transfers.ts';
import * as maintenance from './migrations/0020-maintenance.ts';
import * as assetAudits from './migrations/0021-asset-audits.ts';
import * as depreciationClasses from './migrations/0022-depreciation-classes.ts';
import * as reportDataVersion from './migrations/0023-report-data-version.ts';

/** Migrations are listed here, in order, so that they travel with the code (no directory scanning). */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-starred-pages': starredPages,
  '0003-master-lists': masterLists,
  '0004-geography-lists': geographyLists,
  '0005-vendor-details': vendorDetails,
  '0006-company-status': companyStatus,
  '0007-gallery': gallery,
  '0008-company-logo': companyLogo,
  '0009-company-gstin': companyGstin,
  '0010-list-indexes': listIndexes,
  '0011-login-throttle-and-idempotency': loginThrottle,
  '0012-accessory-types': accessoryTypes,
  '0013-roles-in-all-branches': rolesInAllBranches,
  '0014-assets': assets,
  '0015-accessories': accessories,
  '0016-search-indexes': searchIndexes,
  '0017-procurement': procurement,
  '0018-installations': installations,
  '0019-transfers': transfers,
  '0020-maintenance': maintenance,
  '0021-asset-audits': assetAudits,
  '0022-depreciation-classes': depreciationClasses,
  '0023-report-data-version': reportDataVersion,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: migrations run before and regardless of the table types
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error('Database migration failed', { cause: error });
  return (results ?? []).map((result) => result.migrationName);
}
