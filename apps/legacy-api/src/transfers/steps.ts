import { type AssetStatus, financialYear, indianDate } from '@branch-assets/domain';
import type {
  AssetTransferReceiveRequest,
  AssetTransferRequest,
  CallRequest,
} from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { changeStock } from '../accessories/ledger.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { TransferStatus } from '../db/schema.ts';
import { Refusal } from '../http/errors.ts';
import { assetOnPendingInstallation } from '../installations/pending.ts';
import { lockAssets, recordEvents, statusText } from '../installations/save.ts';
import { documentNumber, nextSequence } from '../purchase-orders/submit.ts';
import { MODULE, mayDo, OPEN_TRANSFER, TRANSFER_STATUS_TEXT } from './list.ts';

/*
 * The steps of a transfer (docs/workflows.md). Every step locks the transfer's row first, so of
 * two users acting on one transfer at once exactly one step is taken and the other is told its
 * state; the assets' rows are locked (in id order) before they change. Each step writes each
 * asset's timeline and the audit log in its transaction.
 */

export const NOT_FOUND = 'Asset transfer not found.';
/** What may leave a branch: not In transit already, under repair, condemned or disposed of. */
const MOVABLE: ReadonlySet<string> = new Set(['IN_USE', 'IN_STOCK', 'OUT_OF_ORDER']);

async function branchCodes(trx: Db, ids: readonly number[]) {
  const rows = await trx
    .selectFrom('branches')
    .select(['id', 'code'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.code]));
}

