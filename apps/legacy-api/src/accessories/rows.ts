import { MOVEMENT_REASON_TEXT, type UnitOfMeasure } from '@branch-assets/domain';
import type {
  AccessoryMinimum,
  AccessoryMovementRow,
  AccessoryRow,
  AccessoryStockRow,
} from '@branch-assets/legacy-contract';
import { type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { rowsAsJson } from '../shared/json-rows.ts';
import type { RowFields } from '../shared/record-calls.ts';
import {
  closedColumn,
  contains,
  nameColumn,
  numberColumn,
  type SqlColumn,
  type SqlList,
  type SqlSource,
  sortText,
  textColumn,
  throughName,
} from '../shared/sql-page.ts';

/*
 * Accessories as their lists show them. An accessory is the company's, its stock each branch's:
 * a row shows the stock of the branches the caller works in (or of the one branch a list asked
 * for), every one of them counted, with 0 on hand where nothing was ever received and the type's
 * minimum where the branch has none of its own. Accessories and branches are few (hundreds and
 * tens), so their lists page in memory; an accessory's ledger grows without end and pages in SQL.
 */

/** One branch's stock of an accessory. */
export interface BranchStock {
  branchId: number;
  branchCode: string;
  branchName: string;
  onHand: number;
  /** The branch's own minimum, or null when it keeps the type's. */
  ownMinimum: number | null;
  /** What the branch should hold at least: its own minimum, else the type's. */
  minimum: number;
}

export interface StoredAccessory {
  id: number;
  name: string;
  accessoryTypeId: number;
  accessoryTypeName: string;
  brandId: number | null;
  brandName: string | null;
  unit: UnitOfMeasure;
  active: boolean;
  defaultMinimum: number;
  fits: { id: number; name: string }[];
  /** The stock of the branches read (see `readAccessories`), by branch code. */
  stock: BranchStock[];
}

/** An accessory as messages name it: 'SpO2 finger probe (Masimo)'. */
export function accessoryLabel(accessory: { name: string; brandName: string | null }): string {
  return accessory.brandName ? `${accessory.name} (${accessory.brandName})` : accessory.name;
}

/**
 * The accessories (all, or the one `id` names) with their fits and their stock in `branches`
 * (active branches; every active one when null). What a row may show of it is the caller's
 * business (`accessoryRow`), so one read serves find and list alike.
 */
export async function readAccessories(
  db: Db,
  options: { id?: number; branches: readonly number[] | null },
): Promise<StoredAccessory[]> {
  const { id, branches } = options;
  const accessories = await db
    .selectFrom('accessories as a')
    .innerJoin('accessoryTypes as t', 't.id', 'a.accessoryTypeId')
    .leftJoin('brands as br', 'br.id', 'a.brandId')
    .select([
      'a.id',
      'a.name',
      'a.accessoryTypeId',
      't.name as accessoryTypeName',
      'a.brandId',
      'br.name as brandName',
      'a.unit',
      'a.active',
      't.minimumStock as defaultMinimum',
    ])
    .$if(id !== undefined, (query) => query.where('a.id', '=', id ?? 0))
    .orderBy(sql`lower(a.name) collate "C"`)
    .orderBy('br.name')
    .orderBy('a.id')
    .execute();
  if (accessories.length === 0) return [];
  const ids = accessories.map((accessory) => accessory.id);
  const [fits, stock] = await Promise.all([
    db
      .selectFrom('accessoryFits as f')
      .innerJoin('assetTypes as at', 'at.id', 'f.assetTypeId')
      .select(['f.accessoryId', 'at.id', 'at.name'])
      .where('f.accessoryId', 'in', ids)
      .orderBy('at.name')
      .execute(),
    // A caller who works in no branch still sees the accessories, with no stock anywhere.
    branches !== null && branches.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('accessories as a')
          .innerJoin('accessoryTypes as t', 't.id', 'a.accessoryTypeId')
          .innerJoin('branches as b', (join) => join.on('b.active', '=', true))
          .leftJoin('accessoryStock as s', (join) =>
            join.onRef('s.accessoryId', '=', 'a.id').onRef('s.branchId', '=', 'b.id'),
          )
          .leftJoin('accessoryMinimums as m', (join) =>
            join.onRef('m.accessoryId', '=', 'a.id').onRef('m.branchId', '=', 'b.id'),
          )
          .select([
            'a.id as accessoryId',
            'b.id as branchId',
            'b.code as branchCode',
            'b.name as branchName',
            sql<number>`coalesce(s.on_hand, 0)`.as('onHand'),
            'm.minimum as ownMinimum',
            sql<number>`coalesce(m.minimum, t.minimum_stock)`.as('minimum'),
          ])
          .where('a.id', 'in', ids)
          .$if(branches !== null, (query) => query.where('b.id', 'in', branches ?? []))
          .orderBy('b.code')
          .execute(),
  ]);
  const fitsOf = Map.groupBy(fits, (fit) => fit.accessoryId);
  const stockOf = Map.groupBy(stock, (row) => row.accessoryId);
  return accessories.map((accessory) => ({
    ...accessory,
    fits: (fitsOf.get(accessory.id) ?? []).map(({ id: fitId, name }) => ({ id: fitId, name })),
    stock: (stockOf.get(accessory.id) ?? []).map(({ accessoryId: _id, ...row }) => row),
  }));
}

/** Whether a branch holds less than it should. */
const below = (stock: BranchStock) => stock.onHand < stock.minimum;

/**
 * An accessory's row for this caller: its stock in the branches they work in (of those read),
 * summed, named where some is held, and where a branch holds less than its minimum.
 */
export function accessoryRow(accessory: StoredAccessory, access: Access): RowFields<AccessoryRow> {
  const mine = accessory.stock.filter((stock) => access.worksIn(stock.branchId));
  const short = mine.filter(below);
  return {
    AccessoryId: accessory.id,
    AccessoryName: accessory.name,
    AccessoryTypeId: accessory.accessoryTypeId,
    AccessoryTypeName: accessory.accessoryTypeName,
    BrandId: accessory.brandId,
    BrandName: accessory.brandName,
    Unit: accessory.unit,
    AssetTypes: accessory.fits.map((fit) => fit.id),
    AssetTypesTxt: accessory.fits.map((fit) => fit.name).join(', '),
    Minimums: mine
      .filter((stock) => stock.ownMinimum !== null)
      .map(
        (stock): AccessoryMinimum => ({
          BranchId: stock.branchId,
          BranchCode: stock.branchCode,
          Minimum: stock.ownMinimum ?? stock.minimum,
        }),
      ),
    DefaultMinimum: accessory.defaultMinimum,
    OnHand: mine.reduce((sum, stock) => sum + stock.onHand, 0),
    StockTxt: mine
      .filter((stock) => stock.onHand > 0)
      .map((stock) => `${stock.branchCode} ${stock.onHand}`)
      .join(' · '),
    BelowMinimum: short.length > 0,
    BelowMinimumTxt: short
      .map((stock) => `${stock.branchCode} ${stock.onHand} of ${stock.minimum}`)
      .join(', '),
  };
}

/**
 * Stock per branch: each accessory in each of the caller's branches, active accessories and
 * inactive ones still held, by accessory then branch.
 */
export async function stockRows(
  db: Db,
  access: Access,
  only: { accessory?: number; branch?: number } = {},
): Promise<AccessoryStockRow[]> {
  const branches = [...access.branchIds].filter(
    (branch) => only.branch === undefined || branch === only.branch,
  );
  const accessories = await readAccessories(db, {
    ...(only.accessory === undefined ? {} : { id: only.accessory }),
    branches,
  });
  const canMove = access.can('accessories', 'edit');
  return accessories.flatMap((accessory) =>
    accessory.stock
      .filter((stock) => accessory.active || stock.onHand > 0)
      .map((stock) => ({
        StockKey: `${accessory.id}-${stock.branchId}`,
        AccessoryId: accessory.id,
        AccessoryName: accessory.name,
        AccessoryTypeName: accessory.accessoryTypeName,
        BrandName: accessory.brandName,
        Unit: accessory.unit,
        BranchId: stock.branchId,
        BranchCode: stock.branchCode,
        BranchName: stock.branchName,
        OnHand: stock.onHand,
        Minimum: stock.minimum,
        BelowMinimum: below(stock),
        BelowMinimumTxt: below(stock) ? 'Below minimum' : '',
        MoveFlag: canMove,
      })),
  );
}

/** A movement as the ledger reads it, before it is a row. */
function ledgerQuery(db: Db) {
  return db
    .selectFrom('accessoryMovements as m')
    .innerJoin('branches as b', 'b.id', 'm.branchId')
    .leftJoin('vendors as v', 'v.id', 'm.vendorId')
    .leftJoin('assets as x', 'x.id', 'm.assetId')
    .leftJoin('staff as st', 'st.id', 'm.staffId')
    .leftJoin('users as u', 'u.id', 'm.userId')
    .leftJoin('staff as us', 'us.id', 'u.staffId')
    .select([
      sql<number>`m.id::integer`.as('id'),
      'm.accessoryId',
      // Milliseconds in UTC: what the contract's IsoDateTime reads, from PGlite and PostgreSQL alike.
      sql<string>`to_char(m.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('at'),
      'm.branchId',
      'b.code as branchCode',
      'm.reason',
      'm.quantity',
      'm.balance',
      'm.vendorId',
      'v.name as vendorName',
      'm.reference',
      'm.assetId',
      'x.tag as assetTag',
      'x.name as assetName',
      'm.staffId',
      'st.name as staffName',
      'm.note',
      'us.name as userName',
    ]);
}

type StoredMovement = Awaited<
  ReturnType<ReturnType<typeof ledgerQuery>['executeTakeFirstOrThrow']>
>;

/** ledgerQuery's columns by name, for reading a page back as JSON (rowsAsJson). */
const LEDGER_COLUMNS = [
  'id',
  'accessoryId',
  'at',
  'branchId',
  'branchCode',
  'reason',
  'quantity',
  'balance',
  'vendorId',
  'vendorName',
  'reference',
  'assetId',
  'assetTag',
  'assetName',
  'staffId',
  'staffName',
  'note',
  'userName',
] as const satisfies readonly (keyof StoredMovement)[];

export function movementRow(movement: StoredMovement): AccessoryMovementRow {
  return {
    AccessoryMovementId: Number(movement.id),
    AccessoryId: movement.accessoryId,
    At: movement.at,
    BranchId: movement.branchId,
    BranchCode: movement.branchCode,
    Reason: movement.reason,
    ReasonTxt: MOVEMENT_REASON_TEXT[movement.reason],
    Quantity: movement.quantity,
    Balance: movement.balance,
    VendorId: movement.vendorId,
    VendorName: movement.vendorName,
    Reference: movement.reference,
    AssetId: movement.assetId,
    AssetTag: movement.assetTag,
    StaffId: movement.staffId,
    StaffName: movement.staffName,
    IssuedToTxt: movement.assetTag
      ? `${movement.assetTag} ${movement.assetName ?? ''}`.trim()
      : (movement.staffName ?? ''),
    Note: movement.note,
    UserName: movement.userName,
  };
}

/** One movement by its id, as the ledger shows it. */
export async function findMovement(db: Db, id: number): Promise<AccessoryMovementRow> {
  return movementRow(
    await ledgerQuery(db).where(sql<SqlBool>`m.id = ${id}`).executeTakeFirstOrThrow(),
  );
}

export const LEDGER_LIST: SqlList = {
  columns: {
    // Newest first by default; by the moment otherwise, which the id follows.
    // Searched as the row shows it: the moment in ISO 8601, in UTC (toISOString's form).
    At: {
      sort: sql`m.id`,
      search: (word) =>
        contains(sql`to_char(m.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, word),
    },
    BranchCode: {
      sort: sortText(sql`b.code`),
      search: throughName(sql`m.branch_id`, 'branches', 'code'),
    },
    ReasonTxt: closedColumn(sql`m.reason`, MOVEMENT_REASON_TEXT),
    Quantity: numberColumn(sql`m.quantity`),
    Balance: numberColumn(sql`m.balance`),
    IssuedToTxt: {
      sort: sortText(sql`coalesce(x.tag, st.name, '')`),
      search: (word) =>
        // One accessory's ledger is short: its assets are looked up by id, not searched whole.
        sql<SqlBool>`(exists (select 1 from assets ax where ax.id = m.asset_id and (${contains(sql`ax.tag`, word)} or ${contains(sql`ax.name`, word)})) or ${throughName(sql`m.staff_id`, 'staff')(word)})`,
    },
    VendorName: nameColumn(sql`v.name`, sql`m.vendor_id`, 'vendors'),
    Reference: textColumn(sql`m.reference`),
    Note: textColumn(sql`m.note`),
    UserName: {
      sort: sortText(sql`coalesce(us.name, '')`),
      search: (word) =>
        sql<SqlBool>`m.user_id = any(array(select u.id from users u join staff s on s.id = u.staff_id where ${contains(sql`s.name`, word)}))`,
    },
  } satisfies Partial<Record<keyof AccessoryMovementRow, SqlColumn>>,
  filters: {
    BranchId: (value) => sql<SqlBool>`m.branch_id = ${Number(value)}`,
    Reason: (value) => sql<SqlBool>`m.reason = ${String(value)}`,
  },
  order: [{ by: sql`m.id`, desc: true }],
  key: sql`m.id`,
};

/** One accessory's movements in the caller's branches, as the SQL pager reads them. */
export function ledgerSource(
  db: Db,
  access: Access,
  accessoryId: number,
): SqlSource<AccessoryMovementRow> {
  const mine = [...access.branchIds];
  const scope = sql<SqlBool>`m.accessory_id = ${accessoryId} and ${
    mine.length > 0 ? sql`m.branch_id in (${sql.join(mine)})` : sql`false`
  }`;
  return {
    count: async (where) =>
      (
        await db
          .selectFrom('accessoryMovements as m')
          .where(scope)
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow()
      ).total,
    rows: async (where, order, window) =>
      (
        await rowsAsJson(
          db,
          ledgerQuery(db).where(scope).where(where),
          LEDGER_COLUMNS,
          order,
          window,
        )
      ).map(movementRow),
    anchor: async (key, order) => {
      const row = await ledgerQuery(db)
        .where(scope)
        .where(sql<SqlBool>`m.id = ${key}`)
        .clearSelect()
        .select(order.map((by, index) => sql`${by}`.as(`v${index}`)))
        .executeTakeFirst();
      return row && order.map((_, index) => (row as Record<string, unknown>)[`v${index}`]);
    },
  };
}
