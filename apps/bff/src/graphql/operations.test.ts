import { aBranch, aLogin, aPurchaseOrder } from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { aBranchWithOrders, type BranchWithOrders } from '../test/branch-data.ts';
import { graphql } from '../test/gql/index.ts';
import { type Client, errorCode, expectRefused, type Login, useStack } from '../test/harness.ts';

const SessionQuery = graphql(`
  query Session {
    session {
      authenticated
      primaryBranch { id code name logoUrl }
      user { id username displayName role }
    }
  }
`);

const ShellQuery = graphql(`
  query Shell($module: String!, $action: String!) {
    menu { text link icon children { text link } }
    pageInfo(module: $module, action: $action) { title description permitted }
    canCreate: can(module: "purchase_order", action: "create")
    versionInfo { version buildDate environment testMode }
  }
`);

const BranchesQuery = graphql(`
  query Branches($search: String) {
    branches(search: $search) { id code name logoUrl }
    branchOptions { value text }
    allBranches: branchOptions(source: ALL) { value }
  }
`);

const SetPrimaryBranch = graphql(`
  mutation SetPrimaryBranch($branchId: ID!) {
    setPrimaryBranch(branchId: $branchId) { id code }
  }
`);

const PurchaseOrdersQuery = graphql(`
  query PurchaseOrders($branchId: ID!) {
    purchaseOrders(branchId: $branchId, pageSize: 1000) {
      rows {
        id number billedBranchId billedBranchName shippedBranchName dateText vendorName documentUrl
        status { text background color }
        verification { text background color }
        approval { text background color }
        actions { preview verify approve edit cancel }
      }
      headers { text value align sortable }
      options { itemKey itemsPerPage itemsPerPageOptions downloadable excelFileName excelFields branchSelect singleSelect showSelect }
      exportUrl
    }
  }
`);

const PurchaseOrderQuery = graphql(`
  query PurchaseOrder($id: ID!, $number: String!, $billedBranchId: ID!) {
    purchaseOrder(id: $id, number: $number, billedBranchId: $billedBranchId) {
      id number status { text } documentUrl quotationUrl
      subTotal discount freight sgst cgst igst roundOff grandTotal remarksHtml
      products { id name quantity rate total taxRate }
      productHeaders { value align }
      history { action statusText reason userName at }
    }
  }
`);

const Verify = graphql(`
  mutation Verify($input: PurchaseOrderDecisionInput!) {
    verifyPurchaseOrder(input: $input) { message purchaseOrder { id status { text } verification { text } actions { verify approve } } }
  }
`);

const Approve = graphql(`
  mutation Approve($input: PurchaseOrderDecisionInput!) {
    approvePurchaseOrder(input: $input) { message purchaseOrder { id status { text } approval { text } } }
  }
`);

const Cancel = graphql(`
  mutation Cancel($input: CancelPurchaseOrderInput!) {
    cancelPurchaseOrder(input: $input) { message purchaseOrder { id status { text } } }
  }
`);

const ChangePassword = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { message }
  }
