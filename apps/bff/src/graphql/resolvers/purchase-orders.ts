import type { PurchaseOrderRow } from '@branch-assets/legacy-contract';
import type { Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import { STATUS_TEXT } from '../list-filters.ts';
import type { PurchaseOrderListModel } from '../models.ts';
import * as Records from './records.ts';

/** The fields rows and full orders share, resolved once for both. */
const sharedFields = {
  id: (row: PurchaseOrderRow) => String(row.PurchaseOrderId),
  number: (row: PurchaseOrderRow) => row.PurchaseOrderNumber,
  billedBranchId: (row: PurchaseOrderRow) => String(row.BilledBranchId),
  billedBranchName: (row: PurchaseOrderRow) => row.BilledBranchName,
  shippedBranchName: (row: PurchaseOrderRow) => row.ShippedBranchName,
  dateText: (row: PurchaseOrderRow) => row.PurchaseOrderDateTxt,
  // The legacy list writes the date day first (DD-MM-YYYY); the schema's Date is YYYY-MM-DD.
  date: (row: PurchaseOrderRow) => row.PurchaseOrderDateTxt.split('-').reverse().join('-'),
  vendorName: (row: PurchaseOrderRow) => row.VendorName,
  status: (row: PurchaseOrderRow) => ({
    text: row.StatusTxt,
    code: row.StatusCode ?? null,
    background: row.StatusBgColor,
    color: row.StatusTextColor,
  }),
  verification: (row: PurchaseOrderRow) => ({
    text: row.VerifiedStatusTxt,
    code: row.VerifiedStatusCode ?? null,
    background: row.VerifiedStatusBgColor,
    color: row.VerifiedStatusTextColor,
  }),
  approval: (row: PurchaseOrderRow) => ({
    text: row.ApprovalStatusTxt,
    code: row.ApprovalStatusCode ?? null,
    background: row.ApprovalStatusBgColor,
    color: row.ApprovalStatusTextColor,
  }),
  productImageUrl: (row: PurchaseOrderRow) => gatewayUrl(row.ProductImage1),
  actions: (row: PurchaseOrderRow) => row,
  documentUrl: (row: PurchaseOrderRow) => (row.FilePathFlag ? gatewayUrl(row.FilePathUrl) : null),
};

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
      return { ...list, branchId: String(id) };
    },
    purchaseOrder: async (_parent, { id, number, billedBranchId }, { read }) =>
      (
        await read('purchaseOrderShow', {
          UserInterface: 1,
          PurchaseOrder: numericId(id, 'id'),
          Branch: numericId(billedBranchId, 'billedBranchId'),
          PurchaseOrderNumber: number,
        })
      ).records,
  },
  Mutation: {
    verifyPurchaseOrder: async (_parent, { input }, { write }) => {
      const { output, records } = await write('purchaseOrderVerify', {
        ...decisionInput(input),
        Status: input.decision === 'ACCEPT' ? 1 : 0,
      });
      return { message: output, row: records };
    },
    approvePurchaseOrder: async (_parent, { input }, { write }) => {
      const { output, records } = await write('purchaseOrderApprove', {
        ...decisionInput(input),
        Status: input.decision === 'ACCEPT' ? 1 : 0,
      });
      return { message: output, row: records };
    },
    cancelPurchaseOrder: async (_parent, { input }, { write }) => {
      const { output, records } = await write('purchaseOrderCancel', decisionInput(input));
      return { message: output, row: records };
    },
  },
  PurchaseOrderFields: {
    __resolveType: (order) => ('PoPathFlag' in order ? 'PurchaseOrder' : 'PurchaseOrderRow'),
  },
  PurchaseOrderRow: sharedFields,
  PurchaseOrder: {
    ...sharedFields,
    quotationUrl: (order) => (order.QuotationPathFlag ? gatewayUrl(order.QuotationPathUrl) : null),
    documentUrl: (order) => (order.PoPathFlag ? gatewayUrl(order.PoPathUrl) : null),
    subTotal: (order) => order.SubTotal,
    discount: (order) => order.Discount,
    freight: (order) => order.FreightAmount,
    sgst: (order) => order.SgstAmount,
    cgst: (order) => order.CgstAmount,
    igst: (order) => order.IgstAmount,
    roundOff: (order) => order.RoundOff,
    grandTotal: (order) => order.GrandTotal,
    remarksHtml: (order) => order.RemarksTxt,
    products: (order) => order.Products,
    productHeaders: (order, _args, { texts }) =>
      order.ProductHeader.map((header) => ({
        ...header,
        text: texts.header('purchaseOrderProduct', header.value, header.text),
      })),
    history: (order) => order.History ?? [],
  },
  PurchaseOrderActions: {
    preview: (row) => row.PreviewFlag,
    verify: (row) => row.VerifyFlag,
    approve: (row) => row.ApprovalFlag,
    edit: (row) => row.EditFlag,
    cancel: (row) => row.DeleteFlag,
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
  StatusChip: {
    text: (chip, _args, { texts }) => texts.status(chip.code, chip.text),
    code: (chip) => chip.code,
    background: (chip) => chip.background,
    color: (chip) => chip.color,
  },
};
