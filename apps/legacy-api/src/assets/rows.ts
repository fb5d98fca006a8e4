import {
  ASSET_ATTENTIONS,
  ASSET_STATUS_TEXT,
  type AssetAttention,
  type AssetStatus,
  CONDITION_TEXT,
  CRITICALITY_TEXT,
  indianDate,
  WARRANTY_EXPIRING_DAYS,
  WARRANTY_STATE_TEXT,
  WARRANTY_STATES,
  type WarrantyState,
} from '@branch-assets/domain';
import type { AssetRow } from '@branch-assets/legacy-contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { rowsAsJson } from '../shared/json-rows.ts';
import {
  closedColumn,
  contains,
  displayedAs,
  nameColumn,
  type SqlColumn,
  type SqlList,
  type SqlSource,
  sortText,
  textColumn,
} from '../shared/sql-page.ts';
import { attentionCondition } from './attention.ts';

/*
 * An asset as the register shows it: its own columns, the names of what it refers to, and its
 * warranty's state today in India. The list pages in SQL: the administrator's register holds
 * every branch's assets.
 */

/** Today in India: a warranty ending today still covers today, whatever the server's zone. */
const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`;

/** The warranty's state in SQL, as `warrantyState` of the domain computes it. */
export const WARRANTY_STATE = sql<WarrantyState>`case
  when a.warranty_end is null then 'NONE'
  when a.warranty_end < ${TODAY} then 'EXPIRED'
  when a.warranty_end <= ${TODAY} + ${sql.lit(WARRANTY_EXPIRING_DAYS)} then 'EXPIRING'
  else 'IN_WARRANTY' end`;

/** Assets whose warranty is in a state: ranges of the end date, which its index serves. */
function warrantyIn(state: string): RawBuilder<SqlBool> {
  switch (state) {
    case 'NONE':
      return sql<SqlBool>`a.warranty_end is null`;
    case 'EXPIRED':
      return sql<SqlBool>`a.warranty_end < ${TODAY}`;
    case 'EXPIRING':
      return sql<SqlBool>`a.warranty_end between ${TODAY} and ${TODAY} + ${sql.lit(WARRANTY_EXPIRING_DAYS)}`;
    case 'IN_WARRANTY':
      return sql<SqlBool>`a.warranty_end > ${TODAY} + ${sql.lit(WARRANTY_EXPIRING_DAYS)}`;
    default:
      return sql<SqlBool>`false`;
  }
}

export function assetQuery(db: Db) {
  return db
    .selectFrom('assets as a')
    .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
    .innerJoin('subCategories as sc', 'sc.id', 't.subCategoryId')
    .innerJoin('categories as c', 'c.id', 'sc.categoryId')
    .innerJoin('brands as br', 'br.id', 'a.brandId')
    .innerJoin('branches as b', 'b.id', 'a.branchId')
    .innerJoin('assetLocations as l', 'l.id', 'a.locationId')
    .leftJoin('staff as s', 's.id', 'a.custodianId')
    .leftJoin('vendors as v', 'v.id', 'a.vendorId')
    .leftJoin('purchaseOrders as po', 'po.id', 'a.purchaseOrderId')
    .select([
      'a.id',
      'a.tag as assetTag',
      'a.name',
      'c.id as categoryId',
      'c.name as categoryName',
      'sc.id as subCategoryId',
      'sc.name as subCategoryName',
      'a.assetTypeId',
      't.name as assetTypeName',
      'a.brandId',
      'br.name as brandName',
      'a.model',
      'a.serialNumber',
      'a.branchId',
      'b.name as branchName',
      'a.locationId',
      'l.name as locationName',
      'a.custodianId',
      's.name as custodianName',
      'a.vendorId',
      'v.name as vendorName',
      'a.purchaseOrderId',
      'po.poNumber as purchaseOrderName',
      'a.purchaseReference',
      'a.purchaseDate',
      sql<string | null>`a.cost::text`.as('cost'),
      'a.putToUseDate',
      'a.warrantyStart',
      'a.warrantyEnd',
      'a.usefulLifeYears',
      'a.criticality',
      'a.condition',
      'a.notes',
      'a.assetStatus',
      'a.active',
      WARRANTY_STATE.as('warrantyState'),
    ]);
}

export type StoredAsset = Awaited<
  ReturnType<ReturnType<typeof assetQuery>['executeTakeFirstOrThrow']>
>;

/** assetQuery's columns by name, for reading a page back as JSON (rowsAsJson). */
const COLUMNS = [
  'id',
  'assetTag',
  'name',
  'categoryId',
  'categoryName',
  'subCategoryId',
  'subCategoryName',
  'assetTypeId',
  'assetTypeName',
  'brandId',
  'brandName',
  'model',
  'serialNumber',
  'branchId',
  'branchName',
  'locationId',
  'locationName',
  'custodianId',
  'custodianName',
  'vendorId',
  'vendorName',
  'purchaseOrderId',
  'purchaseOrderName',
  'purchaseReference',
  'purchaseDate',
  'cost',
  'putToUseDate',
  'warrantyStart',
  'warrantyEnd',
  'usefulLifeYears',
  'criticality',
  'condition',
  'notes',
  'assetStatus',
  'active',
  'warrantyState',
] as const satisfies readonly (keyof StoredAsset)[];

/** The row fields no column rule gives: the closed lists' texts. */
export function ownAssetRow(asset: StoredAsset): Partial<AssetRow> {
  return {
    CriticalityTxt: CRITICALITY_TEXT[asset.criticality],
    ConditionTxt: CONDITION_TEXT[asset.condition],
    AssetStatusTxt: ASSET_STATUS_TEXT[asset.assetStatus as AssetStatus],
    WarrantyStateTxt: WARRANTY_STATE_TEXT[asset.warrantyState],
  };
}

/**
 * The asset's own searched texts joined by spaces, as migration 0016's trigram index has them:
 * one index answers a word in any of the four.
 */
export const OWN_TEXT = sql`a.tag || ' ' || a.name || ' ' || coalesce(a.model, '') || ' ' || coalesce(a.serial_number, '')`;

const byId = (column: string) => (value: string | number | boolean) =>
  sql<SqlBool>`${sql.ref(column)} = ${Number(value)}`;
const inTypes = (where: string) => (value: string | number | boolean) =>
  sql<SqlBool>`a.asset_type_id in (select t.id from asset_types t join sub_categories sc on sc.id = t.sub_category_id where ${sql.ref(where)} = ${Number(value)})`;

export const ASSET_LIST: SqlList = {
  columns: {
    AssetTag: { sort: sql`a.tag`, search: (word) => contains(sql`a.tag`, word) },
    AssetName: textColumn(sql`a.name`),
    AssetTypeName: nameColumn(sql`t.name`, sql`a.asset_type_id`, 'asset_types'),
    BrandName: nameColumn(sql`br.name`, sql`a.brand_id`, 'brands'),
    Model: textColumn(sql`a.model`),
    SerialNumber: textColumn(sql`a.serial_number`),
    BranchName: nameColumn(sql`b.name`, sql`a.branch_id`, 'branches'),
    LocationName: nameColumn(sql`l.name`, sql`a.location_id`, 'asset_locations'),
    CustodianName: nameColumn(sql`s.name`, sql`a.custodian_id`, 'staff'),
    PurchaseOrderName: nameColumn(
      sql`po.po_number`,
      sql`a.purchase_order_id`,
      'purchase_orders',
      'po_number',
    ),
    CriticalityTxt: closedColumn(sql`a.criticality`, CRITICALITY_TEXT),
    AssetStatusTxt: closedColumn(sql`a.asset_status`, ASSET_STATUS_TEXT),
    WarrantyStateTxt: {
      sort: sortText(
        sql`case ${sql.join(
          WARRANTY_STATES.map(
            (state) => sql`when ${warrantyIn(state)} then ${WARRANTY_STATE_TEXT[state]}`,
          ),
          sql` `,
        )} end`,
      ),
      search: (word) => {
        const states = WARRANTY_STATES.filter((state) =>
          WARRANTY_STATE_TEXT[state].toLowerCase().includes(word),
        );
        return states.length > 0
          ? sql<SqlBool>`(${sql.join(states.map(warrantyIn), sql` or `)})`
          : null;
      },
    },
    ActiveStatusTxt: {
      sort: sql`a.active`,
      search: (word) =>
        displayedAs(sql`a.active::text`, { true: 'Active', false: 'InActive' }, word),
    },
  } satisfies Partial<Record<keyof AssetRow, SqlColumn>>,
  filters: {
    // A scanned or typed tag, whatever its case: the unique index answers it.
    AssetTag: (value) => sql<SqlBool>`a.tag = ${String(value).trim().toUpperCase()}`,
    BranchId: byId('a.branch_id'),
    LocationId: byId('a.location_id'),
    CategoryId: inTypes('sc.category_id'),
    SubCategoryId: inTypes('t.sub_category_id'),
    AssetTypeId: byId('a.asset_type_id'),
    BrandId: byId('a.brand_id'),
    AssetStatus: (value) => sql<SqlBool>`a.asset_status = ${String(value)}`,
    CustodianId: byId('a.custodian_id'),
    WarrantyState: (value) => warrantyIn(String(value)),
    // A dashboard tile's assets (assets/attention.ts); an unknown value matches nothing.
    Attention: (value) =>
      (ASSET_ATTENTIONS as readonly unknown[]).includes(value)
        ? attentionCondition(value as AssetAttention, indianDate(new Date()))
        : sql<SqlBool>`false`,
  },
  joinedText: { columns: ['AssetTag', 'AssetName', 'Model', 'SerialNumber'], text: OWN_TEXT },
  order: [{ by: sql`a.tag`, desc: false }],
  key: sql`a.id`,
};

/** The assets of the caller's branches (only those asked for, with Assets), as the SQL pager reads them. */
export function assetSource(
  db: Db,
  access: Access,
  request: {
    Assets?: readonly number[] | undefined;
    Filters?: Readonly<Record<string, unknown>> | undefined;
  },
): SqlSource<StoredAsset> {
  // A disposed asset has left the active register: listed when its status is asked for, or it
  // is named (its tag scanned, its id selected), and its page stays.
  const named =
    request.Assets !== undefined ||
    request.Filters?.AssetStatus !== undefined ||
    request.Filters?.AssetTag !== undefined;
  const asked = request.Assets
    ? sql<SqlBool>`a.id in (${sql.join(request.Assets)})`
    : named
      ? sql`true`
      : sql<SqlBool>`a.asset_status <> 'DISPOSED'`;
  let scoped: Promise<RawBuilder<SqlBool>> | undefined;
  const inScope = () => {
    scoped ??= branchScope(db, access).then((branches) => sql<SqlBool>`${branches} and ${asked}`);
    return scoped;
  };
  return {
    count: async (where) =>
      (
        await db
          .selectFrom('assets as a')
          .where(await inScope())
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow()
      ).total,
    rows: async (where, order, window) =>
      rowsAsJson(
        db,
        assetQuery(db)
          .where(await inScope())
          .where(where),
        COLUMNS,
        order,
        window,
      ),
    anchor: async (key, order) => {
      const row = await assetQuery(db)
        .where(await inScope())
        .where('a.id', '=', key)
        .clearSelect()
        .select(order.map((by, index) => sql`${by}`.as(`v${index}`)))
        .executeTakeFirst();
      return row && order.map((_, index) => (row as Record<string, unknown>)[`v${index}`]);
    },
  };
}

/**
 * The caller's branches as a condition on the register: the branches they work in, or, when
 * fewer, all but those they do not; none for one who works in every branch (an administrator),
 * whose register is then counted whole rather than branch by branch.
 */
async function branchScope(db: Db, access: Access): Promise<RawBuilder<SqlBool>> {
  const mine = [...access.branchIds];
  if (mine.length === 0) return sql<SqlBool>`false`;
  const others = (
    await db.selectFrom('branches').select('id').where('id', 'not in', mine).execute()
  ).map((branch) => branch.id);
  if (others.length === 0) return sql<SqlBool>`true`;
  return others.length < mine.length
    ? sql<SqlBool>`a.branch_id not in (${sql.join(others)})`
    : sql<SqlBool>`a.branch_id in (${sql.join(mine)})`;
}
