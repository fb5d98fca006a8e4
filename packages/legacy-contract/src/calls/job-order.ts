import {
  COVERAGES,
  JOB_PRIORITIES,
  JOB_STATUSES,
  JOB_STEPS,
  JOB_TYPES,
} from '@branch-assets/domain';
import { z } from 'zod';
import { HexColor, Id, IsoDate, IsoDateTime, Money, OptionalId, text } from '../primitives.ts';
import { quotationUpload } from './procurement.ts';
import { BaseRequest, ListRequest, listPayload } from './shared.ts';

/*
 * Job orders (docs/workflows.md), additions to the legacy contract: raised on one or more assets
 * of a branch — breakdown, preventive maintenance, calibration, electrical safety test or an
 * installation issue — with a priority whose targets the job is measured against; its coverage
 * (warranty, maintenance contract or chargeable) is found, not typed; a chargeable job needs an
 * approved quotation before the work starts; every step is kept with its time.
 */

/** The most assets one job order names (a vendor's visit services a ward's machines at once). */
export const MOST_JOB_ASSETS = 200;
export const JOB_LINE_KINDS = ['PART', 'LABOUR'] as const;
export const ASSIGNEE_KINDS = ['VENDOR', 'STAFF'] as const;
/** The GST rates a service line may carry. */
export const SERVICE_GST_RATES = [0, 5, 12, 18, 28] as const;

/** Rupees, not negative, at most ten crore: a line's total stays exact in paise. */
export const Amount = Money.refine((value) => !value.startsWith('-'), 'cannot be negative').refine(
  (value) => Number(value) <= 100_000_000,
  'must be at most 100000000 (ten crore)',
);

const GstRate = z.coerce
  .number({ error: 'must be a GST rate' })
  .refine((rate) => (SERVICE_GST_RATES as readonly number[]).includes(rate), {
    message: `must be one of ${SERVICE_GST_RATES.join(', ')}`,
  });

export const JobOrderRow = z.object({
  JobOrderId: z.number().int(),
  JobNumber: z.string(),
  BranchId: z.number().int(),
  RaisedAt: IsoDateTime,
  /** 'DD-MM-YYYY' in India. */
  RaisedOnTxt: z.string(),
  JobTypeCode: z.enum(JOB_TYPES),
  Priority: z.enum(JOB_PRIORITIES),
  /** The first asset's tag and name, and how many more. */
  AssetSummary: z.string(),
  AssetCount: z.number().int(),
  Problem: z.string(),
  AssigneeName: z.string().nullable(),
  CoverageCode: z.enum(COVERAGES),
  /** A preventive job's due date. */
  DueDate: IsoDate.nullable(),
  StatusTxt: z.string(),
  StatusCode: z.enum(JOB_STATUSES),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  /** Past the priority's response or resolution target (now, or when it was met). */
  ResponseBreached: z.boolean(),
  ResolutionBreached: z.boolean(),
  /** The steps the caller may take now; the server checks each again. */
  AllowedSteps: z.array(z.enum(JOB_STEPS)),
});
export type JobOrderRow = z.output<typeof JobOrderRow>;

export const JobOrderAsset = z.object({
  AssetId: z.number().int(),
  AssetTag: z.string(),
  AssetName: z.string(),
  SerialNumber: z.string().nullable(),
  AssetStatus: z.string(),
  PreviousStatus: z.string(),
  WarrantyEnd: IsoDate.nullable(),
  LocationName: z.string().nullable(),
});
export type JobOrderAsset = z.output<typeof JobOrderAsset>;

export const JobOrderStep = z.object({
  Step: z.string(),
  FromStatus: z.enum(JOB_STATUSES).nullable(),
  ToStatus: z.enum(JOB_STATUSES),
  Remarks: z.string().nullable(),
  /** Null for the scheduler's own steps. */
  UserName: z.string().nullable(),
  At: IsoDateTime,
});
export type JobOrderStep = z.output<typeof JobOrderStep>;

export const JobOrderLine = z.object({
  Kind: z.enum(JOB_LINE_KINDS),
  Description: z.string(),
  Quantity: z.string(),
  Rate: z.string(),
  GstRate: z.number(),
  Chargeable: z.boolean(),
  /** Quantity × rate and its GST, rupees as 'numeric' text. */
  Amount: z.string(),
  Gst: z.string(),
});
export type JobOrderLine = z.output<typeof JobOrderLine>;

