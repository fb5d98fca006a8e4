import {
  formatPaise,
  formatRupees,
  noticeDate,
  PURCHASE_GST_RATES,
  parseIsoDate,
  percentOf,
  renewalPeriod,
  toPaise,
  visitDates,
} from '@branch-assets/domain';
import type {
  ContractRenewal,
  ContractType,
  MaintenanceContractInput,
  MaintenanceContractQuery,
  PaymentSchedule,
  RenewMaintenanceContractInput,
} from '../../gql/graphql.ts';

/*
 * The contract form's values, where they start (a new contract, one corrected, one renewed), the
 * input they make, and what the form works out as the user types (GST, visits, notice date) with
 * the domain's own rules.
 */

type Contract = MaintenanceContractQuery['maintenanceContract'];

export const CONTRACT_TYPES: readonly ContractType[] = ['AMC', 'CMC'];
export const PAYMENT_SCHEDULES: readonly PaymentSchedule[] = [
  'ANNUAL_ADVANCE',
  'HALF_YEARLY',
  'QUARTERLY',
  'MONTHLY',
];
export const RENEWALS: readonly ContractRenewal[] = ['MANUAL', 'TACIT'];
/** The GST rates a contract takes: the schema's 0, 5, 12, 18 and 28 (a service's, as a purchase's). */
export const CONTRACT_GST_RATES: readonly number[] = PURCHASE_GST_RATES;

/** Rupees with at most two decimals and twelve digits before them, as the server takes them. */
export const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,4}$/;

export interface ContractValues {
  branchId: string;
  vendorId: string;
  number: string;
  contractType: ContractType;
  startDate: string;
  endDate: string;
  contractValue: string;
  gstRate: string;
  paymentSchedule: PaymentSchedule;
  visitsPerYear: string;
  responseHours: string;
  noticeDays: string;
  renewal: ContractRenewal;
  remarks: string;
}

/** A new contract of a branch: quarterly visits, a day's response, a month's notice. */
export function blankContract(branchId: string): ContractValues {
  return {
    branchId,
    vendorId: '',
    number: '',
    contractType: 'AMC',
    startDate: '',
    endDate: '',
    contractValue: '',
    gstRate: '18',
    paymentSchedule: 'ANNUAL_ADVANCE',
    visitsPerYear: '4',
    responseHours: '24',
    noticeDays: '30',
    renewal: 'MANUAL',
    remarks: '',
  };
}

/** A contract as saved, to correct it. */
export function contractValuesOf(contract: Contract): ContractValues {
  return {
    branchId: contract.branchId,
    vendorId: contract.vendorId,
    number: contract.number,
    contractType: contract.contractType,
    startDate: contract.startDate,
    endDate: contract.endDate,
    contractValue: contract.contractValue,
    gstRate: String(contract.gstRate),
    paymentSchedule: contract.paymentSchedule,
    visitsPerYear: String(contract.visitsPerYear),
    responseHours: String(contract.responseHours),
    noticeDays: String(contract.noticeDays),
    renewal: contract.renewal,
    remarks: contract.remarks ?? '',
  };
}

/**
 * The renewal of a contract: its terms, over the period that follows it (renewalPeriod), under a
 * number of its own still to type.
 */
export function renewalValuesOf(contract: Contract): ContractValues {
  const next = renewalPeriod(contract.startDate, contract.endDate);
  return {
    ...contractValuesOf(contract),
    number: '',
    startDate: next.start,
    endDate: next.end,
    remarks: '',
  };
}

function terms(values: ContractValues, assetIds: readonly string[]) {
  const remarks = values.remarks.trim();
  return {
    contractType: values.contractType,
    number: values.number.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    contractValue: formatPaise(toPaise(values.contractValue.trim())),
    gstRate: Number(values.gstRate),
    paymentSchedule: values.paymentSchedule,
    visitsPerYear: Number(values.visitsPerYear),
    responseHours: Number(values.responseHours),
    noticeDays: Number(values.noticeDays),
    renewal: values.renewal,
    assetIds: [...assetIds],
    remarks: remarks === '' ? null : remarks,
  };
}

/** A new contract (no id) or one corrected (its id). */
export function contractInputOf(
  values: ContractValues,
  assetIds: readonly string[],
  id: string | null,
): MaintenanceContractInput {
  return {
    ...(id ? { id } : {}),
    branchId: values.branchId,
    vendorId: values.vendorId,
    ...terms(values, assetIds),
  };
}

/** The renewal of contract `id`: its branch and vendor stay the old contract's. */
export function renewInputOf(
  id: string,
  values: ContractValues,
  assetIds: readonly string[],
): RenewMaintenanceContractInput {
  return { id, ...terms(values, assetIds) };
}

/** Whether a text is a real calendar date, 'YYYY-MM-DD'. */
export function isDate(text: string): boolean {
  try {
    parseIsoDate(text);
    return /^\d{4}-\d{2}-\d{2}$/.test(text);
  } catch {
    return false;
  }
}

/** A whole number typed, within bounds; null when it is not one. */
export function wholeIn(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!WHOLE.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** The GST on the value before GST and the total, in rupees; null until the value is an amount. */
export function gstOf(value: string, rate: string): { gst: string; total: string } | null {
  const trimmed = value.trim();
  const percent = Number(rate);
  if (!AMOUNT.test(trimmed) || !CONTRACT_GST_RATES.includes(percent)) return null;
  const before = toPaise(trimmed);
  const gst = percentOf(before, percent);
  return { gst: formatRupees(gst), total: formatRupees(before + gst) };
}

/** The preventive visits' due dates (visitDates); null until the period and count are valid. */
export function visitPreview(start: string, end: string, perYear: string): string[] | null {
  const count = wholeIn(perYear, 0, 12);
  if (count === null || !isDate(start) || !isDate(end) || end < start) return null;
  return visitDates(start, end, count);
}

/** The last day to give notice (noticeDate); null until the end and the days are valid. */
export function noticePreview(end: string, days: string): string | null {
  const count = wholeIn(days, 0, 365);
  if (count === null || !isDate(end)) return null;
  return noticeDate(end, count);
}

/** Why the period is wrong (a text key), or null: the end on or after the start, within 10 years. */
export function periodProblem(
  start: string,
  end: string,
): 'contracts.endBeforeStart' | 'contracts.tooLong' | null {
  if (!isDate(start) || !isDate(end)) return null;
  if (end < start) return 'contracts.endBeforeStart';
  const tenYears = `${Number(start.slice(0, 4)) + 10}${start.slice(4)}`;
  return end > tenYears ? 'contracts.tooLong' : null;
}

/** How the list and the report mark a contract's days left. */
export type DaysLeftMark = 'ended' | 'ending' | null;

/** Ended (negative), ending within 90 days (the ENDING band), or neither. */
export function daysLeftMark(daysLeft: number): DaysLeftMark {
  if (daysLeft < 0) return 'ended';
  return daysLeft <= 90 ? 'ending' : null;
}

/**
 * A contract's value before GST as a percentage of its covered assets' cost, to one decimal (as
 * the AMC report works it out); null when the assets have no cost.
 */
export function costPercentOf(value: string, covered: string): number | null {
  const base = toPaise(covered);
  return base > 0 ? Math.round((toPaise(value) / base) * 1000) / 10 : null;
}
