import { graphql } from '../../gql/index.ts';

export const InstallationsPageQuery = graphql(`
  query InstallationsPage {
    pageInfo(module: "asset_installation", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const InstallationsQuery = graphql(`
  query Installations(
    $branchId: ID!, $status: InstallationState,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: assetInstallations(
      branchId: $branchId, status: $status,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id number installedAt installedAtText assetTags assetCount locationName installedByName
        goodsReceiptNoteNumber canSignOff
        status { text background color code }
      }
      ...RecordListFields
    }
  }
`);

export const InstallationQuery = graphql(`
  query Installation($id: ID!) {
    assetInstallation(id: $id) {
      id number branchId installedAt locationName installedByName assetCount
      goodsReceiptNoteId goodsReceiptNoteNumber installerKind vendorName engineerName
      installedByStaffName warrantyFromInstallation reportUrl remarks recordedByName recordedAt
      decidedByName decidedAt decisionRemarks canSignOff canAttachReport
      status { text background color code }
      checklist {
        physicalConditionOk powerEarthingOk accessoriesPresent demoGiven staffTrained
        manualHandedOver
      }
      assets { id tag name serialNumber assetStatus }
    }
  }
`);

export const SignOffInstallationMutation = graphql(`
  mutation SignOffInstallation($input: SignOffAssetInstallationInput!) {
    signOffAssetInstallation(input: $input) {
      message
      installation { id canSignOff status { text background color code } }
    }
  }
`);

/** The new installation's page: its title and permission, and the branch's choices. */
export const NewInstallationPageQuery = graphql(`
  query NewInstallationPage($branchId: ID!) {
    pageInfo(module: "asset_installation", action: "create") { title description permitted }
    assetLocationOptions(branchId: $branchId) { value text }
    staffOptions(branchId: $branchId) { value text }
    vendorOptions { value text }
  }
`);

export const InstallableAssetsQuery = graphql(`
  query InstallableAssets($branchId: ID!, $goodsReceiptNoteId: ID, $search: String) {
    installableAssets(branchId: $branchId, goodsReceiptNoteId: $goodsReceiptNoteId, search: $search) {
      assets { id tag name serialNumber locationName goodsReceiptNoteId }
      notes { id number receivedDate vendorId vendorName waiting }
    }
  }
`);

export const SaveInstallationMutation = graphql(`
  mutation SaveInstallation($input: AssetInstallationInput!) {
    saveAssetInstallation(input: $input) { message installation { id number } }
  }
`);
