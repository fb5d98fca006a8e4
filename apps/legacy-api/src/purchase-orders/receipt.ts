import type { PurchaseOrderReceipt } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import type { PurchaseOrderStatus } from '../db/schema.ts';
import { overallStatus } from './status.ts';

/*
 * What an order has received: per line ordered, received (accepted + rejected) and pending,
 * counting the notes that are not cancelled. A rejected unit counts as received (it came and was
 * sent back): a replacement is a new order, so that an order never takes in more than it ordered
 * (erpnext #40851 let receipts exceed the order).
 */

/** The statuses goods are received in. */
export const RECEIVING: readonly PurchaseOrderStatus[] = ['approved', 'partially_received'];

export interface LineReceipt {
  id: number;
  lineNo: number;
  itemName: string;
  kind: 'ASSET' | 'ACCESSORY';
  unit: string;
  assetTypeId: number | null;
  accessoryId: number | null;
  brandId: number | null;
  model: string | null;
  deliveryBranchId: number;
  deliveryBranchName: string;
  warrantyMonths: number | null;
  ordered: number;
  received: number;
  accepted: number;
  rejected: number;
  taxable: string;
  tax: string;
}

/** The order's lines with what its live notes received of each. */
export async function lineReceipts(db: Db, orderId: number): Promise<LineReceipt[]> {
  const rows = await db
    .selectFrom('purchaseOrderLines as l')
    .innerJoin('purchaseOrders as po', 'po.id', 'l.purchaseOrderId')
    .innerJoin('branches as d', (join) =>
      join.on(sql<boolean>`d.id = coalesce(l.delivery_branch_id, po.shipped_branch_id)`),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('goodsReceiptLines as gl')
          .innerJoin('goodsReceiptNotes as n', 'n.id', 'gl.noteId')
          .where('n.status', '=', 'RECEIVED')
          .where('n.purchaseOrderId', '=', orderId)
          .select([
            'gl.purchaseOrderLineId',
            sql<string>`sum(gl.received)`.as('received'),
            sql<string>`sum(gl.accepted)`.as('accepted'),
            sql<string>`sum(gl.rejected)`.as('rejected'),
          ])
          .groupBy('gl.purchaseOrderLineId')
          .as('got'),
      (join) => join.onRef('got.purchaseOrderLineId', '=', 'l.id'),
    )
    .select([
      'l.id',
      'l.lineNo',
      'l.itemName',
      'l.unit',
      'l.assetTypeId',
      'l.accessoryId',
      'l.brandId',
      'l.model',
      'd.id as deliveryBranchId',
      'd.name as deliveryBranchName',
      'l.warrantyMonths',
      'l.quantity',
      'l.taxableAmount',
      sql<string>`l.cgst_amount + l.sgst_amount + l.igst_amount`.as('tax'),
      'got.received',
      'got.accepted',
      'got.rejected',
    ])
    .where('l.purchaseOrderId', '=', orderId)
    .orderBy('l.lineNo')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    lineNo: row.lineNo,
    itemName: row.itemName,
    kind: row.assetTypeId === null ? 'ACCESSORY' : 'ASSET',
    unit: row.unit,
    assetTypeId: row.assetTypeId,
    accessoryId: row.accessoryId,
    brandId: row.brandId,
    model: row.model,
    deliveryBranchId: row.deliveryBranchId,
    deliveryBranchName: row.deliveryBranchName,
    warrantyMonths: row.warrantyMonths,
    ordered: Number(row.quantity),
    received: Number(row.received ?? 0),
    accepted: Number(row.accepted ?? 0),
    rejected: Number(row.rejected ?? 0),
    taxable: row.taxableAmount,
    tax: String(row.tax),
  }));
}

/** The order's status once its lines have received this much (from approved onwards). */
export function receivedStatus(
  lines: readonly LineReceipt[],
  closed: boolean,
): PurchaseOrderStatus {
  if (closed) return 'closed';
  if (lines.every((line) => line.received >= line.ordered)) return 'received';
  return lines.some((line) => line.received > 0) ? 'partially_received' : 'approved';
}

export async function purchaseOrderReceipt(
  db: Db,
  access: Access,
  key: { id: number; billedBranchId: number },
): Promise<PurchaseOrderReceipt | null> {
  const order = await db
    .selectFrom('purchaseOrders as po')
    .innerJoin('vendors as v', 'v.id', 'po.vendorId')
    .select([
      'po.id',
      'po.poNumber',
      'po.billedBranchId',
      'po.status',
      'po.verificationStatus',
      'po.approvalStatus',
      'po.closeReason',
      'v.name as vendorName',
    ])
    .where('po.id', '=', key.id)
    .where('po.billedBranchId', '=', key.billedBranchId)
    .executeTakeFirst();
  if (!order || order.poNumber === null) return null;
  const [lines, notes] = await Promise.all([
    lineReceipts(db, order.id),
    db
      .selectFrom('goodsReceiptNotes')
      .select(['id', 'grnNumber', 'receivedDate', 'status'])
      .where('purchaseOrderId', '=', order.id)
      .orderBy('id')
      .execute(),
  ]);
  const status = overallStatus(order);
  const receiving = RECEIVING.includes(order.status);
  return {
    PurchaseOrderId: order.id,
    PurchaseOrderNumber: order.poNumber,
    BilledBranchId: order.billedBranchId,
    VendorName: order.vendorName,
    StatusTxt: status.text,
    StatusCode: status.code,
    StatusBgColor: status.background,
    StatusTextColor: status.color,
    CloseReason: order.closeReason,
    ReceiveFlag: receiving && access.can('goods_receive_note', 'create'),
    CloseFlag: receiving && access.can('purchase_order', 'edit'),
    Lines: lines.map((line) => ({
      PurchaseOrderLineId: line.id,
      LineNo: line.lineNo,
      ItemName: line.itemName,
      Kind: line.kind,
      Unit: line.unit,
      DeliveryBranchId: line.deliveryBranchId,
      DeliveryBranchName: line.deliveryBranchName,
      Ordered: line.ordered,
      Received: line.received,
      Accepted: line.accepted,
      Rejected: line.rejected,
      Pending: order.status === 'closed' ? 0 : Math.max(0, line.ordered - line.received),
    })),
    Notes: notes.map((note) => ({
      GoodsReceiptNoteId: note.id,
      GoodsReceiptNoteNumber: note.grnNumber,
      ReceivedDate: note.receivedDate,
      StatusCode: note.status,
    })),
  };
}
