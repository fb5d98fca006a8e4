import { graphql } from '../../gql/index.ts';

export const AccessoriesQuery = graphql(`
  query Accessories(
    $branchId: ID, $accessoryTypeId: ID, $belowMinimum: Boolean,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: accessories(
      branchId: $branchId, accessoryTypeId: $accessoryTypeId, belowMinimum: $belowMinimum,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id name accessoryTypeId accessoryTypeName brandId brandName unit assetTypeIds
        assetTypesText defaultMinimum onHand stockText belowMinimum belowMinimumText
        active canEdit canDelete
        minimums { branchId branchCode minimum }
        status { text background color }
      }
      ...RecordListFields
    }
  }
`);

export const SaveAccessoryMutation = graphql(`
  mutation SaveAccessory($input: AccessoryInput!) {
    saveAccessory(input: $input) { message accessory { id name } }
  }
`);

export const DeleteAccessoryMutation = graphql(`
  mutation DeleteAccessory($id: ID!) {
    deleteAccessory(id: $id) { message }
  }
`);

/** The accessory screen's documents: its list (the root field aliased `list`), save and delete. */
export const accessoryDocuments = {
  list: AccessoriesQuery,
  save: SaveAccessoryMutation,
  delete: DeleteAccessoryMutation,
};

/** The accessory page: the accessory and its stock in each of the caller's branches. */
export const AccessoryQuery = graphql(`
  query Accessory($id: ID!) {
    accessory(id: $id) {
      id name accessoryTypeName brandName unit assetTypesText defaultMinimum onHand
      belowMinimum active canEdit
      status { text background color }
    }
    accessoryStock(accessoryId: $id, pageSize: 1000) {
      rows { id branchId branchCode branchName onHand minimum belowMinimum canMove }
    }
  }
`);

/** An accessory's ledger, a page at a time, newest first. */
export const AccessoryLedgerQuery = graphql(`
  query AccessoryLedger(
    $accessoryId: ID!, $page: Int, $pageSize: Int, $search: String, $sortBy: String,
    $sortDesc: Boolean
  ) {
    list: accessoryLedger(
      accessoryId: $accessoryId, page: $page, pageSize: $pageSize, search: $search,
      sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id at branchCode reason quantity balance vendorName reference issuedToText note userName
      }
      ...RecordListFields
    }
  }
`);

export const RecordMovementMutation = graphql(`
  mutation RecordAccessoryMovement($input: AccessoryMovementInput!) {
    recordAccessoryMovement(input: $input) {
      message
      stock { id onHand belowMinimum }
    }
  }
`);

/** The accessory form's choices: the caller's branches (for their minimums) and the asset types. */
export const AccessoryFormChoicesQuery = graphql(`
  query AccessoryFormChoices {
    branchOptions(source: USER) { value text }
    masterOptions(list: ASSET_TYPE) { value text }
  }
`);

/** The movement form's choices: the caller's branches and the vendors a receipt may name. */
export const MovementChoicesQuery = graphql(`
  query AccessoryMovementChoices {
    branchOptions(source: USER) { value text }
  }
`);

export const MovementVendorsQuery = graphql(`
  query AccessoryMovementVendors {
    vendorOptions { value text }
  }
`);

/** The staff members of the branch a movement is at: who an issue goes to. */
export const MovementStaffQuery = graphql(`
  query AccessoryMovementStaff($branchId: ID!) {
    staffOptions(branchId: $branchId) { value text }
  }
`);

/** The asset a typed or scanned tag names, with its branch: what an issue goes to. */
export const MovementAssetQuery = graphql(`
  query AccessoryMovementAsset($tag: String!) {
    assetByTag(tag: $tag) { id tag }
  }
`);

/** The queries on screen that show stock, asked again after a movement. */
export const STOCK_QUERIES = ['Accessories', 'Accessory', 'AccessoryLedger'];
