import { graphql } from '../../gql/index.ts';

export const ContractsPageQuery = graphql(`
  query ContractsPage {
    pageInfo(module: "amc", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const ContractsQuery = graphql(`
  query MaintenanceContracts(
    $branchId: ID!, $status: ContractState, $contractType: ContractType,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: maintenanceContracts(
      branchId: $branchId, status: $status, contractType: $contractType,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id number vendorName contractType startDate endDate daysLeft contractValue gstRate
        assetCount visitsPerYear canRenew canEdit
        status { text background color code }
      }
      ...RecordListFields
    }
  }
`);

/** Administrators only: anyone else is refused, and the list then shows no scheduler panel. */
export const SchedulerRunsQuery = graphql(`
  query SchedulerRuns {
    schedulerRuns { startedAt finishedAt runDate jobsCreated instance error }
  }
`);

export const RunSchedulerMutation = graphql(`
  mutation RunScheduler {
    runScheduler { startedAt finishedAt runDate jobsCreated instance error }
  }
`);

export const ContractQuery = graphql(`
  query MaintenanceContract($id: ID!) {
    maintenanceContract(id: $id) {
      id number branchId branchCode vendorId vendorName contractType startDate endDate daysLeft
      contractValue gstRate gstAmount totalValue assetCount visitsPerYear canRenew canEdit
      paymentSchedule responseHours noticeDays noticeBy renewal coveredValue remarks
      previousContractId previousContractNumber nextContractId nextContractNumber createdByName
      status { text background color code }
      assets { id tag name assetStatus cost }
      visits { dueDate jobOrderId jobNumber jobStatus completedOn }
    }
  }
`);

export const ContractFormPageQuery = graphql(`
  query ContractFormPage {
    pageInfo(module: "amc", action: "create") { title description permitted }
    branchOptions { value text }
    vendorOptions { value text }
  }
`);

export const SaveContractMutation = graphql(`
  mutation SaveMaintenanceContract($input: MaintenanceContractInput!) {
    saveMaintenanceContract(input: $input) { message contract { id number } }
  }
`);

export const RenewContractMutation = graphql(`
  mutation RenewMaintenanceContract($input: RenewMaintenanceContractInput!) {
    renewMaintenanceContract(input: $input) { message contract { id number } }
  }
`);

export const PreventiveSchedulesQuery = graphql(`
  query PreventiveSchedules($assetId: ID!) {
    preventiveSchedules(assetId: $assetId) {
      id assetId jobType every unit anchor anchorDate leadDays active nextDue lastJobNumber
    }
    mayCreate: can(module: "amc", action: "create")
    mayEdit: can(module: "amc", action: "edit")
  }
`);

export const SavePreventiveScheduleMutation = graphql(`
  mutation SavePreventiveSchedule($input: PreventiveScheduleInput!) {
    savePreventiveSchedule(input: $input) {
      id assetId jobType every unit anchor anchorDate leadDays active nextDue lastJobNumber
    }
  }
`);

export const AmcReportPageQuery = graphql(`
  query AmcReportPage {
    pageInfo(module: "report_amc", action: "list") { title description permitted }
    branchOptions { value text }
  }
`);

export const AmcReportQuery = graphql(`
  query AmcReport($branchIds: [ID!]!, $asOf: Date!) {
    amcReport(branchIds: $branchIds, asOf: $asOf) {
      asOf
      contracts {
        id number branchCode vendorName contractType startDate endDate daysLeft contractValue
        assetCount coveredValue costPercent visitsDue visitsDone
        status { text background color code }
      }
      branches {
        branchId branchCode assetsInUse underWarranty underContract uncovered uncoveredValue
      }
    }
  }
`);
