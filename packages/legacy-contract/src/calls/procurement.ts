import { PURCHASE_GST_RATES } from '@branch-assets/domain';
import { z } from 'zod';
import { HexColor, Id, IsoDate, IsoDateTime, Money, OptionalId, text } from '../primitives.ts';
import type { UploadSpec } from '../upload.ts';
import { PurchaseOrderNumber, PurchaseOrderRow } from './purchase-order.ts';
import { BaseRequest, ListRequest, listPayload } from './shared.ts';

/*
 * Procurement (docs/procurement.md), additions to the legacy contract: writing an order (a draft
 * until submitted, numbered at submission), its quotation, closing it short, what has been received
 * against it, and goods receive notes, whose accepted units become assets (or accessory stock).
 * Money is rupees as text ("1234.50"), as everywhere in the contract.
 */

const GstRate = z.union(PURCHASE_GST_RATES.map((rate) => z.literal(rate)) as never, {
  error: `must be a GST rate: ${PURCHASE_GST_RATES.join(', ')} %`,
}) as z.ZodType<(typeof PURCHASE_GST_RATES)[number]>;

/**
 * Whole units: every line becomes assets (one per unit) or accessory stock, which counts whole
 * units of its unit (a box, a metre).
 */
export const Quantity = z
  .number({ error: 'must be a number' })
  .int('must be whole units')
  .positive('must be more than 0')
  .max(100_000, 'must be at most 100000');

const ReceivedQuantity = z
  .number({ error: 'must be a number' })
  .int('must be whole units')
  .min(0, 'cannot be negative')
  .max(100_000, 'must be at most 100000');

export const UNITS = ['Nos', 'Set', 'Pair', 'Box', 'Metre'] as const;

/** The most lines one order holds. */
export const MAX_ORDER_LINES = 300;

export const PurchaseOrderLineInput = z
  .object({
    /** An asset line names its type (and brand); an accessory line names the accessory. */
    AssetType: OptionalId,
    Accessory: OptionalId,
    Brand: OptionalId,
    ItemName: text(150, { required: true }),
    Model: text(100, { required: false }).optional(),
    Quantity,
    Unit: z.enum(UNITS).optional(),
    Rate: Money,
    /** The discount as an amount on the whole line, or as a percentage of it: one of the two. */
    DiscountAmount: Money.optional(),
    DiscountPercent: z
      .number({ error: 'must be a number' })
      .min(0, 'must be from 0 to 100')
      .max(100, 'must be from 0 to 100')
      .optional(),
    TaxRate: GstRate,
    /** When the line goes to another branch than the order's shipped-to branch. */
    DeliveryBranch: OptionalId,
    /** The warranty the vendor gives, from receipt. */
    WarrantyMonths: z.number().int('must be whole months').min(0).max(240).optional(),
  })
  .refine((line) => (line.AssetType === undefined) !== (line.Accessory === undefined), {
    message: 'names an asset type or an accessory (one of the two)',
    path: ['AssetType'],
  })
  .refine((line) => line.AssetType === undefined || line.Brand !== undefined, {
    message: 'is required for an asset line',
    path: ['Brand'],
  })
  .refine((line) => line.DiscountAmount === undefined || line.DiscountPercent === undefined, {
    message: 'is given as an amount or a percentage, not both',
    path: ['DiscountPercent'],
  });
export type PurchaseOrderLineInput = z.output<typeof PurchaseOrderLineInput>;

export const PurchaseOrderSaveRequest = BaseRequest.extend({
  /** Absent: a new draft. Present: the draft (or rejected order) to change. */
  PurchaseOrder: OptionalId,
  BilledBranch: Id,
  ShippedBranch: Id,
  Vendor: Id,
  PurchaseOrderDate: IsoDate,
  ExpectedDeliveryDate: IsoDate.optional(),
  PaymentTerms: text(200, { required: false }).optional(),
  /** Rich text, sanitised by the server. */
  Remarks: text(20_000, { required: false }).optional(),
  Terms: text(4000, { required: false }).optional(),
  FreightAmount: Money.optional(),
  /** Freight's own GST rate; absent: freight is not taxed. */
  FreightTaxRate: GstRate.optional(),
  Lines: z
    .array(PurchaseOrderLineInput)
    .min(1, 'must have at least one line')
    .max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
});
export type PurchaseOrderSaveRequest = z.output<typeof PurchaseOrderSaveRequest>;

