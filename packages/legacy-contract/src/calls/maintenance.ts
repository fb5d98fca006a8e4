import { INTERVAL_UNITS, SCHEDULED_JOB_TYPES } from '@branch-assets/domain';
import { z } from 'zod';
import { HexColor, Id, IsoDate, IsoDateTime, OptionalId, text } from '../primitives.ts';
import { Amount, SERVICE_GST_RATES } from './job-order.ts';
import { BaseRequest, ListRequest, listPayload } from './shared.ts';

/*
 * Maintenance contracts (AMC: labour only; CMC: parts and labour), preventive schedules, the
 * scheduler that creates preventive job orders ahead of time, the notification centre and the
 * AMC report (docs/workflows.md), additions to the legacy contract.
 */

export const CONTRACT_TYPES = ['AMC', 'CMC'] as const;
export const PAYMENT_SCHEDULES = ['ANNUAL_ADVANCE', 'HALF_YEARLY', 'QUARTERLY', 'MONTHLY'] as const;
export const CONTRACT_RENEWALS = ['MANUAL', 'TACIT'] as const;
/** Where a contract stands today. RENEWED: a later contract continues it. */
export const CONTRACT_STATES = ['UPCOMING', 'ACTIVE', 'ENDING', 'ENDED', 'RENEWED'] as const;
export const MOST_CONTRACT_ASSETS = 2000;

const GstRate = z.coerce
  .number({ error: 'must be a GST rate' })
  .refine((rate) => (SERVICE_GST_RATES as readonly number[]).includes(rate), {
    message: `must be one of ${SERVICE_GST_RATES.join(', ')}`,
  });

export const MaintenanceContractRow = z.object({
  MaintenanceContractId: z.number().int(),
  ContractNumber: z.string(),
  BranchId: z.number().int(),
  VendorId: z.number().int(),
  VendorName: z.string(),
  ContractType: z.enum(CONTRACT_TYPES),
  StartDate: IsoDate,
  EndDate: IsoDate,
  /** Days from today to the end; negative once ended. */
  DaysLeft: z.number().int(),
  ContractValue: z.string(),
  GstRate: z.number(),
  AssetCount: z.number().int(),
  VisitsPerYear: z.number().int(),
  StatusTxt: z.string(),
  StatusCode: z.enum(CONTRACT_STATES),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  RenewFlag: z.boolean(),
  EditFlag: z.boolean(),
});
export type MaintenanceContractRow = z.output<typeof MaintenanceContractRow>;

export const VisitRow = z.object({
  DueDate: IsoDate,
  JobOrderId: z.number().int().nullable(),
  JobNumber: z.string().nullable(),
  StatusCode: z.string().nullable(),
  CompletedOn: IsoDate.nullable(),
});

export const CoveredAssetRow = z.object({
  AssetId: z.number().int(),
  AssetTag: z.string(),
  AssetName: z.string(),
  AssetStatus: z.string(),
  Cost: z.string().nullable(),
});
export type CoveredAssetRow = z.output<typeof CoveredAssetRow>;
export type ContractVisitRow = z.output<typeof VisitRow>;

export const MaintenanceContractDetail = MaintenanceContractRow.extend({
  BranchCode: z.string(),
  PaymentSchedule: z.enum(PAYMENT_SCHEDULES),
  ResponseHours: z.number().int(),
  NoticeDays: z.number().int(),
  /** The last day to give notice (tacit renewal: to stop it; manual: to renew in time). */
  NoticeBy: IsoDate,
  Renewal: z.enum(CONTRACT_RENEWALS),
  GstAmount: z.string(),
  TotalValue: z.string(),
  /** The covered assets' cost, for the contract's cost as a share of it. */
  CoveredValue: z.string(),
  Remarks: z.string().nullable(),
  PreviousContractId: z.number().int().nullable(),
  PreviousContractNumber: z.string().nullable(),
  NextContractId: z.number().int().nullable(),
  NextContractNumber: z.string().nullable(),
  CreatedByName: z.string().nullable(),
  Assets: z.array(CoveredAssetRow),
  Visits: z.array(VisitRow),
});
export type MaintenanceContractDetail = z.output<typeof MaintenanceContractDetail>;

