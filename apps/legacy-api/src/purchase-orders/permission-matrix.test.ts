import { beforeAll, describe, expect, it } from 'vitest';
import type { FactoryOrderState as PurchaseOrderStatus } from '../test/factories.ts';
import { aBranch, aLogin, aPurchaseOrder, useBranchLogins } from '../test/factories.ts';
import { PURCHASE_ORDER_STATES, useTestApi } from '../test/test-api.ts';

/*
 * Every role × every purchase-order action: the flags each row shows, and what the server
 * does when the action is attempted anyway. The expectations are written out here, from the
 * roles' grants in the design, rather than computed by the code under test. The file starts from
 * the reference data and makes its own branch, a login of each role working in it, and orders
 * (test/factories.ts): one in every state before the tests, and one for each attempt.
 */

type Role = 'admin' | 'verifier' | 'approver' | 'manager' | 'viewer';
type Action = 'preview' | 'verify' | 'approve' | 'edit' | 'cancel' | 'download';

const GRANTED: Record<Role, readonly Action[]> = {
  admin: ['preview', 'verify', 'approve', 'edit', 'cancel', 'download'],
  verifier: ['preview', 'verify', 'download'],
  approver: ['preview', 'approve', 'download'],
  manager: ['preview', 'edit', 'cancel', 'download'],
  viewer: ['preview'],
};

/** In which states each row action is offered (to a role that has it). */
const OFFERED_IN: Record<Exclude<Action, 'download'>, readonly PurchaseOrderStatus[]> = {
  preview: PURCHASE_ORDER_STATES,
  verify: ['pending'],
  approve: ['waiting_for_approval'],
  edit: ['rejected'],
  cancel: ['pending', 'waiting_for_approval', 'rejected'],
};

const ROLES = Object.keys(GRANTED) as Role[];

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ROLES);
const { token } = logins;

/** A new order of the file's branch in `state`, raised by the manager, decided by the admin. */
function anOrder(state: PurchaseOrderStatus) {
  return aPurchaseOrder(api.db, {
    branch: logins.branch(),
    createdBy: logins.userId('manager'),
    decidedBy: logins.userId('admin'),
    state,
  });
}

beforeAll(async () => {
  for (const state of PURCHASE_ORDER_STATES) await anOrder(state);
});

describe.each(ROLES)('as %s', (role) => {
  it('every row offers exactly the actions the role has in the row state', async () => {
    const branch = logins.branch();
    const answer = await api.call('purchaseOrderLists', token(role), { Branch: branch });
    expect(answer.flag).toBe(1);
    const list = answer.records;
    if (!list) throw new Error('no list');
    expect(list.TableOptions.DownloadFlag).toBe(GRANTED[role].includes('download'));
    const statuses = await api.db
      .selectFrom('purchaseOrders')
      .select(['id', 'status'])
      .where('billedBranchId', '=', branch)
      .execute();
    const statusOf = new Map(statuses.map((row) => [row.id, row.status]));
    const seen = new Set<PurchaseOrderStatus>();
    for (const row of list.TableData) {
      const status = statusOf.get(row.PurchaseOrderId) as PurchaseOrderStatus | undefined;
      if (!status) throw new Error('row of another branch');
      seen.add(status);
      const expected = (action: Exclude<Action, 'download'>) =>
        GRANTED[role].includes(action) && OFFERED_IN[action].includes(status);
      expect({
        id: row.PurchaseOrderId,
        preview: row.PreviewFlag,
        verify: row.VerifyFlag,
        approve: row.ApprovalFlag,
        edit: row.EditFlag,
        cancel: row.DeleteFlag,
      }).toEqual({
        id: row.PurchaseOrderId,
        preview: expected('preview'),
        verify: expected('verify'),
        approve: expected('approve'),
        edit: expected('edit'),
        cancel: expected('cancel'),
      });
    }
    // The matrix only means something if the branch has orders in every state.
    expect(seen).toEqual(new Set(PURCHASE_ORDER_STATES));
  });

  it.each(['verify', 'approve', 'cancel'] as const)(
    'the server allows %s exactly when the role has it',
    async (action) => {
      const from: PurchaseOrderStatus = action === 'approve' ? 'waiting_for_approval' : 'pending';
      // An order of its own, so that the roles do not share one.
      const order = await anOrder(from);
      const body = {
        PurchaseOrder: order.id,
        PurchaseOrderNumber: order.poNumber,
        BilledBranch: order.billedBranchId,
        Reason: 'Matrix check.',
      };
      const attempt = () =>
        action === 'verify'
          ? api.call('purchaseOrderVerify', token(role), { ...body, Status: 1 })
          : action === 'approve'
            ? api.call('purchaseOrderApprove', token(role), { ...body, Status: 1 })
            : api.call('purchaseOrderCancel', token(role), body);
      if (GRANTED[role].includes(action)) {
        const answer = await attempt();
        expect(answer.flag, answer.output).toBe(1);
      } else {
        const noun = action === 'cancel' ? 'cancel' : action;
        await api.expectRefusedWithoutChange(attempt, {
          output: `Your role may not ${noun} purchase orders.`,
        });
      }
    },
  );
});

describe('outside the user’s branches', () => {
  it.each(ROLES.filter((role) => role !== 'admin' && role !== 'approver'))(
    '%s cannot list or act on another branch',
    async (role) => {
      // A branch of its own, with a manager and a pending order of theirs.
      const branch = (await aBranch(api.db)).id;
      const raiser = await aLogin(api.db, { role: 'manager', branches: [branch] });
      const order = await aPurchaseOrder(api.db, { branch, createdBy: raiser.userId });
      const list = await api.call('purchaseOrderLists', token(role), { Branch: branch });
      expect(list).toMatchObject({ flag: 0, output: 'You do not work in that branch.' });
      const body = {
        PurchaseOrder: order.id,
        PurchaseOrderNumber: order.poNumber,
        BilledBranch: order.billedBranchId,
        Reason: 'Matrix check.',
      };
      const expected = GRANTED[role].includes('verify')
        ? 'You do not work in the billed branch of this order.'
        : 'Your role may not verify purchase orders.';
      await api.expectRefusedWithoutChange(
        () => api.call('purchaseOrderVerify', token(role), { ...body, Status: 1 }),
        { output: expected },
      );
    },
  );
});
