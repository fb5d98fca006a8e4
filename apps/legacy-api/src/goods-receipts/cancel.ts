import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { lineReceipts, receivedStatus } from '../purchase-orders/receipt.ts';
import { MODULE } from './save.ts';

/*
 * Cancelling a goods receive note written by mistake: its assets go (while none has moved on —
 * installed, transferred, given files or accessories — which would lose what happened to it), its
 * accessory stock is taken back (while the branch still holds it), and its quantities are pending
 * again. The order's row is locked first, as a save locks it, so a cancel and a save take turns.
 */

export async function cancelGoodsReceipt(
  db: Db,
  access: Access,
  userId: number,
  key: { id: number; reason: string },
): Promise<void> {
  if (!access.can(MODULE, 'delete'))
    throw new Refusal('Your role may not cancel goods receive notes.');
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('goodsReceiptNotes')
      .select(['id', 'purchaseOrderId', 'branchId', 'grnNumber'])
      .where('id', '=', key.id)
      .executeTakeFirst();
    if (!found || !access.worksIn(found.branchId))
      throw new Refusal('Goods receive note not found.');
    const order = await trx
      .selectFrom('purchaseOrders')
      .select(['id', 'status', 'billedBranchId'])
      .where('id', '=', found.purchaseOrderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const note = await trx
      .selectFrom('goodsReceiptNotes')
      .select(['status'])
      .where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    if (note.status === 'CANCELLED')
      throw new Refusal(`Goods receive note ${found.grnNumber} is already cancelled.`);

    const noteLines = trx
      .selectFrom('goodsReceiptLines')
      .select('id')
      .where('noteId', '=', found.id);
    // Moved on: not in stock any more, at another branch than the line delivered to, or with
    // files or accessory movements of its own.
    const moved = await trx
      .selectFrom('assets as a')
      .innerJoin('goodsReceiptLines as gl', 'gl.id', 'a.goodsReceiptLineId')
      .innerJoin('purchaseOrderLines as l', 'l.id', 'gl.purchaseOrderLineId')
      .innerJoin('purchaseOrders as po', 'po.id', 'l.purchaseOrderId')
      .select(['a.tag'])
      .where('gl.noteId', '=', found.id)
      .where((eb) =>
        eb.or([
          eb('a.assetStatus', '<>', 'IN_STOCK'),
          eb('a.branchId', '<>', sql<number>`coalesce(l.delivery_branch_id, po.shipped_branch_id)`),
          eb.exists(
            eb.selectFrom('assetFiles as f').select('f.id').whereRef('f.assetId', '=', 'a.id'),
          ),
          eb.exists(
            eb
              .selectFrom('accessoryMovements as m')
              .select('m.id')
              .whereRef('m.assetId', '=', 'a.id'),
          ),
        ]),
      )
      .orderBy('a.tag')
      .limit(1)
      .executeTakeFirst();
    if (moved)
      throw new Refusal(
        `Goods receive note ${found.grnNumber} cannot be cancelled: asset ${moved.tag} has moved on.`,
      );

    const at = new Date();
    await trx.deleteFrom('assets').where('goodsReceiptLineId', 'in', noteLines).execute();

    const received = await trx
      .selectFrom('accessoryMovements as m')
      .innerJoin('accessories as a', 'a.id', 'm.accessoryId')
      .select(['m.accessoryId', 'm.branchId', 'm.quantity', 'm.goodsReceiptLineId', 'a.name'])
      .where('m.goodsReceiptLineId', 'in', noteLines)
      .where('m.reason', '=', 'RECEIVED')
      .execute();
    for (const movement of received) {
      const taken = await trx
        .updateTable('accessoryStock')
        .set({ onHand: sql`on_hand - ${movement.quantity}` })
        .where('accessoryId', '=', movement.accessoryId)
        .where('branchId', '=', movement.branchId)
        .where('onHand', '>=', movement.quantity)
        .returning('onHand')
        .executeTakeFirst();
      if (!taken)
        throw new Refusal(
          `Goods receive note ${found.grnNumber} cannot be cancelled: ${movement.name} received by it has been issued (the branch holds fewer than ${movement.quantity}).`,
        );
      await trx
        .insertInto('accessoryMovements')
        .values({
          accessoryId: movement.accessoryId,
          branchId: movement.branchId,
          reason: 'ADJUSTED',
          quantity: -movement.quantity,
          balance: taken.onHand,
          vendorId: null,
          reference: found.grnNumber,
          assetId: null,
          staffId: null,
          note: `Goods receive note ${found.grnNumber} cancelled: ${key.reason}`.slice(0, 500),
          userId,
          at,
          goodsReceiptLineId: movement.goodsReceiptLineId,
        })
        .execute();
    }

    await trx
      .updateTable('goodsReceiptNotes')
      .set({ status: 'CANCELLED', cancelReason: key.reason, cancelledBy: userId, cancelledAt: at })
      .where('id', '=', found.id)
      .execute();
    const status = receivedStatus(await lineReceipts(trx, order.id), order.status === 'closed');
    await trx
      .updateTable('purchaseOrders')
      .set({ status, updatedAt: at })
      .where('id', '=', order.id)
      .execute();
    await writeAudit(trx, {
      entity: 'goods_receipt_note',
      entityId: found.id,
      action: 'Cancelled',
      fromStatus: 'RECEIVED',
      toStatus: 'CANCELLED',
      reason: key.reason,
      userId,
      branchId: found.branchId,
      at,
    });
    if (status !== order.status)
      await writeAudit(trx, {
        entity: 'purchase_order',
        entityId: order.id,
        action: 'Goods receipt cancelled',
        fromStatus: order.status,
        toStatus: status,
        reason: `${found.grnNumber}: ${key.reason}`.slice(0, 500),
        userId,
        branchId: order.billedBranchId,
        at,
      });
  });
}
