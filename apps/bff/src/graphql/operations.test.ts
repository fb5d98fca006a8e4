import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, errorCode, expectRefused, loggedIn, useStack } from '../test/harness.ts';

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
const stack = useStack([...ROLES, 'kavitha']);
const as = (user: (typeof ROLES)[number] | 'kavitha'): Client => stack.users[user];

async function branchId(code: string): Promise<string> {
  const answer = await as('admin').graphql(BranchesQuery, { search: code });
  const branch = answer.data?.branches.find((candidate) => candidate.code === code);
  if (!branch) throw new Error(`no branch ${code}`);
  return branch.id;
}

describe('session and shell, as every role', () => {
  it.each(ROLES)('%s: session, menu, page info, permission, version', async (role) => {
    const session = await as(role).graphql(SessionQuery);
    expect(session.errors).toBeUndefined();
    expect(session.data?.session).toMatchObject({
      authenticated: true,
      user: { username: role, role },
    });
    expect(session.data?.session.primaryBranch?.logoUrl).toMatch(
      /^\/files\/branch-logos\/.+\.svg$/,
    );

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

  it('kavitha has no primary branch until she chooses one of hers', async () => {
    const kavitha = as('kavitha');
    expect((await kavitha.graphql(SessionQuery)).data?.session.primaryBranch).toBeNull();
    const branches = await kavitha.graphql(BranchesQuery, {});
    expect(branches.data?.branches.map((branch) => branch.code)).toEqual([
      'CBE-RSP',
      'MDU-KKN',
      'TRY-CNT',
    ]);
    expect(branches.data?.branchOptions).toHaveLength(3);
    expect(branches.data?.allBranches.length).toBeGreaterThanOrEqual(12);
    const foreign = await kavitha.graphql(SetPrimaryBranch, {
      branchId: await branchId('HYD-BHL'),
    });
    expectRefused(foreign, 'REJECTED', 'You do not work in that branch.');
    const mdu = branches.data?.branches.find((branch) => branch.code === 'MDU-KKN');
    const chosen = await kavitha.graphql(SetPrimaryBranch, { branchId: mdu?.id ?? '' });
    expect(chosen.data?.setPrimaryBranch.code).toBe('MDU-KKN');
    expect((await kavitha.graphql(SessionQuery)).data?.session.primaryBranch?.code).toBe('MDU-KKN');
  });

  it('branches(search) filters by code or name', async () => {
    const answer = await as('verifier').graphql(BranchesQuery, { search: 'chennai' });
    expect(answer.data?.branches.map((branch) => branch.code).sort()).toEqual([
      'CHN-ANN',
      'CHN-HO',
      'CHN-VEL',
    ]);
  });

  it('refuses a malformed id as BAD_USER_INPUT without calling upstream', async () => {
    const answer = await as('admin').graphql(SetPrimaryBranch, { branchId: 'abc' });
    expectRefused(answer, 'BAD_USER_INPUT', 'branchId must be a positive whole number.');
  });
});

describe('purchase orders', () => {
  it.each(ROLES)('%s sees the list with typed chips, flags and options', async (role) => {
    const code = role === 'viewer' ? 'CHN-HO' : role === 'manager' ? 'CHN-VEL' : 'CHN-ANN';
    const answer = await as(role).graphql(PurchaseOrdersQuery, { branchId: await branchId(code) });
    expect(answer.errors).toBeUndefined();
    const list = answer.data?.purchaseOrders;
    if (!list) throw new Error('no list');
    expect(list.rows.length).toBeGreaterThan(0);
    expect(list.options.itemsPerPage).toBe(10);
    expect(list.options.itemsPerPageOptions).toEqual([10, 25, 50, 100, -1]);
    expect(list.options.downloadable).toBe(role !== 'viewer');
    // The order's PDF is a download too: the viewer reads orders on screen only.
    expect(list.rows.some((row) => row.documentUrl !== null)).toBe(role !== 'viewer');
    expect(list.exportUrl).toBe(
      role === 'viewer' ? null : `/exports/purchase-orders.xlsx?branchId=${await branchId(code)}`,
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
    const list = await as('verifier').graphql(PurchaseOrdersQuery, {
      branchId: await branchId('CHN-ANN'),
    });
    const completed = list.data?.purchaseOrders.rows.find((row) => row.status.text === 'Completed');
    if (!completed) throw new Error('no completed order');
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
    const branch = await branchId('CHN-ANN');
    const list = await as('verifier').graphql(PurchaseOrdersQuery, { branchId: branch });
    const order = list.data?.purchaseOrders.rows.find((row) => row.actions.verify);
    if (!order) throw new Error('nothing to verify');
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
    const list = await as('verifier').graphql(PurchaseOrdersQuery, {
      branchId: await branchId('CHN-VEL'),
    });
    const order = list.data?.purchaseOrders.rows.find((row) => row.actions.verify);
    if (!order) throw new Error('nothing to verify');
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
      branchId: await branchId('CHN-VEL'),
    });
    expectRefused(foreign, 'REJECTED', 'You do not work in that branch.');
  });

  it('manager cancels an order; a missing order is REJECTED', async () => {
    const list = await as('manager').graphql(PurchaseOrdersQuery, {
      branchId: await branchId('CHN-VEL'),
    });
    const order = list.data?.purchaseOrders.rows.find((row) => row.actions.cancel);
    if (!order) throw new Error('nothing to cancel');
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
    const viewer = await loggedIn(stack.gateway.url, 'viewer');
    const wrong = await viewer.graphql(ChangePassword, {
      currentPassword: 'nope',
      newPassword: 'Another@2026',
    });
    expect(errorCode(wrong)).toBe('REJECTED');
    const weak = await viewer.graphql(ChangePassword, {
      currentPassword: 'Demo@1234',
      newPassword: 'short',
    });
    expectRefused(weak, 'BAD_USER_INPUT', 'NewPassword must be at least 8 characters');
    const changed = await viewer.graphql(ChangePassword, {
      currentPassword: 'Demo@1234',
      newPassword: 'Another@2026',
    });
    expect(changed.data?.changePassword.message).toBe('Password changed.');
    // The other viewer session (made in beforeAll) has ended; this one goes on.
    expect(
      errorCode(
        await as('viewer').graphql(ShellQuery, { module: 'purchase_order', action: 'list' }),
      ),
    ).toBe('UNAUTHENTICATED');
    expect((await viewer.graphql(SessionQuery)).data?.session.authenticated).toBe(true);
    expect((await stack.visitor().login('viewer', 'Another@2026')).status).toBe(200);
  });
});
