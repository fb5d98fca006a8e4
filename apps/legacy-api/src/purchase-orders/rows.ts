import { displayDate } from '@branch-assets/domain';
import type { PurchaseOrderRow } from '@branch-assets/legacy-contract';
import type { Kysely } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Database, PurchaseOrderStatus } from '../db/schema.ts';
import { fileUrl } from '../files/file-url.ts';
import { approvalStatus, type OrderState, overallStatus, verificationStatus } from './status.ts';

export const MODULE = 'purchase_order';

/** The statuses whose order has a printed document: approved, and on through its receipt. */
export const PRINTED: readonly PurchaseOrderStatus[] = [
  'approved',
  'partially_received',
  'received',
  'closed',
  'completed',
];

/** The columns every row needs, joined once. */
export function rowQuery(db: Kysely<Database>) {
  return db
    .selectFrom('purchaseOrders as po')
    .innerJoin('branches as billed', 'billed.id', 'po.billedBranchId')
    .innerJoin('branches as shipped', 'shipped.id', 'po.shippedBranchId')
    .innerJoin('vendors', 'vendors.id', 'po.vendorId')
    .select([
      'po.id',
      'po.poNumber',
      'po.billedBranchId',
      'billed.name as billedBranchName',
      'shipped.name as shippedBranchName',
      'po.poDate',
      'vendors.name as vendorName',
      'po.status',
      'po.verificationStatus',
      'po.approvalStatus',
      'po.poPath',
    ]);
}

export type RowRecord = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

/** rowQuery's columns by name, for reading its rows back as JSON (rowsAsJson). */
export const ROW_COLUMNS = [
  'id',
  'poNumber',
  'billedBranchId',
  'billedBranchName',
  'shippedBranchName',
  'poDate',
  'vendorName',
  'status',
  'verificationStatus',
  'approvalStatus',
  'poPath',
] as const satisfies readonly (keyof RowRecord)[];

/** What the user may do with an order now. The server checks every action again; a flag only hides a button. */
export function rowActions(state: OrderState & { billedBranchId: number }, access: Access) {
  const inBranch = access.worksIn(state.billedBranchId);
  const may = (action: string) => inBranch && access.can(MODULE, action);
  return {
    // A draft has no number yet, by which an order is shown: it is opened in its form.
    preview: may('list') && state.status !== 'draft',
    verify: may('verify') && state.status === 'pending',
    approve: may('approve') && state.status === 'waiting_for_approval',
    edit: may('edit') && (state.status === 'draft' || state.status === 'rejected'),
    cancel:
      may('delete') &&
      (state.status === 'pending' ||
        state.status === 'waiting_for_approval' ||
        state.status === 'rejected'),
  };
}

/**
 * An order's files (its PDF, the vendor's quotation) are downloads: offered to, and served to,
 * roles with the download grant on purchase orders, who also preview the order. A role that only
 * lists (the viewer) reads the order on screen.
 */
export function mayDownload(access: Access): boolean {
  return access.can('purchase_order', 'list') && access.can('purchase_order', 'download');
}

export function toRow(record: RowRecord, access: Access): PurchaseOrderRow {
  const actions = rowActions(record, access);
  const approval = approvalStatus(record);
  const verification = verificationStatus(record);
  const overall = overallStatus(record);
  return {
    PurchaseOrderId: record.id,
    PurchaseOrderNumber: record.poNumber ?? '',
    BilledBranchId: record.billedBranchId,
    BilledBranchName: record.billedBranchName,
    ShippedBranchName: record.shippedBranchName,
    PurchaseOrderDateTxt: displayDate(record.poDate),
    VendorName: record.vendorName,
    ApprovalStatusTxt: approval.text,
    ApprovalStatusCode: approval.code,
    ApprovalStatusBgColor: approval.background,
    ApprovalStatusTextColor: approval.color,
    VerifiedStatusTxt: verification.text,
    VerifiedStatusCode: verification.code,
    VerifiedStatusBgColor: verification.background,
    VerifiedStatusTextColor: verification.color,
    StatusTxt: overall.text,
    StatusCode: overall.code,
    StatusBgColor: overall.background,
    StatusTextColor: overall.color,
    ProductImage1: null,
    PreviewFlag: actions.preview,
    VerifyFlag: actions.verify,
    ApprovalFlag: actions.approve,
    EditFlag: actions.edit,
    DeleteFlag: actions.cancel,
    // The order's document: a stored one (the company's own server's), or the one the gateway
    // prints for an order from its approval on.
    FilePathFlag:
      (record.poPath !== null || PRINTED.includes(record.status)) &&
      actions.preview &&
      mayDownload(access),
    FilePathUrl: actions.preview && mayDownload(access) ? fileUrl(record.poPath) : null,
  };
}
