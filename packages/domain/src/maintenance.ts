import {
  addDays,
  addMonths,
  type CalendarDate,
  daysBetween,
  daysInMonth,
  parseIsoDate,
} from './dates.ts';

/*
 * Date arithmetic of maintenance: AMC/CMC contracts, preventive schedules, job-order service
 * levels and the alerts on the dashboard. Calendar dates are 'YYYY-MM-DD' text (see dates.ts);
 * 'YYYY-MM-DD' strings of the same width compare correctly as text, which the code relies on.
 */

export const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/** `every` is a whole number 1..999: a larger one is a typing slip, not a schedule. */
export interface Interval {
  every: number;
  unit: IntervalUnit;
}

function assertInterval(interval: Interval): void {
  if (!INTERVAL_UNITS.includes(interval.unit)) {
    throw new RangeError(`'${String(interval.unit)}' is not an interval unit`);
  }
  if (!Number.isInteger(interval.every) || interval.every < 1 || interval.every > 999) {
    throw new RangeError(
      `an interval must be every 1..999 ${interval.unit}, not ${interval.every}`,
    );
  }
}

function assertCount(value: number, name: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a whole number 0..${max}, not ${value}`);
  }
}

/**
 * `date` plus `times` × interval. Months and years keep to the month's last day when the target
 * month is shorter (31 January + 1 month = 28 February; 29 February + 1 year = 28 February), and
 * the whole step is taken from `date` at once: stepping one interval at a time from a clamped date
 * would drift (31 Jan → 28 Feb → 28 Mar), whereas occurrence 2 of 31 January is 31 March.
 */
export function addInterval(date: string, interval: Interval, times = 1): string {
  assertInterval(interval);
  assertCount(times, 'times');
  const steps = interval.every * times;
  switch (interval.unit) {
    case 'DAY':
      return addDays(date, steps);
    case 'WEEK':
      return addDays(date, 7 * steps);
    case 'MONTH':
      return addMonths(date, steps);
    case 'YEAR':
      return addMonths(date, 12 * steps);
  }
}

const APPROXIMATE_DAYS: Record<IntervalUnit, number> = {
  DAY: 1,
  WEEK: 7,
  MONTH: 365.2425 / 12,
  YEAR: 365.2425,
};

/**
 * The smallest k ≥ 0 whose series date (anchor + k × interval) is after `date` (or on it, when
 * not strict). The estimate from the average interval length is at most a step or two off, so a
 * schedule anchored decades ago costs no more than one anchored last week.
 */
function seriesIndexFrom(
  anchor: string,
  interval: Interval,
  date: string,
  strict: boolean,
): number {
  const wanted = (k: number) => {
    const occurrence = addInterval(anchor, interval, k);
    return strict ? occurrence > date : occurrence >= date;
  };
  const estimate = daysBetween(anchor, date) / (interval.every * APPROXIMATE_DAYS[interval.unit]);
  let k = Math.max(0, Math.floor(estimate));
  while (k > 0 && wanted(k - 1)) k -= 1;
  while (!wanted(k)) k += 1;
  return k;
}

/**
 * FIXED: due dates are the anchor date + k × interval whatever happens to the jobs (statutory
 * calibration, a vendor's quarterly visits). COMPLETION: the next one is due an interval after
 * the last one was done (filters, batteries: wear counts from the last service).
 */
export type ScheduleAnchor = 'FIXED' | 'COMPLETION';

export interface PreventiveSchedule {
  anchor: ScheduleAnchor;
  /** The first due date, and for FIXED the origin of every later one. */
  anchorDate: string;
  interval: Interval;
}

/** The schedule's most recent job. */
export interface ScheduledJob {
  dueDate: string;
  completedOn: string | null;
}

function assertSchedule(schedule: PreventiveSchedule, last: ScheduledJob | null): void {
  if (schedule.anchor !== 'FIXED' && schedule.anchor !== 'COMPLETION') {
    throw new RangeError(`'${String(schedule.anchor)}' is not a schedule anchor`);
  }
  parseIsoDate(schedule.anchorDate);
  assertInterval(schedule.interval);
  if (last) {
    parseIsoDate(last.dueDate);
    if (last.completedOn !== null) parseIsoDate(last.completedOn);
  }
}

/**
 * The due date that follows the last job; the anchor date when there is none.
 * FIXED: the first series date strictly after the last job's due date, so an early or late
 * completion does not move the series.
 * COMPLETION: an interval after the last completion. While the last job is still open this is
 * that job's own due date, not an interval beyond it: the clock restarts only when the work is
 * done, so nothing new falls due in the meantime.
 */
export function nextDueDate(schedule: PreventiveSchedule, last: ScheduledJob | null): string {
  assertSchedule(schedule, last);
  const { anchor, anchorDate, interval } = schedule;
  if (last === null) return anchorDate;
  if (anchor === 'COMPLETION') {
    return last.completedOn === null ? last.dueDate : addInterval(last.completedOn, interval);
  }
  return addInterval(
    anchorDate,
    interval,
    seriesIndexFrom(anchorDate, interval, last.dueDate, true),
  );
}

/**
 * The due date of the job to create today, or null when none is needed yet: a job is created
 * `leadDays` before its due date (on the day dueDate − leadDays, or any day after). The scheduler
 * creates at most one job per call, and the rules below keep it from filling the list with
 * overdue back jobs when a schedule starts in the past or the scheduler has not run for a while:
 * - FIXED, no job yet: the first series date on or after today (the anchor date when it is still
 *   ahead). A schedule set up today but anchored a year ago has missed nothing it could have done.
 * - FIXED, after a job: the next series date; but when that is already due (today or earlier),
 *   the latest series date on or before today instead — one overdue job stands for every missed
 *   visit, and the occurrences between are skipped, not created one after another.
 * - COMPLETION, no job yet: the anchor date, even in the past: it is a single job whatever its
 *   date, and a machine never serviced under the schedule is genuinely due.
 * - COMPLETION, after a job: an interval after its completion; null while it is still open (the
 *   open job is the one due, and it exists already).
 */
export function dueToCreate(
  schedule: PreventiveSchedule,
  last: ScheduledJob | null,
  today: string,
  leadDays: number,
): string | null {
  parseIsoDate(today);
  assertCount(leadDays, 'leadDays');
  const due = nextJobDueDate(schedule, last, today);
  return due !== null && daysBetween(today, due) <= leadDays ? due : null;
}

function nextJobDueDate(
  schedule: PreventiveSchedule,
  last: ScheduledJob | null,
  today: string,
): string | null {
  const next = nextDueDate(schedule, last);
  const { anchor, anchorDate, interval } = schedule;
  if (anchor === 'COMPLETION') return last !== null && last.completedOn === null ? null : next;
  if (last === null) {
    return addInterval(anchorDate, interval, seriesIndexFrom(anchorDate, interval, today, false));
  }
  if (next > today) return next;
  const afterToday = seriesIndexFrom(anchorDate, interval, today, true);
  return addInterval(anchorDate, interval, afterToday - 1);
}

/**
 * The due dates of a contract's preventive visits. The period is cut into equal slots from the
 * start, visitsPerYear to a year, and visit k is due on the last day of slot k: a new machine
 * needs no visit on day one, and a period of whole years gets exactly visitsPerYear × years
 * visits, the last one due on the contract's last day (a two-year contract at 4 a year: 8). A
 * partial slot at the end gets no visit.
 * Slots are 12/visitsPerYear calendar months when that is whole (1, 2, 3, 4, 6, 12 a year), so
 * quarterly visits from 1 April fall due on 30 June, 30 September, …; otherwise each contract year (from the
 * start's anniversary) is split into visitsPerYear slots of whole days differing by at most one.
 * A fixed step of round(365/n) days would not do: at 8 a year 46-day slots fit only 7 times in a
 * year and drift further every year after.
 * visitsPerYear is a whole number 0..365 (0: a contract without preventive visits).
 */
export function visitDates(start: string, end: string, visitsPerYear: number): string[] {
  assertPeriod(start, end);
  assertCount(visitsPerYear, 'visitsPerYear', 365);
  const visits: string[] = [];
  if (visitsPerYear === 0) return visits;
  if (12 % visitsPerYear === 0) {
    const slot: Interval = { every: 12 / visitsPerYear, unit: 'MONTH' };
    for (let k = 1; ; k += 1) {
      const visit = addDays(addInterval(start, slot, k), -1);
      if (visit > end) return visits;
      visits.push(visit);
    }
  }
  for (let year = 0; ; year += 1) {
    const yearStart = addMonths(start, 12 * year);
    const yearDays = daysBetween(yearStart, addMonths(start, 12 * (year + 1)));
    for (let k = 1; k <= visitsPerYear; k += 1) {
      const visit = addDays(yearStart, Math.floor((k * yearDays) / visitsPerYear) - 1);
      if (visit > end) return visits;
      visits.push(visit);
    }
  }
}

function assertPeriod(start: string, end: string): void {
  if (daysBetween(start, end) < 0) {
    throw new RangeError(`a period cannot end (${end}) before it starts (${start})`);
  }
}

/** The last day to give notice (of renewal or of ending) before a contract ends. */
export function noticeDate(end: string, noticeDays: number): string {
  assertCount(noticeDays, 'noticeDays');
  return addDays(end, -noticeDays);
}

/**
 * The day of the month a whole-month period keeps from its start to the day after its end, or
 * null when the period is not whole months. A month's last day may stand for a later day (28
 * February for the 30th or 31st): from 31 January to 27 February is one month kept on the 31st,
 * and it renews to 30 March, not 27 March. Between two month ends the period is taken as kept on
 * the month end, so a contract from the 31st renewed again and again stays on month ends; one
 * kept on the 30th that happens to run from 30 September to 29 November cannot be told apart
 * from it, and renews to 30 January.
 */
function monthDayKept(from: CalendarDate, to: CalendarDate): number | null {
  const fromIsMonthEnd = from.day === daysInMonth(from.year, from.month);
  const toIsMonthEnd = to.day === daysInMonth(to.year, to.month);
  if (fromIsMonthEnd && toIsMonthEnd) return 31;
  if (fromIsMonthEnd) return to.day >= from.day ? to.day : null;
  if (toIsMonthEnd) return from.day >= to.day ? from.day : null;
  return from.day === to.day ? from.day : null;
}

/**
 * The period a contract renews to: from the day after it ends, as long as it was. A period of
 * whole months renews to the same number of months (a financial year to the next financial year,
 * 1 March 2024 – 28 February 2025 to 1 March 2025 – 28 February 2026), keeping its day of the
 * month through short months; any other period renews to the same number of days. Compute the
 * renewed contract's notice date from this end, not the original one (GLPI bug #23084).
 */
export function renewalPeriod(start: string, end: string): { start: string; end: string } {
  assertPeriod(start, end);
  const nextStart = addDays(end, 1);
  const from = parseIsoDate(start);
  const to = parseIsoDate(nextStart);
  const day = monthDayKept(from, to);
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  if (day === null || months < 1) {
    return { start: nextStart, end: addDays(end, daysBetween(start, end) + 1) };
  }
  const firstOfMonth = addMonths(`${nextStart.slice(0, 8)}01`, months);
  const { year, month } = parseIsoDate(firstOfMonth);
  const dayAfterNextEnd = addDays(firstOfMonth, Math.min(day, daysInMonth(year, month)) - 1);
  return { start: nextStart, end: addDays(dayAfterNextEnd, -1) };
}

export type ContractAlert = 'ENDED' | 'ENDS_IN_7' | 'ENDS_IN_30' | 'ENDS_IN_60' | 'ENDS_IN_90';

/**
 * The tightest band the days left fall into, or null beyond 90 days. `end` is the last covered
 * day, so a contract ending today has 0 days left and is ENDS_IN_7, not yet ENDED.
 */
export function contractAlert(end: string, today: string): ContractAlert | null {
  const left = daysBetween(today, end);
  if (left < 0) return 'ENDED';
  if (left <= 7) return 'ENDS_IN_7';
  if (left <= 30) return 'ENDS_IN_30';
  if (left <= 60) return 'ENDS_IN_60';
  if (left <= 90) return 'ENDS_IN_90';
  return null;
}

export type WarrantyAlert = 'ENDED' | 'ENDS_IN_30' | 'ENDS_IN_90';

/** As contractAlert, in coarser bands; null also when the warranty's end is not known. */
export function warrantyAlert(end: string | null, today: string): WarrantyAlert | null {
  parseIsoDate(today);
  if (end === null) return null;
  const left = daysBetween(today, end);
  if (left < 0) return 'ENDED';
  if (left <= 30) return 'ENDS_IN_30';
  if (left <= 90) return 'ENDS_IN_90';
  return null;
}

export const JOB_PRIORITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];

/**
 * A hospital's default targets, in minutes from the job's opening: P1 life-critical equipment
 * (ventilator, defibrillator), P2 a department is impaired, P3 a workaround exists, P4 routine.
 * They are defaults a company may later tune per priority, so callers read them from here rather
 * than repeat the numbers.
 */
export const PRIORITY_TARGETS: Readonly<
  Record<JobPriority, { readonly responseMinutes: number; readonly resolutionMinutes: number }>
> = {
  P1: { responseMinutes: 30, resolutionMinutes: 8 * 60 },
  P2: { responseMinutes: 2 * 60, resolutionMinutes: 24 * 60 },
  P3: { responseMinutes: 8 * 60, resolutionMinutes: 72 * 60 },
  P4: { responseMinutes: 24 * 60, resolutionMinutes: 7 * 24 * 60 },
};

const MINUTE_MS = 60_000;

function assertMoment(value: Date, name: string): number {
  const time = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`${name} is not a valid Date`);
  return time;
}

export interface ServiceLevel {
  responseDueAt: Date;
  resolutionDueAt: Date;
  responseBreached: boolean;
  resolutionBreached: boolean;
  downtimeMinutes: number;
}

/**
 * Where a job order stands against its priority's targets. Time is wall-clock, 24×7: a hospital
 * runs all night and on holidays, so no business-hours calendar applies. A target met to the
 * millisecond is met. A job resolved with no response recorded counts as answered when resolved.
 * Downtime is whole minutes from opening to resolution (to `now` while open); a `now` slightly
 * before the opening (clocks of two servers) counts as no time rather than an error, but recorded
 * response or resolution times before the opening are a RangeError.
 */
export function serviceLevel(
  priority: JobPriority,
  openedAt: Date,
  respondedAt: Date | null,
  resolvedAt: Date | null,
  now: Date,
): ServiceLevel {
  const targets = PRIORITY_TARGETS[priority];
  if (!targets) throw new RangeError(`'${String(priority)}' is not a job priority`);
  const opened = assertMoment(openedAt, 'openedAt');
  const current = assertMoment(now, 'now');
  const resolved = resolvedAt === null ? null : assertMoment(resolvedAt, 'resolvedAt');
  const responded = respondedAt === null ? resolved : assertMoment(respondedAt, 'respondedAt');
  if ((responded !== null && responded < opened) || (resolved !== null && resolved < opened)) {
    throw new RangeError('a job cannot be answered or resolved before it was opened');
  }
  const responseDue = opened + targets.responseMinutes * MINUTE_MS;
  const resolutionDue = opened + targets.resolutionMinutes * MINUTE_MS;
  return {
    responseDueAt: new Date(responseDue),
    resolutionDueAt: new Date(resolutionDue),
    responseBreached: (responded ?? current) > responseDue,
    resolutionBreached: (resolved ?? current) > resolutionDue,
    downtimeMinutes: Math.max(0, Math.floor(((resolved ?? current) - opened) / MINUTE_MS)),
  };
}

export interface Reliability {
  failures: number;
  /** Mean time to repair, whole minutes; null without failures. */
  mttrMinutes: number | null;
  /** Mean time between failures, days to one decimal; null with fewer than two failures. */
  mtbfDays: number | null;
}

/**
 * MTTR and MTBF of one asset from its closed breakdown jobs, in any order. MTBF is the mean
 * uptime between failures, from one repair's resolution to the next breakdown's opening (the
 * standard definition: time spent under repair is not time between failures). A breakdown opened
 * before the previous one was resolved adds no uptime rather than a negative one.
 */
export function reliability(jobs: readonly { openedAt: Date; resolvedAt: Date }[]): Reliability {
  const spans = jobs
    .map(({ openedAt, resolvedAt }) => {
      const opened = assertMoment(openedAt, 'openedAt');
      const resolved = assertMoment(resolvedAt, 'resolvedAt');
      if (resolved < opened) throw new RangeError('a job cannot be resolved before it was opened');
      return { opened, resolved };
    })
    .sort((a, b) => a.opened - b.opened);
  const failures = spans.length;
  if (failures === 0) return { failures, mttrMinutes: null, mtbfDays: null };
  const repairMs = spans.reduce((sum, { opened, resolved }) => sum + (resolved - opened), 0);
  const mttrMinutes = Math.round(repairMs / failures / MINUTE_MS);
  if (failures < 2) return { failures, mttrMinutes, mtbfDays: null };
  let uptimeMs = 0;
  for (let k = 1; k < failures; k += 1) {
    const previous = spans[k - 1];
    const current = spans[k];
    if (previous && current) uptimeMs += Math.max(0, current.opened - previous.resolved);
  }
  const mtbfDays = Math.round((uptimeMs / (failures - 1) / (1440 * MINUTE_MS)) * 10) / 10;
  return { failures, mttrMinutes, mtbfDays };
}
