import { graphql } from '../../gql/index.ts';

export const AssetsQuery = graphql(`
  query Assets(
    $branchId: ID, $categoryId: ID, $status: AssetStatus, $warranty: WarrantyState,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: assets(
      branchId: $branchId, categoryId: $categoryId, status: $status, warranty: $warranty,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id tag name categoryId subCategoryId assetTypeId assetTypeName brandId brandName model
        serialNumber branchId branchName locationId locationName custodianId custodianName
        vendorId purchaseOrderId purchaseOrderNumber purchaseReference purchaseDate cost putToUseDate warrantyStart
        warrantyEnd usefulLifeYears criticality condition notes assetStatus warrantyState
        active canEdit canDelete
        status { text background color }
      }
      ...RecordListFields
    }
  }
`);

export const SaveAssetMutation = graphql(`
  mutation SaveAsset($input: AssetInput!) {
    saveAsset(input: $input) { message asset { id tag name } }
  }
`);

export const DeleteAssetMutation = graphql(`
  mutation DeleteAsset($id: ID!) {
    deleteAsset(id: $id) { message }
  }
`);

/** The asset screen's documents: its list (the root field aliased `list`), save and delete. */
export const assetDocuments = {
  list: AssetsQuery,
  save: SaveAssetMutation,
  delete: DeleteAssetMutation,
};

/** The asset page: the asset, its history, and whether the caller may change it. */
export const AssetQuery = graphql(`
  query Asset($id: ID!) {
    asset(id: $id) {
      id tag name categoryName subCategoryName assetTypeName brandName model serialNumber
      branchId branchName locationName custodianName vendorName purchaseOrderNumber
      purchaseReference purchaseDate cost putToUseDate warrantyStart warrantyEnd usefulLifeYears
      criticality condition notes assetStatus warrantyState active canEdit canDelete
      status { text background color }
      files { id kind title url thumbnailUrl contentType uploadedBy at canDelete }
      timeline { id kind at userName reason changes { field before after } }
    }
    disposal: assetDisposal(assetId: $id) {
      condemnedOn reason condition committeeRemarks condemnedByName method disposedOn amount buyer
      remarks disposedByName
    }
    mayCondemn: can(module: "asset_disposal", action: "approve")
    mayDispose: can(module: "asset_disposal", action: "create")
  }
`);

export const CondemnAssetMutation = graphql(`
  mutation CondemnAsset($input: CondemnAssetInput!) {
    condemnAsset(input: $input) { message asset { id assetStatus } }
  }
`);

export const DisposeAssetMutation = graphql(`
  mutation DisposeAsset($input: DisposeAssetInput!) {
    disposeAsset(input: $input) { message asset { id assetStatus } }
  }
`);

export const MarkOutOfOrderMutation = graphql(`
  mutation MarkAssetOutOfOrder($id: ID!, $reason: String!) {
    markAssetOutOfOrder(id: $id, reason: $reason) { message asset { id assetStatus } }
  }
`);

export const BackInUseMutation = graphql(`
  mutation PutAssetBackInUse($id: ID!, $reason: String!) {
    putAssetBackInUse(id: $id, reason: $reason) { message asset { id assetStatus } }
  }
`);

/** The asset form's choices of one branch: its rooms and its staff. */
export const BranchChoicesQuery = graphql(`
  query AssetBranchChoices($branchId: ID!) {
    assetLocationOptions(branchId: $branchId) { value text }
    staffOptions(branchId: $branchId) { value text }
  }
`);

/** The asset form's choices that do not depend on the branch. */
export const AssetFormChoicesQuery = graphql(`
  query AssetFormChoices {
    branchOptions(source: USER) { value text }
    vendorOptions { value text }
  }
`);

/** The search screen's matches as the user types. */
export const AssetSearchQuery = graphql(`
  query AssetSearch($search: String!) {
    assets(search: $search, pageSize: 10) {
      rows { id tag name serialNumber model branchName locationName assetStatus }
      totalCount
    }
  }
`);

/** The asset a scanned or typed tag names, if the user has it. */
export const AssetByTagQuery = graphql(`
  query AssetByTag($tag: String!) {
    assetByTag(tag: $tag) { id }
  }
`);

export const BulkEditAssetsMutation = graphql(`
  mutation BulkEditAssets($input: AssetBulkEditInput!) {
    bulkEditAssets(input: $input) { message assets { id } }
  }
`);

/** The gallery's asset photos, for adding one to an asset (found by title). */
export const AssetPhotoChoicesQuery = graphql(`
  query AssetPhotoChoices($search: String) {
    gallery(kind: ASSET_PHOTO, pageSize: 24, search: $search) {
      rows { id title thumbnailUrl }
    }
  }
`);

export const AttachAssetPhotoMutation = graphql(`
  mutation AttachAssetPhoto($assetId: ID!, $imageId: ID!) {
    attachAssetPhoto(assetId: $assetId, imageId: $imageId) { id }
  }
`);

export const DeleteAssetFileMutation = graphql(`
  mutation DeleteAssetFile($id: ID!) {
    deleteAssetFile(id: $id) { message }
  }
`);
