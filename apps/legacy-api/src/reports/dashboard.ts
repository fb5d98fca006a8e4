import {
  ASSET_STATUSES,
  type AssetStatus,
  addDays,
  financialYear,
  financialYearRange,
  formatPaise,
  indianDate,
  OPEN_JOB_STATUSES,
  toPaise,
} from '@branch-assets/domain';
import type { Dashboard, DashboardTiles } from '@branch-assets/legacy-contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { AWAITING_INSTALLATION, CRITICAL_DOWN, uncoveredCondition } from '../assets/attention.ts';
import type { Db } from '../db/database.ts';
import {
  JOB_OPEN,
  RESOLUTION_BREACHED,
  RESPONSE_BREACHED,
  scheduledDue,
} from '../job-orders/list.ts';
import { mayDo } from '../transfers/list.ts';
import { SPENT_STATES } from './finance.ts';

/*
 * The branch manager's dashboard (docs/reports.md): every figure is one aggregate query over the
 * chosen branches, so a branch of a large company (SEED_SCALE=300000) answers as fast as a small
 * one. A tile whose list the user may not open is null: the web shows no tile rather than a
 * count that leads nowhere.
 */

/** The assets a branch holds: a disposed asset has left it. */
const HELD = sql<boolean>`a.asset_status <> 'DISPOSED'`;
const WEEKS = 12;
const CRITICAL_SHOWN = 10;
const TRANSFERS_WAITING = ['REQUESTED', 'APPROVED', 'IN_TRANSIT', 'RECEIVED_SHORT'] as const;

type Count = number | null;

function when<T>(granted: boolean, work: () => Promise<T>): Promise<T | null> {
  return granted ? work() : Promise.resolve(null);
}

const counted = (rows: { count: number | string }) => Number(rows.count);

/**
 * The held assets by status and by category, from one pass over the branches' assets grouped by
 * both (a branch of 250,000 assets is read once, not twice); the sums are exact (paise).
 */