export const JobOrderDetail = JobOrderRow.extend({
  BranchCode: z.string(),
  RaisedByName: z.string().nullable(),
  AssigneeKind: z.enum(ASSIGNEE_KINDS).nullable(),
  VendorId: z.number().int().nullable(),
  EngineerName: z.string().nullable(),
  AssigneeStaffId: z.number().int().nullable(),
  ContractId: z.number().int().nullable(),
  ContractNumber: z.string().nullable(),
  QuoteAmount: z.string().nullable(),
  QuoteGst: z.string().nullable(),
  QuoteRemarks: z.string().nullable(),
  QuoteDecision: z.enum(['APPROVED', 'REJECTED']).nullable(),
  QuotedByName: z.string().nullable(),
  QuoteDecidedByName: z.string().nullable(),
  Resolution: z.string().nullable(),
  ReportUrl: z.string().nullable(),
  RespondedAt: IsoDateTime.nullable(),
  ResolvedAt: IsoDateTime.nullable(),
  ClosedAt: IsoDateTime.nullable(),
  ResponseDueAt: IsoDateTime,
  ResolutionDueAt: IsoDateTime,
  DowntimeMinutes: z.number().int(),
  /** Lines before tax, their GST, and what the branch pays (chargeable lines), rupees. */
  NetAmount: z.string(),
  GstAmount: z.string(),
  ChargeableAmount: z.string(),
  Assets: z.array(JobOrderAsset),
  Steps: z.array(JobOrderStep),
  Lines: z.array(JobOrderLine),
});
export type JobOrderDetail = z.output<typeof JobOrderDetail>;

const JobLineInput = z.object({
  Kind: z.enum(JOB_LINE_KINDS, { error: 'must be PART or LABOUR' }),
  Description: text(200, { required: true }),
  Quantity: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .max(100_000, 'must be at most 100000')
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
      message: 'must have at most 3 decimals',
    }),
  Rate: Amount,
  GstRate,
  Chargeable: z.boolean().default(true),
});

const Assignee = {
  AssigneeKind: z.enum(ASSIGNEE_KINDS, { error: 'must be VENDOR or STAFF' }).optional(),
  Vendor: OptionalId,
  EngineerName: text(100, { required: false }).optional(),
  Staff: OptionalId,
};

function assigneeComplete(body: {
  AssigneeKind?: 'VENDOR' | 'STAFF' | undefined;
  Vendor?: number | undefined;
  Staff?: number | undefined;
  EngineerName?: string | undefined;
}): boolean {
  if (body.AssigneeKind === 'VENDOR') return body.Vendor !== undefined && !!body.EngineerName;
  if (body.AssigneeKind === 'STAFF') return body.Staff !== undefined;
  return true;
}

const ASSIGNEE_RULE = {
  message: 'must name the vendor and its engineer, or the staff member, who does the work',
  path: ['AssigneeKind'],
};

export const JobOrderRequest = BaseRequest.extend({
  /** Absent: a new job order; present: corrects an open one (problem, priority, lines). */
  JobOrder: OptionalId,
  Branch: Id,
  Assets: z
    .array(Id)
    .min(1, 'must name at least one asset')
    .max(MOST_JOB_ASSETS, `must name at most ${MOST_JOB_ASSETS} assets`),
  JobType: z.enum(JOB_TYPES, { error: `must be one of ${JOB_TYPES.join(', ')}` }),
  Priority: z.enum(JOB_PRIORITIES, { error: 'must be P1, P2, P3 or P4' }),
  Problem: text(1000, { required: true }),
  ...Assignee,
  Lines: z.array(JobLineInput).max(100, 'must have at most 100 lines').default([]),
}).refine(assigneeComplete, ASSIGNEE_RULE);
export type JobOrderRequest = z.output<typeof JobOrderRequest>;

export const JobOrderMoveRequest = BaseRequest.extend({
  JobOrder: Id,
  Step: z.enum(JOB_STEPS, { error: `must be one of ${JOB_STEPS.join(', ')}` }),
  Remarks: text(1000, { required: false }).optional(),
  /** ASSIGN: who does the work. */
  ...Assignee,
  /** QUOTE: the amount before tax and its GST. */
  QuoteAmount: Amount.optional(),
  QuoteGst: Amount.optional(),
})
  .refine(assigneeComplete, ASSIGNEE_RULE)
  .refine((body) => body.Step !== 'ASSIGN' || body.AssigneeKind !== undefined, {
    message: 'is required to assign the job',
    path: ['AssigneeKind'],
  })
  .refine(
    (body) =>
      body.Step !== 'QUOTE' || (body.QuoteAmount !== undefined && body.QuoteGst !== undefined),
    {
      message: 'is required for a quotation (amount and its GST)',
      path: ['QuoteAmount'],
    },
  )
  .refine(
    (body) =>
      !['RESOLVE', 'REOPEN', 'CANCEL', 'REJECT_QUOTE'].includes(body.Step) ||
      (body.Remarks ?? '') !== '',
    {
      message: 'is required for this step (what was done, or why)',
      path: ['Remarks'],
    },
  );
