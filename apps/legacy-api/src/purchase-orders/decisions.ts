import type { PurchaseOrderRow } from '@branch-assets/legacy-contract';
import type { Updateable } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { PurchaseOrderStatus, PurchaseOrdersTable } from '../db/schema.ts';
import { Refusal } from '../http/errors.ts';
import { type Message, type MessageCode, message } from '../http/messages.ts';
import { MODULE, rowQuery, toRow } from './rows.ts';
import type { OrderState } from './status.ts';

export type DecisionKind = 'verify' | 'approve' | 'cancel';

export interface DecisionInput {
  purchaseOrderId: number;
  purchaseOrderNumber: string;
  billedBranchId: number;
  /** 1 accepts (verifies, approves), 0 rejects. Cancelling has no choice. */
  accept: boolean;
  reason: string;
}

interface Outcome {
  toStatus: PurchaseOrderStatus;
  action: string;
  message: MessageCode;
  changes: Updateable<PurchaseOrdersTable>;
}

interface DecisionRule {
  grant: 'verify' | 'approve' | 'delete';
  refusedRole: MessageCode;
  /** The statuses the decision can be taken from; the update is conditional on them. */
  from: readonly PurchaseOrderStatus[];
  /** Why the decision cannot be taken in this state. */
  wrongState(state: OrderState, number: string): Message;
  outcome(accept: boolean, reason: string, userId: number, at: Date): Outcome;
}

function alreadyDecided(state: OrderState, number: string): Message {
  const said = (code: MessageCode) => message(code, { number });
  if (state.status === 'cancelled') return said('purchaseOrder.isCancelled');
  if (state.status === 'completed') return said('purchaseOrder.isCompleted');
  if (state.verificationStatus === 'rejected')
    return said('purchaseOrder.wasRejectedAtVerification');
  if (state.approvalStatus === 'approved') return said('purchaseOrder.isAlreadyApproved');
  if (state.approvalStatus === 'rejected') return said('purchaseOrder.wasRejectedAtApproval');
  return said('purchaseOrder.isAlreadyVerified');
}

const RULES: Record<DecisionKind, DecisionRule> = {
  verify: {
    grant: 'verify',
    refusedRole: 'purchaseOrder.roleMayNotVerify',
    from: ['pending'],
    wrongState: alreadyDecided,
    outcome: (accept, reason, userId, at) =>
      accept
        ? {
            toStatus: 'waiting_for_approval',
            action: 'Verified',
            message: 'purchaseOrder.verified',
            changes: {
              status: 'waiting_for_approval',
              verificationStatus: 'verified',
              approvalStatus: 'waiting',
              verificationReason: reason,
              verifiedBy: userId,
              verifiedAt: at,
            },
          }
        : {
            toStatus: 'rejected',
            action: 'Rejected at verification',
            message: 'purchaseOrder.rejectedAtVerification',
            changes: {
              status: 'rejected',
              verificationStatus: 'rejected',
              verificationReason: reason,
              verifiedBy: userId,
              verifiedAt: at,
            },
          },
  },
  approve: {
    grant: 'approve',
    refusedRole: 'purchaseOrder.roleMayNotApprove',
    from: ['waiting_for_approval'],
    wrongState: (state, number) =>
      state.status === 'pending'
        ? message('purchaseOrder.notVerifiedYet', { number })
        : alreadyDecided(state, number),
    outcome: (accept, reason, userId, at) =>
      accept
        ? {
            toStatus: 'approved',
            action: 'Approved',
            message: 'purchaseOrder.approved',
            changes: {
              status: 'approved',
              approvalStatus: 'approved',
              approvalReason: reason,
              approvedBy: userId,
              approvedAt: at,
            },
          }
        : {
            toStatus: 'rejected',
            action: 'Rejected at approval',
            message: 'purchaseOrder.rejectedAtApproval',
            changes: {
              status: 'rejected',
              approvalStatus: 'rejected',
              approvalReason: reason,
              approvedBy: userId,
              approvedAt: at,
            },
          },
  },
  cancel: {
    grant: 'delete',
    refusedRole: 'purchaseOrder.roleMayNotCancel',
    from: ['pending', 'waiting_for_approval', 'rejected'],
    wrongState: (state, number) =>
      message(
        state.status === 'cancelled'
          ? 'purchaseOrder.isAlreadyCancelled'
          : state.status === 'completed'
            ? 'purchaseOrder.completedNotCancellable'
            : 'purchaseOrder.approvedNotCancellable',
        { number },
      ),
    outcome: (_accept, reason, userId, at) => ({
      toStatus: 'cancelled',
      action: 'Cancelled',
      message: 'purchaseOrder.cancelled',
      changes: { status: 'cancelled', cancelReason: reason, cancelledBy: userId, cancelledAt: at },
    }),
  },
};

/**
 * Takes a decision on an order. Every check the row flags reflect is made again here; the update
 * is conditional on the state read, so of two users deciding at once exactly one changes the
 * order and the other is refused. The audit entry is written in the same transaction.
 */
export async function decide(
  db: Db,
  access: Access,
  userId: number,
  kind: DecisionKind,
  input: DecisionInput,
): Promise<{ message: Message; row: PurchaseOrderRow }> {
  const rule = RULES[kind];
  const said = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('purchaseOrders')
      .select([
        'id',
        'poNumber',
        'billedBranchId',
        'status',
        'verificationStatus',
        'approvalStatus',
      ])
      .where('id', '=', input.purchaseOrderId)
      .where('poNumber', '=', input.purchaseOrderNumber)
      .where('billedBranchId', '=', input.billedBranchId)
      .executeTakeFirst();
    if (!order) throw new Refusal(message('purchaseOrder.notFound'));
    if (!access.can(MODULE, rule.grant)) throw new Refusal(message(rule.refusedRole));
    if (!access.worksIn(order.billedBranchId))
      throw new Refusal(message('purchaseOrder.notYourBranch'));
    // Found by its number, so it has one.
    const number = order.poNumber ?? input.purchaseOrderNumber;
    if (!rule.from.includes(order.status)) throw new Refusal(rule.wrongState(order, number));

    const at = new Date();
    const outcome = rule.outcome(input.accept, input.reason, userId, at);
    const updated = await trx
      .updateTable('purchaseOrders')
      .set({ ...outcome.changes, updatedAt: at })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .returning('id')
      .executeTakeFirst();
    if (!updated) {
      throw new Refusal(message('purchaseOrder.changedMeanwhile', { number }));
    }
    await writeAudit(trx, {
      entity: 'purchase_order',
      entityId: order.id,
      action: outcome.action,
      fromStatus: order.status,
      toStatus: outcome.toStatus,
      reason: input.reason,
      userId,
      branchId: order.billedBranchId,
      at,
    });
    return message(outcome.message, { number });
  });
  const record = await rowQuery(db)
    .where('po.id', '=', input.purchaseOrderId)
    .executeTakeFirstOrThrow();
  return { message: said, row: toRow(record, access) };
}
