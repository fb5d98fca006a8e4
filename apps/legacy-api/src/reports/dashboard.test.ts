import { addDays, financialYear, financialYearRange, indianDate } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { aBranch, aLogin, anAsset, aPurchaseOrder } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { mondayOf } from './dashboard.ts';

/*
 * The branch manager's dashboard (docs/reports.md): figures of the chosen branch only, or of all
 * the user's branches; a tile the role may not open is null; a branch not the user's is refused.
 * The file makes its own branches, so the figures are exactly what it made.
 */

const api = useTestApi({ reference: true });

async function login(role: string, branches: readonly number[]) {
  const made = await aLogin(api.db, { role, branches });
  return { ...made, token: await api.login(made.username, made.password) };
}

async function asset(
  branch: number,
  changes: {
    cost: string;
    status?: 'IN_USE' | 'IN_STOCK' | 'OUT_OF_ORDER';
    warrantyEnd?: string;
    critical?: boolean;
  },
) {
  const made = await anAsset(api.db, {
    branch,
    status: changes.status ?? 'IN_USE',
    ...(changes.warrantyEnd ? { warrantyEnd: changes.warrantyEnd } : {}),
  });
  await api.db
    .updateTable('assets')
    .set({ cost: changes.cost, criticality: changes.critical ? 'HIGH' : 'MEDIUM' })
    .where('id', '=', made.id)
    .execute();
  return made;
}

describe('the dashboard', () => {
  it("counts and values the chosen branch's assets, orders and spend, and hides the tiles the role may not open", async () => {
    const branch = await aBranch(api.db);
    const other = await aBranch(api.db);
    const manager = await login('manager', [branch.id, other.id]);
    const verifier = await login('verifier', [branch.id]);
    const today = indianDate(new Date());
    await asset(branch.id, { cost: '1000.50', warrantyEnd: addDays(today, 30) });
    await asset(branch.id, { cost: '2000.00' });
    const down = await asset(branch.id, { cost: '300.25', status: 'OUT_OF_ORDER', critical: true });
    await asset(branch.id, { cost: '50.00', status: 'IN_STOCK' });
    const disposed = await asset(branch.id, { cost: '9999.00' });
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'DISPOSED' })
      .where('id', '=', disposed.id)
      .execute();
    await asset(other.id, { cost: '7000.00' });
    const approved = await aPurchaseOrder(api.db, {
      branch: branch.id,
      createdBy: manager.userId,
      state: 'approved',
    });
    await aPurchaseOrder(api.db, { branch: branch.id, createdBy: manager.userId });

    const answer = await api.call('dashboard', manager.token, { Branch: branch.id });
    expect(answer.flag, answer.output).toBe(1);
    const board = answer.records;
    if (!board) throw new Error('no dashboard');
    expect(board.Branches.map((row) => row.BranchId)).toEqual([branch.id]);
    expect(board.Tiles).toMatchObject({
      AssetsTotal: 4,
      AssetsValue: '3350.75',
      CriticalDown: 1,
      WarrantiesEnding: 1,
      // In use with no warranty today and no contract: the two in use without one.
      AssetsUncovered: 1,
      OpenJobOrders: 0,
      ContractsEnding: 0,
      // A manager neither verifies nor approves orders.
      OrdersToVerify: null,
      OrdersToApprove: null,
    });
    expect(board.AssetsByStatus.find((row) => row.Status === 'IN_USE')).toEqual({
      Status: 'IN_USE',
      Count: 2,
      Value: '3000.50',
    });
    expect(board.AssetsByStatus.some((row) => row.Status === 'DISPOSED')).toBe(false);
    expect(board.CriticalAssets.map((row) => row.AssetId)).toEqual([down.id]);
    // Each attention tile's click lists what it counts: the register's Attention filter.
    for (const [attention, count] of [
      ['CRITICAL_DOWN', 1],
      ['UNCOVERED', 1],
      ['AWAITING_INSTALLATION', 0],
    ] as const) {
      const listed = await api.call('assetLists', manager.token, {
        Page: 1,
        ItemsPerPage: 25,
        Filters: { BranchId: branch.id, Attention: attention },
      });
      expect(listed.records?.TotalCount, attention).toBe(count);
    }
    const critical = await api.call('assetLists', manager.token, {
      Page: 1,
      ItemsPerPage: 25,
      Filters: { BranchId: branch.id, Attention: 'CRITICAL_DOWN' },
    });
    expect(critical.records?.TableData.map((row) => row.AssetId)).toEqual([down.id]);

    const fy = financialYear(today);
    expect(board.SpendByMonth.map((row) => row.Month)[0]).toBe(
      financialYearRange(fy).start.slice(0, 7),
    );
    expect(board.SpendByMonth).toHaveLength(12);
    const order = await api.db
      .selectFrom('purchaseOrders')
      .select('grandTotal')
      .where('id', '=', approved.id)
      .executeTakeFirstOrThrow();
    const month = board.SpendByMonth.find((row) => row.Month === today.slice(0, 7));
    expect(month).toEqual({ Month: today.slice(0, 7), Orders: 1, Amount: order.grandTotal });
    expect(board.JobsByWeek).toHaveLength(12);
    expect(board.JobsByWeek.at(-1)?.WeekStart).toBe(mondayOf(today));

    // Both branches: the other branch's asset joins the count.
    const all = await api.call('dashboard', manager.token, {});
    expect(all.records?.Branches.map((row) => row.BranchId).sort()).toEqual(
      [branch.id, other.id].sort(),
    );
    expect(all.records?.Tiles.AssetsTotal).toBe(5);

    // A verifier sees the orders waiting for verification, and no job-order tiles.
    const verifying = await api.call('dashboard', verifier.token, { Branch: branch.id });
    expect(verifying.records?.Tiles).toMatchObject({
      OrdersToVerify: 1,
      OrdersToApprove: null,
      OpenJobOrders: null,
      JobOrdersPastTarget: null,
      TransfersToReceive: null,
    });
    expect(verifying.records?.JobsByWeek).toEqual([]);
  });

  it('refuses a branch the user does not work in', async () => {
    const branch = await aBranch(api.db);
    const elsewhere = await aBranch(api.db);
    const manager = await login('manager', [branch.id]);
    const answer = await api.call('dashboard', manager.token, { Branch: elsewhere.id });
    expect([answer.flag, answer.output]).toEqual([0, 'You do not work in that branch.']);
  });
});

describe('mondayOf', () => {
  it('gives the Monday of the week, a Monday itself and a Sunday six days on', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
  });
});