/** An order by its id; its billed branch, when given, must be the order's (a check, not a key). */
const ByOrder = BaseRequest.extend({ PurchaseOrder: Id, BilledBranch: OptionalId });

/** One submitted version of an order and what changed from the one before. */
export const PurchaseOrderVersion = z.object({
  Version: z.number().int(),
  SubmittedBy: z.string(),
  SubmittedAt: IsoDateTime,
  /** The version's grand total as it was shown (₹1,23,456.00). */
  GrandTotal: z.string(),
  /** "Line 2 quantity: 3 → 4", "Vendor: A → B", "Line 3 added: …". */
  Changes: z.array(z.string()),
});

/** The form's values of an order, as saved: what the edit screen starts from. */
export const PurchaseOrderForm = z.object({
  PurchaseOrderId: z.number().int(),
  /** Empty for a draft never submitted. */
  PurchaseOrderNumber: z.string(),
  StatusCode: z.string(),
  Version: z.number().int(),
  BilledBranch: z.number().int(),
  ShippedBranch: z.number().int(),
  Vendor: z.number().int(),
  PurchaseOrderDate: IsoDate,
  ExpectedDeliveryDate: IsoDate.nullable(),
  PaymentTerms: z.string(),
  Remarks: z.string(),
  Terms: z.string(),
  FreightAmount: Money,
  FreightTaxRate: z.number().nullable(),
  QuotationUrl: z.string().nullable(),
  /** Whether the order may be changed now (a draft or a rejected order, by a writer). */
  EditFlag: z.boolean(),
  SubmitFlag: z.boolean(),
  /** Its submitted versions, newest first. */
  Versions: z.array(PurchaseOrderVersion),
  Lines: z.array(
    z.object({
      PurchaseOrderLineId: z.number().int(),
      AssetType: z.number().int().nullable(),
      Accessory: z.number().int().nullable(),
      Category: z.number().int().nullable(),
      SubCategory: z.number().int().nullable(),
      Brand: z.number().int().nullable(),
      ItemName: z.string(),
      Model: z.string(),
      Quantity: z.number(),
      Unit: z.enum(UNITS),
      Rate: Money,
      DiscountAmount: Money,
      DiscountPercent: z.number().nullable(),
      TaxRate: z.number(),
      DeliveryBranch: z.number().int().nullable(),
      WarrantyMonths: z.number().int().nullable(),
    }),
  ),
});
export type PurchaseOrderForm = z.output<typeof PurchaseOrderForm>;

