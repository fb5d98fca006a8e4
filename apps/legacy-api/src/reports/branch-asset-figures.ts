import { addDays, type DepreciationMethod } from '@branch-assets/domain';
import type { ReportColumns } from './asset-columns.ts';
import {
  branchAt,
  MOVEMENT_LINES,
  type MovementLine,
  movementOf,
  onRegister,
  positionAsOf,
} from './positions.ts';

/*
 * The branch asset report's arithmetic, run in a report worker (figures-worker.ts): the register at the
 * end of To by branch, category and status, and the movement over From..To per branch. Amounts
 * are paise; a sum is checked to stay a safe integer (exact), which it does below ₹90 lakh crore.
 */

export interface BranchAssetInput {
  columns: ReportColumns;
  from: string;
  to: string;
  method: DepreciationMethod;
  branches: readonly number[];
  /** Index in ASSET_STATUSES, or −1: the register's status filter (the movement has none). */
  status: number;
}

export interface RegisterGroup {
  branchId: number;
  categoryId: number;
  status: number;
  assets: number;
  cost: number;
  accumulated: number;
  netBook: number;
}

export type MovementFigures = Record<MovementLine, { assets: number; cost: number }>;

export interface BranchAssetFigures {
  register: RegisterGroup[];
  movement: { branchId: number; lines: MovementFigures }[];
}

function add(total: number, amount: number): number {
  const sum = total + amount;
  if (!Number.isSafeInteger(sum)) throw new RangeError('a report total is beyond exact arithmetic');
  return sum;
}

export function emptyMovement(): MovementFigures {
  return Object.fromEntries(
    MOVEMENT_LINES.map((line) => [line, { assets: 0, cost: 0 }]),
  ) as MovementFigures;
}

export function branchAssetFigures(input: BranchAssetInput): BranchAssetFigures {
  const { columns, from, to, method, status } = input;
  const requested = new Set(input.branches);
  const movement = new Map<number, MovementFigures>(
    input.branches.map((branch) => [branch, emptyMovement()]),
  );
  const groups = new Map<string, RegisterGroup>();
  const period = { from, to, dayBefore: addDays(from, -1) };
  for (let i = 0; i < columns.count; i += 1) {
    const cost = columns.cost[i] ?? 0;
    movementOf(columns, i, period, (branch, line) => {
      const lines = movement.get(branch);
      if (!lines) return;
      lines[line].assets += 1;
      lines[line].cost = add(lines[line].cost, cost);
    });
    if (!onRegister(columns, i, to)) continue;
    const branchId = branchAt(columns, i, to);
    if (!requested.has(branchId)) continue;
    const shown = columns.status[i] ?? 0;
    if (status >= 0 && shown !== status) continue;
    const categoryId = columns.categoryId[i] ?? 0;
    const key = `${branchId}/${categoryId}/${shown}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        branchId,
        categoryId,
        status: shown,
        assets: 0,
        cost: 0,
        accumulated: 0,
        netBook: 0,
      };
      groups.set(key, group);
    }
    const position = positionAsOf(columns, i, method, to);
    group.assets += 1;
    group.cost = add(group.cost, position.cost);
    group.accumulated = add(group.accumulated, position.accumulated);
    group.netBook = add(group.netBook, position.netBookValue);
  }
  return {
    register: [...groups.values()],
    movement: [...movement].map(([branchId, lines]) => ({ branchId, lines })),
  };
}
