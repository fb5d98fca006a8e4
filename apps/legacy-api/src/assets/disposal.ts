import { indianDate } from '@branch-assets/domain';
import type { AssetDisposal, AssetRow, CallRequest } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { statusText } from '../installations/save.ts';
import type { RecordCallNames, RecordCalls } from '../shared/record-calls.ts';
import { stillWaiting } from '../transfers/steps.ts';
import { assetQuery, type StoredAsset } from './rows.ts';
import { recordEvent } from './timeline.ts';

/*
 * Condemnation and disposal (docs/workflows.md). Condemning is the condemnation committee's
 * decision, recorded by a user with the disposal's approve grant (head office): the asset leaves
 * use and waits, Condemned, to be disposed of. The branch then records how it went (sold with the
 * amount and buyer, scrapped, returned to the vendor, written off): Disposed, out of the active
 * register, its page and timeline kept. One row per asset holds both steps; each step takes the
 * asset's row lock, so of two at once exactly one passes.
 */

const MODULE = 'asset_disposal';
/**
 * What cannot be condemned: condemned already, or on its way between branches — except an asset
 * reported short on a transfer, which is written off this way when it is not found.
 */
const NOT_CONDEMNABLE = new Set(['IN_TRANSIT', 'CONDEMNED', 'DISPOSED']);

const METHOD_TEXT = {
  SOLD: 'Sold',
  SCRAPPED: 'Scrapped',
  RETURNED_TO_VENDOR: 'Returned to vendor',
  WRITTEN_OFF: 'Written off',
} as const;

/** An asset of the caller's branches, as the asset calls find it (one out of them does not exist). */
async function findAsset(db: Db, access: Access, assetId: number): Promise<StoredAsset> {
  const asset = await assetQuery(db).where('a.id', '=', assetId).executeTakeFirst();
  if (!asset || !access.worksIn(asset.branchId))
    throw new Refusal(`Asset ${assetId} does not exist.`);
  return asset;
}

/** The asset, locked, of the caller's branches; then the change, its event and audit row. */
function change(
  db: Db,
  access: Access,
  assetId: number,
  step: (trx: Db, asset: StoredAsset) => Promise<void>,
  /** Locks taken before the asset's, in the order the workflows take theirs (a transfer first). */
  before?: (trx: Db) => Promise<void>,
): Promise<StoredAsset> {
  return db.transaction().execute(async (trx) => {
    await before?.(trx);
    await sql`select id from assets where id = ${assetId} for update`.execute(trx);
    const asset = await findAsset(trx, access, assetId);
    await step(trx, asset);
    return findAsset(trx, access, assetId);
  });
}

