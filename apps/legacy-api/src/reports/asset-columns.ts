import { ASSET_STATUSES, type AssetStatus, DEPRECIATION_CLASS_CODES } from '@branch-assets/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AssetColumns } from './positions.ts';

/*
 * Reads the assets a report needs, only the columns it needs, into columns (positions.ts) for a
 * report worker: in pages of PAGE_ROWS by id, so that neither the driver nor this process ever
 * holds 300,000 row objects at once, and the event loop serves other requests between pages.
 *
 * The assets read are those that were ever at one of the branches: theirs now, or moved into or
 * out of one by a received transfer. Which of them count, and where, the worker decides from the
 * dates (positions.ts): one "branch at a date" for every figure.
 */

const PAGE_ROWS = 20_000;

/** A transfer item counts as moved once received at the destination (received or damaged). */
export const RECEIVED_ITEM = sql<SqlBool>`ti.received_at is not null and ti.outcome in ('RECEIVED', 'DAMAGED')`;

/** The day a received item arrived, in India. */
const RECEIVED_DAY = sql<string>`((ti.received_at at time zone 'Asia/Kolkata')::date)::text`;

export interface ReportColumns extends AssetColumns {
  /** Index in ASSET_STATUSES of the register's status as of `statusAsOf` (see loadAssetColumns). */
  status: Uint8Array;
  /** Sale proceeds in paise when sold, else 0. */
  proceeds: Float64Array;
  /** Whether the asset matches the report's narrower filter (`matches`). */
  matches: Uint8Array;
  /** Tags, when asked for (to order rows); else empty. */
  tag: string[];
}

export interface ColumnsQuery {
  branches: readonly number[];
  /** Conditions over `a` (assets), `s` (sub_categories), `c` (categories), `d` (asset_disposals). */
  where: readonly RawBuilder<SqlBool>[];
  /** Flags each asset (`matches`); all match when absent. */
  matches?: RawBuilder<SqlBool>;
  /**
   * The register's status is the asset's own, except that one disposed of after this day shows
   * the status it had before it was condemned (it was still working then).
   */
  statusAsOf: string;
  withTags?: boolean;
}

interface AssetRow {
  id: number;
  branchId: number;
  tag: string | null;
  /** In paise. */
  cost: number;
  acquired: string;
  putToUse: string | null;
  disposedOn: string | null;
  usefulLife: number | null;
  depreciationClass: string;
  categoryId: number;
  status: string;
  /** In paise. */
  proceeds: number;
  matches: boolean;
}

/** A row as the page's JSON array holds it: the columns of AssetRow in its order. */
type AssetTuple = [
  number,
  number,
  string | null,
  number,
  string,
  string | null,
  string | null,
  number | null,
  string,
  number,
  string,
  number,
  boolean,
];

function assetRow(tuple: AssetTuple): AssetRow {
  const [id, branchId, tag, cost, acquired, putToUse, disposedOn, usefulLife] = tuple;
  const [depreciationClass, categoryId, status, proceeds, matches] = tuple.slice(8) as [
    string,
    number,
    string,
    number,
    boolean,
  ];
  return {
    id,
    branchId,
    tag,
    cost,
    acquired,
    putToUse,
    disposedOn,
    usefulLife,
    depreciationClass,
    categoryId,
    status,
    proceeds,
    matches,
  };
}

interface TransferRow {
  assetId: number;
  fromBranchId: number;
  toBranchId: number;
  day: string;
}

const STATUS_INDEX = new Map<string, number>(
  ASSET_STATUSES.map((status, index) => [status, index]),
);
const CLASS_INDEX = new Map<string, number>(
  DEPRECIATION_CLASS_CODES.map((code, index) => [code, index]),
);

function indexOf(map: Map<string, number>, value: string, what: string): number {
  const index = map.get(value);
  if (index === undefined) throw new RangeError(`unknown ${what} '${value}'`);
  return index;
}

export function statusAt(columns: ReportColumns, i: number): AssetStatus {
  const status = ASSET_STATUSES[columns.status[i] ?? 0];
  if (!status) throw new RangeError(`asset ${columns.id[i]}: no status`);
  return status;
}