async function assetFigures(db: Db, branches: number[]) {
  const groups = await db
    .selectFrom('assets as a')
    .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
    .innerJoin('subCategories as sc', 'sc.id', 't.subCategoryId')
    .select([
      'a.assetStatus',
      'sc.categoryId',
      sql<number>`count(*)::int`.as('count'),
      sql<string>`coalesce(sum(a.cost), 0)::text`.as('value'),
    ])
    .where('a.branchId', 'in', branches)
    .where(HELD)
    .groupBy(['a.assetStatus', 'sc.categoryId'])
    .execute();
  const byStatus = new Map<string, { count: number; value: number }>();
  const byCategory = new Map<number, { count: number; value: number }>();
  for (const group of groups) {
    const value = toPaise(group.value);
    const status = byStatus.get(group.assetStatus) ?? { count: 0, value: 0 };
    byStatus.set(group.assetStatus, {
      count: status.count + Number(group.count),
      value: status.value + value,
    });
    const category = byCategory.get(group.categoryId) ?? { count: 0, value: 0 };
    byCategory.set(group.categoryId, {
      count: category.count + Number(group.count),
      value: category.value + value,
    });
  }
  const names = new Map(
    (byCategory.size === 0
      ? []
      : await db
          .selectFrom('categories')
          .select(['id', 'name'])
          .where('id', 'in', [...byCategory.keys()])
          .execute()
    ).map((row) => [row.id, row.name]),
  );
  const categories = [...byCategory]
    .map(([id, figures]) => ({ id, name: names.get(id) ?? '', ...figures }))
    .sort((x, y) => y.count - x.count || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return { byStatus, byCategory: categories };
}

async function criticalDown(db: Db, branches: number[], now: Date) {
  function criticalQuery() {
    return db.selectFrom('assets as a').where('a.branchId', 'in', branches).where(CRITICAL_DOWN);
  }
  // Down since the open job order reporting it, else the last change of its status.
  const since = sql<Date>`coalesce(
    (select min(j.raised_at) from job_orders j join job_order_assets ja on ja.job_order_id = j.id
      where ja.asset_id = a.id and j.status in (${sql.join(OPEN_JOB_STATUSES)})),
    (select max(e.at) from asset_events e where e.asset_id = a.id and e.kind in ('STATUS', 'JOB_RAISED')),
    a.updated_at)`;
  const [total, rows] = await Promise.all([
    criticalQuery().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
    criticalQuery()
      .innerJoin('branches as b', 'b.id', 'a.branchId')
      .select(['a.id', 'a.tag', 'a.name', 'a.assetStatus', 'b.code', since.as('since')])
      .orderBy(since)
      .orderBy('a.tag')
      .limit(CRITICAL_SHOWN)
      .execute(),
  ]);
  return {
    count: counted(total),
    assets: rows.map((row) => {
      const down = new Date(row.since);
      return {
        AssetId: row.id,
        Tag: row.tag,
        Name: row.name,
        BranchCode: row.code,
        Status: row.assetStatus as AssetStatus,
        DownSince: down.toISOString(),
        DowntimeHours: Math.max(0, Math.round((now.getTime() - down.getTime()) / 360_000) / 10),
      };
    }),
  };
}

async function jobFigures(db: Db, branches: number[], today: string) {
  // The job-order list's own filters (Open, Breached, Due), so that a tile counts what it opens.
  const row = await db
    .selectFrom('jobOrders as j')
    .select([
      sql<number>`(count(*) filter (where ${JOB_OPEN}))::int`.as('open'),
      sql<number>`(count(*) filter (where ${JOB_OPEN} and (${RESPONSE_BREACHED} or ${RESOLUTION_BREACHED})))::int`.as(
        'pastTarget',
      ),
      sql<number>`(count(*) filter (where ${scheduledDue('SOON', today)}))::int`.as(
        'preventiveDue',
      ),
      sql<number>`(count(*) filter (where ${scheduledDue('OVERDUE', today)}))::int`.as(
        'preventiveOverdue',
      ),
    ])
    .where('j.branchId', 'in', branches)
    .executeTakeFirstOrThrow();
  return {
    open: Number(row.open),
    pastTarget: Number(row.pastTarget),
    preventiveDue: Number(row.preventiveDue),
    preventiveOverdue: Number(row.preventiveOverdue),
  };
}

/**
 * One count per figure, each condition in its query's WHERE: there the database joins against
 * the contracts and installations once (an anti-join), where a FILTER clause would look them up
 * asset by asset.
 */
async function coverFigures(db: Db, branches: number[], today: string) {
  const count = async (condition: RawBuilder<SqlBool>) =>
    counted(
      await db
        .selectFrom('assets as a')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('a.branchId', 'in', branches)
        .where(condition)
        .executeTakeFirstOrThrow(),
    );
  return {
    warrantiesEnding: await count(
      sql<SqlBool>`a.asset_status = 'IN_USE' and a.warranty_end between ${today}::date and ${addDays(today, 90)}::date`,
    ),
    uncovered: await count(uncoveredCondition(today)),
    awaitingInstallation: await count(AWAITING_INSTALLATION),
  };
}

async function contractsEnding(db: Db, branches: number[], today: string) {
  const row = await db
    .selectFrom('maintenanceContracts as c')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('c.branchId', 'in', branches)
    .where('c.startDate', '<=', today)
    .where('c.endDate', '>=', today)
    .where('c.endDate', '<=', addDays(today, 90))
    .where(
      sql<boolean>`not exists (select 1 from maintenance_contracts n where n.previous_contract_id = c.id)`,
    )
    .executeTakeFirstOrThrow();
  return counted(row);
}

async function transferFigures(db: Db, access: Access, userId: number, branches: number[]) {
  const rows = await db
    .selectFrom('assetTransfers as t')
    .select(['t.status', 't.fromBranchId', 't.toBranchId', 't.requestedBy'])
    .where((eb) =>
      eb.or([eb('t.fromBranchId', 'in', branches), eb('t.toBranchId', 'in', branches)]),
    )
    .where('t.status', 'in', TRANSFERS_WAITING)
    .execute();
  const chosen = new Set(branches);
  let approve = 0;
  let dispatch = 0;
  let receive = 0;
  for (const row of rows) {
    const may = mayDo(access, userId, row);
    if (may.decide && chosen.has(row.fromBranchId)) approve += 1;
    if (may.dispatch && chosen.has(row.fromBranchId)) dispatch += 1;
    if (may.receive && chosen.has(row.toBranchId)) receive += 1;
  }
  return { approve, dispatch, receive };
}

async function accessoriesBelowMinimum(db: Db, branches: number[]) {
  const row = await db
    .selectFrom('accessoryStock as s')
    .innerJoin('accessories as x', 'x.id', 's.accessoryId')
    .innerJoin('accessoryTypes as t', 't.id', 'x.accessoryTypeId')
    .leftJoin('accessoryMinimums as m', (join) =>
      join.onRef('m.accessoryId', '=', 's.accessoryId').onRef('m.branchId', '=', 's.branchId'),
    )
    .select(sql<number>`count(*)::int`.as('count'))
    .where('s.branchId', 'in', branches)
    .where('x.active', '=', true)
    .where(sql<boolean>`s.on_hand < coalesce(m.minimum, t.minimum_stock)`)
    .executeTakeFirstOrThrow();
  return counted(row);
}

async function ordersWaiting(
  db: Db,
  branches: number[],
  status: 'pending' | 'waiting_for_approval',
) {
  const row = await db
    .selectFrom('purchaseOrders as po')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('po.billedBranchId', 'in', branches)
    .where('po.status', '=', status)
    .executeTakeFirstOrThrow();
  return counted(row);
}

async function spendByMonth(db: Db, branches: number[], fy: string) {
  const { start, end } = financialYearRange(fy);
  const rows = await db
    .selectFrom('purchaseOrders as po')
    .select([
      sql<string>`to_char(po.po_date, 'YYYY-MM')`.as('month'),
      sql<number>`count(*)::int`.as('orders'),
      sql<string>`sum(po.grand_total)::text`.as('amount'),
    ])
    .where('po.billedBranchId', 'in', branches)
    .where('po.status', 'in', SPENT_STATES)
    .where('po.poDate', '>=', start)
    .where('po.poDate', '<=', end)
    .groupBy(sql`to_char(po.po_date, 'YYYY-MM')`)
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return Array.from({ length: 12 }, (_, index) => {
    const year = Number(start.slice(0, 4)) + (index >= 9 ? 1 : 0);
    const month = `${year}-${String(((index + 3) % 12) + 1).padStart(2, '0')}`;
    const row = byMonth.get(month);
    return {
      Month: month,
      Orders: Number(row?.orders ?? 0),
      Amount: formatPaise(toPaise(row?.amount ?? '0')),
    };
  });
}

/** The Monday of the week holding a date (ISO weeks, as Indian offices keep them). */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

async function jobsByWeek(db: Db, branches: number[], today: string) {
  const first = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const week = (column: string) =>
    sql<string>`to_char(date_trunc('week', (${sql.ref(column)} at time zone 'Asia/Kolkata')), 'YYYY-MM-DD')`;
  const since = sql<boolean>`>= (${first}::date::timestamp at time zone 'Asia/Kolkata')`;
  const [opened, closed] = await Promise.all([
    db
      .selectFrom('jobOrders as j')
      .select([week('j.raised_at').as('week'), sql<number>`count(*)::int`.as('count')])
      .where('j.branchId', 'in', branches)
      .where(sql<boolean>`j.raised_at ${since}`)
      .groupBy(week('j.raised_at'))
      .execute(),
    db
      .selectFrom('jobOrders as j')
      .select([week('j.resolved_at').as('week'), sql<number>`count(*)::int`.as('count')])
      .where('j.branchId', 'in', branches)
      .where(sql<boolean>`j.resolved_at ${since}`)
      .groupBy(week('j.resolved_at'))
      .execute(),
  ]);
  const openedBy = new Map(opened.map((row) => [row.week, Number(row.count)]));
  const closedBy = new Map(closed.map((row) => [row.week, Number(row.count)]));
  return Array.from({ length: WEEKS }, (_, index) => {
    const start = addDays(first, 7 * index);
    return { WeekStart: start, Opened: openedBy.get(start) ?? 0, Closed: closedBy.get(start) ?? 0 };
  });
}

export async function dashboard(
  db: Db,
  access: Access,
  userId: number,
  branches: number[],
  options: { now?: Date; auditsDue?: (branches: number[], today: string) => Promise<number> } = {},
): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const today = indianDate(now);
  const fy = financialYear(today);
  const may = (module: string, action = 'list') => access.can(module, action);
  const assetsListed = may('asset');
  const [
    named,
    assets,
    critical,
    jobs,
    cover,
    contracts,
    transfers,
    accessories,
    audits,
    toVerify,
    toApprove,
    spend,
    weeks,
  ] = await Promise.all([
    db
      .selectFrom('branches')
      .select(['id', 'code', 'name'])
      .where('id', 'in', branches)
      .orderBy('code')
      .execute(),
    assetFigures(db, branches),
    when(assetsListed, () => criticalDown(db, branches, now)),
    when(may('job_order'), () => jobFigures(db, branches, today)),
    when(assetsListed, () => coverFigures(db, branches, today)),
    when(may('amc'), () => contractsEnding(db, branches, today)),
    when(may('asset_transfer'), () => transferFigures(db, access, userId, branches)),
    when(may('accessories'), () => accessoriesBelowMinimum(db, branches)),
    when(may('asset_audit') && options.auditsDue !== undefined, () =>
      (options.auditsDue as NonNullable<typeof options.auditsDue>)(branches, today),
    ),
    when(may('purchase_order', 'verify'), () => ordersWaiting(db, branches, 'pending')),
    when(may('purchase_order', 'approve'), () =>
      ordersWaiting(db, branches, 'waiting_for_approval'),
    ),
    when(may('purchase_order'), () => spendByMonth(db, branches, fy)),
    when(may('job_order'), () => jobsByWeek(db, branches, today)),
  ]);
  const byStatus = ASSET_STATUSES.filter((status) => status !== 'DISPOSED').map((status) => {
    const figures = assets.byStatus.get(status);
    return {
      Status: status,
      Count: figures?.count ?? 0,
      Value: formatPaise(figures?.value ?? 0),
    };
  });
  const total = byStatus.reduce((sum, row) => sum + row.Count, 0);
  const value = byStatus.reduce((sum, row) => sum + toPaise(row.Value), 0);
  const tiles: DashboardTiles = {
    AssetsTotal: assetsListed ? total : null,
    AssetsValue: assetsListed ? formatPaise(value) : null,
    CriticalDown: critical?.count ?? null,
    OpenJobOrders: jobs?.open ?? null,
    JobOrdersPastTarget: jobs?.pastTarget ?? null,
    PreventiveDue: jobs?.preventiveDue ?? null,
    PreventiveOverdue: jobs?.preventiveOverdue ?? null,
    WarrantiesEnding: cover?.warrantiesEnding ?? null,
    ContractsEnding: contracts satisfies Count,
    AssetsUncovered: cover?.uncovered ?? null,
    ReceiptsAwaitingInstallation: cover?.awaitingInstallation ?? null,
    TransfersToApprove:
      transfers && access.can('asset_transfer', 'approve') ? transfers.approve : null,
    TransfersToDispatch: transfers?.dispatch ?? null,
    TransfersToReceive: transfers?.receive ?? null,
    AccessoriesBelowMinimum: accessories,
    AuditsDue: audits,
    OrdersToVerify: toVerify,
    OrdersToApprove: toApprove,
  };
  return {
    AsOf: today,
    FinancialYear: fy,
    Branches: named.map((row) => ({
      BranchId: row.id,
      BranchCode: row.code,
      BranchName: row.name,
    })),
    Tiles: tiles,
    AssetsByStatus: assetsListed ? byStatus : [],
    AssetsByCategory: assetsListed
      ? assets.byCategory.map((row) => ({
          CategoryId: row.id,
          CategoryName: row.name,
          Count: row.count,
          Value: formatPaise(row.value),
        }))
      : [],
    CriticalAssets: critical?.assets ?? [],
    SpendByMonth: spend ?? [],
    JobsByWeek: weeks ?? [],
  };
}