/** Condemns an asset (api/asset/condemn): the committee's decision; answers the asset after. */
export async function condemnAsset(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetCondemn'>,
): Promise<StoredAsset> {
  if (!access.can(MODULE, 'approve')) throw new Refusal('Your role may not condemn assets.');
  if (body.CondemnedOn > indianDate(new Date())) throw new Refusal('The date is in the future.');
  // The transfer an asset is short on, locked before the asset as the transfer's steps do.
  const shortOn = async (trx: Db) =>
    trx
      .selectFrom('assetTransferItems as ti')
      .innerJoin('assetTransfers as t', 't.id', 'ti.transferId')
      .select(['t.id', 't.transferNumber'])
      .where('ti.assetId', '=', body.Asset)
      .where('ti.outcome', '=', 'SHORT')
      .where('t.status', '=', 'RECEIVED_SHORT')
      .executeTakeFirst();
  let short: { id: number; transferNumber: string } | undefined;
  return change(
    db,
    access,
    body.Asset,
    async (trx, asset) => {
      if (NOT_CONDEMNABLE.has(asset.assetStatus) && !(asset.assetStatus === 'IN_TRANSIT' && short))
        throw new Refusal(
          `Asset ${asset.assetTag} cannot be condemned while it is ${statusText(asset.assetStatus)}.`,
        );
      if (short) await writeOffShortage(trx, short, asset.id, userId, body.Reason);
      await trx
        .insertInto('assetDisposals')
        .values({
          assetId: asset.id,
          branchId: asset.branchId,
          previousStatus: asset.assetStatus,
          condemnedOn: body.CondemnedOn,
          reason: body.Reason,
          condition: body.Condition,
          committeeRemarks: body.CommitteeRemarks,
          condemnedBy: userId,
        })
        .execute();
      await trx
        .updateTable('assets')
        .set({ assetStatus: 'CONDEMNED', condition: body.Condition, updatedAt: new Date() })
        .where('id', '=', asset.id)
        .execute();
      const changes: Record<string, [unknown, unknown]> = {
        AssetStatus: [asset.assetStatus, 'CONDEMNED'],
      };
      if (asset.condition !== body.Condition) changes.Condition = [asset.condition, body.Condition];
      await recordEvent(trx, {
        assetId: asset.id,
        kind: 'CONDEMNED',
        userId,
        changes,
        reason: `${body.Reason} — ${body.CommitteeRemarks}`.slice(0, 500),
      });
      await writeAudit(trx, {
        entity: 'asset',
        entityId: asset.id,
        action: 'condemned',
        userId,
        fromStatus: asset.assetStatus,
        toStatus: 'CONDEMNED',
        reason: body.Reason,
        branchId: asset.branchId,
        details: {
          condemnedOn: body.CondemnedOn,
          committeeRemarks: body.CommitteeRemarks,
          ...(short ? { writtenOffFrom: short.transferNumber } : {}),
        },
      });
    },
    async (trx) => {
      const found = await shortOn(trx);
      if (!found) return;
      await sql`select id from asset_transfers where id = ${found.id} for update`.execute(trx);
      // Received meanwhile: the asset is no longer short, and the check above refuses it.
      short = await shortOn(trx);
    },
  );
}

/**
 * A shortage written off: the transfer's item is closed as written off, and the transfer is
 * received in full when nothing else is still waiting or short.
 */
async function writeOffShortage(
  trx: Db,
  transfer: { id: number; transferNumber: string },
  assetId: number,
  userId: number,
  reason: string,
) {
  await trx
    .updateTable('assetTransferItems')
    .set({ outcome: 'WRITTEN_OFF', remarks: `Written off: ${reason}`.slice(0, 500) })
    .where('transferId', '=', transfer.id)
    .where('assetId', '=', assetId)
    .execute();
  if ((await stillWaiting(trx, transfer.id)) > 0) return;
  await trx
    .updateTable('assetTransfers')
    .set({ status: 'RECEIVED' })
    .where('id', '=', transfer.id)
    .execute();
  await writeAudit(trx, {
    entity: 'asset_transfer',
    entityId: transfer.id,
    action: 'shortage written off',
    userId,
    fromStatus: 'RECEIVED_SHORT',
    toStatus: 'RECEIVED',
    reason,
  });
}