export type JobOrderMoveRequest = z.output<typeof JobOrderMoveRequest>;

export const AssetReliability = z.object({
  /** Breakdowns resolved (resolved or closed jobs). */
  Failures: z.number().int(),
  MttrMinutes: z.number().int().nullable(),
  MtbfDays: z.number().nullable(),
  /** Breakdown hours this financial year, open jobs counted to now. */
  DowntimeHoursThisYear: z.number(),
  OpenJobOrderId: z.number().int().nullable(),
  OpenJobNumber: z.string().nullable(),
});
export type AssetReliability = z.output<typeof AssetReliability>;

const common = { method: 'POST' as const, authenticated: true } as const;
const jobRefusals = ['Job order not found.', 'You do not work in that branch.'] as const;

export const jobOrderCalls = {
  jobOrderLists: {
    ...common,
    path: 'api/job-order/lists' as const,
    readOnly: true,
    summary:
      "Addition: a branch's job orders, newest first; Filters: StatusCode, JobTypeCode, Priority, CoverageCode, Open (true: not closed or cancelled), Breached (true: past a target), Asset (an asset's id), Due (SOON: a scheduled job not yet done due in the next 7 days; OVERDUE: past its due day).",
    request: ListRequest.extend({ Branch: Id }),
    records: listPayload(JobOrderRow),
    refusals: ['You do not work in that branch.', 'Your role may not list job orders.'],
    graphqlNames: {
      JobOrderId: 'id',
      JobNumber: 'number',
      RaisedOnTxt: 'raisedOnText',
      JobTypeCode: 'jobType',
      CoverageCode: 'coverage',
      StatusTxt: 'status',
      StatusCode: 'status.code',
    },
  },
  jobOrderShow: {
    ...common,
    path: 'api/job-order/show' as const,
    readOnly: true,
    summary: 'Addition: one job order with its assets, steps, lines, quotation and service level.',
    request: BaseRequest.extend({ JobOrder: Id }),
    records: JobOrderDetail,
    refusals: [...jobRefusals, 'Your role may not list job orders.'],
  },
  jobOrderStore: {
    ...common,
    path: 'api/job-order/store' as const,
    readOnly: false,
    summary:
      'Addition: raises a job order on assets of a branch (numbered JOB/<branch>/<financial year>/<sequence>; its coverage found from warranties and contracts in force), or corrects an open one.',
    request: JobOrderRequest,
    records: JobOrderDetail,
    refusals: [
      ...jobRefusals,
      'Your role may not raise job orders.',
      'Asset … is not an asset of branch ….',
      'Asset … cannot have a job order while it is ….',
      'Asset … is already on job order ….',
      'Job order … can no longer be changed (it is …).',
    ],
  },
  jobOrderMove: {
    ...common,
    path: 'api/job-order/move' as const,
    readOnly: false,
    summary:
      "Addition: takes one step of a job order: ASSIGN, START, QUOTE, APPROVE_QUOTE, REJECT_QUOTE, WAIT_PARTS, RESUME, RESOLVE, CLOSE, REOPEN or CANCEL; the job's assets change status with it.",
    request: JobOrderMoveRequest,
    records: JobOrderDetail,
    refusals: [
      ...jobRefusals,
      'Job order … cannot … now (it is …).',
      'Your role may not work on job orders.',
      'The technician must be a staff member of the branch.',
      'Asset … is … now: job order … can only be closed (or cancelled).',
      'A chargeable job needs an approved quotation before the work starts.',
      'The user who entered a quotation cannot approve it: a second user does.',
      'Your role may not approve quotations.',
    ],
  },
  jobOrderReliability: {
    ...common,
    path: 'api/job-order/reliability' as const,
    readOnly: true,
    summary:
      "Addition: an asset's mean time between failures and to repair from its resolved breakdown jobs, its downtime this financial year and its open job order.",
    request: BaseRequest.extend({ Asset: Id }),
    records: AssetReliability,
    refusals: ['Asset … does not exist.'],
  },
  jobOrderReportStore: {
    ...common,
    path: 'api/job-order/report-store' as const,
    readOnly: false,
    summary:
      'Addition: the service report of a job order not yet closed (multipart: File with JobOrder): PDF, PNG, JPEG or WebP, checked by content, at most 10 MB.',
    request: BaseRequest.extend({ JobOrder: Id }),
    records: JobOrderRow,
    upload: quotationUpload,
    refusals: [...jobRefusals, 'Your role may not raise job orders.'],
  },
} as const;
