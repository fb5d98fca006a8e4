import type {
  CallRequest,
  PurchaseOrderList,
  PurchaseOrderRow,
  TableHeader,
} from '@branch-assets/legacy-contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import type { ApprovalStatus, PurchaseOrderStatus, VerificationStatus } from '../db/schema.ts';
import { rowsAsJson } from '../shared/json-rows.ts';
import { ACTIONS_HEADER, listPayload } from '../shared/list-payload.ts';
import {
  contains,
  nameColumn,
  type SqlColumn,
  type SqlList,
  type SqlSource,
  sortText,
  sqlPage,
} from '../shared/sql-page.ts';
import { ROW_COLUMNS, type RowRecord, rowQuery, toRow } from './rows.ts';
import {
  approvalStatus,
  type OrderState,
  overallStatus,
  STATUS_TEXT,
  type StatusDisplay,
  verificationStatus,
} from './status.ts';
import { writesOrders } from './write.ts';

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'PO Number', value: 'PurchaseOrderNumber' },
  { text: 'PO Date', value: 'PurchaseOrderDateTxt' },
  { text: 'Billed To', value: 'BilledBranchName' },
  { text: 'Shipped To', value: 'ShippedBranchName' },
  { text: 'Vendor', value: 'VendorName' },
  { text: 'Verification', value: 'VerifiedStatusTxt', align: 'center' },
  { text: 'Approval', value: 'ApprovalStatusTxt', align: 'center' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

const VERIFICATION: readonly VerificationStatus[] = ['pending', 'verified', 'rejected'];
const APPROVAL: readonly ApprovalStatus[] = ['not_started', 'waiting', 'approved', 'rejected'];

/** Every combination of an order's three status columns: the chips' texts are derived from them. */
const STATES: readonly OrderState[] = (Object.keys(STATUS_TEXT) as PurchaseOrderStatus[]).flatMap(
  (status) =>
    VERIFICATION.flatMap((verificationStatus) =>
      APPROVAL.map((approvalStatus) => ({ status, verificationStatus, approvalStatus })),
    ),
);

const STATE = sql`(po.status, po.verification_status, po.approval_status)`;

function stateIn(states: readonly OrderState[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${STATE} in (${sql.join(
    states.map((s) => sql`(${s.status}, ${s.verificationStatus}, ${s.approvalStatus})`),
  )})`;
}

/**
 * A status chip's column in SQL, from the same functions that write the chip: searched and
 * sorted by the text the row shows, so the rule lives only in status.ts.
 */
function chipColumn(chip: (state: OrderState) => StatusDisplay): SqlColumn {
  const byText = Map.groupBy(STATES, (state) => chip(state).text);
  const sort = sortText(
    sql`case ${sql.join(
      [...byText].map(([text, states]) => sql`when ${stateIn(states)} then ${text}`),
      sql` `,
    )} end`,
  );
  return {
    sort,
    search: (word) => {
      const states = [...byText]
        .filter(([text]) => text.toLowerCase().includes(word))
        .flatMap(([, matching]) => matching);
      return states.length > 0 ? stateIn(states) : null;
    },
  };
}

/** The order date as the row shows it (DD-MM-YYYY): only digits and dashes can match it. */
function dateSearch(word: string) {
  return /^[\d-]+$/.test(word) ? contains(sql`to_char(po.po_date, 'DD-MM-YYYY')`, word) : null;
}

const LIST: SqlList = {
  columns: {
    PurchaseOrderNumber: {
      sort: sortText(sql`coalesce(po.po_number, '')`),
      search: (word) => contains(sql`po.po_number`, word),
    },
    PurchaseOrderDateTxt: { sort: sql`po.po_date`, search: dateSearch },
    BilledBranchName: nameColumn(sql`billed.name`, sql`po.billed_branch_id`, 'branches'),
    ShippedBranchName: nameColumn(sql`shipped.name`, sql`po.shipped_branch_id`, 'branches'),
    VendorName: nameColumn(sql`vendors.name`, sql`po.vendor_id`, 'vendors'),
    VerifiedStatusTxt: chipColumn(verificationStatus),
    ApprovalStatusTxt: chipColumn(approvalStatus),
    StatusTxt: chipColumn(overallStatus),
  } satisfies Partial<Record<keyof PurchaseOrderRow, SqlColumn>>,
  filters: {
    // The overall status as the chip shows it (Pending, Approved, …).
    StatusTxt: (value) => {
      const states = STATES.filter(
        (state) => overallStatus(state).text.toLowerCase() === String(value).toLowerCase(),
      );
      return states.length > 0 ? stateIn(states) : sql<SqlBool>`false`;
    },
  },
  order: [{ by: sql`po.po_date`, desc: true }],
  key: sql`po.id`,
};

export async function purchaseOrderList(
  db: Db,
  access: Access,
  branch: { id: number; code: string },
  request: CallRequest<'purchaseOrderLists'>,
): Promise<PurchaseOrderList> {
  // Drafts are their branch's writers' own until submitted.
  const inScope = writesOrders(access)
    ? sql<SqlBool>`po.billed_branch_id = ${branch.id}`
    : sql<SqlBool>`po.billed_branch_id = ${branch.id} and po.status <> 'draft'`;
  const source: SqlSource<RowRecord> = {
    count: async (where) =>
      (
        await db
          .selectFrom('purchaseOrders as po')
          .where(inScope)
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow()
      ).total,
    rows: (where, order, window) =>
      rowsAsJson(db, rowQuery(db).where(inScope).where(where), ROW_COLUMNS, order, window),
    anchor: async (key, order) => {
      const row = await rowQuery(db)
        .where(inScope)
        .where('po.id', '=', key)
        .clearSelect()
        .select(order.map((by, index) => sql`${by}`.as(`v${index}`)))
        .executeTakeFirst();
      return row && order.map((_, index) => (row as Record<string, unknown>)[`v${index}`]);
    },
  };
  const answer = await sqlPage(db, source, LIST, request, HEADERS);
  const toRows = (records: Parameters<typeof toRow>[0][]) =>
    records.map((record) => toRow(record, access));
  const common = {
    headers: HEADERS,
    itemKey: 'PurchaseOrderId',
    canDownload: access.can('purchase_order', 'download'),
    excelFileName: `PurchaseOrders_${branch.code}`,
    request,
  };
  const payload =
    'page' in answer
      ? listPayload({
          ...common,
          page: { rows: toRows(answer.page.rows), total: answer.page.total },
        })
      : listPayload({ ...common, rows: toRows(answer.rows) });
  // The legacy list also says whether the user has other branches to switch to.
  return {
    ...payload,
    TableOptions: { ...payload.TableOptions, BranchFlag: access.branchIds.size > 1 },
  };
}
