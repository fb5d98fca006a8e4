import { graphql } from '../../gql/index.ts';

export const PurchaseOrderRowFields = graphql(`
  fragment PurchaseOrderRowFields on PurchaseOrderRow {
    id number billedBranchId billedBranchName shippedBranchName dateText date vendorName documentUrl
    status { text background color }
    verification { text background color }
    approval { text background color }
    actions { preview verify approve edit cancel }
  }
`);

/** The list page around the list: its title and permission, Create, and the branch select. */
export const PurchaseOrderPageQuery = graphql(`
  query PurchaseOrderPage($branchId: ID!) {
    pageInfo(module: "purchase_order", action: "list") { title description permitted }
    canCreate: can(module: "purchase_order", action: "create", branchId: $branchId)
    branchOptions { value text }
  }
`);

/** One page of a branch's orders (of one status when `status` is given), searched and sorted by the server. */
export const PurchaseOrderListQuery = graphql(`
  query PurchaseOrderList(
    $branchId: ID!, $status: PurchaseOrderState,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    purchaseOrders(
      branchId: $branchId, status: $status,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows { ...PurchaseOrderRowFields }
      headers { text value align sortable }
      totalCount page pageSize
      options { itemKey itemsPerPage itemsPerPageOptions downloadable excelFileName branchSelect }
      exportUrl
    }
  }
`);

export const PurchaseOrderDetailQuery = graphql(`
  query PurchaseOrderDetail($id: ID!, $number: String!, $billedBranchId: ID!) {
    purchaseOrder(id: $id, number: $number, billedBranchId: $billedBranchId) {
      id number billedBranchName shippedBranchName dateText date vendorName documentUrl quotationUrl
      status { text background color }
      verification { text background color }
      approval { text background color }
      subTotal discount freight sgst cgst igst roundOff grandTotal remarksHtml
      products {
        id name categoryName typeName brandName quantity rate discount taxable taxRate total
      }
      history { action statusText reason userName at }
    }
  }
`);

export const VerifyPurchaseOrder = graphql(`
  mutation VerifyPurchaseOrder($input: PurchaseOrderDecisionInput!) {
    verifyPurchaseOrder(input: $input) { message purchaseOrder { ...PurchaseOrderRowFields } }
  }
`);

export const ApprovePurchaseOrder = graphql(`
  mutation ApprovePurchaseOrder($input: PurchaseOrderDecisionInput!) {
    approvePurchaseOrder(input: $input) { message purchaseOrder { ...PurchaseOrderRowFields } }
  }
`);

export const CancelPurchaseOrder = graphql(`
  mutation CancelPurchaseOrder($input: CancelPurchaseOrderInput!) {
    cancelPurchaseOrder(input: $input) { message purchaseOrder { ...PurchaseOrderRowFields } }
  }
`);
