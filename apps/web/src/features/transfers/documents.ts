import { graphql } from '../../gql/index.ts';

export const TransfersPageQuery = graphql(`
  query TransfersPage {
    pageInfo(module: "asset_transfer", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const TransfersQuery = graphql(`
  query Transfers(
    $branchId: ID!, $direction: TransferDirection, $status: TransferState,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: assetTransfers(
      branchId: $branchId, direction: $direction, status: $status,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id number requestedAt fromBranchName toBranchName assetCount shortCount gatePassNumber
        canDecide canDispatch canReceive canCancel
        status { text background color code }
      }
      ...RecordListFields
    }
  }
`);

export const TransferQuery = graphql(`
  query Transfer($id: ID!) {
    assetTransfer(id: $id) {
      id number fromBranchId fromBranchName toBranchId toBranchName requestedAt neededBy
      assetCount shortCount gatePassNumber gatePassUrl reason requestedByName decidedByName
      decidedAt decisionRemarks vehicle dispatchedByName dispatchedAt receivedByName receivedAt
      cancelReason canDecide canDispatch canReceive canCancel
      status { text background color code }
      assets {
        id tag name serialNumber assetStatus previousStatus outcome conditionOnArrival
        locationName remarks
      }
      accessories { id name unit quantity received }
    }
  }
`);

export const NewTransferPageQuery = graphql(`
  query NewTransferPage {
    pageInfo(module: "asset_transfer", action: "create") { title description permitted }
    mine: branchOptions { value text }
    all: branchOptions(source: ALL) { value text }
    accessoryOptions { value text }
  }
`);

export const RequestTransferMutation = graphql(`
  mutation RequestTransfer($input: AssetTransferInput!) {
    requestAssetTransfer(input: $input) { message transfer { id number } }
  }
`);

export const DecideTransferMutation = graphql(`
  mutation DecideTransfer($input: DecideAssetTransferInput!) {
    decideAssetTransfer(input: $input) { message transfer { id } }
  }
`);

export const DispatchTransferMutation = graphql(`
  mutation DispatchTransfer($input: DispatchAssetTransferInput!) {
    dispatchAssetTransfer(input: $input) { message transfer { id } }
  }
`);

export const ReceiveTransferMutation = graphql(`
  mutation ReceiveTransfer($input: ReceiveAssetTransferInput!) {
    receiveAssetTransfer(input: $input) { message transfer { id } }
  }
`);

export const CancelTransferMutation = graphql(`
  mutation CancelTransfer($input: CancelAssetTransferInput!) {
    cancelAssetTransfer(input: $input) { message transfer { id } }
  }
`);

export const DestinationLocationsQuery = graphql(`
  query TransferDestinationLocations($branchId: ID!) {
    assetLocationOptions(branchId: $branchId) { value text }
  }
`);

/** The asset a link asks a new transfer for (a physical audit's difference). */
export const TransferAssetQuery = graphql(`
  query TransferAsset($id: ID!) {
    asset(id: $id) { id tag name branchId assetStatus }
  }
`);
