import {
  PurchaseOrderDetail,
  PurchaseOrderProduct,
  PurchaseOrderRow,
  TableOptions,
} from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FactoryOrderState as PurchaseOrderStatus } from '../test/factories.ts';
import { aBranch, aLogin, aPurchaseOrder, useBranchLogins } from '../test/factories.ts';
import {
  expectExactKeys,
  expectSuccess,
  PURCHASE_ORDER_STATES,
  useTestApi,
} from '../test/test-api.ts';

/*
 * The file starts from the reference data and makes its own branch, with a verifier, an approver,
 * a manager and a viewer working in it, and the orders each test reads or decides
 * (test/factories.ts): raised by the manager, decided (when made decided) by the verifier.
 */

type Order = { id: number; poNumber: string; billedBranchId: number };

const USERS = ['verifier', 'approver', 'manager', 'viewer'] as const;
type User = (typeof USERS)[number];
const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, USERS);
const { token } = logins;

/** A date `days` before today, as YYYY-MM-DD. */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A new order of the file's branch in the given status (with its documents), of `days` ago. */
function orderIn(status: PurchaseOrderStatus, days = 3): Promise<Order> {
  return aPurchaseOrder(api.db, {
    branch: logins.branch(),
    createdBy: logins.userId('manager'),
    decidedBy: logins.userId('verifier'),
    state: status,
    poDate: daysAgo(days),
    documents: true,
  });
}

/** A new order in the given status of a branch of its own, that none of the file's users works in. */
async function foreignOrderIn(status: PurchaseOrderStatus): Promise<Order> {
  const branch = (await aBranch(api.db)).id;
  const raiser = await aLogin(api.db, { role: 'manager', branches: [branch] });
  return aPurchaseOrder(api.db, { branch, createdBy: raiser.userId, state: status });
}

/** The file's branch's code. */
async function branchCode(): Promise<string> {
  const { code } = await api.db
    .selectFrom('branches')
    .select('code')
    .where('id', '=', logins.branch())
    .executeTakeFirstOrThrow();
  return code;
}

/** The staff name of one of the file's users, as histories show it. */
async function nameOf(user: User): Promise<string> {
  const { name } = await api.db
    .selectFrom('users')
    .innerJoin('staff', 'staff.id', 'users.staffId')
    .select('staff.name')
    .where('users.id', '=', logins.userId(user))
    .executeTakeFirstOrThrow();
  return name;
}

/** How many days ago the branch's first order in each state is dated: made out of date order. */
const DAYS_AGO: Record<PurchaseOrderStatus, number> = {
  pending: 40,
  waiting_for_approval: 5,
  approved: 200,
  rejected: 12,
  cancelled: 90,
  completed: 1,
};

// Before the tests, the branch has an order in every state, of several dates.
beforeAll(async () => {
  for (const state of PURCHASE_ORDER_STATES) await orderIn(state, DAYS_AGO[state]);
});

function decision(order: Order, status: 0 | 1, reason = 'Checked.') {
  return {
    UserInterface: 1,
    PurchaseOrder: order.id,
    PurchaseOrderNumber: order.poNumber,
    BilledBranch: order.billedBranchId,
    Status: status,
    Reason: reason,
  };
}

const auditCount = (orderId: number) =>
  api.count('auditLog', { entity: 'purchase_order', entityId: orderId });

