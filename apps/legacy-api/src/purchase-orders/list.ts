import type { PurchaseOrderList, TableHeader } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { ACTIONS_HEADER, listPayload } from '../shared/list-payload.ts';
import { rowQuery, toRow } from './rows.ts';

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
  const payload = listPayload({
    rows: records.map((record) => toRow(record, access)),
    headers: HEADERS,
    itemKey: 'PurchaseOrderId',
    canDownload: access.can('purchase_order', 'download'),
    excelFileName: `PurchaseOrders_${branch.code}`,
  });
  // The legacy list also says whether the user has other branches to switch to.
  return {
    ...payload,
    TableOptions: { ...payload.TableOptions, BranchFlag: access.branchIds.size > 1 },
  };
}
