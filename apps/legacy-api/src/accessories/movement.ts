import {
  MOVEMENT_REASON_TEXT,
  type RecordedMovementReason,
  signedQuantity,
} from '@branch-assets/domain';
import type { CallRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { writeAudit } from '../audit/audit.ts';
import type { Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { branchLabel, mustWorkIn } from '../shared/branch-scope.ts';
import { staffInBranches } from '../staff/in-branches.ts';
import { namedVendor } from '../vendors/named-vendor.ts';
import { accessoryLabel, readAccessories, type StoredAccessory } from './rows.ts';

/*
 * One movement of an accessory's stock at a branch, in one transaction with the change of the
 * quantity on hand it makes. The quantity on hand is changed by a single conditional update that
 * refuses to go below 0: of two issues racing for the last units, the second waits on the first's
 * row lock, then finds too few and changes nothing (PostgreSQL re-reads the row it waited for under
 * READ COMMITTED). No read-then-write, so no lost update either.
 */

type MovementBody = CallRequest<'accessoryMovement'>;

/** What a refused take-out would have done: 'issued', 'consumed', … */
const TAKEN_AS: Record<RecordedMovementReason, string> = {
  RECEIVED: 'received',
  RETURNED: 'returned',
  ISSUED: 'issued',
  CONSUMED: 'consumed',
  DAMAGED: 'written off as damaged',
  ADJUSTED: 'taken off by an adjustment',
};

/** The references a movement names belong where it happens. */
async function checkReferences(trx: Db, body: MovementBody, accessory: StoredAccessory) {
  if (!accessory.active && body.Reason === 'RECEIVED')
    throw new Refusal(
      `Accessory ${accessoryLabel(accessory)} is InActive: it is not received any more.`,
    );
  if (body.Vendor !== undefined) {
    const vendor = await namedVendor(trx, body.Vendor);
    if (!vendor.active) throw new Refusal(`Vendor ${vendor.name} is InActive: choose another.`);
  }
  if (body.Asset !== undefined) {
    const asset = await trx
      .selectFrom('assets')
      .select(['tag', 'branchId'])
      .where('id', '=', body.Asset)
      .executeTakeFirst();
    if (!asset || asset.branchId !== body.Branch)
      throw new Refusal(
        `Asset ${asset?.tag ?? body.Asset} is not an asset of branch ${await branchLabel(trx, body.Branch)}.`,
      );
  }
  if (body.Staff !== undefined) {
    const staff = await trx
      .selectFrom('staff as s')
      .select(['s.name'])
      .where('s.id', '=', body.Staff)
      .where(staffInBranches([body.Branch]))
      .executeTakeFirst();
    if (!staff) {
      const named = await trx
        .selectFrom('staff')
        .select('name')
        .where('id', '=', body.Staff)
        .executeTakeFirst();
      throw new Refusal(
        `Staff member ${named?.name ?? body.Staff} does not work in branch ${await branchLabel(trx, body.Branch)}.`,
      );
    }
  }
}

/**
 * What is on hand, said as a refusal: 'Only 2 Nos of SpO2 finger probe are in stock at CHN-ANN; 3
 * cannot be issued.'
 */
function shortage(
  accessory: StoredAccessory,
  branchCode: string,
  onHand: number,
  wanted: number,
  reason: RecordedMovementReason,
): string {
  const held =
    onHand === 0
      ? `No ${accessory.name} is in stock at ${branchCode}`
      : `Only ${onHand} ${accessory.unit} of ${accessory.name} ${onHand === 1 ? 'is' : 'are'} in stock at ${branchCode}`;
  return `${held}; ${wanted} cannot be ${TAKEN_AS[reason]}.`;
}

/** Records the movement; answers its id, the accessory and the branch's quantity on hand after it. */
export async function recordMovement(
  db: Db,
  session: Session,
  body: MovementBody,
): Promise<{ movementId: number; accessory: StoredAccessory; balance: number; output: string }> {
  const { access, user } = session;
  return db.transaction().execute(async (trx) => {
    const [accessory] = await readAccessories(trx, { id: body.Accessory, branches: [] });
    if (!accessory) throw new Refusal(`Accessory ${body.Accessory} does not exist.`);
    await mustWorkIn(trx, access, body.Branch);
    await checkReferences(trx, body, accessory);
    const quantity = signedQuantity(body.Reason, body.Quantity);

    // The branch's stock row exists before it is changed; a concurrent first movement's insert
    // makes this one wait, then do nothing.
    await trx
      .insertInto('accessoryStock')
      .values({ accessoryId: accessory.id, branchId: body.Branch, onHand: 0 })
      .onConflict((conflict) => conflict.columns(['accessoryId', 'branchId']).doNothing())
      .execute();
    const changed = await trx
      .updateTable('accessoryStock')
      .set({ onHand: sql`on_hand + ${quantity}` })
      .where('accessoryId', '=', accessory.id)
      .where('branchId', '=', body.Branch)
      .where(sql<boolean>`on_hand + ${quantity} >= 0`)
      .returning('onHand')
      .executeTakeFirst();
    const { code } = await trx
      .selectFrom('branches')
      .select('code')
      .where('id', '=', body.Branch)
      .executeTakeFirstOrThrow();
    if (!changed) {
      const { onHand } = await trx
        .selectFrom('accessoryStock')
        .select('onHand')
        .where('accessoryId', '=', accessory.id)
        .where('branchId', '=', body.Branch)
        .executeTakeFirstOrThrow();
      throw new Refusal(shortage(accessory, code, onHand, -quantity, body.Reason));
    }
    const balance = changed.onHand;
    const { id } = await trx
      .insertInto('accessoryMovements')
      .values({
        accessoryId: accessory.id,
        branchId: body.Branch,
        reason: body.Reason,
        quantity,
        balance,
        vendorId: body.Vendor ?? null,
        reference: body.Reference || null,
        assetId: body.Asset ?? null,
        staffId: body.Staff ?? null,
        note: body.Note || null,
        userId: user.userId,
      })
      .returning(sql<number>`id::integer`.as('id'))
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      entity: 'accessories',
      entityId: accessory.id,
      action: 'movement',
      userId: user.userId,
      branchId: body.Branch,
      reason: body.Note ?? null,
      details: { movement: id, reason: body.Reason, quantity, balance },
    });
    const moved =
      body.Reason === 'ADJUSTED'
        ? `adjusted by ${quantity > 0 ? '+' : ''}${quantity} ${accessory.unit}`
        : `${MOVEMENT_REASON_TEXT[body.Reason].toLowerCase()} ${Math.abs(quantity)} ${accessory.unit}`;
    return {
      movementId: id,
      accessory,
      balance,
      output: `${accessoryLabel(accessory)} at ${code}: ${moved}; ${balance} ${accessory.unit} on hand.`,
    };
  });
}