/** Records how a condemned asset was disposed of (api/asset/dispose); answers the asset after. */
export async function disposeAsset(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetDispose'>,
): Promise<StoredAsset> {
  if (!access.can(MODULE, 'create')) throw new Refusal('Your role may not dispose of assets.');
  if (body.DisposedOn > indianDate(new Date())) throw new Refusal('The date is in the future.');
  return change(db, access, body.Asset, async (trx, asset) => {
    if (asset.assetStatus !== 'CONDEMNED')
      throw new Refusal(
        `Only a condemned asset can be disposed of (it is ${statusText(asset.assetStatus)}).`,
      );
    const condemnation = await trx
      .selectFrom('assetDisposals')
      .select(['id', 'condemnedOn'])
      .where('assetId', '=', asset.id)
      .executeTakeFirst();
    if (!condemnation)
      throw new Refusal(`Asset ${asset.assetTag} has no record of its condemnation.`);
    if (body.DisposedOn < condemnation.condemnedOn)
      throw new Refusal(
        `The disposal date is before the condemnation (${condemnation.condemnedOn}).`,
      );
    const sold = body.Method === 'SOLD';
    await trx
      .updateTable('assetDisposals')
      .set({
        method: body.Method,
        disposedOn: body.DisposedOn,
        amount: sold ? (body.Amount ?? null) : null,
        buyer: sold ? (body.Buyer ?? null) : null,
        disposalRemarks: body.Remarks ?? null,
        disposedBy: userId,
        disposedAt: new Date(),
      })
      .where('id', '=', condemnation.id)
      .execute();
    await trx
      .updateTable('assets')
      .set({ assetStatus: 'DISPOSED', updatedAt: new Date() })
      .where('id', '=', asset.id)
      .execute();
    const how = sold
      ? `${METHOD_TEXT.SOLD} to ${body.Buyer} for ₹${body.Amount}`
      : METHOD_TEXT[body.Method];
    await recordEvent(trx, {
      assetId: asset.id,
      kind: 'DISPOSED',
      userId,
      changes: { AssetStatus: ['CONDEMNED', 'DISPOSED'] },
      reason: (body.Remarks ? `${how}. ${body.Remarks}` : how).slice(0, 500),
    });
    await writeAudit(trx, {
      entity: 'asset',
      entityId: asset.id,
      action: 'disposed',
      userId,
      fromStatus: 'CONDEMNED',
      toStatus: 'DISPOSED',
      reason: how,
      branchId: asset.branchId,
      details: { method: body.Method, disposedOn: body.DisposedOn, amount: body.Amount ?? null },
    });
  });
}

export function registerAssetDisposal<
  Names extends RecordCallNames,
  Values extends Record<string, unknown>,
  Plan,
>(app: FastifyInstance, calls: RecordCalls<Names, StoredAsset, Values, Plan>): void {
  registerCall(app, 'assetCondemn', async ({ body, db, session }) => {
    const after = await condemnAsset(db, session.access, session.user.userId, body);
    return {
      output: `Asset ${after.assetTag} is condemned.`,
      records: calls.row(after, session.access) as AssetRow,
    };
  });

  registerCall(app, 'assetDispose', async ({ body, db, session }) => {
    const after = await disposeAsset(db, session.access, session.user.userId, body);
    return {
      output: `Asset ${after.assetTag} is disposed of.`,
      records: calls.row(after, session.access) as AssetRow,
    };
  });

  registerCall(app, 'assetDisposalShow', async ({ body, db, session }) => {
    calls.allow(session.access, 'list');
    const asset = await calls.find(db, session.access, body.Asset);
    const record = await db
      .selectFrom('assetDisposals as d')
      .leftJoin('users as cu', 'cu.id', 'd.condemnedBy')
      .leftJoin('staff as cs', 'cs.id', 'cu.staffId')
      .leftJoin('users as du', 'du.id', 'd.disposedBy')
      .leftJoin('staff as ds', 'ds.id', 'du.staffId')
      .select([
        'd.condemnedOn',
        'd.reason',
        'd.condition',
        'd.committeeRemarks',
        'cs.name as condemnedByName',
        'd.method',
        'd.disposedOn',
        'd.amount',
        'd.buyer',
        'd.disposalRemarks',
        'ds.name as disposedByName',
      ])
      .where('d.assetId', '=', asset.id)
      .executeTakeFirst();
    const disposal: AssetDisposal | null = record
      ? {
          CondemnedOn: record.condemnedOn,
          Reason: record.reason,
          Condition: record.condition,
          CommitteeRemarks: record.committeeRemarks,
          CondemnedByName: record.condemnedByName,
          Method: record.method,
          DisposedOn: record.disposedOn,
          Amount: record.amount,
          Buyer: record.buyer,
          Remarks: record.disposalRemarks,
          DisposedByName: record.disposedByName,
        }
      : null;
    return { output: disposal ? 'Condemned.' : 'Not condemned.', records: disposal };
  });
}