const ContractTerms = {
  ContractNumber: text(60, { required: true }),
  StartDate: IsoDate,
  EndDate: IsoDate,
  ContractValue: Amount,
  GstRate,
  PaymentSchedule: z.enum(PAYMENT_SCHEDULES, {
    error: `must be one of ${PAYMENT_SCHEDULES.join(', ')}`,
  }),
  VisitsPerYear: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'cannot be negative')
    .max(12, 'must be at most 12 (monthly)'),
  ResponseHours: z.coerce
    .number({ error: 'must be a number' })
    .int('must be whole hours')
    .min(1, 'must be at least 1 hour')
    .max(720, 'must be at most 720 hours'),
  NoticeDays: z.coerce
    .number({ error: 'must be a number' })
    .int('must be whole days')
    .min(0, 'cannot be negative')
    .max(365, 'must be at most 365 days'),
  Renewal: z.enum(CONTRACT_RENEWALS, { error: 'must be MANUAL or TACIT' }),
  Assets: z
    .array(Id)
    .min(1, 'must name at least one covered asset')
    .max(MOST_CONTRACT_ASSETS, `must name at most ${MOST_CONTRACT_ASSETS} assets`),
  Remarks: text(500, { required: false }).optional(),
};

const datesInOrder = {
  message: 'must be on or after the start date',
  path: ['EndDate'],
};
const notAbsurdlyLong = {
  message: 'must be within 10 years of the start',
  path: ['EndDate'],
};
const tenYearsAfter = (start: string) => `${Number(start.slice(0, 4)) + 10}${start.slice(4)}`;

export const MaintenanceContractRequest = BaseRequest.extend({
  /** Absent: a new contract; present: corrects one that has not been renewed. */
  MaintenanceContract: OptionalId,
  Branch: Id,
  Vendor: Id,
  ContractType: z.enum(CONTRACT_TYPES, { error: 'must be AMC or CMC' }),
  ...ContractTerms,
})
  .refine((body) => body.EndDate >= body.StartDate, datesInOrder)
  .refine((body) => body.EndDate <= tenYearsAfter(body.StartDate), notAbsurdlyLong);
export type MaintenanceContractRequest = z.output<typeof MaintenanceContractRequest>;

export const MaintenanceContractRenewRequest = BaseRequest.extend({
  MaintenanceContract: Id,
  ContractType: z.enum(CONTRACT_TYPES, { error: 'must be AMC or CMC' }),
  ...ContractTerms,
})
  .refine((body) => body.EndDate >= body.StartDate, datesInOrder)
  .refine((body) => body.EndDate <= tenYearsAfter(body.StartDate), notAbsurdlyLong);
export type MaintenanceContractRenewRequest = z.output<typeof MaintenanceContractRenewRequest>;

export const MaintenanceScheduleRow = z.object({
  MaintenanceScheduleId: z.number().int(),
  AssetId: z.number().int(),
  JobType: z.enum(SCHEDULED_JOB_TYPES),
  Every: z.number().int(),
  Unit: z.enum(INTERVAL_UNITS),
  Anchor: z.enum(['FIXED', 'COMPLETION']),
  AnchorDate: IsoDate,
  LeadDays: z.number().int(),
  Active: z.boolean(),
  /** The next due date the scheduler will create a job for; null when inactive. */
  NextDue: IsoDate.nullable(),
  LastJobNumber: z.string().nullable(),
});
export type MaintenanceScheduleRow = z.output<typeof MaintenanceScheduleRow>;

export const MaintenanceScheduleRequest = BaseRequest.extend({
  MaintenanceSchedule: OptionalId,
  Asset: Id,
  JobType: z.enum(SCHEDULED_JOB_TYPES, {
    error: `must be one of ${SCHEDULED_JOB_TYPES.join(', ')}`,
  }),
  Every: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(999, 'must be at most 999'),
  Unit: z.enum(INTERVAL_UNITS, { error: 'must be DAY, WEEK, MONTH or YEAR' }),
  Anchor: z.enum(['FIXED', 'COMPLETION'], { error: 'must be FIXED or COMPLETION' }),
  AnchorDate: IsoDate,
  LeadDays: z.coerce
    .number({ error: 'must be a number' })
    .int('must be whole days')
    .min(0, 'cannot be negative')
    .max(90, 'must be at most 90 days')
    .default(7),
  Active: z.boolean().default(true),
});
export type MaintenanceScheduleRequest = z.output<typeof MaintenanceScheduleRequest>;

