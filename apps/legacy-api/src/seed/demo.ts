import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/schema.ts';
import { recordEarlierCondemnations } from './condemnations.ts';
import { seedAccessories, seedAccessoryCatalogue } from './demo/accessories.ts';
import { seedAssets } from './demo/assets.ts';
import { seedAudits } from './demo/audits.ts';
import { seedCatalogue } from './demo/catalogue.ts';
import { seedInstallations } from './demo/installations.ts';
import { seedMaintenance } from './demo/maintenance.ts';
import { seedOrganisation } from './demo/organisation.ts';
import { seedPeople } from './demo/people.ts';
import { planProcurement } from './demo/procurement.ts';
import { ORDERS_PER_BRANCH, seedPurchaseOrders } from './demo/purchase-orders.ts';
import { seedTransfers } from './demo/transfers.ts';
import { seedUnregisteredVendor, seedVendors } from './demo/vendors.ts';
import { BRANCHES, DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts';
import { Random } from './random.ts';
import { seedReferenceData } from './reference.ts';
import { planScale, type ScaleSummary, settleScale } from './scale.ts';

/*
 * The demo company, one module per feature (seed/demo/), each given what the ones before it made,
 * in the order of their dependencies. One random sequence runs through them in that order, so the
 * demo is the same on every machine. Procurement (seed/demo/procurement.ts) is written by the
 * product's own functions, with a random sequence of its own: its orders are submitted while the
 * demo's orders are written (numbered among them by date), and their goods received once the
 * register and the stock exist; installations, condemnation and disposal (seed/demo/installations.ts)
 * follow them the same way, then transfers, then maintenance — contracts, preventive schedules, the
 * scheduler's runs and job orders (seed/demo/maintenance.ts) — on assets whose history ends before.
 */

export { ORDERS_PER_BRANCH };

export interface SeedSummary {
  branches: number;
  staff: number;
  users: number;
  vendors: number;
  purchaseOrders: number;
  purchaseOrderLines: number;
  goodsReceiptNotes: number;
  documents: number;
  auditEntries: number;
  assetLocations: number;
  assets: number;
  assetEvents: number;
  /** SEED_SCALE's orders and their assets, added to the counts above. */
  scale?: ScaleSummary;
}

export interface SeedDemoOptions {
  /** SEED_SCALE: purchase orders added to the demo's history (seed/scale.ts). */
  scale?: number;
}

/**
 * Seeds the demo company into an empty database in one transaction, with `options.scale` orders
 * more (SEED_SCALE, seed/scale.ts; the tables they fill are vacuumed after the commit).
 * Deterministic: the same data on every machine, except that dates are placed relative to `today`.
 */
export async function seedDemo(
  db: Kysely<Database>,
  today: Date = new Date(),
  options: SeedDemoOptions = {},
): Promise<SeedSummary> {
  const random = new Random(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx);
    const organisation = await seedOrganisation(trx);
    const people = await seedPeople(trx, random, organisation, passwordHash);
    const vendors = await seedVendors(trx, random);
    const unregistered = await seedUnregisteredVendor(trx);
    const types = await seedCatalogue(trx);
    await seedAccessoryCatalogue(trx);
    // SEED_SCALE's orders are planned first, so that the demo's own are numbered among them.
    const scale = (options.scale ?? 0) > 0 ? await planScale(trx, options.scale ?? 0, today) : null;
    const ordered = types.filter((type) => type.ordered);
    const procurement = await planProcurement(
      trx,
      { organisation, people, vendors, unregistered, types: ordered, scale },
      today,
    );
    const { orderCount, lineCount, documentCount, auditCount } = await seedPurchaseOrders(
      trx,
      random,
      { organisation, people, vendors, types: ordered, scale, interleaved: procurement },
      today,
    );
    const assets = await seedAssets(trx, random, { organisation, people, vendors, types }, today);
    await seedAccessories(trx, random, { organisation, people, vendors }, today);
    const procured = await procurement.finish();
    // Installations of what the notes received, and old assets condemned and disposed of.
    const workflows = await seedInstallations(trx, { organisation, people }, today);
    const transfers = await seedTransfers(trx, { organisation, people }, today);
    // Maintenance contracts, preventive schedules and job orders, after the assets' other moves.
    const maintenance = await seedMaintenance(trx, { organisation, people, vendors }, today);
    // Physical audits of a few quiet rooms, last: nothing else happens to their assets after.
    const audits = await seedAudits(trx, { organisation, people }, today);

    const summary: SeedSummary = {
      branches: BRANCHES.length,
      staff: BRANCHES.length * 4 + DEMO_USERS.length,
      users: DEMO_USERS.length + BRANCHES.length,
      vendors: vendors.length + 1,
      purchaseOrders: orderCount + procured.purchaseOrders,
      purchaseOrderLines: lineCount + procured.purchaseOrderLines,
      goodsReceiptNotes: procured.goodsReceiptNotes,
      documents: documentCount,
      auditEntries:
        auditCount +
        assets.auditEntries +
        procured.auditEntries +
        workflows.auditEntries +
        transfers.auditEntries +
        maintenance.auditEntries +
        audits.auditEntries,
      assetLocations: assets.assetLocations,
      assets: assets.assets + procured.assets,
      assetEvents:
        assets.assetEvents +
        procured.assetEvents +
        workflows.assetEvents +
        transfers.assetEvents +
        maintenance.assetEvents +
        audits.assetEvents,
    };
    if (!scale) {
      await recordEarlierCondemnations(trx);
      return summary;
    }
    const scaled = await scale.insert();
    await recordEarlierCondemnations(trx);
    return {
      ...summary,
      purchaseOrders: summary.purchaseOrders + scaled.purchaseOrders,
      purchaseOrderLines: summary.purchaseOrderLines + scaled.purchaseOrderLines,
      auditEntries: summary.auditEntries + scaled.auditEntries,
      assets: summary.assets + scaled.assets,
      assetEvents: summary.assetEvents + scaled.assetEvents,
      scale: scaled,
    };
  });
  return seeded.scale ? { ...seeded, scale: await settleScale(db, seeded.scale) } : seeded;
}
