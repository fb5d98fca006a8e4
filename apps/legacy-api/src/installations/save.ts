import {
  ASSET_STATUS_TEXT,
  type AssetStatus,
  financialYear,
  indianDate,
} from '@branch-assets/domain';
import type { AssetInstallationSaveRequest } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { documentNumber, nextSequence } from '../purchase-orders/submit.ts';
import { staffInBranches } from '../staff/in-branches.ts';
import { namedVendor } from '../vendors/named-vendor.ts';
import { MODULE } from './list.ts';
import { assetOnPendingInstallation } from './pending.ts';

/*
 * Recording an installation (docs/workflows.md): In stock assets of one branch, installed at one
 * of its locations, by the vendor's engineer or a staff member, with the checklist. The assets'
 * rows are locked first, so two recordings of one asset at once take turns and the second finds
 * the first's. Nothing about the assets changes until sign-off; each asset's timeline says it was
 * recorded.
 */

export const NOT_YOUR_BRANCH = 'You do not work in that branch.';
/** A clock a few minutes fast on a phone is not a time in the future. */
const CLOCK_SLACK_MS = 5 * 60_000;

export interface LockedAsset {
  id: number;
  tag: string;
  branchId: number;
  assetStatus: string;
}

/** The assets' rows, locked in id order (two transactions locking the same set never deadlock). */
export async function lockAssets(trx: Db, ids: readonly number[]): Promise<LockedAsset[]> {
  const rows = await trx
    .selectFrom('assets')
    .select(['id', 'tag', 'branchId', 'assetStatus'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new Refusal(`Asset ${missing} does not exist.`);
  return rows;
}

export function statusText(status: string): string {
  return ASSET_STATUS_TEXT[status as AssetStatus] ?? status;
}

/** One timeline entry per asset, in one statement (an installation may name hundreds). */
export async function recordEvents(
  trx: Db,
  assetIds: readonly number[],
  event: { kind: string; userId: number | null; reason: string; changes?: (id: number) => object },
): Promise<void> {
  if (assetIds.length === 0) return;
  await trx
    .insertInto('assetEvents')
    .values(
      assetIds.map((assetId) => ({
        assetId,
        kind: event.kind,
        userId: event.userId,
        reason: event.reason,
        changes: JSON.stringify(event.changes?.(assetId) ?? {}),
      })),
    )
    .execute();
}

async function checkParties(trx: Db, branchId: number, body: AssetInstallationSaveRequest) {
  const location = await trx
    .selectFrom('assetLocations')
    .select(['id', 'name', 'branchId', 'active'])
    .where('id', '=', body.Location)
    .executeTakeFirst();
  const branch = await trx
    .selectFrom('branches')
    .select(['id', 'code'])
    .where('id', '=', branchId)
    .executeTakeFirstOrThrow();
  if (!location || location.branchId !== branchId)
    throw new Refusal(`Location ${body.Location} is not a location of branch ${branch.code}.`);
  if (!location.active) throw new Refusal(`Location ${location.name} is InActive.`);
  if (body.InstallerKind === 'VENDOR' && body.Vendor !== undefined)
    await namedVendor(trx, body.Vendor);
  if (body.InstallerKind === 'STAFF' && body.InstalledBy !== undefined) {
    const staff = await trx
      .selectFrom('staff as s')
      .select('s.id')
      .where('s.id', '=', body.InstalledBy)
      .where(staffInBranches([branchId]))
      .executeTakeFirst();
    if (!staff)
      throw new Refusal(
        `Staff member ${body.InstalledBy} is not a staff member of branch ${branch.code}.`,
      );
  }
  if (body.GoodsReceiptNote !== undefined) {
    const note = await trx
      .selectFrom('goodsReceiptNotes')
      .select(['id', 'status'])
      .where('id', '=', body.GoodsReceiptNote)
      .where('branchId', '=', branchId)
      .executeTakeFirst();
    if (note?.status !== 'RECEIVED')
      throw new Refusal(
        `Goods receive note ${body.GoodsReceiptNote} is not a received note of branch ${branch.code}.`,
      );
  }
  return branch;
}

export async function saveInstallation(
  db: Db,
  access: Access,
  userId: number,
  body: AssetInstallationSaveRequest,
): Promise<number> {
  if (!access.can(MODULE, 'create')) throw new Refusal('Your role may not record installations.');
  if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
  const installedAt = new Date(body.InstalledAt);
  if (installedAt.getTime() > Date.now() + CLOCK_SLACK_MS)
    throw new Refusal('The installation time is in the future.');
  const assetIds = [...new Set(body.Assets)];
  return db.transaction().execute(async (trx) => {
    const branch = await checkParties(trx, body.Branch, body);
    const assets = await lockAssets(trx, assetIds);
    for (const asset of assets) {
      if (asset.branchId !== branch.id)
        throw new Refusal(`Asset ${asset.tag} is not an asset of branch ${branch.code}.`);
      if (asset.assetStatus !== 'IN_STOCK')
        throw new Refusal(
          `Asset ${asset.tag} is ${statusText(asset.assetStatus)}: only an asset In stock can be installed.`,
        );
    }
    const waiting = await assetOnPendingInstallation(trx, assetIds);
    if (waiting)
      throw new Refusal(
        `Asset ${waiting.tag} is already in installation ${waiting.installationNumber} waiting for sign-off.`,
      );
    const fy = financialYear(indianDate(installedAt));
    const sequence = await nextSequence(trx, 'asset_installations', 'branch_id', branch.id, fy);
    const number = documentNumber('INS', branch.code, fy, sequence);
    const vendorInstalled = body.InstallerKind === 'VENDOR';
    const { id } = await trx
      .insertInto('assetInstallations')
      .values({
        installationNumber: number,
        branchId: branch.id,
        financialYear: fy,
        sequence,
        goodsReceiptNoteId: body.GoodsReceiptNote ?? null,
        installedAt,
        locationId: body.Location,
        installerKind: body.InstallerKind,
        vendorId: vendorInstalled ? (body.Vendor ?? null) : null,
        engineerName: vendorInstalled ? (body.EngineerName ?? null) : null,
        installedByStaffId: vendorInstalled ? null : (body.InstalledBy ?? null),
        physicalConditionOk: body.PhysicalConditionOk,
        powerEarthingOk: body.PowerEarthingOk,
        accessoriesPresent: body.AccessoriesPresent,
        demoGiven: body.DemoGiven,
        staffTrained: body.StaffTrained,
        manualHandedOver: body.ManualHandedOver,
        warrantyFromInstallation: body.WarrantyFromInstallation ?? false,
        remarks: body.Remarks ?? '',
        recordedBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('assetInstallationItems')
      .values(assetIds.map((assetId) => ({ installationId: id, assetId })))
      .execute();
    await recordEvents(trx, assetIds, {
      kind: 'INSTALLATION_RECORDED',
      userId,
      reason: number,
    });
    await writeAudit(trx, {
      entity: MODULE,
      entityId: id,
      action: 'recorded',
      userId,
      toStatus: 'PENDING',
      branchId: branch.id,
      details: { number, assets: assetIds.length },
    });
    return id;
  });
}
