import type { MovementReason } from '@branch-assets/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/*
 * One movement of an accessory's stock at a branch, through the ledger: the branch's stock row is
 * changed by one conditional update (never below zero: of two takings at once that would overdraw
 * it, one finds nothing to take) and the movement is written with the balance after it.
 */

export interface StockChange {
  accessoryId: number;
  branchId: number;
  reason: MovementReason;
  /** Signed: added to (positive) or taken from (negative) the branch's stock. */
  quantity: number;
  userId: number;
  reference?: string | null;
  note?: string | null;
  transferId?: number | null;
}

/** The balance after the change, or null (nothing written) when the stock is short. */
export async function changeStock(trx: Db, change: StockChange): Promise<number | null> {
  await trx
    .insertInto('accessoryStock')
    .values({ accessoryId: change.accessoryId, branchId: change.branchId, onHand: 0 })
    .onConflict((conflict) => conflict.columns(['accessoryId', 'branchId']).doNothing())
    .execute();
  const changed = await trx
    .updateTable('accessoryStock')
    .set({ onHand: sql`on_hand + ${change.quantity}` })
    .where('accessoryId', '=', change.accessoryId)
    .where('branchId', '=', change.branchId)
    .where(sql<boolean>`on_hand + ${change.quantity} >= 0`)
    .returning('onHand')
    .executeTakeFirst();
  if (!changed) return null;
  await trx
    .insertInto('accessoryMovements')
    .values({
      accessoryId: change.accessoryId,
      branchId: change.branchId,
      reason: change.reason,
      quantity: change.quantity,
      balance: changed.onHand,
      vendorId: null,
      reference: change.reference ?? null,
      assetId: null,
      staffId: null,
      note: change.note ?? null,
      userId: change.userId,
      at: new Date(),
      transferId: change.transferId ?? null,
    })
    .execute();
  return changed.onHand;
}
