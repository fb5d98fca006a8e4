import type { PurchaseOrderDetail, TableHeader } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import type { PurchaseOrderStatus } from '../db/schema.ts';
import { fileUrl } from '../files/file-url.ts';
import { sanitizeRemarks } from '../shared/html.ts';
import { mayDownload, rowQuery, toRow } from './rows.ts';
import { STATUS_TEXT, statusCode } from './status.ts';

const PRODUCT_HEADER: TableHeader[] = [
  { text: 'Product', value: 'ProductName' },
  { text: 'Type', value: 'TypeName' },
  { text: 'Brand', value: 'BrandName' },
  { text: 'Qty', value: 'Quantity', align: 'end' },
  { text: 'Rate', value: 'Rate', align: 'end' },
  { text: 'Discount', value: 'DiscountAmount', align: 'end' },
  { text: 'Taxable', value: 'TaxableAmount', align: 'end' },
  { text: 'GST %', value: 'TaxRate', align: 'end' },
  { text: 'CGST', value: 'CgstAmount', align: 'end' },
  { text: 'SGST', value: 'SgstAmount', align: 'end' },
  { text: 'IGST', value: 'IgstAmount', align: 'end' },
  { text: 'Total', value: 'TotalAmount', align: 'end' },
];

function isStatus(value: string | null): value is PurchaseOrderStatus {
  return value !== null && value in STATUS_TEXT;
}

/** The order in full, or null when no order has this id, number and billed branch. */
export async function purchaseOrderDetail(
  db: Db,
  access: Access,
  key: { id: number; number: string; billedBranchId: number },
): Promise<PurchaseOrderDetail | null> {
  const record = await rowQuery(db)
    .select([
      'po.quotationPath',
      'po.subTotal',
      'po.discount',
      'po.freightAmount',
      'po.cgstAmount',
      'po.sgstAmount',
      'po.igstAmount',
      'po.roundOff',
      'po.grandTotal',
      'po.remarksHtml',
    ])
    .where('po.id', '=', key.id)
    .where('po.poNumber', '=', key.number)
    .where('po.billedBranchId', '=', key.billedBranchId)
    .executeTakeFirst();
  if (!record) return null;

  const [lines, history] = await Promise.all([
    db
      .selectFrom('purchaseOrderLines as line')
      .innerJoin('assetTypes as type', 'type.id', 'line.assetTypeId')
      .innerJoin('subCategories as sub', 'sub.id', 'type.subCategoryId')
      .innerJoin('categories as category', 'category.id', 'sub.categoryId')
      .innerJoin('brands as brand', 'brand.id', 'line.brandId')
      .select([
        'line.id',
        'line.itemName',
        'category.name as categoryName',
        'type.name as typeName',
        'brand.name as brandName',
        'line.quantity',
        'line.rate',
        'line.discountAmount',
        'line.taxableAmount',
        'line.taxRate',
        'line.cgstAmount',
        'line.sgstAmount',
        'line.igstAmount',
        'line.totalAmount',
      ])
      .where('line.purchaseOrderId', '=', record.id)
      .orderBy('line.lineNo')
      .execute(),
    db
      .selectFrom('auditLog')
      .innerJoin('users', 'users.id', 'auditLog.userId')
      .innerJoin('staff', 'staff.id', 'users.staffId')
      .select([
        'auditLog.action',
        'auditLog.toStatus',
        'auditLog.reason',
        'auditLog.at',
        'staff.name as userName',
      ])
      .where('auditLog.entity', '=', 'purchase_order')
      .where('auditLog.entityId', '=', record.id)
      .orderBy('auditLog.at', 'desc')
      .orderBy('auditLog.id', 'desc')
      .execute(),
  ]);

  const row = toRow(record, access);
  const quotationUrl =
    row.PreviewFlag && mayDownload(access) ? fileUrl(record.quotationPath) : null;
  return {
    ...row,
    PoPathFlag: row.FilePathFlag,
    PoPathUrl: row.FilePathUrl,
    QuotationPathFlag: quotationUrl !== null,
    QuotationPathUrl: quotationUrl,
    SubTotal: record.subTotal,
    Discount: record.discount,
    FreightAmount: record.freightAmount,
    SgstAmount: record.sgstAmount,
    CgstAmount: record.cgstAmount,
    IgstAmount: record.igstAmount,
    RoundOff: record.roundOff,
    GrandTotal: record.grandTotal,
    RemarksTxt: sanitizeRemarks(record.remarksHtml),
    ProductsCount: lines.length,
    Products: lines.map((line) => ({
      PurchaseOrderProductId: line.id,
      ProductName: line.itemName,
      CategoryName: line.categoryName,
      TypeName: line.typeName,
      BrandName: line.brandName,
      Quantity: Number(line.quantity),
      Rate: line.rate,
      DiscountAmount: line.discountAmount,
      TaxableAmount: line.taxableAmount,
      TaxRate: Number(line.taxRate),
      CgstAmount: line.cgstAmount,
      SgstAmount: line.sgstAmount,
      IgstAmount: line.igstAmount,
      TotalAmount: line.totalAmount,
    })),
    ProductHeader: PRODUCT_HEADER,
    History: history.map((entry) => ({
      Action: entry.action,
      StatusTxt: isStatus(entry.toStatus) ? STATUS_TEXT[entry.toStatus] : '',
      ...(isStatus(entry.toStatus) ? { StatusCode: statusCode(STATUS_TEXT[entry.toStatus]) } : {}),
      Reason: entry.reason,
      UserName: entry.userName,
      ActionAt: entry.at.toISOString(),
    })),
  };
}