export const SchedulerRun = z.object({
  StartedAt: IsoDateTime,
  FinishedAt: IsoDateTime.nullable(),
  RunDate: IsoDate,
  JobsCreated: z.number().int(),
  Instance: z.string(),
  Error: z.string().nullable(),
});
export type SchedulerRun = z.output<typeof SchedulerRun>;

export const NOTIFICATION_KINDS = [
  'CONTRACT_ENDING',
  'CONTRACT_ENDED',
  'WARRANTY_ENDING',
  'WARRANTY_ENDED',
  'NO_COVER',
  'PREVENTIVE_DUE',
  'PREVENTIVE_OVERDUE',
  'TRANSFER_WAITING',
  'ACCESSORY_LOW',
] as const;

export const Notification = z.object({
  /** Stable for the same fact (a contract's 30-day alert), so reading it sticks. */
  Key: z.string(),
  Kind: z.enum(NOTIFICATION_KINDS),
  /** The alert's own words; the web shows its translation by Kind with these values. */
  Text: z.string(),
  Values: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The hash route that opens the record. */
  Link: z.string(),
  BranchCode: z.string(),
  /** The day the fact became true (the alert's threshold day, or the due date). */
  Since: IsoDate,
  Urgent: z.boolean(),
  Read: z.boolean(),
});
export type Notification = z.output<typeof Notification>;

export const AmcReportRequest = BaseRequest.extend({
  Branches: z.array(Id).min(1, 'must name at least one branch').max(500),
  AsOf: IsoDate,
});

export const AmcReportContractRow = MaintenanceContractRow.extend({
  BranchCode: z.string(),
  CoveredValue: z.string(),
  /** Contract value as a percentage of the covered assets' cost, one decimal. */
  CostPercent: z.number().nullable(),
  VisitsDue: z.number().int(),
  VisitsDone: z.number().int(),
});
export type AmcReportContractRow = z.output<typeof AmcReportContractRow>;

export const AmcReportBranchRow = z.object({
  BranchId: z.number().int(),
  BranchCode: z.string(),
  AssetsInUse: z.number().int(),
  UnderWarranty: z.number().int(),
  UnderContract: z.number().int(),
  Uncovered: z.number().int(),
  UncoveredValue: z.string(),
});
export type AmcReportBranchRow = z.output<typeof AmcReportBranchRow>;

export const AmcReport = z.object({
  AsOf: IsoDate,
  Contracts: z.array(AmcReportContractRow),
  Branches: z.array(AmcReportBranchRow),
});
export type AmcReport = z.output<typeof AmcReport>;

const common = { method: 'POST' as const, authenticated: true } as const;
const contractRefusals = ['Maintenance contract not found.', 'You do not work in that branch.'];

