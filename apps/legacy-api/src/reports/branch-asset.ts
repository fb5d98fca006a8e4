import { ASSET_STATUSES, formatPaise } from '@branch-assets/domain';
import type { BranchAssetReport, CallRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { loadAssetColumns } from './asset-columns.ts';
import { emptyMovement, type MovementFigures } from './branch-asset-figures.ts';
import { figuresCache } from './figures-cache.ts';
import type { ReportPool } from './figures-pool.ts';
import { MOVEMENT_LINES } from './positions.ts';

/*
 * The branch asset report (api/reports/branch-asset; docs/reports.md, "Branch asset report and
 * the fixed asset register"): the register at the end of To by branch (then), category and status
 * with cost, accumulated depreciation (Schedule II, SLM or WDV) and net book value, and the
 * movement schedule over From..To per branch. The assets are read here (asset-columns.ts); the
 * per-asset arithmetic runs in a report worker (branch-asset-figures.ts).
 *
 * Category narrows both the register and the movement (a category is the asset's for good, so
 * the movement still reconciles); Status narrows the register only (a status is of a moment).
 */

export const MODULE = 'report_branch_asset';
export const MAY_NOT_SEE = 'Your role may not see the branch asset report.';
export const NOT_YOUR_BRANCH = 'You do not work in that branch.';

/** The refusals both reports share: the grant, then every branch the user's. */
export function checkReportAccess(access: Access, branches: readonly number[]): void {
  if (!access.can(MODULE, 'list')) throw new Refusal(MAY_NOT_SEE);
  if (branches.some((branch) => !access.worksIn(branch))) throw new Refusal(NOT_YOUR_BRANCH);
}

export async function branchNames(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { code: string; name: string }>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('branches')
          .select(['id', 'code', 'name'])
          .where('id', 'in', ids)
          .execute();
  return new Map(rows.map((row) => [row.id, { code: row.code, name: row.name }]));
}

function movementRecord(lines: MovementFigures) {
  return Object.fromEntries(
    MOVEMENT_LINES.map((line) => [
      line,
      { Assets: lines[line].assets, Cost: formatPaise(lines[line].cost) },
    ]),
  ) as Record<keyof MovementFigures, { Assets: number; Cost: string }>;
}

export function branchAssetReport(
  db: Db,
  pool: ReportPool,
  body: CallRequest<'branchAssetReport'>,
): Promise<BranchAssetReport> {
  const key = JSON.stringify([
    [...new Set(body.Branches)].sort((x, y) => x - y),
    body.From,
    body.To,
    body.Category ?? null,
    body.Status ?? null,
    body.Method,
  ]);
  // The screen and its Excel and PDF ask for the same figures one after another.
  return figuresCache<BranchAssetReport>(db, 'branch-asset').get(db, key, () =>
    workedOut(db, pool, body),
  );
}

async function workedOut(
  db: Db,
  pool: ReportPool,
  body: CallRequest<'branchAssetReport'>,
): Promise<BranchAssetReport> {
  const branches = [...new Set(body.Branches)];
  const columns = await loadAssetColumns(db, {
    branches,
    where: [
      ...(body.Category === undefined ? [] : [sql<boolean>`s.category_id = ${body.Category}`]),
      // Neither acquired after To nor disposed of before From: nothing to show of them.
      sql<boolean>`(coalesce(a.purchase_date, a.put_to_use_date,
        (a.created_at at time zone 'Asia/Kolkata')::date) <= ${body.To}::date
        or d.disposed_on <= ${body.To}::date)`,
      sql<boolean>`(d.disposed_on is null or d.disposed_on >= ${body.From}::date)`,
    ],
    statusAsOf: body.To,
  });
  const figures = await pool.run('branchAsset', {
    columns,
    from: body.From,
    to: body.To,
    method: body.Method,
    branches,
    status: body.Status === undefined ? -1 : ASSET_STATUSES.indexOf(body.Status),
  });
  const names = await branchNames(db, branches);
  const categoryIds = [...new Set(figures.register.map((group) => group.categoryId))];
  const categories = new Map(
    (categoryIds.length === 0
      ? []
      : await db
          .selectFrom('categories')
          .select(['id', 'name'])
          .where('id', 'in', categoryIds)
          .execute()
    ).map((row) => [row.id, row.name]),
  );
  const codeOf = (id: number) => names.get(id)?.code ?? '';
  const register = figures.register
    .map((group) => {
      const status = ASSET_STATUSES[group.status];
      if (!status) throw new RangeError(`no status ${group.status}`);
      return {
        BranchId: group.branchId,
        BranchCode: codeOf(group.branchId),
        CategoryId: group.categoryId,
        CategoryName: categories.get(group.categoryId) ?? '',
        Status: status,
        Assets: group.assets,
        Cost: formatPaise(group.cost),
        Accumulated: formatPaise(group.accumulated),
        NetBook: formatPaise(group.netBook),
        order: group.status,
      };
    })
    .sort(
      (a, b) =>
        compare(a.BranchCode, b.BranchCode) ||
        compare(a.CategoryName, b.CategoryName) ||
        a.CategoryId - b.CategoryId ||
        a.order - b.order,
    )
    .map(({ order: _order, ...row }) => row);
  const sum = (pick: (group: (typeof figures.register)[number]) => number) =>
    figures.register.reduce((total, group) => exactSum(total, pick(group)), 0);
  const total = emptyMovement();
  for (const { lines } of figures.movement)
    for (const line of MOVEMENT_LINES) {
      total[line].assets += lines[line].assets;
      total[line].cost = exactSum(total[line].cost, lines[line].cost);
    }
  return {
    From: body.From,
    To: body.To,
    Method: body.Method,
    Register: register,
    RegisterTotal: {
      Assets: sum((group) => group.assets),
      Cost: formatPaise(sum((group) => group.cost)),
      Accumulated: formatPaise(sum((group) => group.accumulated)),
      NetBook: formatPaise(sum((group) => group.netBook)),
    },
    Movement: figures.movement
      .map(({ branchId, lines }) => ({
        BranchId: branchId,
        BranchCode: codeOf(branchId),
        ...movementRecord(lines),
      }))
      .sort((a, b) => compare(a.BranchCode, b.BranchCode)),
    MovementTotal: movementRecord(total),
  };
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function exactSum(total: number, amount: number): number {
  const sum = total + amount;
  if (!Number.isSafeInteger(sum)) throw new RangeError('a report total is beyond exact arithmetic');
  return sum;
}