export async function requestTransfer(
  db: Db,
  access: Access,
  userId: number,
  body: AssetTransferRequest,
): Promise<number> {
  if (!access.can(MODULE, 'create')) throw new Refusal('Your role may not request transfers.');
  if (!access.worksIn(body.FromBranch) && !access.worksIn(body.ToBranch))
    throw new Refusal('You do not work in either branch.');
  const assetIds = [...new Set(body.Assets)];
  return db.transaction().execute(async (trx) => {
    const codes = await branchCodes(trx, [body.FromBranch, body.ToBranch]);
    const from = codes.get(body.FromBranch);
    if (!from || !codes.has(body.ToBranch)) throw new Refusal('Branch does not exist.');
    const assets = assetIds.length > 0 ? await lockAssets(trx, assetIds) : [];
    for (const asset of assets) {
      if (asset.branchId !== body.FromBranch)
        throw new Refusal(`Asset ${asset.tag} is not an asset of branch ${from}.`);
      if (!MOVABLE.has(asset.assetStatus))
        throw new Refusal(
          `Asset ${asset.tag} cannot be transferred while it is ${statusText(asset.assetStatus)}.`,
        );
    }
    if (assetIds.length > 0) {
      const busy = await trx
        .selectFrom('assetTransferItems as ti')
        .innerJoin('assetTransfers as t', 't.id', 'ti.transferId')
        .innerJoin('assets as a', 'a.id', 'ti.assetId')
        .select(['a.tag', 't.transferNumber'])
        .where('ti.assetId', 'in', assetIds)
        .where('t.status', 'in', [...OPEN_TRANSFER])
        .where((eb) => eb.or([eb('ti.outcome', 'is', null), eb('ti.outcome', '=', 'SHORT')]))
        .orderBy('a.tag')
        .executeTakeFirst();
      if (busy)
        throw new Refusal(`Asset ${busy.tag} is already on transfer ${busy.transferNumber}.`);
      const installing = await assetOnPendingInstallation(trx, assetIds);
      if (installing)
        throw new Refusal(
          `Asset ${installing.tag} is in installation ${installing.installationNumber} waiting for sign-off.`,
        );
    }
    const fy = financialYear(indianDate(new Date()));
    const sequence = await nextSequence(
      trx,
      'asset_transfers',
      'from_branch_id',
      body.FromBranch,
      fy,
    );
    const number = documentNumber('TRF', from, fy, sequence);
    const { id } = await trx
      .insertInto('assetTransfers')
      .values({
        transferNumber: number,
        fromBranchId: body.FromBranch,
        toBranchId: body.ToBranch,
        financialYear: fy,
        sequence,
        reason: body.Reason,
        neededBy: body.NeededBy ?? null,
        requestedBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (assets.length > 0)
      await trx
        .insertInto('assetTransferItems')
        .values(
          assets.map((asset) => ({
            transferId: id,
            assetId: asset.id,
            previousStatus: asset.assetStatus as AssetStatus,
          })),
        )
        .execute();
    const accessories = new Map<number, number>();
    for (const line of body.Accessories)
      accessories.set(line.Accessory, (accessories.get(line.Accessory) ?? 0) + line.Quantity);
    if (accessories.size > 0) {
      const known = await trx
        .selectFrom('accessories')
        .select('id')
        .where('id', 'in', [...accessories.keys()])
        .execute();
      const missing = [...accessories.keys()].find((key) => !known.some((row) => row.id === key));
      if (missing !== undefined) throw new Refusal(`Accessory ${missing} does not exist.`);
      await trx
        .insertInto('assetTransferAccessories')
        .values(
          [...accessories].map(([accessoryId, quantity]) => ({
            transferId: id,
            accessoryId,
            quantity,
          })),
        )
        .execute();
    }
    await recordEvents(trx, assetIds, {
      kind: 'TRANSFER_REQUESTED',
      userId,
      reason: `${number} → ${codes.get(body.ToBranch)}: ${body.Reason}`.slice(0, 500),
    });
    await writeAudit(trx, {
      entity: MODULE,
      entityId: id,
      action: 'requested',
      userId,
      toStatus: 'REQUESTED',
      reason: body.Reason,
      branchId: body.FromBranch,
      details: {
        number,
        to: body.ToBranch,
        assets: assetIds.length,
        accessories: accessories.size,
      },
    });
    return id;
  });
}

/** The transfer's row, locked, in one of the states the step needs, and the user's rights on it. */
async function lockTransfer(
  trx: Db,
  access: Access,
  userId: number,
  id: number,
  states: readonly TransferStatus[],
  refusal: (status: string) => string,
) {
  const transfer = await trx
    .selectFrom('assetTransfers')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer || !(access.worksIn(transfer.fromBranchId) || access.worksIn(transfer.toBranchId)))
    throw new Refusal(NOT_FOUND);
  if (!states.includes(transfer.status))
    throw new Refusal(refusal(TRANSFER_STATUS_TEXT[transfer.status]));
  return { transfer, may: mayDo(access, userId, transfer) };
}

async function itemsOf(trx: Db, id: number) {
  return trx
    .selectFrom('assetTransferItems')
    .selectAll()
    .where('transferId', '=', id)
    .orderBy('assetId')
    .execute();
}

export async function decideTransfer(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetTransferDecide'>,
): Promise<void> {
  if (!access.can(MODULE, 'approve')) throw new Refusal('Your role may not approve transfers.');
  await db.transaction().execute(async (trx) => {
    const { transfer } = await lockTransfer(
      trx,
      access,
      userId,
      body.AssetTransfer,
      ['REQUESTED'],
      (status) => `Transfer is no longer waiting for a decision (it is ${status}).`,
    );
    if (!access.worksIn(transfer.fromBranchId))
      throw new Refusal('You do not work in that branch.');
    if (transfer.requestedBy === userId)
      throw new Refusal('The user who requested a transfer cannot approve it: a second user does.');
    const approve = body.Decision === 'APPROVE';
    const status: TransferStatus = approve ? 'APPROVED' : 'REJECTED';
    await trx
      .updateTable('assetTransfers')
      .set({
        status,
        decidedBy: userId,
        decidedAt: new Date(),
        decisionRemarks: body.Remarks ?? null,
      })
      .where('id', '=', transfer.id)
      .execute();
    const items = await itemsOf(trx, transfer.id);
    await recordEvents(
      trx,
      items.map((item) => item.assetId),
      {
        kind: approve ? 'TRANSFER_APPROVED' : 'TRANSFER_REJECTED',
        userId,
        reason: body.Remarks
          ? `${transfer.transferNumber}: ${body.Remarks}`
          : transfer.transferNumber,
      },
    );
    await writeAudit(trx, {
      entity: MODULE,
      entityId: transfer.id,
      action: approve ? 'approved' : 'rejected',
      userId,
      fromStatus: 'REQUESTED',
      toStatus: status,
      reason: body.Remarks ?? null,
      branchId: transfer.fromBranchId,
    });
  });
}

export async function dispatchTransfer(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetTransferDispatch'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { transfer, may } = await lockTransfer(
      trx,
      access,
      userId,
      body.AssetTransfer,
      ['APPROVED'],
      (status) => `Only an approved transfer can be dispatched (it is ${status}).`,
    );
    if (!may.dispatch) throw new Refusal('Your role may not dispatch transfers from this branch.');
    const items = await itemsOf(trx, transfer.id);
    const locked =
      items.length > 0
        ? await lockAssets(
            trx,
            items.map((item) => item.assetId),
          )
        : [];
    for (const asset of locked) {
      if (asset.branchId !== transfer.fromBranchId || !MOVABLE.has(asset.assetStatus))
        throw new Refusal(
          `Asset ${asset.tag} is ${statusText(asset.assetStatus)} now: it cannot leave.`,
        );
    }
    const codes = await branchCodes(trx, [transfer.fromBranchId]);
    const gatePass = transfer.transferNumber.replace(/^TRF\//, 'GP/');
    const now = new Date();
    // Each asset leaves in the status it has now, to which it returns on arrival.
    for (const asset of locked) {
      await trx
        .updateTable('assetTransferItems')
        .set({ previousStatus: asset.assetStatus as AssetStatus })
        .where('transferId', '=', transfer.id)
        .where('assetId', '=', asset.id)
        .execute();
    }
    if (locked.length > 0)
      await trx
        .updateTable('assets')
        .set({ assetStatus: 'IN_TRANSIT', updatedAt: now })
        .where(
          'id',
          'in',
          locked.map((asset) => asset.id),
        )
        .execute();
    const lines = await trx
      .selectFrom('assetTransferAccessories as ta')
      .innerJoin('accessories as x', 'x.id', 'ta.accessoryId')
      .select(['ta.accessoryId', 'ta.quantity', 'x.name', 'x.unit'])
      .where('ta.transferId', '=', transfer.id)
      .orderBy('ta.accessoryId')
      .execute();
    for (const line of lines) {
      const balance = await changeStock(trx, {
        accessoryId: line.accessoryId,
        branchId: transfer.fromBranchId,
        reason: 'TRANSFERRED_OUT',
        quantity: -line.quantity,
        userId,
        reference: gatePass,
        transferId: transfer.id,
      });
      if (balance === null) {
        const stock = await trx
          .selectFrom('accessoryStock')
          .select('onHand')
          .where('accessoryId', '=', line.accessoryId)
          .where('branchId', '=', transfer.fromBranchId)
          .executeTakeFirst();
        throw new Refusal(
          `Only ${stock?.onHand ?? 0} ${line.unit} of ${line.name} are in stock at ${codes.get(transfer.fromBranchId)}; ${line.quantity} cannot leave.`,
        );
      }
    }
    await trx
      .updateTable('assetTransfers')
      .set({
        status: 'IN_TRANSIT',
        gatePassNumber: gatePass,
        vehicle: body.Vehicle,
        dispatchedBy: userId,
        dispatchedAt: now,
      })
      .where('id', '=', transfer.id)
      .execute();
    const previous = new Map(locked.map((asset) => [asset.id, asset.assetStatus]));
    await recordEvents(
      trx,
      locked.map((asset) => asset.id),
      {
        kind: 'TRANSFER_DISPATCHED',
        userId,
        reason: `${gatePass} · ${body.Vehicle}`.slice(0, 500),
        changes: (id) => ({ AssetStatus: [previous.get(id), 'IN_TRANSIT'] }),
      },
    );
    await writeAudit(trx, {
      entity: MODULE,
      entityId: transfer.id,
      action: 'dispatched',
      userId,
      fromStatus: 'APPROVED',
      toStatus: 'IN_TRANSIT',
      branchId: transfer.fromBranchId,
      details: { gatePass, vehicle: body.Vehicle },
    });
  });
}

