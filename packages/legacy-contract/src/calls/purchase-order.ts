import { z } from 'zod';
import { Decision, HexColor, Id, IsoDateTime, Money, text } from '../primitives.ts';
import { BaseRequest, ListRequest, listPayload, TableHeader } from './shared.ts';

export const PurchaseOrderRow = z.object({
  PurchaseOrderId: z.number().int(),
  PurchaseOrderNumber: z.string(),
  BilledBranchId: z.number().int(),
  BilledBranchName: z.string(),
  ShippedBranchName: z.string(),
  PurchaseOrderDateTxt: z.string(),
  VendorName: z.string(),
  ApprovalStatusTxt: z.string(),
  ApprovalStatusBgColor: HexColor,
  ApprovalStatusTextColor: HexColor,
  VerifiedStatusTxt: z.string(),
  VerifiedStatusBgColor: HexColor,
  VerifiedStatusTextColor: HexColor,
  StatusTxt: z.string(),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  /**
   * Extensions: the statuses' stable codes beside their texts (PENDING, VERIFIED, NOT_ELIGIBLE, …),
   * by which a client words a status in its user's language.
   */
  ApprovalStatusCode: z.string().optional(),
  VerifiedStatusCode: z.string().optional(),
  StatusCode: z.string().optional(),
  ProductImage1: z.string().nullable(),
  PreviewFlag: z.boolean(),
  VerifyFlag: z.boolean(),
  ApprovalFlag: z.boolean(),
  EditFlag: z.boolean(),
  DeleteFlag: z.boolean(),
  FilePathFlag: z.boolean(),
  FilePathUrl: z.string().nullable(),
});
export type PurchaseOrderRow = z.output<typeof PurchaseOrderRow>;

/** The row's GraphQL names beside the rule's (graphql-names.ts): the type PurchaseOrderRow's. */
export const PURCHASE_ORDER_NAMES = {
  PurchaseOrderId: 'id',
  PurchaseOrderNumber: 'number',
  PurchaseOrderDateTxt: 'dateText',
  VerifiedStatusTxt: 'verification',
  ApprovalStatusTxt: 'approval',
  StatusTxt: 'status',
  VerifiedStatusCode: 'verification.code',
  ApprovalStatusCode: 'approval.code',
  StatusCode: 'status.code',
  ProductImage1: 'productImageUrl',
  FilePathUrl: 'documentUrl',
  PreviewFlag: 'actions.preview',
  VerifyFlag: 'actions.verify',
  ApprovalFlag: 'actions.approve',
  EditFlag: 'actions.edit',
  DeleteFlag: 'actions.cancel',
} as const;

export const PurchaseOrderListsRequest = ListRequest.extend({ Branch: Id });
export const PurchaseOrderListsRecords = listPayload(PurchaseOrderRow);
export type PurchaseOrderList = z.output<typeof PurchaseOrderListsRecords>;

export const PurchaseOrderProduct = z.object({
  PurchaseOrderProductId: z.number().int(),
  ProductName: z.string(),
  CategoryName: z.string(),
  TypeName: z.string(),
  BrandName: z.string(),
  Quantity: z.number(),
  Rate: Money,
  DiscountAmount: Money,
  TaxableAmount: Money,
  TaxRate: z.number(),
  CgstAmount: Money,
  SgstAmount: Money,
  IgstAmount: Money,
  TotalAmount: Money,
});
export type PurchaseOrderProduct = z.output<typeof PurchaseOrderProduct>;

/** Addition to the legacy detail: the order's decisions from the audit log, newest first. */
export const PurchaseOrderHistoryEntry = z.object({
  Action: z.string(),
  StatusTxt: z.string(),
  /** Extension: the status's stable code beside its text, as on the rows. */
  StatusCode: z.string().optional(),
  Reason: z.string().nullable(),
  UserName: z.string(),
  ActionAt: IsoDateTime,
});
export type PurchaseOrderHistoryEntry = z.output<typeof PurchaseOrderHistoryEntry>;

export const PurchaseOrderDetail = PurchaseOrderRow.extend({
  PoPathFlag: z.boolean(),
  PoPathUrl: z.string().nullable(),
  QuotationPathFlag: z.boolean(),
  QuotationPathUrl: z.string().nullable(),
  SubTotal: Money,
  Discount: Money,
  FreightAmount: Money,
  SgstAmount: Money,
  CgstAmount: Money,
  IgstAmount: Money,
  RoundOff: Money,
  GrandTotal: Money,
  /** Sanitised HTML. */
  RemarksTxt: z.string(),
  ProductsCount: z.number().int(),
  Products: z.array(PurchaseOrderProduct),
  ProductHeader: z.array(TableHeader),
  /** Optional because the company's legacy server does not send it. */
  History: z.array(PurchaseOrderHistoryEntry).optional(),
});
export type PurchaseOrderDetail = z.output<typeof PurchaseOrderDetail>;

export const PurchaseOrderNumber = text(40, { required: true });

export const PurchaseOrderShowRequest = BaseRequest.extend({
  PurchaseOrder: Id,
  Branch: Id,
  PurchaseOrderNumber,
});

/** verify-update and approval-update: Status 1 verifies/approves, 0 rejects; a reason is always required. */
export const PurchaseOrderDecisionRequest = BaseRequest.extend({
  PurchaseOrder: Id,
  PurchaseOrderNumber,
  BilledBranch: Id,
  Status: Decision,
  Reason: text(500, { required: true }),
});
export type PurchaseOrderDecisionRequest = z.output<typeof PurchaseOrderDecisionRequest>;

/** Addition: cancelling an order (the row's DeleteFlag), with a required reason. */
export const PurchaseOrderCancelRequest = BaseRequest.extend({
  PurchaseOrder: Id,
  PurchaseOrderNumber,
  BilledBranch: Id,
  Reason: text(500, { required: true }),
});
