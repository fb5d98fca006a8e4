import type { ServerTranslator } from '@branch-assets/i18n/server';
import type { PurchaseOrderRow } from '@branch-assets/legacy-contract';
import type { Resolvers } from '../../generated/resolvers.ts';
import { orderPdfUrl } from '../../purchase-orders/routes.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import { STATUS_TEXT } from '../list-filters.ts';
import type { PurchaseOrderListModel, PurchaseOrderRowModel } from '../models.ts';
import * as Records from './records.ts';

/**
 * A legacy order row as the schema's PurchaseOrderRow, every field made here once: the list's
 * rows, a decision's answer and a whole order's shared fields.
 */
export function orderRowOf(row: PurchaseOrderRow, texts: ServerTranslator): PurchaseOrderRowModel {
  const chip = (text: string, code: string | undefined, background: string, color: string) => ({
    text: texts.status(code ?? null, text),
    code: code ?? null,
    background,
    color,
  });
  return {
    id: String(row.PurchaseOrderId),
    number: row.PurchaseOrderNumber,
    billedBranchId: String(row.BilledBranchId),
    billedBranchName: row.BilledBranchName,
    shippedBranchName: row.ShippedBranchName,
    dateText: row.PurchaseOrderDateTxt,
    // The legacy list writes the date day first (DD-MM-YYYY); the schema's Date is YYYY-MM-DD.
    date: row.PurchaseOrderDateTxt.split('-').reverse().join('-'),
    vendorName: row.VendorName,
    status: chip(row.StatusTxt, row.StatusCode, row.StatusBgColor, row.StatusTextColor),
    verification: chip(
      row.VerifiedStatusTxt,
      row.VerifiedStatusCode,
      row.VerifiedStatusBgColor,
      row.VerifiedStatusTextColor,
    ),
    approval: chip(
      row.ApprovalStatusTxt,
      row.ApprovalStatusCode,
      row.ApprovalStatusBgColor,
      row.ApprovalStatusTextColor,
    ),
    productImageUrl: gatewayUrl(row.ProductImage1),
    actions: {
      preview: row.PreviewFlag,
      verify: row.VerifyFlag,
      approve: row.ApprovalFlag,
      edit: row.EditFlag,
      cancel: row.DeleteFlag,
    },
    // A stored document (a company's own server's), else the one this gateway prints.
    documentUrl: row.FilePathFlag
      ? (gatewayUrl(row.FilePathUrl) ?? orderPdfUrl(row.PurchaseOrderId))
      : null,
  };
}

function decisionInput(input: {
  id: string;
  number: string;
  billedBranchId: string;
  reason: string;
}) {
  return {
    UserInterface: 1,
    PurchaseOrder: numericId(input.id, 'id'),
    PurchaseOrderNumber: input.number,
    BilledBranch: numericId(input.billedBranchId, 'billedBranchId'),
    Reason: input.reason,
  };
}

export const purchaseOrderResolvers: Resolvers = {
  Query: {
    purchaseOrders: async (_parent, { branchId, status, ...args }, context) => {
      const id = numericId(branchId, 'branchId');
      const list = await Records.readList(context, { prefix: 'purchaseOrder' }, args, {
        filters: { Branch: id },
        rowFilters: status ? { StatusTxt: STATUS_TEXT[status] } : {},
        exportQuery: { branchId: String(id), ...(status ? { status } : {}) },
      });
      const rows = list.rows.map((row) => orderRowOf(row, context.texts));
      return { ...list, rows, branchId: String(id) };
    },
    purchaseOrder: async (_parent, { id, number, billedBranchId }, { read, texts }) => {
      const detail = (
        await read('purchaseOrderShow', {
          UserInterface: 1,
          PurchaseOrder: numericId(id, 'id'),
          Branch: numericId(billedBranchId, 'billedBranchId'),
          PurchaseOrderNumber: number,
        })
      ).records;
      return {
        ...orderRowOf(detail, texts),
        // A whole order's document is its PDF, not the list's attachment.
        documentUrl: detail.PoPathFlag
          ? (gatewayUrl(detail.PoPathUrl) ?? orderPdfUrl(detail.PurchaseOrderId))
          : null,
        detail,
      };
    },
  },
  Mutation: {
    verifyPurchaseOrder: async (_parent, { input }, { write, texts }) => {
      const { output, records } = await write('purchaseOrderVerify', {
        ...decisionInput(input),
        Status: input.decision === 'ACCEPT' ? 1 : 0,
      });
      return { message: output, row: orderRowOf(records, texts) };
    },
    approvePurchaseOrder: async (_parent, { input }, { write, texts }) => {
      const { output, records } = await write('purchaseOrderApprove', {
        ...decisionInput(input),
        Status: input.decision === 'ACCEPT' ? 1 : 0,
      });
      return { message: output, row: orderRowOf(records, texts) };
    },
    cancelPurchaseOrder: async (_parent, { input }, { write, texts }) => {
      const { output, records } = await write('purchaseOrderCancel', decisionInput(input));
      return { message: output, row: orderRowOf(records, texts) };
    },
  },
  PurchaseOrderFields: {
    __resolveType: (order) => ('detail' in order ? 'PurchaseOrder' : 'PurchaseOrderRow'),
  },
  PurchaseOrder: {
    quotationUrl: ({ detail }) =>
      detail.QuotationPathFlag ? gatewayUrl(detail.QuotationPathUrl) : null,
    subTotal: ({ detail }) => detail.SubTotal,
    discount: ({ detail }) => detail.Discount,
    freight: ({ detail }) => detail.FreightAmount,
    sgst: ({ detail }) => detail.SgstAmount,
    cgst: ({ detail }) => detail.CgstAmount,
    igst: ({ detail }) => detail.IgstAmount,
    roundOff: ({ detail }) => detail.RoundOff,
    grandTotal: ({ detail }) => detail.GrandTotal,
    remarksHtml: ({ detail }) => detail.RemarksTxt,
    products: ({ detail }) => detail.Products,
    productHeaders: ({ detail }, _args, { texts }) =>
      detail.ProductHeader.map((header) => ({
        ...header,
        text: texts.header('purchaseOrderProduct', header.value, header.text),
      })),
    history: ({ detail }) => detail.History ?? [],
  },
  PurchaseOrderProduct: {
    id: (product) => String(product.PurchaseOrderProductId),
    name: (product) => product.ProductName,
    categoryName: (product) => product.CategoryName,
    typeName: (product) => product.TypeName,
    brandName: (product) => product.BrandName,
    quantity: (product) => product.Quantity,
    rate: (product) => product.Rate,
    discount: (product) => product.DiscountAmount,
    taxable: (product) => product.TaxableAmount,
    taxRate: (product) => product.TaxRate,
    cgst: (product) => product.CgstAmount,
    sgst: (product) => product.SgstAmount,
    igst: (product) => product.IgstAmount,
    total: (product) => product.TotalAmount,
  },
  PurchaseOrderHistoryEntry: {
    action: (entry, _args, { texts }) => texts.orderAction(entry.Action),
    statusText: (entry, _args, { texts }) => texts.status(entry.StatusCode, entry.StatusTxt),
    reason: (entry) => entry.Reason,
    userName: (entry) => entry.UserName,
    at: (entry) => entry.ActionAt,
  },
  PurchaseOrderList: Records.listFields<PurchaseOrderListModel>({
    module: 'purchase_order',
    exportName: 'purchase-orders',
  }),
  PurchaseOrderDecisionResult: {
    message: (result) => result.message,
    purchaseOrder: (result) => result.row,
  },
};
