import {
  type BlockAddition,
  type BlockSale,
  companiesActSchedule,
  DEPRECIATION_CLASSES,
  type DepreciationMethod,
  financialYear,
  financialYearRange,
  INCOME_TAX_BLOCK_RATES,
  type IncomeTaxBlockName,
  incomeTaxBlockSchedule,
  type ScheduleIIAsset,
} from '@branch-assets/domain';
import type { ReportColumns } from './asset-columns.ts';
import { branchAt, classOf, scheduleIIAsset } from './positions.ts';

/*
 * The fixed asset register's arithmetic for one financial year, run in a report worker
 * (figures-worker.ts): Schedule II asset by asset over the matching assets (every one for the totals, the
 * page's for the rows) and the Income Tax blocks over all the branches' assets. Amounts in paise,
 * each sum checked to stay a safe integer.
 */

export interface DepreciationInput {
  columns: ReportColumns;
  fy: string;
  method: DepreciationMethod;
  branches: readonly number[];
  /** Branch codes by id, to order the rows by branch code, then tag. */
  branchCodes: Record<number, string>;
  /** 1-based page and its size; absent: every row. */
  page?: { page: number; size: number } | undefined;
  /** No rows: only `order`, for the caller to work out the rows of any page (pageRows). */
  orderOnly?: boolean;
}

export interface YearFigures {
  opening: number;
  additions: number;
  depreciation: number;
  disposals: number;
  closing: number;
}

export interface AssetYear extends YearFigures {
  assetId: number;
  branchId: number;
  putToUse: string;
  disposedOn: string | null;
  cost: number;
  usefulLifeYears: number;
  block: IncomeTaxBlockName;
}

export interface BlockFigures {
  block: IncomeTaxBlockName;
  rate: number;
  opening: number;
  additionsFull: number;
  additionsHalf: number;
  proceeds: number;
  depreciation: number;
  closing: number;
  capitalGain: number;
}

export interface DepreciationFigures {
  rows: AssetYear[];
  /** The matching assets' indexes in the columns, in the rows' order (branch code, tag). */
  order: Int32Array;
  totalCount: number;
  totals: YearFigures;
  blocks: BlockFigures[];
}

const compareText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function add(total: number, amount: number): number {
  const sum = total + amount;
  if (!Number.isSafeInteger(sum)) throw new RangeError('a report total is beyond exact arithmetic');
  return sum;
}

/** Opening + Additions − Depreciation − Disposals = Closing. */
export function yearReconciles(year: YearFigures): boolean {
  return year.opening + year.additions - year.depreciation - year.disposals === year.closing;
}

export function depreciationFigures(input: DepreciationInput): DepreciationFigures {
  const { columns, fy, method } = input;
  const { start, end } = financialYearRange(fy);
  const requested = new Set(input.branches);
  const totals: YearFigures = {
    opening: 0,
    additions: 0,
    depreciation: 0,
    disposals: 0,
    closing: 0,
  };
  /** The matching assets (index, branch), for the rows. */
  const matching: { i: number; branchId: number }[] = [];
  const blockAssets = new Map<
    IncomeTaxBlockName,
    { additions: BlockAddition[]; sales: BlockSale[] }
  >();
  const yearOf = (i: number, asset: ScheduleIIAsset) => yearOfAsset(columns, i, asset, fy);
  for (let i = 0; i < columns.count; i += 1) {
    const asset = scheduleIIAsset(columns, i, method);
    if (asset === null || asset.putToUse > end) continue;
    // Its branch at the year's end: where it was on the day it left, when disposed of.
    const branchId = branchAt(columns, i, end);
    if (!requested.has(branchId)) continue;
    const block = DEPRECIATION_CLASSES[classOf(columns, i)].block;
    const held = blockAssets.get(block) ?? { additions: [], sales: [] };
    blockAssets.set(block, held);
    held.additions.push({ cost: asset.cost, putToUse: asset.putToUse });
    const disposedOn = asset.disposedOn ?? null;
    if (disposedOn !== null && disposedOn <= end)
      held.sales.push({ proceeds: columns.proceeds[i] ?? 0, soldOn: disposedOn });
    if (!columns.matches[i] || (disposedOn !== null && disposedOn < start)) continue;
    const year = yearOf(i, asset);
    if (!year) continue;
    matching.push({ i, branchId });
    totals.opening = add(totals.opening, year.opening);
    totals.additions = add(totals.additions, year.additions);
    totals.depreciation = add(totals.depreciation, year.depreciation);
    totals.disposals = add(totals.disposals, year.disposals);
    totals.closing = add(totals.closing, year.closing);
  }
  const codeOf = (branchId: number) => input.branchCodes[branchId] ?? '';
  const tagOf = (i: number) => columns.tag[i] ?? '';
  matching.sort((a, b) => {
    // By code units, as the codes and tags are written (upper-case letters, digits, hyphens).
    const byCode = compareText(codeOf(a.branchId), codeOf(b.branchId));
    if (byCode !== 0) return byCode;
    return compareText(tagOf(a.i), tagOf(b.i)) || (columns.id[a.i] ?? 0) - (columns.id[b.i] ?? 0);
  });
  const order = Int32Array.from(matching, ({ i }) => i);
  const rows = input.orderOnly ? [] : pageRows(columns, order, fy, method, input.page);
  return { rows, order, totalCount: matching.length, totals, blocks: blocksOf(blockAssets, fy) };
}

