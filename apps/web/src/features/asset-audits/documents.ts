import { graphql } from '../../gql/index.ts';

export const AuditsPageQuery = graphql(`
  query AuditsPage {
    pageInfo(module: "asset_audit", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const AuditsQuery = graphql(`
  query Audits(
    $branchId: ID!, $status: AuditState, $open: Boolean, $due: Boolean,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: assetAudits(
      branchId: $branchId, status: $status, open: $open, due: $due,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id number locationName dueDate auditorNames expectedCount foundCount wrongLocationCount
        missingCount unexpectedCount canScan canResolve canSignOff
        status { text background color code }
      }
      ...RecordListFields
    }
  }
`);

export const AuditQuery = graphql(`
  query Audit($id: ID!) {
    assetAudit(id: $id) {
      id number branchId branchCode branchName locationId locationName dueDate startedAt
      auditorNames expectedCount foundCount wrongLocationCount missingCount unexpectedCount
      pendingCount unresolvedCount signedOffByName signedOffAt remarks startedByName
      submittedByName submittedAt signOffRemarks cancelReason reportUrl
      canScan canSubmit canResolve canSignOff canCancel
      status { text background color code }
      items {
        id assetId assetTag assetName assetBranchCode expected expectedLocationName outcome
        foundLocationId foundLocationName scannedCode condition remarks photoUrl scannedByName
        scannedAt repeatScans resolution resolutionNote resolvedByName transferId
      }
    }
  }
`);

export const NewAuditPageQuery = graphql(`
  query NewAuditPage {
    pageInfo(module: "asset_audit", action: "create") { title description permitted }
    branchOptions { value text }
  }
`);

export const AuditBranchChoicesQuery = graphql(`
  query AuditBranchChoices($branchId: ID!) {
    auditorOptions(branchId: $branchId) { value text }
    assetLocationOptions(branchId: $branchId) { value text }
  }
`);

export const StartAuditMutation = graphql(`
  mutation StartAudit($input: StartAssetAuditInput!) {
    startAssetAudit(input: $input) { message audit { id number } }
  }
`);

export const RecordScanMutation = graphql(`
  mutation RecordScan($input: AuditScanInput!) {
    recordAuditScan(input: $input) {
      message result replayed
      item { id outcome assetTag scannedCode }
    }
  }
`);

export const SubmitAuditMutation = graphql(`
  mutation SubmitAudit($id: ID!) {
    submitAssetAudit(id: $id) { message audit { id } }
  }
`);

export const ResolveDifferenceMutation = graphql(`
  mutation ResolveDifference($input: ResolveAuditDifferenceInput!) {
    resolveAuditDifference(input: $input) { message audit { id } }
  }
`);

export const CloseAuditMutation = graphql(`
  mutation CloseAudit($input: CloseAssetAuditInput!) {
    closeAssetAudit(input: $input) { message audit { id } }
  }
`);

export const CancelAuditMutation = graphql(`
  mutation CancelAudit($id: ID!, $reason: String!) {
    cancelAssetAudit(id: $id, reason: $reason) { message audit { id } }
  }
`);

export const LastAuditQuery = graphql(`
  query AssetLastAuditOf($assetId: ID!) {
    assetLastAudit(assetId: $assetId) { lastAuditedOn auditId auditNumber }
  }
`);
