import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { RECEIVING } from './receipt.ts';
import { MODULE } from './rows.ts';
import { NOT_YOUR_BRANCH, ORDER_NOT_FOUND } from './write.ts';

/**
 * Closes an approved or partly received order short: what is pending will not come. The order's
 * row is locked, so a goods receipt saved at the same moment either lands before (and is counted)
 * or finds the order closed.
 */
export async function closeOrder(
  db: Db,
  access: Access,
  userId: number,
  key: { id: number; number: string | undefined; billedBranchId: number; reason: string },
): Promise<void> {
  if (!access.can(MODULE, 'edit')) throw new Refusal('Your role may not write purchase orders.');
  if (!access.worksIn(key.billedBranchId)) throw new Refusal(NOT_YOUR_BRANCH);
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('purchaseOrders')
      .select(['id', 'status', 'billedBranchId'])
      .where('id', '=', key.id)
      .$if(key.number !== undefined, (query) => query.where('poNumber', '=', key.number ?? ''))
      .where('billedBranchId', '=', key.billedBranchId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new Refusal(ORDER_NOT_FOUND);
    if (!RECEIVING.includes(order.status))
      throw new Refusal('Only an approved or partly received order can be closed short.');
    const at = new Date();
    await trx
      .updateTable('purchaseOrders')
      .set({
        status: 'closed',
        closeReason: key.reason,
        closedBy: userId,
        closedAt: at,
        updatedAt: at,
      })
      .where('id', '=', order.id)
      .execute();
    await writeAudit(trx, {
      entity: 'purchase_order',
      entityId: order.id,
      action: 'Closed short',
      fromStatus: order.status,
      toStatus: 'closed',
      reason: key.reason,
      userId,
      branchId: order.billedBranchId,
      at,
    });
  });
}
