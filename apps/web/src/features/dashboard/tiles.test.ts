import { describe, expect, it } from 'vitest';
import type { DashboardQuery } from '../../gql/graphql.ts';
import { dashboardTiles } from './tiles.ts';

type Figures = DashboardQuery['dashboard']['tiles'];

const none: Figures = {
  assetsTotal: null,
  assetsValue: null,
  criticalDown: null,
  openJobOrders: null,
  jobOrdersPastTarget: null,
  preventiveDue: null,
  preventiveOverdue: null,
  warrantiesEnding: null,
  contractsEnding: null,
  assetsUncovered: null,
  receiptsAwaitingInstallation: null,
  transfersToApprove: null,
  transfersToDispatch: null,
  transfersToReceive: null,
  accessoriesBelowMinimum: null,
  auditsDue: null,
  ordersToVerify: null,
  ordersToApprove: null,
};

const every: Figures = {
  assetsTotal: 552,
  assetsValue: '110234876.79',
  criticalDown: 5,
  openJobOrders: 8,
  jobOrdersPastTarget: 4,
  preventiveDue: 3,
  preventiveOverdue: 0,
  warrantiesEnding: 33,
  contractsEnding: 2,
  assetsUncovered: 278,
  receiptsAwaitingInstallation: 17,
  transfersToApprove: 0,
  transfersToDispatch: 0,
  transfersToReceive: 1,
  accessoriesBelowMinimum: 4,
  auditsDue: 0,
  ordersToVerify: 45,
  ordersToApprove: 27,
};

const statuses: DashboardQuery['dashboard']['assetsByStatus'] = [
  { status: 'IN_USE', count: 503, value: '101666594.08' },
  { status: 'OUT_OF_ORDER', count: 9, value: '5674020.87' },
];

const links = (branchId: string | null) =>
  Object.fromEntries(
    dashboardTiles({ tiles: every, assetsByStatus: statuses }, branchId).map((tile) => [
      tile.key,
      tile.to,
    ]),
  );

describe('dashboardTiles', () => {
  it('shows no tile for a figure the role may not open (null), zero counts included', () => {
    const tiles = dashboardTiles(
      { tiles: { ...none, ordersToVerify: 0, contractsEnding: 3 }, assetsByStatus: statuses },
      '2',
    );
    // No assets figure: neither the total nor the status tiles.
    expect(tiles.map((tile) => tile.key)).toEqual(['contractsEnding', 'ordersToVerify']);
    expect(tiles.map((tile) => tile.count)).toEqual([3, 0]);
  });

  it('puts the assets first, with their value, then one tile per status', () => {
    const tiles = dashboardTiles({ tiles: every, assetsByStatus: statuses }, '2');
    expect(tiles.slice(0, 4).map((tile) => [tile.key, tile.count, tile.value])).toEqual([
      ['assetsTotal', 552, '110234876.79'],
      ['status:IN_USE', 503, '101666594.08'],
      ['status:OUT_OF_ORDER', 9, '5674020.87'],
      ['criticalDown', 5, null],
    ]);
    expect(tiles[1]?.label).toBe('assets.statuses.IN_USE');
    expect(tiles[3]?.label).toBe('dashboard.tiles.criticalDown');
  });

  it('links each tile to its list filtered by the names the list reads, in the branch', () => {
    expect(links('2')).toMatchObject({
      assetsTotal: '/asset/list?branch=2',
      'status:OUT_OF_ORDER': '/asset/list?branch=2&status=OUT_OF_ORDER',
      criticalDown: '/asset/list?branch=2&attention=CRITICAL_DOWN',
      openJobOrders: '/job-order/list?branch=2&open=1',
      jobOrdersPastTarget: '/job-order/list?branch=2&open=1&late=1',
      preventiveDue: '/job-order/list?branch=2&due=SOON',
      preventiveOverdue: '/job-order/list?branch=2&due=OVERDUE',
      warrantiesEnding: '/asset/list?branch=2&status=IN_USE&warranty=EXPIRING',
      contractsEnding: '/amc/list?branch=2&status=ENDING',
      assetsUncovered: '/asset/list?branch=2&attention=UNCOVERED',
      receiptsAwaitingInstallation: '/asset/list?branch=2&attention=AWAITING_INSTALLATION',
      transfersToApprove: '/asset-transferred/list?branch=2&status=REQUESTED',
      transfersToDispatch: '/asset-transferred/list?branch=2&status=APPROVED',
      transfersToReceive: '/asset-transferred/list?branch=2&direction=INCOMING&status=IN_TRANSIT',
      accessoriesBelowMinimum: '/accessories/lists?branch=2&stock=below',
      ordersToVerify: '/purchase-order/list?branch=2&status=PENDING',
      ordersToApprove: '/purchase-order/list?branch=2&status=WAITING_FOR_APPROVAL',
    });
  });

  it('names no branch for all branches', () => {
    expect(links(null)).toMatchObject({
      assetsTotal: '/asset/list',
      jobOrdersPastTarget: '/job-order/list?open=1&late=1',
      accessoriesBelowMinimum: '/accessories/lists?stock=below',
      assetsUncovered: '/asset/list?attention=UNCOVERED',
    });
  });

  it('links only to screens the app has (audits once their list is built)', () => {
    const audits = links('2').auditsDue;
    expect(audits === null || audits === '/asset-audit/list?branch=2&due=true').toBe(true);
  });

  it('marks the counts that need attention only when above zero', () => {
    const alarmed = dashboardTiles({ tiles: every, assetsByStatus: statuses }, '2')
      .filter((tile) => tile.alarm)
      .map((tile) => tile.key);
    expect(alarmed).toEqual(['criticalDown', 'jobOrdersPastTarget']);
  });
});
