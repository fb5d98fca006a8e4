import type { AssetEvent } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';
import type { StoredAsset } from './rows.ts';

/*
 * An asset's timeline (asset_events), written in the transaction of the change it records. An
 * edit is recorded by what the user sees change, field by field (row field → [before, after]);
 * a new custodian and a new location are events of their own, which later reports count.
 */

/** The row fields an edit may change, by the stored property that shows them. */
const SHOWN: Readonly<Record<string, keyof StoredAsset>> = {
  AssetName: 'name',
  AssetTypeName: 'assetTypeName',
  BrandName: 'brandName',
  Model: 'model',
  SerialNumber: 'serialNumber',
  VendorName: 'vendorName',
  PurchaseOrderName: 'purchaseOrderName',
  PurchaseReference: 'purchaseReference',
  PurchaseDate: 'purchaseDate',
  Cost: 'cost',
  PutToUseDate: 'putToUseDate',
  WarrantyStart: 'warrantyStart',
  WarrantyEnd: 'warrantyEnd',
  UsefulLifeYears: 'usefulLifeYears',
  Criticality: 'criticality',
  Condition: 'condition',
  Notes: 'notes',
  ActiveStatus: 'active',
};

/** Kinds of their own: what the change of one field means. */
const OWN_KIND: Readonly<Record<string, [string, keyof StoredAsset]>> = {
  CUSTODY: ['CustodianName', 'custodianName'],
  LOCATION: ['LocationName', 'locationName'],
};

type Changes = Record<string, [unknown, unknown]>;

function changed(before: StoredAsset, after: StoredAsset, fields: [string, keyof StoredAsset][]) {
  const changes: Changes = {};
  for (const [field, property] of fields) {
    const [was, is] = [before[property] ?? null, after[property] ?? null];
    if (was !== is) changes[field] = [was, is];
  }
  return changes;
}

export async function recordEvent(
  trx: Db,
  event: { assetId: number; kind: string; userId: number; changes?: Changes; reason?: string },
): Promise<void> {
  await trx
    .insertInto('assetEvents')
    .values({
      assetId: event.assetId,
      kind: event.kind,
      userId: event.userId,
      changes: JSON.stringify(event.changes ?? {}),
      reason: event.reason ?? null,
    })
    .execute();
}

/** The events of a save: created, or what the edit changed (nothing when nothing did). */
/** A new asset's first event: its status. */
export function recordCreated(
  trx: Db,
  userId: number,
  assetId: number,
  status: string,
): Promise<void> {
  return recordEvent(trx, {
    assetId,
    kind: 'CREATED',
    userId,
    changes: { AssetStatus: [null, status] },
  });
}

export async function recordSave(
  trx: Db,
  userId: number,
  before: StoredAsset | null,
  after: StoredAsset,
): Promise<void> {
  if (!before) return recordCreated(trx, userId, after.id, after.assetStatus);
  for (const [kind, field] of Object.entries(OWN_KIND)) {
    const changes = changed(before, after, [field]);
    if (Object.keys(changes).length > 0)
      await recordEvent(trx, { assetId: after.id, kind, userId, changes });
  }
  const edits = changed(before, after, Object.entries(SHOWN));
  if (Object.keys(edits).length > 0)
    await recordEvent(trx, { assetId: after.id, kind: 'EDITED', userId, changes: edits });
}

/** The timeline, newest first, with who made each change (their staff name). */
export async function timeline(db: Db, assetId: number): Promise<AssetEvent[]> {
  const events = await db
    .selectFrom('assetEvents as e')
    .leftJoin('users as u', 'u.id', 'e.userId')
    .leftJoin('staff as s', 's.id', 'u.staffId')
    .select(['e.id', 'e.kind', 'e.at', 's.name as userName', 'e.changes', 'e.reason'])
    .where('e.assetId', '=', assetId)
    .orderBy('e.id', 'desc')
    .execute();
  return events.map((event) => ({
    AssetEventId: Number(event.id),
    Kind: event.kind,
    At: event.at.toISOString(),
    UserName: event.userName,
    Changes: event.changes,
    Reason: event.reason,
  }));
}
