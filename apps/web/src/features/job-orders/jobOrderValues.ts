import {
  formatPaise,
  formatRupees,
  JOB_STEPS,
  type JobPriority,
  jobCost,
  PRIORITY_TARGETS,
  PURCHASE_GST_RATES,
  toPaise,
} from '@branch-assets/domain';
import type { TFunction } from 'i18next';
import type {
  AssigneeKind,
  JobLineKind,
  JobOrderLineInput,
  JobStatus,
  JobStep,
} from '../../gql/graphql.ts';

/*
 * What the job order forms send and what the job's page says, apart from the screens: the lines
 * and the assignee as the gateway takes them, the cost of the lines as they are typed, the
 * priority's targets and a downtime in words.
 */

/** The GST rates a part or labour line may carry (the server's list). */
export const LINE_GST_RATES = PURCHASE_GST_RATES;
export const LINE_KINDS: readonly JobLineKind[] = ['PART', 'LABOUR'];

/** A rupee amount as typed: up to 12 digits and 2 decimals. */
export const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
/** A quantity as typed: more than zero, up to 3 decimals. */
export const QUANTITY = /^(?=.*[1-9])\d{1,6}(\.\d{1,3})?$/;

/** A part or labour line as the form holds it (text fields as typed). */
export interface LineValues {
  kind: JobLineKind;
  description: string;
  quantity: string;
  rate: string;
  /** One of LINE_GST_RATES, as the select's text. */
  gstRate: string;
  chargeable: boolean;
}

export const BLANK_LINE: LineValues = {
  kind: 'PART',
  description: '',
  quantity: '1',
  rate: '',
  gstRate: '18',
  chargeable: true,
};

/** Who does the work, as the forms hold it: nobody yet, a vendor's engineer or a staff member. */
export interface AssigneeValues {
  assigneeKind: '' | AssigneeKind;
  vendorId: string;
  engineerName: string;
  staffId: string;
}

export const NO_ASSIGNEE: AssigneeValues = {
  assigneeKind: '',
  vendorId: '',
  engineerName: '',
  staffId: '',
};

/** A rupee amount as typed ('4500', '12.5') as the gateway's Decimal: two decimals ('4500.00'). */
export function decimalOf(typed: string): string {
  return formatPaise(toPaise(typed.trim()));
}

/** The lines as the gateway takes them. */
export function linesInputOf(lines: readonly LineValues[]): JobOrderLineInput[] {
  return lines.map((line) => ({
    kind: line.kind,
    description: line.description.trim(),
    quantity: Number(line.quantity),
    rate: decimalOf(line.rate),
    gstRate: Number(line.gstRate),
    chargeable: line.chargeable,
  }));
}

/** The assignee's fields of a save or an ASSIGN step: only those of the kind chosen. */
export function assigneeInputOf(values: AssigneeValues): {
  assigneeKind: AssigneeKind | null;
  vendorId: string | null;
  engineerName: string | null;
  staffId: string | null;
} {
  if (values.assigneeKind === 'VENDOR')
    return {
      assigneeKind: 'VENDOR',
      vendorId: values.vendorId || null,
      engineerName: values.engineerName.trim() || null,
      staffId: null,
    };
  if (values.assigneeKind === 'STAFF')
    return {
      assigneeKind: 'STAFF',
      vendorId: null,
      engineerName: null,
      staffId: values.staffId || null,
    };
  return { assigneeKind: null, vendorId: null, engineerName: null, staffId: null };
}

/** A saved line back in the form (an Edit lines dialog); its quantity as text or a number. */
export function lineValuesOf(line: {
  kind: JobLineKind;
  description: string;
  quantity: string | number;
  rate: string;
  gstRate: number;
  chargeable: boolean;
}): LineValues {
  return {
    kind: line.kind,
    description: line.description,
    quantity: String(Number(line.quantity)),
    rate: line.rate,
    gstRate: String(line.gstRate),
    chargeable: line.chargeable,
  };
}

/**
 * The cost of the lines as typed, as the server will compute it (the domain's jobCost): before
 * tax, GST, and what the branch pays. Lines not yet filled in well count as nothing.
 */
