import type {
  MaintenanceContractRenewRequest,
  MaintenanceContractRow,
} from '@branch-assets/legacy-contract';
import type {
  AssetStatus,
  JobStatus,
  MaintenanceContractInput,
  RenewMaintenanceContractInput,
  Resolvers,
} from '../../generated/resolvers.ts';
import type { GraphQLContext } from '../context.ts';
import { nullableId, numericId, optionalId, present } from '../ids.ts';
import type { MaintenanceContractListModel } from '../models.ts';
import type { ListFilters } from '../paging.ts';
import * as Records from './records.ts';

/*
 * Maintenance contracts, preventive schedules, the scheduler, notifications and the AMC report
 * (docs/workflows.md). Every name below is the schema's; the legacy bodies are built here.
 */

function chip(row: Records.RowStatus, { texts }: GraphQLContext) {
  return Records.rowStatusChip(row, texts, `CONTRACT_${row.StatusCode}`);
}

const rowFields = Records.workflowRowFields<MaintenanceContractRow>(
  'maintenanceContractLists',
  (row) => `CONTRACT_${row.StatusCode}`,
);

function terms(input: MaintenanceContractInput | RenewMaintenanceContractInput) {
  return {
    ContractType: input.contractType,
    ContractNumber: input.number,
    StartDate: input.startDate,
    EndDate: input.endDate,
    ContractValue: String(input.contractValue),
    GstRate: input.gstRate,
    PaymentSchedule: input.paymentSchedule,
    VisitsPerYear: input.visitsPerYear,
    ResponseHours: input.responseHours,
    NoticeDays: input.noticeDays,
    Renewal: input.renewal,
    Assets: input.assetIds.map((id, index) => numericId(id, `assetIds[${index}]`)),
    Remarks: present(input.remarks),
  } satisfies Omit<MaintenanceContractRenewRequest, 'UserInterface' | 'MaintenanceContract'>;
}

