import {
  accumulatedAsOf,
  DEPRECIATION_CLASS_CODES,
  type DepreciationClass,
  type DepreciationMethod,
  type RegisterPosition,
  type ScheduleIIAsset,
  usefulLifeOf,
} from '@branch-assets/domain';

/*
 * Where an asset was and whether it was on the register at the end of a day, and how it moved
 * over a period (docs/reports.md, "Branch asset report and the fixed asset register"). Pure and
 * worker-safe: the report workers (figures-worker.ts) run it over columns that asset-columns.ts reads.
 *
 * One asset's life is a sequence of events, in this order within a day: its acquisition, the
 * transfers received (by their time of receipt), its disposal. Every figure of both reports is
 * the state after the events up to some moment, so the movement of every asset, and of any set of
 * them, reconciles by construction: Opening + Additions + In − Out − Disposals = Closing.
 */

/**
 * The assets as columns (plain arrays and typed arrays: compact, and cheap to hand to a worker).
 * Row i is one asset; its received transfers are transferStart[i] .. transferStart[i + 1] − 1,
 * in the order they were received.
 */
export interface AssetColumns {
  count: number;
  id: Int32Array;
  /** Cost in paise (exact integers; a null cost is 0). */
  cost: Float64Array;
  /** The day it came on the register: purchase, else put to use, else created (Asia/Kolkata). */
  acquired: string[];
  putToUse: (string | null)[];
  /** The day it left the register (that day it is no longer held). */
  disposedOn: (string | null)[];
  /** Its own useful life in years; 0: its class's default. */
  usefulLife: Int16Array;
  /** Index in DEPRECIATION_CLASS_CODES. */
  depreciationClass: Uint8Array;
  categoryId: Int32Array;
  /** Its branch before any received transfer: the first one's source, else assets.branch_id. */
  homeBranch: Int32Array;
  transferStart: Int32Array;
  /** The day each transfer was received at its destination (Asia/Kolkata). */
  transferDate: string[];
  transferTo: Int32Array;
}

/** The branch the asset is at after the transfers received up to `day` (through it, or before it). */
export function branchAt(columns: AssetColumns, i: number, day: string, inclusive = true): number {
  let branch = columns.homeBranch[i] ?? 0;
  const end = columns.transferStart[i + 1] ?? 0;
  for (let k = columns.transferStart[i] ?? 0; k < end; k += 1) {
    const date = columns.transferDate[k] ?? '';
    if (inclusive ? date > day : date >= day) break;
    branch = columns.transferTo[k] ?? branch;
  }
  return branch;
}

/** Whether the asset is on the register at the end of `day`. */
export function onRegister(columns: AssetColumns, i: number, day: string): boolean {
  const disposed = columns.disposedOn[i] ?? null;
  return (columns.acquired[i] ?? '') <= day && (disposed === null || disposed > day);
}

export type MovementLine =
  | 'Opening'
  | 'Additions'
  | 'TransfersIn'
  | 'TransfersOut'
  | 'Disposals'
  | 'Closing';

export const MOVEMENT_LINES: readonly MovementLine[] = [
  'Opening',
  'Additions',
  'TransfersIn',
  'TransfersOut',
  'Disposals',
  'Closing',
];

/**
 * The asset's movement over from..to (`dayBefore` is the day before `from`, worked out once by
 * the caller): each line it counts on, at the branch it counts at.
 */
export function movementOf(
  columns: AssetColumns,
  i: number,
  period: { from: string; to: string; dayBefore: string },
  count: (branch: number, line: MovementLine) => void,
): void {
  const { from, to, dayBefore } = period;
  const acquired = columns.acquired[i] ?? '';
  const disposed = columns.disposedOn[i] ?? null;
  if (onRegister(columns, i, dayBefore)) count(branchAt(columns, i, dayBefore), 'Opening');
  // Acquired first on its day: at the branch before that day's transfers.
  if (acquired >= from && acquired <= to) count(branchAt(columns, i, acquired, false), 'Additions');
  let branch = columns.homeBranch[i] ?? 0;
  const end = columns.transferStart[i + 1] ?? 0;
  for (let k = columns.transferStart[i] ?? 0; k < end; k += 1) {
    const date = columns.transferDate[k] ?? '';
    if (date > to) break;
    const destination = columns.transferTo[k] ?? branch;
    // Held when it moved: acquired by then (that day too), not yet disposed of (a disposal that
    // day comes after it).
    const held = acquired <= date && (disposed === null || disposed >= date);
    if (date >= from && held) {
      count(branch, 'TransfersOut');
      count(destination, 'TransfersIn');
    }
    branch = destination;
  }
  if (disposed !== null && disposed >= from && disposed <= to)
    count(branchAt(columns, i, disposed), 'Disposals');
  if (onRegister(columns, i, to)) count(branchAt(columns, i, to), 'Closing');
}

export interface Movement {
  Opening: number;
  Additions: number;
  TransfersIn: number;
  TransfersOut: number;
  Disposals: number;
  Closing: number;
}

/** Opening + Additions + In − Out − Disposals = Closing. */
export function reconciles(movement: Movement): boolean {
  return (
    movement.Opening +
      movement.Additions +
      movement.TransfersIn -
      movement.TransfersOut -
      movement.Disposals ===
    movement.Closing
  );
}

export function classOf(columns: AssetColumns, i: number): DepreciationClass {
  const code = DEPRECIATION_CLASS_CODES[columns.depreciationClass[i] ?? 0];
  if (!code) throw new RangeError(`asset ${columns.id[i]}: no depreciation class`);
  return code;
}

/**
 * The asset as Schedule II sees it, or null when it has not been put to use (nothing is charged).
 * A put-to-use date after its disposal cannot be (the register's dates are wrong): it is treated
 * as never put to use rather than failing the whole report.
 */
export function scheduleIIAsset(
  columns: AssetColumns,
  i: number,
  method: DepreciationMethod,
): ScheduleIIAsset | null {
  const putToUse = columns.putToUse[i] ?? null;
  const disposedOn = columns.disposedOn[i] ?? null;
  if (putToUse === null || (disposedOn !== null && disposedOn < putToUse)) return null;
  return {
    cost: columns.cost[i] ?? 0,
    usefulLifeYears: usefulLifeOf(classOf(columns, i), columns.usefulLife[i] || null),
    method,
    putToUse,
    disposedOn,
  };
}

/** Cost, accumulated depreciation and net book value at the end of `day`. */
export function positionAsOf(
  columns: AssetColumns,
  i: number,
  method: DepreciationMethod,
  day: string,
): RegisterPosition {
  const asset = scheduleIIAsset(columns, i, method);
  const cost = columns.cost[i] ?? 0;
  if (asset === null || asset.putToUse > day)
    return { cost, accumulated: 0, netBookValue: cost, disposed: false };
  return accumulatedAsOf(asset, day);
}