export function linesCost(lines: readonly LineValues[]): {
  net: string;
  gst: string;
  chargeable: string;
} {
  const cost = jobCost(
    lines
      .filter((line) => QUANTITY.test(line.quantity.trim()) && AMOUNT.test(line.rate.trim()))
      .map((line) => ({
        quantity: Number(line.quantity),
        rate: toPaise(line.rate.trim()),
        gstRate: Number(line.gstRate),
        chargeable: line.chargeable,
      })),
  );
  return {
    net: formatRupees(cost.net),
    gst: formatRupees(cost.gst),
    chargeable: formatRupees(cost.chargeableTotal),
  };
}

/** A span of time in its largest whole unit that reads well: 30 minutes, 8 hours, 7 days. */
export interface Span {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

export function spanOf(minutes: number): Span {
  if (minutes % (24 * 60) === 0 && minutes >= 48 * 60)
    return { unit: 'days', count: minutes / (24 * 60) };
  if (minutes % 60 === 0 && minutes >= 60) return { unit: 'hours', count: minutes / 60 };
  return { unit: 'minutes', count: minutes };
}

/** A span of time in words: '30 minutes', '2 hours', '7 days'. */
export function spanText(span: Span, t: TFunction): string {
  return t(`jobOrders.span.${span.unit}`, { count: span.count });
}

/** A priority's response and resolution targets (the domain's table). */
export function targetsOf(priority: JobPriority): { response: Span; resolution: Span } {
  const targets = PRIORITY_TARGETS[priority];
  return {
    response: spanOf(targets.responseMinutes),
    resolution: spanOf(targets.resolutionMinutes),
  };
}

/** 'Respond within 2 hours, resolve within 24 hours'. */
export function targetsText(priority: JobPriority, t: TFunction): string {
  const targets = targetsOf(priority);
  return t('jobOrders.targets', {
    response: spanText(targets.response, t),
    resolution: spanText(targets.resolution, t),
  });
}

/** A downtime as days, hours and minutes; the parts that are zero left out (0 minutes: minutes). */
export function downtimeParts(totalMinutes: number): Span[] {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  const parts: Span[] = [
    { unit: 'days', count: Math.floor(minutes / (24 * 60)) },
    { unit: 'hours', count: Math.floor((minutes % (24 * 60)) / 60) },
    { unit: 'minutes', count: minutes % 60 },
  ];
  const shown = parts.filter((part) => part.count > 0);
  return shown.length > 0 ? shown : [{ unit: 'minutes', count: 0 }];
}

/** A downtime in words: '1 day 3 hours 20 minutes'. */
export function durationText(minutes: number, t: TFunction): string {
  return downtimeParts(minutes)
    .map((part) => spanText(part, t))
    .join(' ');
}

/** The steps a job's page offers, in the domain's order (the order a job goes through them). */
export function stepsInOrder(allowed: readonly JobStep[]): JobStep[] {
  return JOB_STEPS.filter((step) => allowed.includes(step));
}

/** The steps that ask something of the user before they are taken. */
export type StepNeeds = 'assignee' | 'quote' | 'remarks' | 'requiredRemarks' | 'nothing';

export function stepNeeds(step: JobStep): StepNeeds {
  switch (step) {
    case 'ASSIGN':
      return 'assignee';
    case 'QUOTE':
      return 'quote';
    case 'REJECT_QUOTE':
    case 'RESOLVE':
    case 'REOPEN':
    case 'CANCEL':
      return 'requiredRemarks';
    case 'APPROVE_QUOTE':
    case 'WAIT_PARTS':
    case 'RESUME':
    case 'START':
    case 'CLOSE':
      return 'remarks';
  }
}

/**
 * A chargeable job whose work has not started and has no approved quotation: the work starts
 * only once a quotation is approved (by a second user).
 */
export function waitsForQuote(job: {
  coverage: string;
  quoteDecision?: string | null;
  status: { code?: string | null };
}): boolean {
  const before: readonly (JobStatus | undefined | null)[] = [
    'OPEN',
    'ASSIGNED',
    'WAITING_APPROVAL',
    'REOPENED',
  ];
  return (
    job.coverage === 'CHARGEABLE' &&
    job.quoteDecision !== 'APPROVED' &&
    before.includes(job.status.code as JobStatus | null | undefined)
  );
}
