import { describe, expect, it } from 'vitest';
import { aPurchaseOrder, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Two people deciding one order at the same moment: exactly one decision lands, the other is
 * refused with a message, and the audit log records one decision. The file makes its own branch,
 * logins and orders (test/factories.ts). On PostgreSQL the requests
 * really overlap (a pool of connections); on PGlite they are serialised by its single connection,
 * and the loser is refused by the state check instead.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['verifier', 'admin', 'approver', 'manager'] as const);
const { token } = logins;

/** New orders of the file's branch in a state, raised by the manager (verified by the verifier). */
async function ordersIn(status: 'pending' | 'waiting_for_approval', count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      aPurchaseOrder(api.db, {
        branch: logins.branch(),
        createdBy: logins.userId('manager'),
        decidedBy: logins.userId('verifier'),
        state: status,
      }),
    ),
  );
}

/** The order's audit entries but its creation: its decisions. */
async function decisionsFor(orderId: number): Promise<number> {
  const entries = { entity: 'purchase_order', entityId: orderId } as const;
  return (
    (await api.count('auditLog', entries)) -
    (await api.count('auditLog', { ...entries, action: 'Created' }))
  );
}

describe('concurrent decisions on one order', () => {
  it('two verifications at once: one wins, one is refused, one audit entry', async () => {
    const orders = await ordersIn('pending', 3);
    for (const order of orders) {
      const body = (status: 0 | 1, reason: string) => ({
        PurchaseOrder: order.id,
        PurchaseOrderNumber: order.poNumber,
        BilledBranch: order.billedBranchId,
        Status: status,
        Reason: reason,
      });
      const answers = await Promise.all([
        api.call('purchaseOrderVerify', token('verifier'), body(1, 'Verified by the verifier.')),
        api.call('purchaseOrderVerify', token('admin'), body(0, 'Rejected by the admin.')),
      ]);
      const winners = answers.filter((answer) => answer.flag === 1);
      const losers = answers.filter((answer) => answer.flag === 0);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0]?.output).toMatch(
        new RegExp(
          `^Purchase order ${order.poNumber.replaceAll('/', '\\/')} (was just changed by someone else|is already verified|was rejected at verification)`,
        ),
      );
      expect(await decisionsFor(order.id)).toBe(1);
      const stored = await api.db
        .selectFrom('purchaseOrders')
        .select(['status', 'verificationReason'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const winnerVerified = winners[0]?.records?.VerifiedStatusTxt === 'Verified';
      expect(stored).toEqual(
        winnerVerified
          ? { status: 'waiting_for_approval', verificationReason: 'Verified by the verifier.' }
          : { status: 'rejected', verificationReason: 'Rejected by the admin.' },
      );
    }
  });

  it('an approval and a cancellation at once: exactly one lands', async () => {
    const [order] = await ordersIn('waiting_for_approval', 1);
    if (!order) throw new Error('no order waiting for approval');
    const base = {
      PurchaseOrder: order.id,
      PurchaseOrderNumber: order.poNumber,
      BilledBranch: order.billedBranchId,
    };
    const before = await decisionsFor(order.id);
    const answers = await Promise.all([
      api.call('purchaseOrderApprove', token('approver'), {
        ...base,
        Status: 1,
        Reason: 'Approved.',
      }),
      api.call('purchaseOrderCancel', token('manager'), {
        ...base,
        Reason: 'Not needed any more.',
      }),
    ]);
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    expect(await decisionsFor(order.id)).toBe(before + 1);
  });

  it('many approvers racing on many orders never double-decide', async () => {
    const orders = await ordersIn('waiting_for_approval', 4);
    const before = new Map(
      await Promise.all(
        orders.map(async (order) => [order.id, await decisionsFor(order.id)] as const),
      ),
    );
    const attempts = orders.flatMap((order) =>
      (['approver', 'admin', 'approver'] as const).map((who, index) =>
        api.call('purchaseOrderApprove', token(who), {
          PurchaseOrder: order.id,
          PurchaseOrderNumber: order.poNumber,
          BilledBranch: order.billedBranchId,
          Status: index === 1 ? 0 : 1,
          Reason: `Attempt ${index}`,
        }),
      ),
    );
    const answers = await Promise.all(attempts);
    expect(answers.filter((answer) => answer.flag === 1)).toHaveLength(orders.length);
    for (const order of orders)
      expect(await decisionsFor(order.id)).toBe((before.get(order.id) ?? 0) + 1);
  });
});
