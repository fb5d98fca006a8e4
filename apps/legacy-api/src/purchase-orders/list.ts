import { isoDate, PAGE_SIZE } from '@branch-assets/domain';
import type { PurchaseOrderList, TableHeader } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { rowQuery, toRow } from './rows.ts';

const HEADERS: TableHeader[] = [
  { text: 'Actions', value: 'Actions', align: 'center', sortable: false },
  { text: 'PO Number', value: 'PurchaseOrderNumber' },
  { text: 'PO Date', value: 'PurchaseOrderDateTxt' },
  { text: 'Billed To', value: 'BilledBranchName' },
  { text: 'Shipped To', value: 'ShippedBranchName' },
  { text: 'Vendor', value: 'VendorName' },
  { text: 'Verification', value: 'VerifiedStatusTxt', align: 'center' },
  { text: 'Approval', value: 'ApprovalStatusTxt', align: 'center' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

/** The spreadsheet has every data column of the table, in the same order. */
const EXCEL_FIELDS = Object.fromEntries(
  HEADERS.filter((header) => header.value !== 'Actions').map((header, index) => [
    String(index),
    header.value,
  ]),
);

export async function purchaseOrderList(
  db: Db,
  access: Access,
  branch: { id: number; code: string },
): Promise<PurchaseOrderList> {
  const records = await rowQuery(db)
    .where('po.billedBranchId', '=', branch.id)
    .orderBy('po.poDate', 'desc')
    .orderBy('po.id', 'desc')
    .execute();
  return {
    TableData: records.map((record) => toRow(record, access)),
    TableHeader: HEADERS,
    TableOptions: {
      ItemKey: 'PurchaseOrderId',
      ItemsPerPage: PAGE_SIZE,
      FooterProps: {
        'items-per-page-options': [10, 25, 50, 100, -1],
        'show-first-last-page': true,
      },
      SingleSelectFlag: true,
      ShowSelectFlag: false,
      DownloadFlag: access.can('purchase_order', 'download'),
      ExcelFileName: `PurchaseOrders_${branch.code}_${isoDate(new Date())}.xlsx`,
      ExcelFields: EXCEL_FIELDS,
      BranchFlag: access.branchIds.size > 1,
    },
  };
}
