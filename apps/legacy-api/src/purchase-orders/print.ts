import {
  amountInWords,
  computePurchaseOrderTotals,
  formatPaise,
  type PurchaseOrderLineInput,
  type Supply,
  toPaise,
} from '@branch-assets/domain';
import type { PurchaseOrderParty, PurchaseOrderPrint } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';
import { fileUrl } from '../files/file-url.ts';
import { sanitizeRemarks } from '../shared/html.ts';
import { overallStatus } from './status.ts';

/*
 * What the order's document prints beyond its detail: the parties as GST needs them (name,
 * address, GSTIN, state and its code), the company's header, terms, the freight's own tax, the
 * amount in words and who approved it; and the order's submitted versions with what changed.
 */

async function branchParty(db: Db, id: number): Promise<PurchaseOrderParty> {
  const row = await db
    .selectFrom('branches as b')
    .innerJoin('states as s', 's.id', 'b.stateId')
    .select([
      'b.name',
      'b.address',
      'b.gstin',
      's.name as stateName',
      's.gstCode',
      'b.phone',
      'b.email',
    ])
    .where('b.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    Name: row.name,
    Address: row.address,
    Gstin: row.gstin,
    StateName: row.stateName,
    StateCode: row.gstCode,
    Phone: row.phone,
    Email: row.email,
  };
}

export async function purchaseOrderPrint(
  db: Db,
  key: { id: number; billedBranchId: number },
): Promise<PurchaseOrderPrint | null> {
  const order = await db
    .selectFrom('purchaseOrders as po')
    .innerJoin('branches as billed', 'billed.id', 'po.billedBranchId')
    .innerJoin('companies as c', 'c.id', 'billed.companyId')
    .innerJoin('vendors as v', 'v.id', 'po.vendorId')
    .innerJoin('states as vs', 'vs.id', 'v.stateId')
    .leftJoin('users as au', 'au.id', 'po.approvedBy')
    .leftJoin('staff as approver', 'approver.id', 'au.staffId')
    .select([
      'po.id',
      'po.status',
      'po.shippedBranchId',
      'po.poDate',
      'po.expectedDeliveryDate',
      'po.paymentTerms',
      'po.termsText',
      'po.taxKind',
      'po.poNumber',
      'po.verificationStatus',
      'po.subTotal',
      'po.discount',
      'po.cgstAmount',
      'po.sgstAmount',
      'po.igstAmount',
      'po.roundOff',
      'po.remarksHtml',
      'po.freightAmount',
      'po.freightTaxRate',
      'po.grandTotal',
      'po.approvalStatus',
      'po.approvedAt',
      'approver.name as approverName',
      'c.name as companyName',
      'c.legalName',
      'c.address as companyAddress',
      'c.gstin as companyGstin',
      'c.pan as companyPan',
      'c.logoPath as companyLogo',
      'v.name as vendorName',
      'v.address as vendorAddress',
      'v.gstin as vendorGstin',
      'vs.name as vendorState',
      'vs.gstCode as vendorStateCode',
      'v.phone as vendorPhone',
      'v.email as vendorEmail',
    ])
    .where('po.id', '=', key.id)
    .where('po.billedBranchId', '=', key.billedBranchId)
    .executeTakeFirst();
  if (!order) return null;
  const [billedTo, shippedTo, lines] = await Promise.all([
    branchParty(db, key.billedBranchId),
    branchParty(db, order.shippedBranchId),
    db
      .selectFrom('purchaseOrderLines as l')
      .leftJoin('assetTypes as t', 't.id', 'l.assetTypeId')
      .leftJoin('accessories as a', 'a.id', 'l.accessoryId')
      .leftJoin('brands as b', 'b.id', 'l.brandId')
      .leftJoin('branches as d', 'd.id', 'l.deliveryBranchId')
      .select([
        'l.lineNo',
        'l.itemName',
        't.name as typeName',
        'a.name as accessoryName',
        'b.name as brandName',
        'l.model',
        'd.name as deliverTo',
        'l.quantity',
        'l.unit',
        'l.rate',
        'l.discountAmount',
        'l.taxableAmount',
        'l.taxRate',
        'l.cgstAmount',
        'l.sgstAmount',
        'l.igstAmount',
        'l.totalAmount',
      ])
      .where('l.purchaseOrderId', '=', order.id)
      .orderBy('l.lineNo')
      .execute(),
  ]);
  // The freight's taxes are not stored apart: computed again from the stored freight and rate.
  const freightTax = freightTaxes(order.freightAmount, order.freightTaxRate, order.taxKind);
  return {
    PurchaseOrderNumber: order.poNumber ?? '',
    StatusCode: overallStatus(order).code,
    SubTotal: order.subTotal,
    Discount: order.discount,
    FreightAmount: order.freightAmount,
    CgstAmount: order.cgstAmount,
    SgstAmount: order.sgstAmount,
    IgstAmount: order.igstAmount,
    RoundOff: order.roundOff,
    GrandTotal: order.grandTotal,
    Remarks: sanitizeRemarks(order.remarksHtml),
    Company: {
      Name: order.companyName,
      LegalName: order.legalName,
      Address: order.companyAddress,
      Gstin: order.companyGstin,
      Pan: order.companyPan,
      LogoPath: fileUrl(order.companyLogo),
    },
    BilledTo: billedTo,
    ShippedTo: shippedTo,
    Vendor: {
      Name: order.vendorName,
      Address: order.vendorAddress,
      Gstin: order.vendorGstin || null,
      StateName: order.vendorState,
      StateCode: order.vendorStateCode,
      Phone: order.vendorPhone,
      Email: order.vendorEmail,
    },
    Supply: order.taxKind,
    PurchaseOrderDate: order.poDate,
    ExpectedDeliveryDate: order.expectedDeliveryDate,
    PaymentTerms: order.paymentTerms,
    Terms: order.termsText,
    FreightTaxRate: order.freightTaxRate === null ? null : Number(order.freightTaxRate),
    FreightCgst: formatPaise(freightTax.cgst),
    FreightSgst: formatPaise(freightTax.sgst),
    FreightIgst: formatPaise(freightTax.igst),
    AmountInWords: amountInWords(toPaise(order.grandTotal)),
    ApprovedBy: order.approvalStatus === 'approved' ? order.approverName : null,
    ApprovedAt:
      order.approvalStatus === 'approved' && order.approvedAt
        ? order.approvedAt.toISOString()
        : null,
    Lines: lines.map((line) => ({
      LineNo: line.lineNo,
      ItemName: line.itemName,
      Detail: [line.brandName, line.model, line.typeName ?? line.accessoryName]
        .filter((part): part is string => Boolean(part))
        .join(' · '),
      DeliverTo: line.deliverTo,
      Quantity: Number(line.quantity),
      Unit: line.unit,
      Rate: line.rate,
      DiscountAmount: line.discountAmount,
      TaxableAmount: line.taxableAmount,
      TaxRate: Number(line.taxRate),
      CgstAmount: line.cgstAmount,
      SgstAmount: line.sgstAmount,
      IgstAmount: line.igstAmount,
      TotalAmount: line.totalAmount,
    })),
  };
}

/** The freight's own GST, as the order's totals counted it. */
function freightTaxes(amount: string, rate: string | null, supply: Supply) {
  if (rate === null) return { cgst: 0, sgst: 0, igst: 0 };
  const line: PurchaseOrderLineInput = { quantity: 1, rate: 0, discount: 0, taxRate: 0 };
  return computePurchaseOrderTotals(
    [line],
    { amount: toPaise(amount), taxRate: Number(rate) },
    supply,
  ).freightTax;
}
