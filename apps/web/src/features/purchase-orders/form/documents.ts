import { graphql } from '../../../gql/index.ts';

/** The order form's choices for its billed branch, and the branches it may name. */
export const PurchaseOrderChoicesQuery = graphql(`
  query PurchaseOrderChoices($branchId: ID!) {
    purchaseOrderChoices(branchId: $branchId) {
      terms stateCode
      vendors { id name gstin }
      categories { value text }
      subCategories { id name categoryId }
      assetTypes { id name subCategoryId taxRate }
      accessories { id name unit }
    }
    allBranches: branchOptions(source: ALL) { value text }
  }
`);

/** The form's page: its title, and whether the caller may write orders. */
export const PurchaseOrderFormPageQuery = graphql(`
  query PurchaseOrderFormPage {
    pageInfo(module: "purchase_order", action: "create") { title description permitted }
    branchOptions { value text }
  }
`);

export const PurchaseOrderFormQuery = graphql(`
  query PurchaseOrderForm($id: ID!) {
    purchaseOrderForm(id: $id) {
      id number status version billedBranchId shippedBranchId vendorId date expectedDeliveryDate
      paymentTerms remarksHtml terms freight freightTaxRate quotationUrl canEdit canSubmit
      lines {
        id assetTypeId accessoryId categoryId subCategoryId brandId itemName model quantity unit
        rate discountAmount discountPercent taxRate deliveryBranchId warrantyMonths
      }
      versions { version submittedBy submittedAt grandTotal changes }
    }
  }
`);

export const SavePurchaseOrderMutation = graphql(`
  mutation SavePurchaseOrder($input: PurchaseOrderInput!) {
    savePurchaseOrder(input: $input) { message purchaseOrder { id number status { text code } } }
  }
`);

export const SubmitPurchaseOrderMutation = graphql(`
  mutation SubmitPurchaseOrder($id: ID!) {
    submitPurchaseOrder(id: $id) { message purchaseOrder { id number status { text code } } }
  }
`);
