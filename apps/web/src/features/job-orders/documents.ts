import { graphql } from '../../gql/index.ts';

export const JobOrdersPageQuery = graphql(`
  query JobOrdersPage {
    pageInfo(module: "job_order", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const JobOrdersQuery = graphql(`
  query JobOrders(
    $branchId: ID!, $status: JobStatus, $jobType: JobType, $priority: JobPriority,
    $coverage: JobCoverage, $open: Boolean, $breached: Boolean, $assetId: ID, $due: ScheduledDue,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: jobOrders(
      branchId: $branchId, status: $status, jobType: $jobType, priority: $priority,
      coverage: $coverage, open: $open, breached: $breached, assetId: $assetId, due: $due,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id number raisedAt raisedOnText jobType priority assetSummary assetCount problem
        assigneeName coverage dueDate responseBreached resolutionBreached allowedSteps
        status { text background color code }
      }
      ...RecordListFields
    }
  }
`);

export const JobOrderQuery = graphql(`
  query JobOrder($id: ID!) {
    jobOrder(id: $id) {
      id number branchId branchCode raisedAt raisedOnText jobType priority assetSummary
      assetCount problem assigneeName coverage dueDate responseBreached resolutionBreached
      allowedSteps raisedByName assigneeKind vendorId engineerName assigneeStaffId contractId
      contractNumber quoteAmount quoteGst quoteRemarks quoteDecision quotedByName
      quoteDecidedByName resolution reportUrl canAttachReport respondedAt resolvedAt closedAt
      responseDueAt resolutionDueAt downtimeMinutes netAmount gstAmount chargeableAmount
      status { text background color code }
      assets {
        id tag name serialNumber assetStatus previousStatus warrantyEnd locationName
      }
      steps { step fromStatus toStatus remarks userName at }
      lines { kind description quantity rate gstRate chargeable amount gst }
    }
  }
`);

/** The choices of an assignee in a branch: vendors, and the branch's staff. */
export const AssigneeOptionsQuery = graphql(`
  query JobOrderAssigneeOptions($branchId: ID!) {
    vendorOptions { value text }
    staffOptions(branchId: $branchId) { value text }
  }
`);

export const NewJobOrderPageQuery = graphql(`
  query NewJobOrderPage {
    pageInfo(module: "job_order", action: "create") { title description permitted }
    branchOptions { value text }
  }
`);

/** The asset a scanned label's page raises the job for (`?assetId=`). */
export const JobOrderAssetQuery = graphql(`
  query JobOrderAsset($id: ID!) {
    asset(id: $id) { id tag name serialNumber branchId locationName assetStatus }
  }
`);

export const SaveJobOrderMutation = graphql(`
  mutation SaveJobOrder($input: JobOrderInput!) {
    saveJobOrder(input: $input) { message jobOrder { id number } }
  }
`);

export const MoveJobOrderMutation = graphql(`
  mutation MoveJobOrder($input: MoveJobOrderInput!) {
    moveJobOrder(input: $input) { message jobOrder { id } }
  }
`);

/** Whether the user may list and raise job orders in an asset's branch (the asset's page). */
export const JobOrderGrantsQuery = graphql(`
  query JobOrderGrants($branchId: ID) {
    mayList: can(module: "job_order", action: "list", branchId: $branchId)
    mayCreate: can(module: "job_order", action: "create", branchId: $branchId)
  }
`);

/** An asset's repairs: its breakdowns, MTTR, MTBF, this year's downtime, its open job order. */
export const AssetReliabilityQuery = graphql(`
  query AssetReliability($assetId: ID!) {
    assetReliability(assetId: $assetId) {
      failures mttrMinutes mtbfDays downtimeHoursThisYear openJobOrderId openJobNumber
    }
  }
`);
