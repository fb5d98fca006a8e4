import type {
  GoodsReceiptNoteRow,
  GoodsReceiptNoteSaveRequest,
  PurchaseOrderSaveRequest,
} from '@branch-assets/legacy-contract';
import type {
  GoodsReceiptNoteInput,
  PurchaseOrderInput,
  PurchaseOrderState,
  Resolvers,
} from '../../generated/resolvers.ts';
import { gatewayUrl, numericId, optionalId, present } from '../ids.ts';
import type { GoodsReceiptNoteListModel } from '../models.ts';
import { orderRowOf } from './purchase-orders.ts';
import * as Records from './records.ts';

/*
 * Procurement (docs/procurement.md): writing orders (drafts, submission, closing short), what an
 * order has received, and goods receive notes. Every name below is the schema's; the legacy bodies
 * are built here.
 */

function orderBody(input: PurchaseOrderInput): PurchaseOrderSaveRequest {
  return {
    UserInterface: 1,
    PurchaseOrder: optionalId(input.id, 'id'),
    BilledBranch: numericId(input.billedBranchId, 'billedBranchId'),
    ShippedBranch: numericId(input.shippedBranchId, 'shippedBranchId'),
    Vendor: numericId(input.vendorId, 'vendorId'),
    PurchaseOrderDate: input.date,
    ExpectedDeliveryDate: present(input.expectedDeliveryDate),
    PaymentTerms: present(input.paymentTerms),
    Remarks: present(input.remarksHtml),
    Terms: present(input.terms),
    FreightAmount: present(input.freight),
    FreightTaxRate: present(input.freightTaxRate) as PurchaseOrderSaveRequest['FreightTaxRate'],
    Lines: input.lines.map((line, index) => ({
      AssetType: optionalId(line.assetTypeId, `lines[${index}].assetTypeId`),
      Accessory: optionalId(line.accessoryId, `lines[${index}].accessoryId`),
      Brand: optionalId(line.brandId, `lines[${index}].brandId`),
      ItemName: line.itemName,
      Model: present(line.model),
      Quantity: line.quantity,
      Rate: line.rate,
      DiscountAmount: present(line.discountAmount),
      DiscountPercent: present(line.discountPercent),
      TaxRate: line.taxRate as PurchaseOrderSaveRequest['Lines'][number]['TaxRate'],
      DeliveryBranch: optionalId(line.deliveryBranchId, `lines[${index}].deliveryBranchId`),
      WarrantyMonths: present(line.warrantyMonths),
    })),
  };
}

function noteBody(input: GoodsReceiptNoteInput): GoodsReceiptNoteSaveRequest {
  return {
    UserInterface: 1,
    PurchaseOrder: numericId(input.purchaseOrderId, 'purchaseOrderId'),
    ReceivedDate: input.receivedDate,
    InvoiceNumber: input.invoiceNumber,
    InvoiceDate: input.invoiceDate,
    ReceivedBy: numericId(input.receivedById, 'receivedById'),
    Remarks: present(input.remarks),
    Lines: input.lines.map((line, index) => ({
      PurchaseOrderLine: numericId(line.purchaseOrderLineId, `lines[${index}].purchaseOrderLineId`),
      Received: line.received,
      Accepted: line.accepted,
      Rejected: line.rejected,
      RejectionReason: present(line.rejectionReason),
      Location: optionalId(line.locationId, `lines[${index}].locationId`),
      SerialNumbers: present(line.serialNumbers),
    })),
  };
}

const noteFields = Records.workflowRowFields<GoodsReceiptNoteRow>('goodsReceiptNoteLists');

