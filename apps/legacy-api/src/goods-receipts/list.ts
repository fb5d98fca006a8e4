import { displayDate, statusTone, toneColors } from '@branch-assets/domain';
import type {
  CallRequest,
  GoodsReceiptNoteDetail,
  GoodsReceiptNoteRow,
  TableHeader,
} from '@branch-assets/legacy-contract';
import { type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { ACTIONS_HEADER } from '../shared/list-payload.ts';
import { queryListPayload } from '../shared/query-list.ts';
import {
  closedColumn,
  contains,
  nameColumn,
  numberColumn,
  requiredTextColumn,
  type SqlList,
  sortText,
} from '../shared/sql-page.ts';
import { MODULE } from './save.ts';

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'GRN Number', value: 'GoodsReceiptNoteNumber' },
  { text: 'Received On', value: 'ReceivedDate' },
  { text: 'PO Number', value: 'PurchaseOrderNumber' },
  { text: 'Vendor', value: 'VendorName' },
  { text: 'Invoice / DC', value: 'InvoiceNumber' },
  { text: 'Received By', value: 'ReceivedByName' },
  { text: 'Accepted', value: 'AcceptedUnits', align: 'end' },
  { text: 'Rejected', value: 'RejectedUnits', align: 'end' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

export const NOTE_STATUS_TEXT = { RECEIVED: 'Received', CANCELLED: 'Cancelled' } as const;

/** A note's accepted and rejected units in all: what the row shows, sorts and is searched by. */
const ACCEPTED = sql<number>`(select coalesce(sum(accepted), 0)::int from goods_receipt_lines where note_id = n.id)`;
const REJECTED = sql<number>`(select coalesce(sum(rejected), 0)::int from goods_receipt_lines where note_id = n.id)`;

function rowQuery(db: Db) {
  return db
    .selectFrom('goodsReceiptNotes as n')
    .innerJoin('purchaseOrders as po', 'po.id', 'n.purchaseOrderId')
    .innerJoin('vendors as v', 'v.id', 'po.vendorId')
    .innerJoin('staff as s', 's.id', 'n.receivedBy')
    .select([
      'n.id',
      'n.grnNumber',
      'n.purchaseOrderId',
      'po.poNumber',
      'n.branchId',
      'v.name as vendorName',
      'n.receivedDate',
      'n.invoiceNumber',
      's.name as receivedByName',
      ACCEPTED.as('acceptedUnits'),
      REJECTED.as('rejectedUnits'),
      'n.status',
    ]);
}

type Record = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

export function toNoteRow(record: Record, access: Access): GoodsReceiptNoteRow {
  const text = NOTE_STATUS_TEXT[record.status];
  const colors = toneColors(statusTone(text));
  return {
    GoodsReceiptNoteId: record.id,
    GoodsReceiptNoteNumber: record.grnNumber,
    PurchaseOrderId: record.purchaseOrderId,
    PurchaseOrderNumber: record.poNumber ?? '',
    BranchId: record.branchId,
    VendorName: record.vendorName,
    ReceivedDate: record.receivedDate,
    ReceivedDateTxt: displayDate(record.receivedDate),
    InvoiceNumber: record.invoiceNumber,
    ReceivedByName: record.receivedByName,
    AcceptedUnits: Number(record.acceptedUnits),
    RejectedUnits: Number(record.rejectedUnits),
    StatusTxt: text,
    StatusCode: record.status,
    StatusBgColor: colors.background,
    StatusTextColor: colors.text,
    DeleteFlag:
      record.status === 'RECEIVED' &&
      access.worksIn(record.branchId) &&
      access.can(MODULE, 'delete'),
  };
}

const LIST: SqlList = {
  columns: {
    GoodsReceiptNoteNumber: requiredTextColumn(sql`n.grn_number`),
    ReceivedDate: {
      sort: sql`n.received_date`,
      search: (word) =>
        /^[\d-]+$/.test(word) ? contains(sql`to_char(n.received_date, 'DD-MM-YYYY')`, word) : null,
    },
    PurchaseOrderNumber: {
      sort: sortText(sql`po.po_number`),
      search: (word) =>
        sql<SqlBool>`n.purchase_order_id in (select po.id from purchase_orders po where ${contains(sql`po.po_number`, word)})`,
    },
    VendorName: {
      sort: sortText(sql`v.name`),
      search: (word) =>
        sql<SqlBool>`n.purchase_order_id in (select po.id from purchase_orders po join vendors v on v.id = po.vendor_id where ${contains(sql`v.name`, word)})`,
    },
    InvoiceNumber: requiredTextColumn(sql`n.invoice_number`),
    ReceivedByName: nameColumn(sql`s.name`, sql`n.received_by`, 'staff'),
    AcceptedUnits: numberColumn(ACCEPTED),
    RejectedUnits: numberColumn(REJECTED),
    StatusTxt: closedColumn(sql`n.status`, NOTE_STATUS_TEXT),
  },
  filters: {
    PurchaseOrderId: (value) => sql<SqlBool>`n.purchase_order_id = ${Number(value)}`,
    StatusCode: (value) => sql<SqlBool>`n.status = ${String(value)}`,
  },
  order: [{ by: sql`n.received_date`, desc: true }],
  key: sql`n.id`,
};

export function goodsReceiptList(
  db: Db,
  access: Access,
  branch: { id: number; code: string },
  request: CallRequest<'goodsReceiptNoteLists'>,
) {
  return queryListPayload(db, request, {
    rows: () => rowQuery(db).where('n.branchId', '=', branch.id),
    count: () => db.selectFrom('goodsReceiptNotes as n').where('n.branchId', '=', branch.id),
    key: 'n.id',
    list: LIST,
    headers: HEADERS,
    toRow: (record) => toNoteRow(record, access),
    itemKey: 'GoodsReceiptNoteId',
    canDownload: access.can(MODULE, 'download'),
    excelFileName: `GoodsReceiveNotes_${branch.code}`,
  });
}

export async function goodsReceiptDetail(
  db: Db,
  access: Access,
  id: number,
): Promise<GoodsReceiptNoteDetail | null> {
  const record = await rowQuery(db)
    .select(['n.invoiceDate', 'n.remarks', 'n.cancelReason'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!record || !access.worksIn(record.branchId)) return null;
  const [lines, assets] = await Promise.all([
    db
      .selectFrom('goodsReceiptLines as gl')
      .innerJoin('purchaseOrderLines as l', 'l.id', 'gl.purchaseOrderLineId')
      .select([
        'gl.id',
        'l.id as lineId',
        'l.lineNo',
        'l.itemName',
        'l.assetTypeId',
        'l.unit',
        'gl.received',
        'gl.accepted',
        'gl.rejected',
        'gl.rejectionReason',
      ])
      .where('gl.noteId', '=', id)
      .orderBy('l.lineNo')
      .execute(),
    db
      .selectFrom('assets as a')
      .innerJoin('goodsReceiptLines as gl', 'gl.id', 'a.goodsReceiptLineId')
      .select(['a.id', 'a.tag', 'a.serialNumber', 'gl.id as noteLineId'])
      .where('gl.noteId', '=', id)
      .orderBy('a.tag')
      .execute(),
  ]);
  const byLine = Map.groupBy(assets, (asset) => asset.noteLineId);
  return {
    ...toNoteRow(record, access),
    InvoiceDate: record.invoiceDate,
    Remarks: record.remarks,
    CancelReason: record.cancelReason,
    Lines: lines.map((line) => ({
      PurchaseOrderLineId: line.lineId,
      LineNo: line.lineNo,
      ItemName: line.itemName,
      Kind: line.assetTypeId === null ? 'ACCESSORY' : 'ASSET',
      Unit: line.unit,
      Received: Number(line.received),
      Accepted: Number(line.accepted),
      Rejected: Number(line.rejected),
      RejectionReason: line.rejectionReason,
      Assets: (byLine.get(line.id) ?? []).map((asset) => ({
        AssetId: asset.id,
        Tag: asset.tag,
        SerialNumber: asset.serialNumber,
      })),
    })),
  };
}