export async function loadAssetColumns(db: Db, query: ColumnsQuery): Promise<ReportColumns> {
  const branches = sql.join([...new Set(query.branches)]);
  // The assets moved into or out of the branches, found once: a few thousand, where asking for
  // each of a company's assets in turn (a subquery per row) cost seconds.
  const { rows: moved } = await sql<{ assetId: number }>`
    select distinct ti.asset_id from asset_transfer_items ti
    join asset_transfers t on t.id = ti.transfer_id
    where ${RECEIVED_ITEM} and (t.from_branch_id in (${branches}) or t.to_branch_id in (${branches}))`.execute(
    db,
  );
  const touches =
    moved.length === 0
      ? sql<SqlBool>`a.branch_id in (${branches})`
      : sql<SqlBool>`(a.branch_id in (${branches}) or a.id = any(${moved.map((row) => row.assetId)}::int[]))`;
  const conditions = [touches, ...query.where];
  const out = {
    id: [] as number[],
    cost: [] as number[],
    acquired: [] as string[],
    putToUse: [] as (string | null)[],
    disposedOn: [] as (string | null)[],
    usefulLife: [] as number[],
    depreciationClass: [] as number[],
    categoryId: [] as number[],
    homeBranch: [] as number[],
    transferStart: [0] as number[],
    transferDate: [] as string[],
    transferTo: [] as number[],
    status: [] as number[],
    proceeds: [] as number[],
    matches: [] as number[],
    tag: [] as string[],
  };
  let after = 0;
  for (;;) {
    // One JSON array per page, built by the database: PGlite decodes each field of each row in
    // JavaScript otherwise, which took longer than the query (shared/json-rows.ts).
    const answer = await sql<{ rows: AssetTuple[] | null }>`
      select json_agg(json_build_array(page.id, page.branch_id, page.tag, page.cost,
        page.acquired, page.put_to_use, page.disposed_on, page.useful_life,
        page.depreciation_class, page.category_id, page.status, page.proceeds, page.matches)
        order by page.id) as rows
      from (
        select a.id, a.branch_id,
          ${query.withTags ? sql`a.tag` : sql`null`} as tag,
          (coalesce(a.cost, 0) * 100)::bigint as cost,
          (coalesce(a.purchase_date, a.put_to_use_date,
            (a.created_at at time zone 'Asia/Kolkata')::date))::text as acquired,
          a.put_to_use_date::text as put_to_use,
          d.disposed_on::text as disposed_on,
          a.useful_life_years as useful_life,
          s.depreciation_class,
          s.category_id,
          case when d.disposed_on > ${query.statusAsOf}::date then d.previous_status
            else a.asset_status end as status,
          case when d.method = 'SOLD' then (coalesce(d.amount, 0) * 100)::bigint
            else 0 end as proceeds,
          ${query.matches ?? sql`true`} as matches
        from assets a
        join asset_types ty on ty.id = a.asset_type_id
        join sub_categories s on s.id = ty.sub_category_id
        join categories c on c.id = s.category_id
        left join asset_disposals d on d.asset_id = a.id
        where a.id > ${after} and ${sql.join(conditions, sql` and `)}
        order by a.id
        limit ${PAGE_ROWS}
      ) page`.execute(db);
    const rows = (answer.rows[0]?.rows ?? []).map(assetRow);
    const last = rows.at(-1);
    if (!last) break;
    const { rows: transfers } = await sql<TransferRow>`
      select ti.asset_id, t.from_branch_id, t.to_branch_id, ${RECEIVED_DAY} as day
      from asset_transfer_items ti join asset_transfers t on t.id = ti.transfer_id
      where ti.asset_id > ${after} and ti.asset_id <= ${last.id} and ${RECEIVED_ITEM}
      order by ti.asset_id, ti.received_at, ti.transfer_id`.execute(db);
    let k = 0;
    for (const row of rows) {
      while (k < transfers.length && (transfers[k]?.assetId ?? 0) < row.id) k += 1;
      let home = row.branchId;
      let first = true;
      for (; k < transfers.length && transfers[k]?.assetId === row.id; k += 1) {
        const transfer = transfers[k] as TransferRow;
        if (first) home = transfer.fromBranchId;
        first = false;
        out.transferDate.push(transfer.day);
        out.transferTo.push(transfer.toBranchId);
      }
      out.transferStart.push(out.transferDate.length);
      out.id.push(row.id);
      out.cost.push(row.cost);
      // Disposed of before it was acquired cannot be (wrong dates): it leaves the day it came.
      out.acquired.push(
        row.disposedOn !== null && row.disposedOn < row.acquired ? row.disposedOn : row.acquired,
      );
      out.putToUse.push(row.putToUse);
      out.disposedOn.push(row.disposedOn);
      out.usefulLife.push(row.usefulLife ?? 0);
      out.depreciationClass.push(indexOf(CLASS_INDEX, row.depreciationClass, 'class'));
      out.categoryId.push(row.categoryId);
      out.homeBranch.push(home);
      out.status.push(indexOf(STATUS_INDEX, row.status, 'status'));
      out.proceeds.push(row.proceeds);
      out.matches.push(row.matches ? 1 : 0);
      out.tag.push(row.tag ?? '');
    }
    after = last.id;
    if (rows.length < PAGE_ROWS) break;
  }
  return {
    count: out.id.length,
    id: Int32Array.from(out.id),
    cost: Float64Array.from(out.cost),
    acquired: out.acquired,
    putToUse: out.putToUse,
    disposedOn: out.disposedOn,
    usefulLife: Int16Array.from(out.usefulLife),
    depreciationClass: Uint8Array.from(out.depreciationClass),
    categoryId: Int32Array.from(out.categoryId),
    homeBranch: Int32Array.from(out.homeBranch),
    transferStart: Int32Array.from(out.transferStart),
    transferDate: out.transferDate,
    transferTo: Int32Array.from(out.transferTo),
    status: Uint8Array.from(out.status),
    proceeds: Float64Array.from(out.proceeds),
    matches: Uint8Array.from(out.matches),
    tag: query.withTags ? out.tag : [],
  };
}
