import type { PurchaseOrderForm } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { fileUrl } from '../files/file-url.ts';
import { sanitizeRemarks } from '../shared/html.ts';
import { MODULE, mayDownload } from './rows.ts';
import { overallStatus } from './status.ts';
import { versionsOf } from './versions.ts';
import { writesOrders } from './write.ts';

/** An order's values as its form edits them; drafts only to those who write orders. */
export async function purchaseOrderForm(
  db: Db,
  access: Access,
  key: { id: number; billedBranchId: number },
): Promise<PurchaseOrderForm | null> {
  const order = await db
    .selectFrom('purchaseOrders')
    .selectAll()
    .where('id', '=', key.id)
    .where('billedBranchId', '=', key.billedBranchId)
    .executeTakeFirst();
  if (!order || (order.status === 'draft' && !writesOrders(access))) return null;
  const versions = await versionsOf(db, order.id);
  const lines = await db
    .selectFrom('purchaseOrderLines as l')
    .leftJoin('assetTypes as t', 't.id', 'l.assetTypeId')
    .leftJoin('subCategories as s', 's.id', 't.subCategoryId')
    .select([
      'l.id',
      'l.assetTypeId',
      'l.accessoryId',
      's.id as subCategoryId',
      's.categoryId',
      'l.brandId',
      'l.itemName',
      'l.model',
      'l.quantity',
      'l.unit',
      'l.rate',
      'l.discountAmount',
      'l.discountPercent',
      'l.taxRate',
      'l.deliveryBranchId',
      'l.warrantyMonths',
    ])
    .where('l.purchaseOrderId', '=', order.id)
    .orderBy('l.lineNo')
    .execute();
  const editable = order.status === 'draft' || order.status === 'rejected';
  return {
    PurchaseOrderId: order.id,
    PurchaseOrderNumber: order.poNumber ?? '',
    StatusCode: overallStatus(order).code,
    Version: order.version,
    BilledBranch: order.billedBranchId,
    ShippedBranch: order.shippedBranchId,
    Vendor: order.vendorId,
    PurchaseOrderDate: order.poDate,
    ExpectedDeliveryDate: order.expectedDeliveryDate,
    PaymentTerms: order.paymentTerms,
    Remarks: sanitizeRemarks(order.remarksHtml),
    Terms: order.termsText,
    FreightAmount: order.freightAmount,
    FreightTaxRate: order.freightTaxRate === null ? null : Number(order.freightTaxRate),
    QuotationUrl: mayDownload(access) ? fileUrl(order.quotationPath) : null,
    EditFlag: editable && access.can(MODULE, 'edit'),
    SubmitFlag: order.status === 'draft' && writesOrders(access),
    Versions: versions,
    Lines: lines.map((line) => ({
      PurchaseOrderLineId: line.id,
      AssetType: line.assetTypeId,
      Accessory: line.accessoryId,
      Category: line.categoryId,
      SubCategory: line.subCategoryId,
      Brand: line.brandId,
      ItemName: line.itemName,
      Model: line.model ?? '',
      Quantity: Number(line.quantity),
      Unit: line.unit,
      Rate: line.rate,
      DiscountAmount: line.discountAmount,
      DiscountPercent: line.discountPercent === null ? null : Number(line.discountPercent),
      TaxRate: Number(line.taxRate),
      DeliveryBranch: line.deliveryBranchId,
      WarrantyMonths: line.warrantyMonths,
    })),
  };
}