/**
 * What a transfer still waits for: its assets not yet received (or short) and its accessories not
 * all arrived. A transfer is received in full when this is 0.
 */
export async function stillWaiting(trx: Db, transferId: number): Promise<number> {
  const { open } = await trx
    .selectFrom('assetTransfers as t')
    .select(
      sql<number>`(select count(*)::int from asset_transfer_items ti where ti.transfer_id = t.id and (ti.outcome is null or ti.outcome = 'SHORT'))
        + (select count(*)::int from asset_transfer_accessories ta where ta.transfer_id = t.id and ta.received < ta.quantity)`.as(
        'open',
      ),
    )
    .where('t.id', '=', transferId)
    .executeTakeFirstOrThrow();
  return Number(open);
}

export async function receiveTransfer(
  db: Db,
  access: Access,
  userId: number,
  body: AssetTransferReceiveRequest,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { transfer, may } = await lockTransfer(
      trx,
      access,
      userId,
      body.AssetTransfer,
      ['IN_TRANSIT', 'RECEIVED_SHORT'],
      (status) => `Only a transfer in transit can be received (it is ${status}).`,
    );
    if (!may.receive) throw new Refusal('Your role may not receive transfers at this branch.');
    const codes = await branchCodes(trx, [transfer.fromBranchId, transfer.toBranchId]);
    const items = await itemsOf(trx, transfer.id);
    const waiting = new Map(
      items
        .filter((item) => item.outcome === null || item.outcome === 'SHORT')
        .map((item) => [item.assetId, item]),
    );
    const now = new Date();
    const arrived: number[] = [];
    const changesOf = new Map<number, Record<string, [unknown, unknown]>>();
    const rooms = await trx
      .selectFrom('assetLocations')
      .select(['id', 'name'])
      .where('branchId', '=', transfer.toBranchId)
      .execute();
    const locked =
      body.Items.length > 0
        ? await lockAssets(
            trx,
            body.Items.map((item) => item.Asset),
          )
        : [];
    const before = await trx
      .selectFrom('assets as a')
      .innerJoin('assetLocations as l', 'l.id', 'a.locationId')
      .select(['a.id', 'a.tag', 'a.condition', 'l.name as locationName'])
      .where('a.id', 'in', locked.length > 0 ? locked.map((asset) => asset.id) : [0])
      .execute();
    for (const line of body.Items) {
      const item = waiting.get(line.Asset);
      const asset = before.find((candidate) => candidate.id === line.Asset);
      if (!item || !asset)
        throw new Refusal(`Asset ${asset?.tag ?? line.Asset} is not waiting on this transfer.`);
      if (line.Outcome === 'SHORT') {
        await trx
          .updateTable('assetTransferItems')
          .set({ outcome: 'SHORT', remarks: line.Remarks ?? null })
          .where('transferId', '=', transfer.id)
          .where('assetId', '=', line.Asset)
          .execute();
        continue;
      }
      const room = rooms.find((candidate) => candidate.id === line.Location);
      if (!room)
        throw new Refusal(
          line.Location === undefined
            ? `Asset ${asset.tag}: say where at ${codes.get(transfer.toBranchId)} it now stands.`
            : `Location ${line.Location} is not a location of branch ${codes.get(transfer.toBranchId)}.`,
        );
      const damaged = line.Outcome === 'DAMAGED';
      const status: AssetStatus = damaged ? 'OUT_OF_ORDER' : item.previousStatus;
      const condition = line.Condition ?? (damaged ? 'POOR' : asset.condition);
      await trx
        .updateTable('assets')
        .set({
          branchId: transfer.toBranchId,
          locationId: room.id,
          assetStatus: status,
          condition,
          custodianId: null,
          updatedAt: now,
        })
        .where('id', '=', asset.id)
        .execute();
      await trx
        .updateTable('assetTransferItems')
        .set({
          outcome: line.Outcome,
          conditionOnArrival: condition,
          locationId: room.id,
          remarks: line.Remarks ?? null,
          receivedBy: userId,
          receivedAt: now,
        })
        .where('transferId', '=', transfer.id)
        .where('assetId', '=', asset.id)
        .execute();
      arrived.push(asset.id);
      const changes: Record<string, [unknown, unknown]> = {
        AssetStatus: ['IN_TRANSIT', status],
        BranchName: [codes.get(transfer.fromBranchId), codes.get(transfer.toBranchId)],
        LocationName: [asset.locationName, room.name],
      };
      if (condition !== asset.condition) changes.Condition = [asset.condition, condition];
      changesOf.set(asset.id, changes);
    }
    for (const line of body.Accessories) {
      const held = await trx
        .selectFrom('assetTransferAccessories as ta')
        .innerJoin('accessories as x', 'x.id', 'ta.accessoryId')
        .select(['ta.quantity', 'ta.received', 'x.name'])
        .where('ta.transferId', '=', transfer.id)
        .where('ta.accessoryId', '=', line.Accessory)
        .executeTakeFirst();
      if (!held) throw new Refusal(`Accessory ${line.Accessory} is not on this transfer.`);
      if (line.Received === 0) continue;
      if (held.received + line.Received > held.quantity)
        throw new Refusal(
          `${held.name}: ${held.received + line.Received} received in all would exceed the ${held.quantity} sent.`,
        );
      await trx
        .updateTable('assetTransferAccessories')
        .set({ received: held.received + line.Received })
        .where('transferId', '=', transfer.id)
        .where('accessoryId', '=', line.Accessory)
        .execute();
      await changeStock(trx, {
        accessoryId: line.Accessory,
        branchId: transfer.toBranchId,
        reason: 'TRANSFERRED_IN',
        quantity: line.Received,
        userId,
        reference: transfer.gatePassNumber,
        transferId: transfer.id,
      });
    }
    const open = await stillWaiting(trx, transfer.id);
    const status: TransferStatus = open === 0 ? 'RECEIVED' : 'RECEIVED_SHORT';
    await trx
      .updateTable('assetTransfers')
      .set({ status, receivedBy: userId, receivedAt: now })
      .where('id', '=', transfer.id)
      .execute();
    await recordEvents(trx, arrived, {
      kind: 'TRANSFER_RECEIVED',
      userId,
      reason: transfer.transferNumber,
      changes: (id) => changesOf.get(id) ?? {},
    });
    const short = body.Items.filter((line) => line.Outcome === 'SHORT').map((line) => line.Asset);
    await recordEvents(trx, short, {
      kind: 'TRANSFER_SHORT',
      userId,
      reason: `${transfer.transferNumber}: not received at ${codes.get(transfer.toBranchId)}`,
    });
    await writeAudit(trx, {
      entity: MODULE,
      entityId: transfer.id,
      action: 'received',
      userId,
      fromStatus: transfer.status,
      toStatus: status,
      branchId: transfer.toBranchId,
      details: { received: arrived.length, short: short.length },
    });
  });
}

export async function cancelTransfer(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetTransferCancel'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { transfer, may } = await lockTransfer(
      trx,
      access,
      userId,
      body.AssetTransfer,
      ['REQUESTED', 'APPROVED'],
      () => 'A dispatched transfer cannot be cancelled.',
    );
    if (!may.cancel) throw new Refusal('Your role may not cancel transfers.');
    await trx
      .updateTable('assetTransfers')
      .set({
        status: 'CANCELLED',
        cancelledBy: userId,
        cancelledAt: new Date(),
        cancelReason: body.Reason,
      })
      .where('id', '=', transfer.id)
      .execute();
    const items = await itemsOf(trx, transfer.id);
    await recordEvents(
      trx,
      items.map((item) => item.assetId),
      {
        kind: 'TRANSFER_CANCELLED',
        userId,
        reason: `${transfer.transferNumber}: ${body.Reason}`.slice(0, 500),
      },
    );
    await writeAudit(trx, {
      entity: MODULE,
      entityId: transfer.id,
      action: 'cancelled',
      userId,
      fromStatus: transfer.status,
      toStatus: 'CANCELLED',
      reason: body.Reason,
      branchId: transfer.fromBranchId,
    });
  });
}
