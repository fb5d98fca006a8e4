/*
 * Calendar dates travel as 'YYYY-MM-DD' text. Dates are calendar days, not instants, so a Date is
 * read in the local time zone and a string is taken as written, never shifted between zones.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The parts of a strict 'YYYY-MM-DD' date; anything else, or a day its month lacks, throws. */
export function parseIsoDate(text: string): CalendarDate {
  const match = ISO_DATE.exec(text);
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    year < 1 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month)
  ) {
    throw new RangeError(`'${text}' is not a date in the form YYYY-MM-DD`);
  }
  return { year, month, day };
}

const DAY_MS = 86_400_000;

// Days since 1970-01-01 by the proleptic Gregorian calendar. setUTCFullYear rather than Date.UTC,
// which would read years 0..99 as 1900..1999.
function dayNumber({ year, month, day }: CalendarDate): number {
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  return moment.getTime() / DAY_MS;
}

function formatParts(year: number, month: number, day: number): string {
  if (year < 1 || year > 9999) throw new RangeError(`year ${year} is outside 1..9999`);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function assertWholeNumber(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number`);
}

/** The 'YYYY-MM-DD' date `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  assertWholeNumber(days, 'days');
  const moment = new Date((dayNumber(parseIsoDate(date)) + days) * DAY_MS);
  if (Number.isNaN(moment.getTime())) throw new RangeError(`${days} days is out of range`);
  return formatParts(moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate());
}

/** Calendar days from `from` to `to`: negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(parseIsoDate(to)) - dayNumber(parseIsoDate(from));
}

/**
 * The date `months` calendar months after `date`, kept on the last day of the month when the
 * target month is shorter (31 January + 1 month = 28 or 29 February), never spilling into the next.
 */
export function addMonths(date: string, months: number): string {
  assertWholeNumber(months, 'months');
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatParts(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

function assertValidDate(value: Date): void {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RangeError('invalid Date');
  }
}

/**
 * The calendar date as 'YYYY-MM-DD'. A string keeps its first 10 characters, so a timestamp
 * '2026-04-01T00:15:00+05:30' gives '2026-04-01' as written. A Date gives its local calendar
 * date: toISOString() would give the UTC date, which for an Indian user (UTC+5:30) between
 * midnight and 05:30 is still yesterday.
 */
export function isoDate(value: Date | string): string {
  if (typeof value === 'string') {
    const head = value.slice(0, 10);
    parseIsoDate(head);
    return head;
  }
  assertValidDate(value);
  const year = value.getFullYear();
  if (year < 1 || year > 9999) throw new RangeError(`year ${year} is outside 1..9999`);
  return `${pad(year, 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * The calendar date in India (UTC+5:30, no daylight saving) at a moment, whatever the server's
 * own time zone: what "today" means to the staff, e.g. for a date that may not be in the future.
 */
export function indianDate(moment: Date): string {
  assertValidDate(moment);
  return new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Local 24-hour time as 'HH:MM'. */
export function hhmm(value: Date): string {
  assertValidDate(value);
  return `${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** 'YYYY-MM-DD' (or a timestamp starting with one) as 'DD-MM-YYYY', the Indian list format. */
export function displayDate(iso: string): string {
  // isoDate has checked it is a real YYYY-MM-DD date: only the order of its parts changes.
  const date = isoDate(iso);
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

function financialYearOf(startYear: number): string {
  // Both ends of the year must be writable as YYYY-MM-DD.
  if (startYear < 1 || startYear > 9998) {
    throw new RangeError(`a financial year starting in ${startYear} is out of range`);
  }
  return `${pad(startYear, 4)}-${pad((startYear + 1) % 100)}`;
}

/** The Indian financial year (1 April – 31 March) holding the date, as '2026-27'. */
export function financialYear(date: Date | string): string {
  const { year, month } = parseIsoDate(isoDate(date));
  return financialYearOf(month >= 4 ? year : year - 1);
}

/** First and last day of a financial year written as '2026-27'. */
export function financialYearRange(fy: string): { start: string; end: string } {
  const match = FINANCIAL_YEAR.exec(fy);
  const startYear = Number(match?.[1]);
  if (!match || financialYearOf(startYear) !== fy) {
    throw new RangeError(`'${fy}' is not a financial year like 2026-27`);
  }
  return { start: `${match[1]}-04-01`, end: `${pad(startYear + 1, 4)}-03-31` };
}