export const procurementResolvers: Resolvers = {
  Query: {
    purchaseOrderForm: async (_parent, { id }, { read }) =>
      (await read('purchaseOrderForm', { UserInterface: 1, PurchaseOrder: numericId(id, 'id') }))
        .records,
    purchaseOrderChoices: async (_parent, { branchId }, { read }) =>
      (
        await read('purchaseOrderChoices', {
          UserInterface: 1,
          BilledBranch: numericId(branchId, 'branchId'),
        })
      ).records,
    purchaseOrderReceipt: async (_parent, { id }, { read }) =>
      (await read('purchaseOrderReceipt', { UserInterface: 1, PurchaseOrder: numericId(id, 'id') }))
        .records,
    receivableOrders: async (_parent, { branchId, search }, { read }) => {
      const branch = numericId(branchId, 'branchId');
      // Two states take goods: approved, and partly received. At most a page of each, newest first.
      const pages = await Promise.all(
        ['Approved', 'Partially Received'].map(
          async (status) =>
            (
              await read('purchaseOrderLists', {
                UserInterface: 1,
                Branch: branch,
                Page: 1,
                ItemsPerPage: 200,
                ...(search ? { Search: search } : {}),
                Filters: { StatusTxt: status },
              })
            ).records.TableData,
        ),
      );
      return pages
        .flat()
        .sort((a, b) => b.PurchaseOrderId - a.PurchaseOrderId)
        .map((row) => ({
          value: String(row.PurchaseOrderId),
          text: `${row.PurchaseOrderNumber} · ${row.VendorName}`,
        }));
    },
    goodsReceiptNotes: async (_parent, { branchId, purchaseOrderId, status, ...args }, context) => {
      const branch = numericId(branchId, 'branchId');
      const order = optionalId(purchaseOrderId, 'purchaseOrderId');
      return Records.readList(context, { prefix: 'goodsReceiptNote' }, args, {
        filters: { Branch: branch },
        rowFilters: {
          ...(order !== undefined ? { PurchaseOrderId: order } : {}),
          ...(status ? { StatusCode: status } : {}),
        },
        exportQuery: {
          branchId: String(branch),
          ...(order !== undefined ? { purchaseOrderId: String(order) } : {}),
          ...(status ? { status } : {}),
        },
      });
    },
    goodsReceiptNote: async (_parent, { id }, { read }) =>
      (
        await read('goodsReceiptNoteShow', {
          UserInterface: 1,
          GoodsReceiptNote: numericId(id, 'id'),
        })
      ).records,
  },
  Mutation: {
    savePurchaseOrder: async (_parent, { input }, { write, texts }) => {
      const { output, records } = await write('purchaseOrderSave', orderBody(input));
      return { message: output, row: orderRowOf(records, texts) };
    },
    submitPurchaseOrder: async (_parent, { id }, { write, texts }) => {
      const { output, records } = await write('purchaseOrderSubmit', {
        UserInterface: 1,
        PurchaseOrder: numericId(id, 'id'),
      });
      return { message: output, row: orderRowOf(records, texts) };
    },
    closePurchaseOrder: async (_parent, { input }, { write, texts }) => {
      const { output, records } = await write('purchaseOrderClose', {
        UserInterface: 1,
        PurchaseOrder: numericId(input.id, 'id'),
        Reason: input.reason,
      });
      return { message: output, row: orderRowOf(records, texts) };
    },
    saveGoodsReceiptNote: async (_parent, { input }, { write }) => {
      const { output, records } = await write('goodsReceiptNoteSave', noteBody(input));
      return { message: output, note: records };
    },
    cancelGoodsReceiptNote: async (_parent, { input }, { write, read }) => {
      const id = numericId(input.id, 'id');
      const { output } = await write('goodsReceiptNoteCancel', {
        UserInterface: 1,
        GoodsReceiptNote: id,
        Reason: input.reason,
      });
      const note = (await read('goodsReceiptNoteShow', { UserInterface: 1, GoodsReceiptNote: id }))
        .records;
      return { message: output, note };
    },
  },
  PurchaseOrderForm: {
    id: (form) => String(form.PurchaseOrderId),
    number: (form) => form.PurchaseOrderNumber,
    status: (form) => form.StatusCode as PurchaseOrderState,
    version: (form) => form.Version,
    billedBranchId: (form) => String(form.BilledBranch),
    shippedBranchId: (form) => String(form.ShippedBranch),
    vendorId: (form) => String(form.Vendor),
    date: (form) => form.PurchaseOrderDate,
    expectedDeliveryDate: (form) => form.ExpectedDeliveryDate,
    paymentTerms: (form) => form.PaymentTerms,
    remarksHtml: (form) => form.Remarks,
    terms: (form) => form.Terms,
    freight: (form) => form.FreightAmount,
    freightTaxRate: (form) => form.FreightTaxRate,
    quotationUrl: (form) => gatewayUrl(form.QuotationUrl),
    canEdit: (form) => form.EditFlag,
    canSubmit: (form) => form.SubmitFlag,
    lines: (form) => form.Lines,
    versions: (form) => form.Versions,
  },
  PurchaseOrderChoices: {
    terms: (choices) => choices.Terms,
    stateCode: (choices) => choices.StateCode,
    vendors: (choices) =>
      choices.Vendors.map((vendor) => ({
        id: String(vendor.VendorId),
        name: vendor.VendorName,
        gstin: vendor.Gstin || null,
      })),
    categories: (choices) =>
      choices.Categories.map((category) => ({
        value: String(category.CategoryId),
        text: category.CategoryName,
      })),
    subCategories: (choices) =>
      choices.SubCategories.map((sub) => ({
        id: String(sub.SubCategoryId),
        name: sub.SubCategoryName,
        categoryId: String(sub.CategoryId),
      })),
    assetTypes: (choices) =>
      choices.AssetTypes.map((type) => ({
        id: String(type.AssetTypeId),
        name: type.AssetTypeName,
        subCategoryId: String(type.SubCategoryId),
        taxRate: type.TaxRate,
      })),
    accessories: (choices) =>
      choices.Accessories.map((accessory) => ({
        id: String(accessory.AccessoryId),
        name: accessory.AccessoryName,
        unit: accessory.Unit,
      })),
  },
  PurchaseOrderFormLine: {
    id: (line) => String(line.PurchaseOrderLineId),
    assetTypeId: (line) => (line.AssetType === null ? null : String(line.AssetType)),
    accessoryId: (line) => (line.Accessory === null ? null : String(line.Accessory)),
    categoryId: (line) => (line.Category === null ? null : String(line.Category)),
    subCategoryId: (line) => (line.SubCategory === null ? null : String(line.SubCategory)),
    brandId: (line) => (line.Brand === null ? null : String(line.Brand)),
    itemName: (line) => line.ItemName,
    model: (line) => line.Model,
    quantity: (line) => line.Quantity,
    unit: (line) => line.Unit,
    rate: (line) => line.Rate,
    discountAmount: (line) => line.DiscountAmount,
    discountPercent: (line) => line.DiscountPercent,
    taxRate: (line) => line.TaxRate,
    deliveryBranchId: (line) => (line.DeliveryBranch === null ? null : String(line.DeliveryBranch)),
    warrantyMonths: (line) => line.WarrantyMonths,
  },
  PurchaseOrderVersion: {
    version: (version) => version.Version,
    submittedBy: (version) => version.SubmittedBy,
    submittedAt: (version) => version.SubmittedAt,
    grandTotal: (version) => version.GrandTotal,
    changes: (version) => version.Changes,
  },
  PurchaseOrderReceipt: {
    id: (receipt) => String(receipt.PurchaseOrderId),
    number: (receipt) => receipt.PurchaseOrderNumber,
    billedBranchId: (receipt) => String(receipt.BilledBranchId),
    vendorName: (receipt) => receipt.VendorName,
    status: (receipt, _args, { texts }) => Records.rowStatusChip(receipt, texts),
    closeReason: (receipt) => receipt.CloseReason,
    canReceive: (receipt) => receipt.ReceiveFlag,
    canClose: (receipt) => receipt.CloseFlag,
    lines: (receipt) => receipt.Lines,
    notes: (receipt) => receipt.Notes,
  },
  PurchaseOrderReceiptLine: {
    id: (line) => String(line.PurchaseOrderLineId),
    lineNo: (line) => line.LineNo,
    itemName: (line) => line.ItemName,
    kind: (line) => line.Kind,
    unit: (line) => line.Unit,
    deliveryBranchId: (line) => String(line.DeliveryBranchId),
    deliveryBranchName: (line) => line.DeliveryBranchName,
    ordered: (line) => line.Ordered,
    received: (line) => line.Received,
    accepted: (line) => line.Accepted,
    rejected: (line) => line.Rejected,
    pending: (line) => line.Pending,
  },
  GoodsReceiptNoteRef: {
    id: (note) => String(note.GoodsReceiptNoteId),
    number: (note) => note.GoodsReceiptNoteNumber,
    receivedDate: (note) => note.ReceivedDate,
    status: (note) => note.StatusCode,
  },
  GoodsReceiptNoteFields: {
    __resolveType: (note) => ('Lines' in note ? 'GoodsReceiptNote' : 'GoodsReceiptNoteRow'),
  },
  GoodsReceiptNoteRow: noteFields,
  GoodsReceiptNote: {
    ...noteFields,
    invoiceDate: (note) => note.InvoiceDate,
    remarks: (note) => note.Remarks,
    cancelReason: (note) => note.CancelReason,
    lines: (note) => note.Lines,
  },
  GoodsReceiptNoteLine: {
    purchaseOrderLineId: (line) => String(line.PurchaseOrderLineId),
    lineNo: (line) => line.LineNo,
    itemName: (line) => line.ItemName,
    kind: (line) => line.Kind,
    unit: (line) => line.Unit,
    received: (line) => line.Received,
    accepted: (line) => line.Accepted,
    rejected: (line) => line.Rejected,
    rejectionReason: (line) => line.RejectionReason,
    assets: (line) => line.Assets,
  },
  GoodsReceiptAsset: {
    id: (asset) => String(asset.AssetId),
    tag: (asset) => asset.Tag,
    serialNumber: (asset) => asset.SerialNumber,
  },
  GoodsReceiptNoteList: Records.listFields<GoodsReceiptNoteListModel>({
    module: 'goods_receive_note',
    exportName: 'goods-receipt-notes',
  }),
  GoodsReceiptNoteResult: {
    message: (result) => result.message,
    note: (result) => result.note,
  },
};