export const maintenanceResolvers: Resolvers = {
  Query: {
    maintenanceContracts: async (
      _parent,
      { branchId, status, contractType, vendorId, assetId, ...args },
      context,
    ) => {
      const branch = numericId(branchId, 'branchId');
      const rowFilters: ListFilters = {
        ...(status ? { StatusCode: status } : {}),
        ...(contractType ? { ContractType: contractType } : {}),
        ...(vendorId ? { Vendor: numericId(vendorId, 'vendorId') } : {}),
        ...(assetId ? { Asset: numericId(assetId, 'assetId') } : {}),
      };
      const exportQuery: Record<string, string> = { branchId: String(branch) };
      for (const [name, value] of Object.entries({ status, contractType, vendorId, assetId }))
        if (value !== null && value !== undefined) exportQuery[name] = String(value);
      return Records.readList(context, { prefix: 'maintenanceContract' }, args, {
        filters: { Branch: branch },
        rowFilters,
        exportQuery,
      });
    },
    maintenanceContract: async (_parent, { id }, { read }) =>
      (
        await read('maintenanceContractShow', {
          UserInterface: 1,
          MaintenanceContract: numericId(id, 'id'),
        })
      ).records,
    preventiveSchedules: async (_parent, { assetId }, { read }) =>
      (
        await read('maintenanceScheduleLists', {
          UserInterface: 1,
          Asset: numericId(assetId, 'assetId'),
        })
      ).records,
    schedulerRuns: async (_parent, _args, { read }) =>
      (await read('maintenanceSchedulerStatus', { UserInterface: 1 })).records,
    notifications: async (_parent, { unreadOnly, limit }, { read }) => {
      const { records } = await read('notificationLists', {
        UserInterface: 1,
        UnreadOnly: unreadOnly ?? false,
        Limit: limit ?? 100,
      });
      return { notifications: records.Notifications, unreadCount: records.UnreadCount };
    },
    amcReport: async (_parent, { branchIds, asOf }, { read }) =>
      (
        await read('amcReport', {
          UserInterface: 1,
          Branches: branchIds.map((id, index) => numericId(id, `branchIds[${index}]`)),
          AsOf: asOf,
        })
      ).records,
  },
  Mutation: {
    saveMaintenanceContract: async (_parent, { input }, { write }) => {
      const { output, records } = await write('maintenanceContractStore', {
        UserInterface: 1,
        MaintenanceContract: optionalId(input.id, 'id'),
        Branch: numericId(input.branchId, 'branchId'),
        Vendor: numericId(input.vendorId, 'vendorId'),
        ...terms(input),
      });
      return { message: output, contract: records };
    },
    renewMaintenanceContract: async (_parent, { input }, { write }) => {
      const { output, records } = await write('maintenanceContractRenew', {
        UserInterface: 1,
        MaintenanceContract: numericId(input.id, 'id'),
        ...terms(input),
      });
      return { message: output, contract: records };
    },
    savePreventiveSchedule: async (_parent, { input }, { write }) =>
      (
        await write('maintenanceScheduleStore', {
          UserInterface: 1,
          MaintenanceSchedule: optionalId(input.id, 'id'),
          Asset: numericId(input.assetId, 'assetId'),
          JobType: input.jobType,
          Every: input.every,
          Unit: input.unit,
          Anchor: input.anchor,
          AnchorDate: input.anchorDate,
          LeadDays: input.leadDays ?? 7,
          Active: input.active ?? true,
        })
      ).records,
    runScheduler: async (_parent, _args, { write }) =>
      (await write('maintenanceSchedulerRun', { UserInterface: 1 })).records,
    markNotificationsRead: async (_parent, { keys }, { write }) => {
      const { records } = await write('notificationsMarkRead', {
        UserInterface: 1,
        Keys: keys ?? [],
      });
      return { unreadCount: records.UnreadCount };
    },
  },
  MaintenanceContractRow: rowFields,
  MaintenanceContract: {
    ...rowFields,
    branchCode: (detail) => detail.BranchCode,
    gstAmount: (detail) => detail.GstAmount,
    totalValue: (detail) => detail.TotalValue,
    paymentSchedule: (detail) => detail.PaymentSchedule,
    responseHours: (detail) => detail.ResponseHours,
    noticeDays: (detail) => detail.NoticeDays,
    noticeBy: (detail) => detail.NoticeBy,
    renewal: (detail) => detail.Renewal,
    coveredValue: (detail) => detail.CoveredValue,
    remarks: (detail) => detail.Remarks,
    previousContractId: (detail) => nullableId(detail.PreviousContractId),
    previousContractNumber: (detail) => detail.PreviousContractNumber,
    nextContractId: (detail) => nullableId(detail.NextContractId),
    nextContractNumber: (detail) => detail.NextContractNumber,
    createdByName: (detail) => detail.CreatedByName,
    assets: (detail) => detail.Assets,
    visits: (detail) => detail.Visits,
  },
  CoveredAsset: {
    id: (asset) => String(asset.AssetId),
    tag: (asset) => asset.AssetTag,
    name: (asset) => asset.AssetName,
    assetStatus: (asset) => asset.AssetStatus as AssetStatus,
    cost: (asset) => asset.Cost,
  },
  ContractVisit: {
    dueDate: (visit) => visit.DueDate,
    jobOrderId: (visit) => nullableId(visit.JobOrderId),
    jobNumber: (visit) => visit.JobNumber,
    jobStatus: (visit) => visit.StatusCode as JobStatus | null,
    completedOn: (visit) => visit.CompletedOn,
  },
  MaintenanceContractList: Records.listFields<MaintenanceContractListModel>({
    module: 'amc',
    exportName: 'maintenance-contracts',
  }),
  MaintenanceContractResult: {
    message: (result) => result.message,
    contract: (result) => result.contract,
  },
  PreventiveSchedule: {
    id: (schedule) => String(schedule.MaintenanceScheduleId),
    assetId: (schedule) => String(schedule.AssetId),
    jobType: (schedule) => schedule.JobType,
    every: (schedule) => schedule.Every,
    unit: (schedule) => schedule.Unit,
    anchor: (schedule) => schedule.Anchor,
    anchorDate: (schedule) => schedule.AnchorDate,
    leadDays: (schedule) => schedule.LeadDays,
    active: (schedule) => schedule.Active,
    nextDue: (schedule) => schedule.NextDue,
    lastJobNumber: (schedule) => schedule.LastJobNumber,
  },
  SchedulerRun: {
    startedAt: (run) => run.StartedAt,
    finishedAt: (run) => run.FinishedAt,
    runDate: (run) => run.RunDate,
    jobsCreated: (run) => run.JobsCreated,
    instance: (run) => run.Instance,
    error: (run) => run.Error,
  },
  Notification: {
    key: (notification) => notification.Key,
    kind: (notification) => notification.Kind,
    text: (notification) => notification.Text,
    values: (notification) =>
      Object.entries(notification.Values).map(([name, value]) => ({ name, value: String(value) })),
    link: (notification) => notification.Link,
    branchCode: (notification) => notification.BranchCode,
    since: (notification) => notification.Since,
    urgent: (notification) => notification.Urgent,
    read: (notification) => notification.Read,
  },
  NotificationValue: {
    name: (value) => value.name,
    value: (value) => value.value,
  },
  NotificationFeed: {
    notifications: (feed) => feed.notifications,
    unreadCount: (feed) => feed.unreadCount,
  },
  NotificationsRead: { unreadCount: (result) => result.unreadCount },
  AmcReport: {
    asOf: (report) => report.AsOf,
    contracts: (report) => report.Contracts,
    branches: (report) => report.Branches,
  },
  AmcReportContract: {
    id: (row) => String(row.MaintenanceContractId),
    number: (row) => row.ContractNumber,
    branchCode: (row) => row.BranchCode,
    vendorName: (row) => row.VendorName,
    contractType: (row) => row.ContractType,
    startDate: (row) => row.StartDate,
    endDate: (row) => row.EndDate,
    daysLeft: (row) => row.DaysLeft,
    contractValue: (row) => row.ContractValue,
    assetCount: (row) => row.AssetCount,
    coveredValue: (row) => row.CoveredValue,
    costPercent: (row) => row.CostPercent,
    visitsDue: (row) => row.VisitsDue,
    visitsDone: (row) => row.VisitsDone,
    status: (row, _args, context) => chip(row, context),
  },
  AmcReportBranch: {
    branchId: (row) => String(row.BranchId),
    branchCode: (row) => row.BranchCode,
    assetsInUse: (row) => row.AssetsInUse,
    underWarranty: (row) => row.UnderWarranty,
    underContract: (row) => row.UnderContract,
    uncovered: (row) => row.Uncovered,
    uncoveredValue: (row) => row.UncoveredValue,
  },
};
