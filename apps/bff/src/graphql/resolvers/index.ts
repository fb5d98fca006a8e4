import type { Resolvers } from '../../generated/resolvers.ts';
import { accessoryResolvers } from './accessories.ts';
import { assetAuditResolvers } from './asset-audits.ts';
import { assetResolvers } from './assets.ts';
import { branchRecordResolvers } from './branch-records.ts';
import { companyResolvers } from './companies.ts';
import { galleryResolvers } from './gallery.ts';
import { installationResolvers } from './installations.ts';
import { jobOrderResolvers } from './job-orders.ts';
import { listResolvers } from './lists.ts';
import { maintenanceResolvers } from './maintenance.ts';
import { masterListResolvers } from './master-lists.ts';
import { menuItemResolvers } from './menu-items.ts';
import { permissionResolvers } from './permissions.ts';
import { procurementResolvers } from './procurement.ts';
import { purchaseOrderResolvers } from './purchase-orders.ts';
import { reportResolvers } from './reports.ts';
import { CalendarDate, DateTime, Decimal } from './scalars.ts';
import { sessionResolvers } from './session.ts';
import { staffResolvers } from './staff.ts';
import { starredPageResolvers } from './starred-pages.ts';
import { transferResolvers } from './transfers.ts';
import { vendorResolvers } from './vendors.ts';

/** Each area's resolvers are merged type by type (no area may define the same field twice). */
function merge(...parts: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part)) {
      merged[type] ??= {};
      const target = merged[type];
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in target) throw new Error(`${type}.${field} is resolved twice`);
        target[field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}

export const resolvers: Resolvers = {
  ...merge(
    sessionResolvers,
    purchaseOrderResolvers,
    procurementResolvers,
    listResolvers,
    starredPageResolvers,
    masterListResolvers,
    vendorResolvers,
    companyResolvers,
    branchRecordResolvers,
    galleryResolvers,
    permissionResolvers,
    menuItemResolvers,
    staffResolvers,
    assetResolvers,
    accessoryResolvers,
    installationResolvers,
    transferResolvers,
    jobOrderResolvers,
    maintenanceResolvers,
    assetAuditResolvers,
    reportResolvers,
  ),
  Decimal,
  DateTime,
  Date: CalendarDate,
};