export const maintenanceCalls = {
  maintenanceContractLists: {
    ...common,
    path: 'api/amc/lists' as const,
    readOnly: true,
    summary:
      "Addition: a branch's maintenance contracts, those ending first; Filters: StatusCode, ContractType, Vendor, Asset (an asset's id).",
    request: ListRequest.extend({ Branch: Id }),
    records: listPayload(MaintenanceContractRow),
    refusals: ['You do not work in that branch.', 'Your role may not list maintenance contracts.'],
    graphqlNames: {
      MaintenanceContractId: 'id',
      ContractNumber: 'number',
      StatusTxt: 'status',
      StatusCode: 'status.code',
      RenewFlag: 'canRenew',
      EditFlag: 'canEdit',
    },
  },
  maintenanceContractShow: {
    ...common,
    path: 'api/amc/show' as const,
    readOnly: true,
    summary: 'Addition: one contract with its covered assets, its visits and its renewals.',
    request: BaseRequest.extend({ MaintenanceContract: Id }),
    records: MaintenanceContractDetail,
    refusals: contractRefusals,
  },
  maintenanceContractStore: {
    ...common,
    path: 'api/amc/store' as const,
    readOnly: false,
    summary:
      "Addition: records a vendor's AMC or CMC over assets of a branch, or corrects one not yet renewed; its preventive visits are the scheduler's to create.",
    request: MaintenanceContractRequest,
    records: MaintenanceContractDetail,
    refusals: [
      ...contractRefusals,
      'Your role may not write maintenance contracts.',
      'Asset … is not an asset of branch ….',
      'A renewed contract cannot be changed: its successor continues it.',
      'Contract … of this vendor starting … exists already.',
    ],
  },
  maintenanceContractRenew: {
    ...common,
    path: 'api/amc/renew' as const,
    readOnly: false,
    summary:
      'Addition: renews a contract as a new contract linked to it (the old one keeps its dates); the new one starts after the old one ends at the earliest.',
    request: MaintenanceContractRenewRequest,
    records: MaintenanceContractDetail,
    refusals: [
      ...contractRefusals,
      'Your role may not write maintenance contracts.',
      'Contract … is renewed already by ….',
      'A renewal starts after the contract it renews ends (…).',
    ],
  },
  maintenanceScheduleLists: {
    ...common,
    path: 'api/maintenance-schedule/lists' as const,
    readOnly: true,
    summary: "Addition: an asset's preventive schedules with their next due dates.",
    request: BaseRequest.extend({ Asset: Id }),
    records: z.array(MaintenanceScheduleRow),
    refusals: ['Asset … does not exist.'],
  },
  maintenanceScheduleStore: {
    ...common,
    path: 'api/maintenance-schedule/store' as const,
    readOnly: false,
    summary:
      'Addition: sets or changes a preventive schedule on an asset: PM, calibration or electrical safety every N days, weeks, months or years, anchored to a fixed date or to the last completion, created the lead days ahead.',
    request: MaintenanceScheduleRequest,
    records: z.array(MaintenanceScheduleRow),
    refusals: ['Asset … does not exist.', 'Your role may not write maintenance contracts.'],
  },
  maintenanceSchedulerStatus: {
    ...common,
    path: 'api/maintenance-scheduler/status' as const,
    readOnly: true,
    summary: "Addition: the preventive scheduler's last runs (administrators).",
    request: BaseRequest,
    records: z.array(SchedulerRun),
    refusals: ['Only an administrator sees the scheduler.'],
  },
  maintenanceSchedulerRun: {
    ...common,
    path: 'api/maintenance-scheduler/run' as const,
    readOnly: false,
    summary:
      'Addition: runs the preventive scheduler now (administrators); it runs by itself at start and hourly. Creating each job exactly once, a second run creates nothing new.',
    request: BaseRequest,
    records: SchedulerRun,
    refusals: ['Only an administrator sees the scheduler.'],
  },
  notificationLists: {
    ...common,
    path: 'api/notification/lists' as const,
    readOnly: true,
    summary:
      "Addition: the user's alerts over their branches, most urgent first: contracts ending or ended, warranties ending or ended, assets with no cover, preventive jobs due or overdue, transfers waiting for the user, accessories below minimum.",
    request: BaseRequest.extend({
      UnreadOnly: z.boolean().default(false),
      Limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    records: z.object({
      Notifications: z.array(Notification),
      UnreadCount: z.number().int(),
    }),
    refusals: [],
  },
  notificationsMarkRead: {
    ...common,
    path: 'api/notification/mark-read' as const,
    readOnly: false,
    summary: "Addition: marks the user's alerts read (their keys; none: every current one).",
    request: BaseRequest.extend({
      Keys: z
        .array(text(120, { required: true }))
        .max(500)
        .default([]),
    }),
    records: z.object({ UnreadCount: z.number().int() }),
    refusals: [],
  },
  amcReport: {
    ...common,
    path: 'api/reports/amc' as const,
    readOnly: true,
    summary:
      'Addition: the AMC report as of a date over branches: contracts ending and ended with visits due and done and their cost against the covered value; assets covered and uncovered by branch.',
    request: AmcReportRequest,
    records: AmcReport,
    refusals: ['You do not work in that branch.', 'Your role may not see the AMC report.'],
  },
} as const;
