import type { AssetStatus } from './assets.ts';
import type { Paise } from './money.ts';
import { computeLine } from './purchase-order-totals.ts';

/*
 * A job order's life (docs/workflows.md): which step may be taken from which state, and what the
 * job's assets are meanwhile. Both servers and the web read these, so a button the web shows and
 * the step the server allows cannot disagree.
 */

export const JOB_TYPES = [
  'BREAKDOWN',
  'PREVENTIVE',
  'CALIBRATION',
  'ELECTRICAL_SAFETY',
  'INSTALLATION_ISSUE',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** The job types a preventive schedule creates. */
export const SCHEDULED_JOB_TYPES = ['PREVENTIVE', 'CALIBRATION', 'ELECTRICAL_SAFETY'] as const;
export type ScheduledJobType = (typeof SCHEDULED_JOB_TYPES)[number];

export const JOB_STATUSES = [
  'OPEN',
  'ASSIGNED',
  'IN_PROGRESS',
  'WAITING_PARTS',
  'WAITING_APPROVAL',
  'RESOLVED',
  'CLOSED',
  'REOPENED',
  'CANCELLED',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Status texts; also the keys of their chip tones (status-tone.ts). */
export const JOB_STATUS_TEXT: Readonly<Record<JobStatus, string>> = {
  OPEN: 'Open',
  ASSIGNED: 'Assigned',
  IN_PROGRESS: 'In Progress',
  WAITING_PARTS: 'Waiting For Parts',
  WAITING_APPROVAL: 'Waiting For Approval',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
  REOPENED: 'Reopened',
  CANCELLED: 'Cancelled',
};

/** A job still to be worked on or confirmed: it holds its assets. */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = [
  'OPEN',
  'ASSIGNED',
  'IN_PROGRESS',
  'WAITING_PARTS',
  'WAITING_APPROVAL',
  'RESOLVED',
  'REOPENED',
];

/**
 * A scheduled job (preventive, calibration, electrical safety) not started or still waiting, by
 * its due day: SOON within the next 7 days, OVERDUE past (the dashboard's tiles, the list's filter).
 */
export const SCHEDULED_DUE = ['SOON', 'OVERDUE'] as const;
export type ScheduledDue = (typeof SCHEDULED_DUE)[number];
/** How many days ahead a scheduled job counts as due soon. */
export const DUE_SOON_DAYS = 7;
/** The statuses of a scheduled job not yet done (started jobs are being done). */
export const SCHEDULED_PENDING: readonly JobStatus[] = [
  'OPEN',
  'ASSIGNED',
  'REOPENED',
  'WAITING_PARTS',
  'WAITING_APPROVAL',
];

export const COVERAGES = ['WARRANTY', 'CONTRACT', 'CHARGEABLE'] as const;
export type Coverage = (typeof COVERAGES)[number];

export const JOB_STEPS = [
  'ASSIGN',
  'START',
  'QUOTE',
  'APPROVE_QUOTE',
  'REJECT_QUOTE',
  'WAIT_PARTS',
  'RESUME',
  'RESOLVE',
  'CLOSE',
  'REOPEN',
  'CANCEL',
] as const;
export type JobStep = (typeof JOB_STEPS)[number];

/**
 * From which states each step may be taken. A quote may be asked for before or during the work
 * (an AMC does not cover parts found worn on the bench); its decision returns the job to where it
 * was. Cancel is refused once the work is resolved: what was done stays on record.
 */
export const STEP_FROM: Readonly<Record<JobStep, readonly JobStatus[]>> = {
  ASSIGN: ['OPEN', 'ASSIGNED', 'REOPENED'],
  START: ['ASSIGNED', 'REOPENED'],
  QUOTE: ['ASSIGNED', 'IN_PROGRESS', 'REOPENED'],
  APPROVE_QUOTE: ['WAITING_APPROVAL'],
  REJECT_QUOTE: ['WAITING_APPROVAL'],
  WAIT_PARTS: ['IN_PROGRESS'],
  RESUME: ['WAITING_PARTS'],
  RESOLVE: ['IN_PROGRESS'],
  CLOSE: ['RESOLVED'],
  REOPEN: ['RESOLVED'],
  CANCEL: ['OPEN', 'ASSIGNED', 'IN_PROGRESS', 'WAITING_PARTS', 'WAITING_APPROVAL', 'REOPENED'],
};

/** Where a step leaves the job; the quote's decision returns it to the state before the quote. */
export function stepTarget(step: JobStep, beforeQuote: JobStatus = 'ASSIGNED'): JobStatus {
  switch (step) {
    case 'ASSIGN':
      return 'ASSIGNED';
    case 'START':
    case 'RESUME':
      return 'IN_PROGRESS';
    case 'QUOTE':
      return 'WAITING_APPROVAL';
    case 'APPROVE_QUOTE':
    case 'REJECT_QUOTE':
      return beforeQuote;
    case 'WAIT_PARTS':
      return 'WAITING_PARTS';
    case 'RESOLVE':
      return 'RESOLVED';
    case 'CLOSE':
      return 'CLOSED';
    case 'REOPEN':
      return 'REOPENED';
    case 'CANCEL':
      return 'CANCELLED';
  }
}

export function mayTakeStep(step: JobStep, status: JobStatus): boolean {
  return STEP_FROM[step].includes(status);
}

/**
 * What a job's asset is while the job is in a state. Being worked on: Under repair. A breakdown
 * not being worked on (raised, waiting for parts or for the quote's approval, reopened): Out of
 * order. A scheduled check or an installation issue takes the asset out of service only while
 * it is being worked on. Resolved (and after): the asset is back — In use, or In stock when it
 * was in stock before (an installation issue on an asset not yet put to use). Cancelled: the
 * status it had when the job was raised.
 */
export function assetStatusDuring(
  jobType: JobType,
  status: JobStatus,
  previous: AssetStatus,
): AssetStatus {
  if (status === 'CANCELLED') return previous;
  if (status === 'RESOLVED' || status === 'CLOSED')
    return previous === 'IN_STOCK' ? 'IN_STOCK' : 'IN_USE';
  if (status === 'IN_PROGRESS') return 'UNDER_REPAIR';
  if (jobType === 'BREAKDOWN') return 'OUT_OF_ORDER';
  return status === 'WAITING_PARTS' || status === 'WAITING_APPROVAL' ? 'OUT_OF_ORDER' : previous;
}

/** The statuses an asset may be in when a job is raised on it. */
export const JOB_ASSET_STATUSES: readonly AssetStatus[] = ['IN_USE', 'IN_STOCK', 'OUT_OF_ORDER'];

export interface CoverageInput {
  /** The asset's warranty end, 'YYYY-MM-DD'. */
  warrantyEnd: string | null;
  /** Contracts covering the asset that are in force today, CMC first preferred. */
  contracts: readonly { id: number; type: 'AMC' | 'CMC'; start: string; end: string }[];
}

/**
 * How a job is paid for, found rather than typed: under warranty when every asset's warranty runs
 * today; under a contract when every asset is covered by warranty or by a contract in force (the
 * CMC when one covers it: parts too); otherwise chargeable, which needs an approved quotation
 * before the work starts.
 */
export function jobCoverage(
  assets: readonly CoverageInput[],
  today: string,
): { coverage: Coverage; contractId: number | null } {
  if (assets.length === 0) return { coverage: 'CHARGEABLE', contractId: null };
  let contractId: number | null = null;
  let allWarranty = true;
  for (const asset of assets) {
    if (asset.warrantyEnd !== null && asset.warrantyEnd >= today) continue;
    allWarranty = false;
    const inForce = asset.contracts
      .filter((contract) => contract.start <= today && today <= contract.end)
      .sort((a, b) => (a.type === b.type ? a.id - b.id : a.type === 'CMC' ? -1 : 1));
    const chosen = inForce[0];
    if (!chosen) return { coverage: 'CHARGEABLE', contractId: null };
    contractId ??= chosen.id;
  }
  return allWarranty
    ? { coverage: 'WARRANTY', contractId: null }
    : { coverage: 'CONTRACT', contractId };
}

export interface JobLine {
  quantity: number;
  /** Rupees per unit in paise. */
  rate: Paise;
  gstRate: number;
  chargeable: boolean;
}

/**
 * The job's cost in paise: parts and labour before tax, GST at each line's rate, and what the
 * branch pays (the chargeable lines; a line covered by warranty or contract costs it nothing).
 * Each line is computed as an order line is (quantity to three decimals, rounded to the paisa).
 */
export function jobCost(lines: readonly JobLine[]): {
  net: Paise;
  gst: Paise;
  chargeableTotal: Paise;
} {
  let net = 0;
  let gst = 0;
  let chargeableTotal = 0;
  for (const line of lines) {
    const computed = computeLine(
      { quantity: line.quantity, rate: line.rate, discount: 0, taxRate: line.gstRate },
      'inter',
    );
    net += computed.taxable;
    gst += computed.igst;
    if (line.chargeable) chargeableTotal += computed.total;
  }
  return { net, gst, chargeableTotal };
}