`);

const ROLES = ['admin', 'verifier', 'approver', 'manager', 'viewer'] as const;
type Role = (typeof ROLES)[number];
const stack = useStack([]);

/**
 * The tests' own branches: `main` (with its logo) has an order in every state and is only read;
 * `other` is where a test that decides an order makes it. A login of every role works in `main`
 * (its primary branch), and all but the viewer in `other` too.
 */
let main: BranchWithOrders;
let other: { id: number; code: string };
const logins = new Map<Role, { login: Login & { userId: number }; client: Client }>();

beforeAll(async () => {
  main = await aBranchWithOrders(stack.db, { logo: true });
  other = await aBranch(stack.db);
  for (const role of ROLES) {
    const branches = role === 'viewer' ? [main.branch.id] : [main.branch.id, other.id];
    const login = await aLogin(stack.db, { role, branches });
    logins.set(role, { login, client: await stack.clientOf(login) });
  }
});

function loginOf(role: Role): { login: Login & { userId: number }; client: Client } {
  const made = logins.get(role);
  if (!made) throw new Error(`no ${role}: the logins are made in beforeAll`);
  return made;
}
const as = (role: Role): Client => loginOf(role).client;

/** A pending order of its own in `other`, raised by its manager. */
async function aPendingOrder(): Promise<{ id: number; poNumber: string }> {
  return aPurchaseOrder(stack.db, { branch: other.id, createdBy: loginOf('manager').login.userId });
}

/** The row of the order numbered `number` in the list of `branchId` as `role` sees it. */
async function rowOf(role: Role, branchId: number, number: string) {
  const list = await as(role).graphql(PurchaseOrdersQuery, { branchId: String(branchId) });
  expect(list.errors).toBeUndefined();
  const row = list.data?.purchaseOrders.rows.find((candidate) => candidate.number === number);
  if (!row) throw new Error(`no order ${number}`);
  return row;
}

describe('session and shell, as every role', () => {
  it.each(ROLES)('%s: session, menu, page info, permission, version', async (role) => {
    const session = await as(role).graphql(SessionQuery);
    expect(session.errors).toBeUndefined();
    expect(session.data?.session).toMatchObject({
      authenticated: true,
      user: { username: loginOf(role).login.username, role },
    });
    expect(session.data?.session.primaryBranch).toMatchObject({
      id: String(main.branch.id),
      code: main.branch.code,
      logoUrl: `/files/branch-logos/${main.branch.code}.svg`,
    });

    const shell = await as(role).graphql(ShellQuery, { module: 'purchase_order', action: 'list' });
    expect(shell.errors).toBeUndefined();
    expect(shell.data?.pageInfo).toEqual({
      title: 'Purchase Orders',
      description: expect.any(String),
      permitted: true,
    });
    expect(shell.data?.canCreate).toBe(role === 'admin' || role === 'manager');
    expect(shell.data?.versionInfo.version).toBe('1.2.8');
    const purchase = shell.data?.menu.find((item) => item.text === 'Purchase');
    expect(purchase?.children.map((item) => item.link)).toContain('/purchase-order/list');
    expect(shell.data?.menu.some((item) => item.text === 'Settings')).toBe(role === 'admin');
  });

  it('a visitor has a session that says so, and everything else is UNAUTHENTICATED', async () => {
    const visitor = stack.visitor();
    const session = await visitor.graphql(SessionQuery);
    expect(session.data?.session).toEqual({
      authenticated: false,
      user: null,
      primaryBranch: null,
    });
    const shell = await visitor.graphql(ShellQuery, { module: 'purchase_order', action: 'list' });
    expect(errorCode(shell)).toBe('UNAUTHENTICATED');
  });

  it('a login without a primary branch has none until it chooses one of its own', async () => {
    const own = [
      await aBranch(stack.db, { code: 'OPS-K1' }),
      await aBranch(stack.db, { code: 'OPS-K2' }),
      await aBranch(stack.db, { code: 'OPS-K3' }),
    ];
    const unchosen = await stack.clientOf(
      await aLogin(stack.db, {
        role: 'manager',
        branches: own.map((branch) => branch.id),
        noPrimaryBranch: true,
      }),
    );
    expect((await unchosen.graphql(SessionQuery)).data?.session.primaryBranch).toBeNull();
    const branches = await unchosen.graphql(BranchesQuery, {});
    expect(branches.data?.branches.map((branch) => branch.code)).toEqual([
      'OPS-K1',
      'OPS-K2',
      'OPS-K3',
    ]);
    expect(branches.data?.branchOptions).toHaveLength(3);
    // Every active branch, not only the login's own.
    const active = await stack.db
      .selectFrom('branches')
      .select('id')
      .where('active', '=', true)
      .execute();
    expect(branches.data?.allBranches.map((option) => String(option.value)).sort()).toEqual(
      active.map((row) => String(row.id)).sort(),
    );
    expect(branches.data?.allBranches.length).toBeGreaterThan(3);
    const foreign = await unchosen.graphql(SetPrimaryBranch, {
      branchId: String(main.branch.id),
    });
    expectRefused(foreign, 'REJECTED', 'You do not work in that branch.');
    const second = own[1];
    const chosen = await unchosen.graphql(SetPrimaryBranch, { branchId: String(second?.id) });
    expect(chosen.data?.setPrimaryBranch.code).toBe('OPS-K2');
    expect((await unchosen.graphql(SessionQuery)).data?.session.primaryBranch?.code).toBe('OPS-K2');
  });

  it('branches(search) filters by code or name', async () => {
    const mine = [
      await aBranch(stack.db, { code: 'OPS-E', name: 'Opsville East' }),
      await aBranch(stack.db, { code: 'OPSVILLE', name: 'Harbour Point' }),
      await aBranch(stack.db, { code: 'OPS-H', name: 'Hill Town' }),
    ];
    // Named alike, but not the verifier's.
    await aBranch(stack.db, { code: 'OPS-W', name: 'Opsville West' });
    const verifier = await stack.clientOf(
      await aLogin(stack.db, { role: 'verifier', branches: mine.map((branch) => branch.id) }),
    );
    const answer = await verifier.graphql(BranchesQuery, { search: 'opsville' });
    expect(answer.data?.branches.map((branch) => branch.code).sort()).toEqual([
      'OPS-E',
      'OPSVILLE',
    ]);
  });

  it('refuses a malformed id as BAD_USER_INPUT without calling upstream', async () => {
    const answer = await as('admin').graphql(SetPrimaryBranch, { branchId: 'abc' });
    expectRefused(answer, 'BAD_USER_INPUT', 'branchId must be a positive whole number.');
  });
});

describe('purchase orders', () => {
  it.each(ROLES)('%s sees the list with typed chips, flags and options', async (role) => {
    const branchId = String(main.branch.id);
    const answer = await as(role).graphql(PurchaseOrdersQuery, { branchId });
    expect(answer.errors).toBeUndefined();
    const list = answer.data?.purchaseOrders;
    if (!list) throw new Error('no list');
    expect(list.rows.map((row) => row.number).sort()).toEqual(
      main.orders.map((order) => order.poNumber).sort(),
    );
    expect(list.options.itemsPerPage).toBe(10);
    expect(list.options.itemsPerPageOptions).toEqual([10, 25, 50, 100, -1]);
    expect(list.options.downloadable).toBe(role !== 'viewer');
    // The order's PDF is a download too: the viewer reads orders on screen only.
    expect(list.rows.some((row) => row.documentUrl !== null)).toBe(role !== 'viewer');
    expect(list.exportUrl).toBe(
      role === 'viewer' ? null : `/exports/purchase-orders.xlsx?branchId=${branchId}`,
    );
    expect(list.options.excelFields[0]).toBe('number');
    expect(list.headers[0]).toEqual({
      text: 'Actions',
      value: 'actions',
      align: 'CENTER',
      sortable: false,
    });
    const pending = list.rows.find((row) => row.status.text === 'Pending');
    expect(pending?.status).toEqual({ text: 'Pending', background: '#FFF0E1', color: '#995F28' });
    expect(pending?.actions.verify).toBe(role === 'admin' || role === 'verifier');
    expect(list.rows.some((row) => row.actions.approve)).toBe(
      role === 'admin' || role === 'approver',
    );
    expect(list.rows.some((row) => row.actions.cancel)).toBe(
      role === 'admin' || role === 'manager',
    );
  });

  it('shows an order in full, with money as Decimal strings and its history', async () => {
    const made = main.orders.find((order) => order.state === 'completed');
    if (!made) throw new Error('no completed order');
    const completed = await rowOf('verifier', main.branch.id, made.poNumber);
    expect(completed.status.text).toBe('Completed');
    const answer = await as('verifier').graphql(PurchaseOrderQuery, {
      id: completed.id,
      number: completed.number,
      billedBranchId: completed.billedBranchId,
    });
    expect(answer.errors).toBeUndefined();
    const order = answer.data?.purchaseOrder;
    expect(order?.grandTotal).toMatch(/^\d+\.00$/);
    for (const amount of [
      order?.subTotal,
      order?.discount,
      order?.freight,
      order?.cgst,
      order?.sgst,
      order?.igst,
      order?.roundOff,
    ]) {
      expect(amount).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(order?.products.length).toBeGreaterThan(0);
    expect(order?.history.map((entry) => entry.action)).toEqual([
      'Goods received',
      'Approved',
      'Verified',
      'Created',
    ]);
    expect(order?.documentUrl).toMatch(/^\/files\/purchase-orders\//);
  });

  it('verifier verifies, approver approves; repeats and wrong roles are REJECTED with the server message', async () => {
    const made = await aPendingOrder();
    const order = await rowOf('verifier', other.id, made.poNumber);
    expect(order.actions.verify).toBe(true);
    const input = {
      id: order.id,
      number: order.number,
      billedBranchId: order.billedBranchId,
      decision: 'ACCEPT' as const,
      reason: 'Rates checked.',
    };

    const wrongRole = await as('approver').graphql(Verify, { input });
    expectRefused(wrongRole, 'REJECTED', 'Your role may not verify purchase orders.');

    const verified = await as('verifier').graphql(Verify, { input });
    expect(verified.errors).toBeUndefined();
    expect(verified.data?.verifyPurchaseOrder).toEqual({
      message: `Purchase order ${order.number} verified.`,
      purchaseOrder: {
        id: order.id,
        status: { text: 'Waiting For Approval' },
        verification: { text: 'Verified' },
        actions: { verify: false, approve: false },
      },
    });
    const again = await as('verifier').graphql(Verify, { input });
    expectRefused(again, 'REJECTED', `Purchase order ${order.number} is already verified.`);

    const approved = await as('approver').graphql(Approve, {
      input: { ...input, reason: 'Within budget.' },
    });
    expect(approved.data?.approvePurchaseOrder.purchaseOrder).toMatchObject({
      status: { text: 'Approved' },
      approval: { text: 'Approved' },
    });
  });

  it('a blank reason is BAD_USER_INPUT with the legacy message; another branch is REJECTED', async () => {
    const made = await aPendingOrder();
    const order = await rowOf('verifier', other.id, made.poNumber);
    expect(order.actions.verify).toBe(true);
    const blank = await as('verifier').graphql(Verify, {
      input: {
        id: order.id,
        number: order.number,
        billedBranchId: order.billedBranchId,
        decision: 'REJECT',
        reason: '  ',
      },
    });
    expectRefused(blank, 'BAD_USER_INPUT', 'Reason is required');
    const foreign = await as('viewer').graphql(PurchaseOrdersQuery, {
      branchId: String(other.id),
    });
    expectRefused(foreign, 'REJECTED', 'You do not work in that branch.');
  });

  it('manager cancels an order; a missing order is REJECTED', async () => {
    const made = await aPendingOrder();
    const order = await rowOf('manager', other.id, made.poNumber);
    expect(order.actions.cancel).toBe(true);
    const cancelled = await as('manager').graphql(Cancel, {
      input: {
        id: order.id,
        number: order.number,
        billedBranchId: order.billedBranchId,
        reason: 'Raised twice.',
      },
    });
    expect(cancelled.data?.cancelPurchaseOrder.purchaseOrder.status.text).toBe('Cancelled');
    const missing = await as('manager').graphql(PurchaseOrderQuery, {
      id: '999999',
      number: 'PO/X',
      billedBranchId: order.billedBranchId,
    });
    expectRefused(missing, 'REJECTED', 'Purchase order not found.');
  });
});

describe('changePassword', () => {
  it('changes the password through the gateway; a wrong current password is REJECTED', async () => {
    const login = await aLogin(stack.db, { role: 'viewer', branches: [main.branch.id] });
    const earlier = await stack.clientOf(login);
    const viewer = await stack.clientOf(login);
    const wrong = await viewer.graphql(ChangePassword, {
      currentPassword: 'nope',
      newPassword: 'Another@2026',
    });
    expect(errorCode(wrong)).toBe('REJECTED');
    const weak = await viewer.graphql(ChangePassword, {
      currentPassword: login.password,
      newPassword: 'short',
    });
    expectRefused(weak, 'BAD_USER_INPUT', 'NewPassword must be at least 8 characters');
    const changed = await viewer.graphql(ChangePassword, {
      currentPassword: login.password,
      newPassword: 'Another@2026',
    });
    expect(changed.data?.changePassword.message).toBe('Password changed.');
    // The login's other session (made before) has ended; this one goes on.
    expect(
      errorCode(await earlier.graphql(ShellQuery, { module: 'purchase_order', action: 'list' })),
    ).toBe('UNAUTHENTICATED');
    expect((await viewer.graphql(SessionQuery)).data?.session.authenticated).toBe(true);
    expect((await stack.visitor().login(login.username, 'Another@2026')).status).toBe(200);
  });
});
