import { graphql } from '../../gql/index.ts';

export const GoodsReceiptsPageQuery = graphql(`
  query GoodsReceiptsPage {
    pageInfo(module: "goods_receive_note", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const GoodsReceiptsQuery = graphql(`
  query GoodsReceipts(
    $branchId: ID!, $purchaseOrderId: ID, $status: GoodsReceiptNoteState,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: goodsReceiptNotes(
      branchId: $branchId, purchaseOrderId: $purchaseOrderId, status: $status,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id number purchaseOrderId purchaseOrderNumber vendorName receivedDate invoiceNumber
        receivedByName acceptedUnits rejectedUnits canCancel
        status { text background color code }
      }
      ...RecordListFields
    }
  }
`);

export const GoodsReceiptQuery = graphql(`
  query GoodsReceipt($id: ID!) {
    goodsReceiptNote(id: $id) {
      id number purchaseOrderId purchaseOrderNumber vendorName receivedDate invoiceNumber
      invoiceDate receivedByName acceptedUnits rejectedUnits remarks cancelReason canCancel
      status { text background color code }
      lines {
        purchaseOrderLineId lineNo itemName kind unit received accepted rejected rejectionReason
        assets { id tag serialNumber }
      }
    }
  }
`);

export const CancelGoodsReceiptMutation = graphql(`
  mutation CancelGoodsReceipt($input: CancelGoodsReceiptNoteInput!) {
    cancelGoodsReceiptNote(input: $input) {
      message
      note { id canCancel status { text background color code } }
    }
  }
`);

/** The new note's page: its title and permission, and the orders of the branch that take goods. */
export const NewGoodsReceiptPageQuery = graphql(`
  query NewGoodsReceiptPage($branchId: ID!) {
    pageInfo(module: "goods_receive_note", action: "create") { title description permitted }
    receivableOrders(branchId: $branchId) { value text }
  }
`);

export const OrderReceiptQuery = graphql(`
  query OrderReceipt($id: ID!) {
    purchaseOrderReceipt(id: $id) {
      id number billedBranchId vendorName canReceive canClose closeReason
      status { text background color code }
      lines {
        id lineNo itemName kind unit deliveryBranchId deliveryBranchName
        ordered received accepted rejected pending
      }
      notes { id number receivedDate status }
    }
  }
`);

/** Who may have received the goods: the staff of the order's billed branch. */
export const ReceiverOptionsQuery = graphql(`
  query ReceiverOptions($branchId: ID!) {
    staffOptions(branchId: $branchId) { value text }
  }
`);

export const LocationOptionsQuery = graphql(`
  query ReceiptLocations($branchId: ID!) {
    assetLocationOptions(branchId: $branchId) { value text }
  }
`);

export const SaveGoodsReceiptMutation = graphql(`
  mutation SaveGoodsReceipt($input: GoodsReceiptNoteInput!) {
    saveGoodsReceiptNote(input: $input) { message note { id number } }
  }
`);

export const ClosePurchaseOrderMutation = graphql(`
  mutation ClosePurchaseOrder($input: ClosePurchaseOrderInput!) {
    closePurchaseOrder(input: $input) { message purchaseOrder { id status { text code } } }
  }
`);