describe('purchase-order/lists', () => {
  it('returns the branch orders, newest first, with exactly the legacy row fields', async () => {
    const branch = logins.branch();
    const answer = await api.call('purchaseOrderLists', token('verifier'), {
      UserInterface: 1,
      Branch: branch,
    });
    expect(answer.flag).toBe(1);
    const list = answer.records;
    if (!list) throw new Error('no records');
    const raw = answer.raw as { TableData: object[]; TableOptions: object };
    const expectedCount = await api.db
      .selectFrom('purchaseOrders')
      .select('id')
      .where('billedBranchId', '=', branch)
      .execute();
    expect(list.TableData).toHaveLength(expectedCount.length);
    expect(answer.output).toBe(`${expectedCount.length} purchase orders.`);
    for (const row of raw.TableData) expectExactKeys(row, PurchaseOrderRow.keyof().options);
    expectExactKeys(raw.TableOptions, TableOptions.keyof().options);
    expect(list.TableData.every((row) => row.BilledBranchId === branch)).toBe(true);
    const dates = list.TableData.map((row) =>
      row.PurchaseOrderDateTxt.split('-').reverse().join('-'),
    );
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.TableData[0]?.PurchaseOrderDateTxt).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it('describes the table: headers, page size, spreadsheet columns in header order', async () => {
    const answer = await api.call('purchaseOrderLists', token('verifier'), {
      Branch: logins.branch(),
    });
    const list = answer.records;
    if (!list) throw new Error('no records');
    expect(list.TableOptions.ItemsPerPage).toBe(10);
    expect(list.TableOptions.ItemKey).toBe('PurchaseOrderId');
    expect(list.TableOptions.DownloadFlag).toBe(true);
    expect(list.TableOptions.ExcelFileName).toMatch(
      new RegExp(`^PurchaseOrders_${await branchCode()}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const dataHeaders = list.TableHeader.filter((header) => header.value !== 'Actions').map(
      (header) => header.value,
    );
    expect(Object.values(list.TableOptions.ExcelFields)).toEqual(dataHeaders);
    expect(Object.keys(list.TableOptions.ExcelFields)).toEqual(
      dataHeaders.map((_, index) => String(index)),
    );
    const rowKeys = PurchaseOrderRow.keyof().options as readonly string[];
    for (const field of dataHeaders) expect(rowKeys).toContain(field);
  });

  it('colours every status chip from the legacy tone table', async () => {
    const answer = await api.call('purchaseOrderLists', token('verifier'), {
      Branch: logins.branch(),
    });
    const rows = answer.records?.TableData ?? [];
    const colour = (text: string) => rows.find((row) => row.StatusTxt === text);
    expect(colour('Pending')).toMatchObject({
      StatusBgColor: '#FFF0E1',
      StatusTextColor: '#995F28',
    });
    expect(colour('Approved')).toMatchObject({ StatusBgColor: '#DDF6E8' });
    expect(colour('Rejected')).toMatchObject({ StatusBgColor: '#FFE2E3' });
    expect(colour('Cancelled')).toMatchObject({ StatusBgColor: '#FFE2E3' });
    expect(colour('Completed')).toMatchObject({ StatusBgColor: '#E9E7FD' });
    expect(new Set(rows.map((row) => row.StatusTxt))).toEqual(
      new Set([
        'Pending',
        'Waiting For Approval',
        'Approved',
        'Rejected',
        'Cancelled',
        'Completed',
      ]),
    );
  });

  it('refuses a branch the user does not work in, and a role that may not list', async () => {
    const answer = await api.call('purchaseOrderLists', token('manager'), {
      Branch: (await foreignOrderIn('pending')).billedBranchId,
    });
    expect(answer).toMatchObject({
      status: 200,
      flag: 0,
      output: 'You do not work in that branch.',
      records: null,
    });
    const unknown = await api.call('purchaseOrderLists', token('manager'), { Branch: 999_999 });
    expect(unknown).toMatchObject({ flag: 0, output: 'You do not work in that branch.' });
    const missing = await api.call('purchaseOrderLists', token('manager'), {});
    expect(missing).toMatchObject({ status: 422, flag: 0, output: 'Branch is required' });
  });
});

describe('purchase-order/show', () => {
  it('returns the detail with products, money that adds up, document links and history', async () => {
    const order = await orderIn('completed');
    const answer = await api.call('purchaseOrderShow', token('verifier'), {
      UserInterface: 1,
      PurchaseOrder: order.id,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: order.poNumber,
    });
    expect(answer.flag).toBe(1);
    const raw = answer.raw as Record<string, unknown> & { Products: object[] };
    expectExactKeys(raw, PurchaseOrderDetail.keyof().options);
    for (const product of raw.Products)
      expectExactKeys(product, PurchaseOrderProduct.keyof().options);
    const detail = answer.records;
    if (!detail) throw new Error('no records');
    const paise = (value: string) => Math.round(Number(value) * 100);
    expect(detail.ProductsCount).toBe(detail.Products.length);
    expect(detail.Products.reduce((sum, line) => sum + paise(line.TotalAmount), 0)).toBe(
      paise(detail.SubTotal) -
        paise(detail.Discount) +
        paise(detail.CgstAmount) +
        paise(detail.SgstAmount) +
        paise(detail.IgstAmount),
    );
    expect(
      paise(detail.SubTotal) -
        paise(detail.Discount) +
        paise(detail.FreightAmount) +
        paise(detail.CgstAmount) +
        paise(detail.SgstAmount) +
        paise(detail.IgstAmount) +
        paise(detail.RoundOff),
    ).toBe(paise(detail.GrandTotal));
    expect(detail.GrandTotal).toMatch(/^\d+\.00$/);
    expect(detail.PoPathFlag).toBe(true);
    expect(detail.PoPathUrl).toMatch(/^files\/purchase-orders\/.+\.pdf$/);
    expect(detail.History?.map((entry) => entry.Action)).toEqual([
      'Goods received',
      'Approved',
      'Verified',
      'Created',
    ]);
    expect(detail.History?.[0]?.StatusTxt).toBe('Completed');
    const times = detail.History?.map((entry) => entry.ActionAt) ?? [];
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sends remarks sanitised, even when stored with script', async () => {
    const order = await orderIn('approved');
    await api.db
      .updateTable('purchaseOrders')
      .set({
        remarksHtml:
          '<p onclick="steal()">Deliver <b>soon</b><script>alert(1)</script><a href="javascript:x()">x</a></p>',
      })
      .where('id', '=', order.id)
      .execute();
    const answer = await api.call('purchaseOrderShow', token('verifier'), {
      PurchaseOrder: order.id,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: order.poNumber,
    });
    expect(answer.records?.RemarksTxt).toBe(
      '<p>Deliver <b>soon</b><a rel="noopener noreferrer" target="_blank">x</a></p>',
    );
  });

  it('refuses unknown ids, a mismatched number and another branch', async () => {
    const order = await orderIn('approved');
    const unknown = await api.call('purchaseOrderShow', token('verifier'), {
      PurchaseOrder: 999_999,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: order.poNumber,
    });
    expect(unknown).toMatchObject({ flag: 0, output: 'Purchase order not found.' });
    const mismatch = await api.call('purchaseOrderShow', token('verifier'), {
      PurchaseOrder: order.id,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: 'PO/OTHER/2026-27/0001',
    });
    expect(mismatch).toMatchObject({ flag: 0, output: 'Purchase order not found.' });
    const hyderabad = await foreignOrderIn('approved');
    const other = await api.call('purchaseOrderShow', token('verifier'), {
      PurchaseOrder: hyderabad.id,
      Branch: hyderabad.billedBranchId,
      PurchaseOrderNumber: hyderabad.poNumber,
    });
    expect(other).toMatchObject({ flag: 0, output: 'You do not work in that branch.' });
  });
});

describe('purchase-order/verify-update and approval-update', () => {
  it('verifies with a reason: new state, flags, message and one audit entry', async () => {
    const order = await orderIn('pending');
    const before = await auditCount(order.id);
    const answer = await api.call(
      'purchaseOrderVerify',
      token('verifier'),
      decision(order, 1, 'Rates match the rate contract.'),
    );
    expect(answer).toMatchObject({
      status: 200,
      flag: 1,
      output: `Purchase order ${order.poNumber} verified.`,
    });
    expectExactKeys(answer.raw as object, PurchaseOrderRow.keyof().options);
    expect(answer.records).toMatchObject({
      PurchaseOrderId: order.id,
      VerifiedStatusTxt: 'Verified',
      ApprovalStatusTxt: 'Waiting For Approval',
      StatusTxt: 'Waiting For Approval',
      VerifyFlag: false,
      ApprovalFlag: false,
    });
    const stored = await api.db
      .selectFrom('purchaseOrders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 'waiting_for_approval',
      verificationStatus: 'verified',
      approvalStatus: 'waiting',
      verificationReason: 'Rates match the rate contract.',
    });
    expect(stored.verifiedAt).toBeInstanceOf(Date);
    expect(await auditCount(order.id)).toBe(before + 1);
    const entry = (await api.auditOf('purchase_order', order.id)).at(-1);
    expect(entry).toMatchObject({
      action: 'Verified',
      fromStatus: 'pending',
      toStatus: 'waiting_for_approval',
      reason: 'Rates match the rate contract.',
      userId: stored.verifiedBy,
    });

    const approved = await expectSuccess(
      api.call('purchaseOrderApprove', token('approver'), decision(order, 1, 'Within budget.')),
      `Purchase order ${order.poNumber} approved.`,
    );
    expect(approved).toMatchObject({
      StatusTxt: 'Approved',
      ApprovalStatusTxt: 'Approved',
      VerifiedStatusTxt: 'Verified',
      ApprovalFlag: false,
    });

    const show = await api.call('purchaseOrderShow', token('approver'), {
      PurchaseOrder: order.id,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: order.poNumber,
    });
    expect(show.records?.History?.slice(0, 2)).toMatchObject([
      {
        Action: 'Approved',
        StatusTxt: 'Approved',
        Reason: 'Within budget.',
        UserName: await nameOf('approver'),
      },
      {
        Action: 'Verified',
        StatusTxt: 'Waiting For Approval',
        Reason: 'Rates match the rate contract.',
        UserName: await nameOf('verifier'),
      },
    ]);
  });

  /** Rejects the order at the stage (the verifier verifies, the approver approves): it must succeed. */
  async function reject(stage: 'verification' | 'approval', order: Order, reason: string) {
    return expectSuccess(
      stage === 'verification'
        ? api.call('purchaseOrderVerify', token('verifier'), decision(order, 0, reason))
        : api.call('purchaseOrderApprove', token('approver'), decision(order, 0, reason)),
      `Purchase order ${order.poNumber} rejected at ${stage}.`,
    );
  }

  it('rejects at verification, leaving nothing to approve', async () => {
    const order = await orderIn('pending');
    expect(await reject('verification', order, 'Specifications do not match.')).toMatchObject({
      StatusTxt: 'Rejected',
      VerifiedStatusTxt: 'Rejected',
      ApprovalStatusTxt: 'Not eligible',
    });
    await api.expectRefusedWithoutChange(
      () => api.call('purchaseOrderApprove', token('approver'), decision(order, 1)),
      {
        output: `Purchase order ${order.poNumber} was rejected at verification.`,
      },
    );
  });

  it('rejects at approval', async () => {
    const order = await orderIn('waiting_for_approval');
    expect(await reject('approval', order, 'Budget exhausted.')).toMatchObject({
      StatusTxt: 'Rejected',
      VerifiedStatusTxt: 'Verified',
      ApprovalStatusTxt: 'Rejected',
    });
  });

  it('refuses, changing nothing: missing or blank reason, wrong role, wrong branch, wrong state, unknown order', async () => {
    const order = await orderIn('pending');
    const approved = await orderIn('approved');
    const cancelled = await orderIn('cancelled');
    const bengaluru = await foreignOrderIn('pending');
    const { Reason: _reason, ...withoutReason } = decision(order, 1);
    // A decision sent by the user, to be sent when the refusal is checked.
    const verify = (user: User, body: Record<string, unknown>) => () =>
      api.call('purchaseOrderVerify', token(user), body);
    const approve = (user: User, body: Record<string, unknown>) => () =>
      api.call('purchaseOrderApprove', token(user), body);
    await api.expectEachRefusedWithoutChange([
      [verify('verifier', withoutReason), 'Reason is required', 422],
      [verify('verifier', decision(order, 0, '   ')), 'Reason is required', 422],
      [
        verify('verifier', decision(order, 1, 'x'.repeat(501))),
        'Reason must be at most 500 characters',
        422,
      ],
      [verify('verifier', { ...decision(order, 1), Status: 'yes' }), 'Status must be 1 or 0', 422],
      [
        verify('verifier', { ...decision(order, 1), PurchaseOrder: 'twelve' }),
        'PurchaseOrder must be a positive whole number',
        422,
      ],
      [verify('approver', decision(order, 1)), 'Your role may not verify purchase orders.'],
      [verify('manager', decision(order, 1)), 'Your role may not verify purchase orders.'],
      [
        approve('approver', decision(order, 1)),
        `Purchase order ${order.poNumber} is not verified yet.`,
      ],
      [
        verify('verifier', { ...decision(order, 1), PurchaseOrder: 999_999 }),
        'Purchase order not found.',
      ],
      [
        verify('verifier', { ...decision(order, 1), PurchaseOrderNumber: 'PO/X/2026-27/0001' }),
        'Purchase order not found.',
      ],
      [
        verify('verifier', decision(approved, 1)),
        `Purchase order ${approved.poNumber} is already approved.`,
      ],
      [
        approve('approver', decision(approved, 0)),
        `Purchase order ${approved.poNumber} is already approved.`,
      ],
      [
        verify('verifier', decision(cancelled, 1)),
        `Purchase order ${cancelled.poNumber} is cancelled.`,
      ],
      [
        verify('verifier', decision(bengaluru, 1)),
        'You do not work in the billed branch of this order.',
      ],
      [verify('viewer', decision(bengaluru, 1)), 'Your role may not verify purchase orders.'],
      [
        () => api.call('purchaseOrderVerify', null, decision(order, 1)),
        'Session expired. Please log in again.',
        401,
      ],
    ]);
  });
});

describe('purchase-order/destroy (cancel)', () => {
  const cancellation = (order: Order, reason = 'No longer needed.') => ({
    PurchaseOrder: order.id,
    PurchaseOrderNumber: order.poNumber,
    BilledBranch: order.billedBranchId,
    Reason: reason,
  });

  it('lets a manager cancel a pending order of their branch with a reason', async () => {
    const order = await orderIn('pending');
    const cancelled = await expectSuccess(
      api.call(
        'purchaseOrderCancel',
        token('manager'),
        cancellation(order, 'Raised twice by mistake.'),
      ),
      `Purchase order ${order.poNumber} cancelled.`,
    );
    expect(cancelled).toMatchObject({
      StatusTxt: 'Cancelled',
      VerifiedStatusTxt: 'Cancelled',
      ApprovalStatusTxt: 'Cancelled',
      DeleteFlag: false,
      EditFlag: false,
    });
    await api.expectRefusedWithoutChange(
      () => api.call('purchaseOrderVerify', token('verifier'), decision(order, 1)),
      { output: `Purchase order ${order.poNumber} is cancelled.` },
    );
  });

  it('refuses to cancel an approved order, and refuses roles without the grant', async () => {
    const approved = await orderIn('approved');
    const pending = await orderIn('pending');
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('purchaseOrderCancel', token('manager'), cancellation(approved)),
        `Purchase order ${approved.poNumber} is approved and can no longer be cancelled.`,
      ],
      [
        () => api.call('purchaseOrderCancel', token('verifier'), cancellation(pending)),
        'Your role may not cancel purchase orders.',
      ],
    ]);
  });
});