/** Asset i's row of the year; `asset` is its scheduleIIAsset, put to use by the year's end. */
function yearOfAsset(
  columns: ReportColumns,
  i: number,
  asset: ScheduleIIAsset,
  fy: string,
): AssetYear | null {
  const { start, end } = financialYearRange(fy);
  // One row: the requested year (none when disposed of before it began).
  const row = companiesActSchedule(asset, fy, fy)[0];
  if (!row) return null;
  const added = asset.putToUse >= start;
  return {
    assetId: columns.id[i] ?? 0,
    branchId: branchAt(columns, i, end),
    putToUse: asset.putToUse,
    disposedOn: asset.disposedOn ?? null,
    cost: asset.cost,
    usefulLifeYears: asset.usefulLifeYears,
    block: DEPRECIATION_CLASSES[classOf(columns, i)].block,
    opening: added ? 0 : row.opening,
    additions: added ? asset.cost : 0,
    depreciation: row.depreciation,
    disposals: row.disposed ? row.closing : 0,
    closing: row.disposed ? 0 : row.closing,
  };
}

/**
 * The rows of one page (every row when none) of the assets in `order`, worked out again: a page
 * is a few thousand at most, cheaper than keeping 300,000 rows.
 */
export function pageRows(
  columns: ReportColumns,
  order: Int32Array,
  fy: string,
  method: DepreciationMethod,
  page?: { page: number; size: number },
): AssetYear[] {
  const shown = page ? order.subarray((page.page - 1) * page.size, page.page * page.size) : order;
  const rows: AssetYear[] = [];
  for (const i of shown) {
    const asset = scheduleIIAsset(columns, i, method);
    const row = asset === null ? null : yearOfAsset(columns, i, asset, fy);
    if (row) rows.push(row);
  }
  return rows;
}

function blocksOf(
  assets: Map<IncomeTaxBlockName, { additions: BlockAddition[]; sales: BlockSale[] }>,
  fy: string,
): BlockFigures[] {
  const blocks: BlockFigures[] = [];
  for (const block of Object.keys(INCOME_TAX_BLOCK_RATES) as IncomeTaxBlockName[]) {
    const held = assets.get(block);
    if (!held || held.additions.length === 0) continue;
    // From the first year any of its assets was put to use, the block at nil before it.
    const first = held.additions.reduce(
      (earliest, addition) => (addition.putToUse < earliest ? addition.putToUse : earliest),
      held.additions[0]?.putToUse ?? '',
    );
    const rate = INCOME_TAX_BLOCK_RATES[block];
    const years = incomeTaxBlockSchedule(
      { rate, opening: 0, additions: held.additions, sales: held.sales },
      financialYear(first),
      fy,
    );
    const year = years.at(-1);
    if (!year) continue;
    blocks.push({
      block,
      rate,
      opening: year.opening,
      additionsFull: year.additionsFull,
      additionsHalf: year.additionsHalf,
      proceeds: year.proceeds,
      depreciation: year.depreciation,
      closing: year.closing,
      capitalGain: year.capitalGain,
    });
  }
  return blocks;
}