/** What the PDF and the full view print beyond the legacy detail: parties, terms, taxes' kind. */
export const PurchaseOrderParty = z.object({
  Name: z.string(),
  Address: z.string(),
  Gstin: z.string().nullable(),
  StateName: z.string(),
  StateCode: z.string(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
});
export type PurchaseOrderParty = z.output<typeof PurchaseOrderParty>;

export const PurchaseOrderPrint = z.object({
  PurchaseOrderNumber: z.string(),
  StatusCode: z.string(),
  SubTotal: Money,
  Discount: Money,
  FreightAmount: Money,
  CgstAmount: Money,
  SgstAmount: Money,
  IgstAmount: Money,
  RoundOff: Money,
  GrandTotal: Money,
  Remarks: z.string(),
  Company: z.object({
    Name: z.string(),
    LegalName: z.string(),
    Address: z.string(),
    Gstin: z.string().nullable(),
    Pan: z.string(),
    LogoPath: z.string().nullable(),
  }),
  BilledTo: PurchaseOrderParty,
  ShippedTo: PurchaseOrderParty,
  Vendor: PurchaseOrderParty,
  Supply: z.enum(['intra', 'inter', 'unregistered']),
  PurchaseOrderDate: IsoDate,
  ExpectedDeliveryDate: IsoDate.nullable(),
  PaymentTerms: z.string(),
  Terms: z.string(),
  FreightTaxRate: z.number().nullable(),
  FreightCgst: Money,
  FreightSgst: Money,
  FreightIgst: Money,
  AmountInWords: z.string(),
  ApprovedBy: z.string().nullable(),
  ApprovedAt: IsoDateTime.nullable(),
  Lines: z.array(
    z.object({
      LineNo: z.number().int(),
      ItemName: z.string(),
      Detail: z.string(),
      DeliverTo: z.string().nullable(),
      Quantity: z.number(),
      Unit: z.string(),
      Rate: Money,
      DiscountAmount: Money,
      TaxableAmount: Money,
      TaxRate: z.number(),
      CgstAmount: Money,
      SgstAmount: Money,
      IgstAmount: Money,
      TotalAmount: Money,
    }),
  ),
});
export type PurchaseOrderPrint = z.output<typeof PurchaseOrderPrint>;

/** Ordered, received and pending per line. */
export const PurchaseOrderReceiptLine = z.object({
  PurchaseOrderLineId: z.number().int(),
  LineNo: z.number().int(),
  ItemName: z.string(),
  Kind: z.enum(['ASSET', 'ACCESSORY']),
  Unit: z.string(),
  DeliveryBranchId: z.number().int(),
  DeliveryBranchName: z.string(),
  Ordered: z.number(),
  Received: z.number(),
  Accepted: z.number(),
  Rejected: z.number(),
  /** Ordered − received; 0 once the order is closed short. */
  Pending: z.number(),
});
export type PurchaseOrderReceiptLine = z.output<typeof PurchaseOrderReceiptLine>;

export const PurchaseOrderReceipt = z.object({
  PurchaseOrderId: z.number().int(),
  PurchaseOrderNumber: z.string(),
  BilledBranchId: z.number().int(),
  VendorName: z.string(),
  StatusTxt: z.string(),
  StatusCode: z.string(),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  CloseReason: z.string().nullable(),
  /** Whether the caller may write a note against it now (approved, goods pending, create grant). */
  ReceiveFlag: z.boolean(),
  /** Whether the caller may close it short now. */
  CloseFlag: z.boolean(),
  Lines: z.array(PurchaseOrderReceiptLine),
  Notes: z.array(
    z.object({
      GoodsReceiptNoteId: z.number().int(),
      GoodsReceiptNoteNumber: z.string(),
      ReceivedDate: IsoDate,
      StatusCode: z.enum(['RECEIVED', 'CANCELLED']),
    }),
  ),
});
export type PurchaseOrderReceipt = z.output<typeof PurchaseOrderReceipt>;

export const GoodsReceiptNoteRow = z.object({
  GoodsReceiptNoteId: z.number().int(),
  GoodsReceiptNoteNumber: z.string(),
  PurchaseOrderId: z.number().int(),
  PurchaseOrderNumber: z.string(),
  BranchId: z.number().int(),
  VendorName: z.string(),
  ReceivedDate: IsoDate,
  ReceivedDateTxt: z.string(),
  InvoiceNumber: z.string(),
  ReceivedByName: z.string(),
  AcceptedUnits: z.number(),
  RejectedUnits: z.number(),
  StatusTxt: z.string(),
  StatusCode: z.enum(['RECEIVED', 'CANCELLED']),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  /** Whether the caller may cancel it now (none of its assets moved on is checked at the call). */
  DeleteFlag: z.boolean(),
});
export type GoodsReceiptNoteRow = z.output<typeof GoodsReceiptNoteRow>;

export const GoodsReceiptNoteDetail = GoodsReceiptNoteRow.extend({
  InvoiceDate: IsoDate,
  Remarks: z.string(),
  CancelReason: z.string().nullable(),
  Lines: z.array(
    z.object({
      PurchaseOrderLineId: z.number().int(),
      LineNo: z.number().int(),
      ItemName: z.string(),
      Kind: z.enum(['ASSET', 'ACCESSORY']),
      Unit: z.string(),
      Received: z.number(),
      Accepted: z.number(),
      Rejected: z.number(),
      RejectionReason: z.string().nullable(),
      /** The assets its accepted units became (asset lines). */
      Assets: z.array(
        z.object({
          AssetId: z.number().int(),
          Tag: z.string(),
          SerialNumber: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type GoodsReceiptNoteDetail = z.output<typeof GoodsReceiptNoteDetail>;

const SerialNumber = text(100, { required: true });

export const GoodsReceiptLineInput = z
  .object({
    PurchaseOrderLine: Id,
    Received: ReceivedQuantity,
    Accepted: ReceivedQuantity,
    Rejected: ReceivedQuantity,
    RejectionReason: text(500, { required: false }).optional(),
    /** Where at the delivery branch the accepted assets stand (asset lines). */
    Location: OptionalId,
    /** One per accepted unit at most, in order; units without one get theirs later. */
    SerialNumbers: z.array(SerialNumber).max(10_000).optional(),
  })
  .refine((line) => line.Received === line.Accepted + line.Rejected, {
    message: 'must equal accepted + rejected',
    path: ['Received'],
  })
  .refine((line) => line.Rejected === 0 || (line.RejectionReason ?? '') !== '', {
    message: 'is required when units are rejected',
    path: ['RejectionReason'],
  });
export type GoodsReceiptLineInput = z.output<typeof GoodsReceiptLineInput>;

export const GoodsReceiptNoteSaveRequest = BaseRequest.extend({
  PurchaseOrder: Id,
  /** The order's billed branch, when sent, must be it: the note is the branch's. */
  BilledBranch: OptionalId,
  ReceivedDate: IsoDate,
  InvoiceNumber: text(50, { required: true }),
  InvoiceDate: IsoDate,
  ReceivedBy: Id,
  Remarks: text(1000, { required: false }).optional(),
  Lines: z
    .array(GoodsReceiptLineInput)
    .min(1, 'must have at least one line')
    .max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
});
export type GoodsReceiptNoteSaveRequest = z.output<typeof GoodsReceiptNoteSaveRequest>;

/** What the order form offers for a billed branch, and what its live totals need. */
export const PurchaseOrderChoices = z.object({
  /** The company's default terms and conditions, which a new order starts with. */
  Terms: z.string(),
  /** The billed branch's GST state code: with a vendor's GSTIN it decides CGST + SGST or IGST. */
  StateCode: z.string(),
  Vendors: z.array(
    z.object({
      VendorId: z.number().int(),
      VendorName: z.string(),
      /** Empty: an unregistered supplier. */
      Gstin: z.string(),
    }),
  ),
  /** Active categories and sub-categories, through which a line's asset type is chosen. */
  Categories: z.array(z.object({ CategoryId: z.number().int(), CategoryName: z.string() })),
  SubCategories: z.array(
    z.object({
      SubCategoryId: z.number().int(),
      SubCategoryName: z.string(),
      CategoryId: z.number().int(),
    }),
  ),
  AssetTypes: z.array(
    z.object({
      AssetTypeId: z.number().int(),
      AssetTypeName: z.string(),
      SubCategoryId: z.number().int(),
      TaxRate: z.number(),
    }),
  ),
  Accessories: z.array(
    z.object({
      AccessoryId: z.number().int(),
      AccessoryName: z.string(),
      Unit: z.enum(UNITS),
    }),
  ),
});
export type PurchaseOrderChoices = z.output<typeof PurchaseOrderChoices>;

export const quotationUpload: UploadSpec = {
  field: 'File',
  maxBytes: 10 * 1024 * 1024,
  accept: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  acceptText: 'PDF, PNG, JPEG or WebP',
};

const common = { method: 'POST' as const, authenticated: true } as const;
const orderRefusals = [
  'Purchase order not found.',
  'You do not work in that branch.',
  'Your role may not write purchase orders.',
];

export const procurementCalls = {
  purchaseOrderSave: {
    ...common,
    path: 'api/purchase-order/store' as const,
    readOnly: false,
    summary:
      'Addition: saves a draft order (new without PurchaseOrder) or changes a draft or rejected one (a rejected order becomes a draft again). The totals are computed by the server. Returns the row.',
    request: PurchaseOrderSaveRequest,
    records: PurchaseOrderRow,
    refusals: [
      ...orderRefusals,
      'Order … is … : only a draft or a rejected order can be edited.',
      'Vendor … is InActive: choose another.',
    ],
  },
  purchaseOrderSubmit: {
    ...common,
    path: 'api/purchase-order/submit' as const,
    readOnly: false,
    summary:
      'Addition: submits a draft for verification; a first submission gives the number (per billed branch and financial year, under a lock). Each submission is kept as a version with what changed.',
    request: ByOrder,
    records: PurchaseOrderRow,
    refusals: [...orderRefusals, 'Only a draft can be submitted.'],
  },
  purchaseOrderForm: {
    ...common,
    path: 'api/purchase-order/edit' as const,
    readOnly: true,
    summary: "Addition: an order's saved form values, for the edit screen.",
    request: ByOrder,
    records: PurchaseOrderForm,
    refusals: orderRefusals,
  },
  purchaseOrderChoices: {
    ...common,
    path: 'api/purchase-order/choices' as const,
    readOnly: true,
    summary:
      "Addition: the order form's choices for a billed branch: active vendors with their GSTINs, asset types with their GST rates, accessories, the company's default terms and the branch's GST state code.",
    request: BaseRequest.extend({ BilledBranch: Id }),
    records: PurchaseOrderChoices,
    refusals: ['You do not work in that branch.', 'Your role may not write purchase orders.'],
  },
  purchaseOrderPrint: {
    ...common,
    path: 'api/purchase-order/print' as const,
    readOnly: true,
    summary:
      "Addition: what the order's document prints (parties with GSTINs and states, lines, totals, terms, freight tax, amount in words, approver). Needs the download grant.",
    request: ByOrder,
    records: PurchaseOrderPrint,
    refusals: orderRefusals,
  },
  purchaseOrderQuotationStore: {
    ...common,
    path: 'api/purchase-order/quotation-store' as const,
    readOnly: false,
    summary:
      "Addition: the vendor's quotation of a draft (multipart: File with PurchaseOrder and BilledBranch): PDF, PNG, JPEG or WebP, checked by content, at most 10 MB.",
    request: ByOrder,
    records: PurchaseOrderRow,
    upload: quotationUpload,
    refusals: orderRefusals,
  },
  purchaseOrderClose: {
    ...common,
    path: 'api/purchase-order/close' as const,
    readOnly: false,
    summary:
      'Addition: closes an approved or partly received order short, with a reason: what is still pending will not be received.',
    request: ByOrder.extend({
      PurchaseOrderNumber: PurchaseOrderNumber.optional(),
      Reason: text(500, { required: true }),
    }),
    records: PurchaseOrderRow,
    refusals: [...orderRefusals, 'Only an approved or partly received order can be closed short.'],
  },
  purchaseOrderReceipt: {
    ...common,
    path: 'api/purchase-order/receipt' as const,
    readOnly: true,
    summary: "Addition: an order's lines as ordered, received (accepted, rejected) and pending.",
    request: ByOrder,
    records: PurchaseOrderReceipt,
    refusals: orderRefusals,
  },
  goodsReceiptNoteLists: {
    ...common,
    path: 'api/goods-receive-note/lists' as const,
    readOnly: true,
    summary:
      "The goods receive notes of one of the user's branches, newest first; Filters: PurchaseOrder, Status.",
    request: ListRequest.extend({ Branch: Id }),
    records: listPayload(GoodsReceiptNoteRow),
    refusals: ['You do not work in that branch.', 'Your role may not list goods receive notes.'],
    graphqlNames: {
      GoodsReceiptNoteId: 'id',
      GoodsReceiptNoteNumber: 'number',
      StatusTxt: 'status',
      StatusCode: 'status.code',
      DeleteFlag: 'canCancel',
    },
  },
  goodsReceiptNoteShow: {
    ...common,
    path: 'api/goods-receive-note/show' as const,
    readOnly: true,
    summary: 'One goods receive note with its lines and the assets they became.',
    request: BaseRequest.extend({ GoodsReceiptNote: Id }),
    records: GoodsReceiptNoteDetail,
    refusals: ['Goods receive note not found.', 'You do not work in that branch.'],
  },
  goodsReceiptNoteSave: {
    ...common,
    path: 'api/goods-receive-note/store' as const,
    readOnly: false,
    summary:
      'Records goods received against an approved order: per line received, accepted, rejected (with a reason), never more in all than ordered. Accepted asset units become assets IN_STOCK at the delivery branch, accessory units stock; all in one transaction.',
    request: GoodsReceiptNoteSaveRequest,
    records: GoodsReceiptNoteDetail,
    refusals: [
      ...orderRefusals,
      'Your role may not record goods receive notes.',
      'Line …: … received in all would exceed the … ordered.',
    ],
  },
  goodsReceiptNoteCancel: {
    ...common,
    path: 'api/goods-receive-note/destroy' as const,
    readOnly: false,
    summary:
      'Cancels a goods receive note whose assets have not moved on: its assets and stock are removed and the quantities are pending again.',
    request: BaseRequest.extend({ GoodsReceiptNote: Id, Reason: text(500, { required: true }) }),
    records: GoodsReceiptNoteRow,
    refusals: [
      'Goods receive note not found.',
      'Your role may not cancel goods receive notes.',
      'Goods receive note … cannot be cancelled: asset … has moved on.',
    ],
  },
} as const;

export type PurchaseOrderFormLine = PurchaseOrderForm['Lines'][number];
export type PurchaseOrderVersion = z.output<typeof PurchaseOrderVersion>;
export type GoodsReceiptNoteRef = PurchaseOrderReceipt['Notes'][number];
export type GoodsReceiptNoteLine = GoodsReceiptNoteDetail['Lines'][number];
export type GoodsReceiptAsset = GoodsReceiptNoteLine['Assets'][number];
