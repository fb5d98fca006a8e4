import {
  addDays,
  addMonths,
  type CalendarDate,
  daysBetween,
  daysInMonth,
  financialYear,
  financialYearRange,
  parseIsoDate,
} from './dates.ts';
import { divideHalfAwayFromZero, scaledInteger, toSafeInteger } from './decimal.ts';
import { assertPaise, type Paise, percentOf } from './money.ts';
import { roundTo } from './rounding.ts';

/*
 * Depreciation in two books side by side (issue 19): the Companies Act 2013, Schedule II, asset by
 * asset, for the financial statements; and the Income Tax Act 1961, section 32, block by block of
 * assets, for the tax return. Amounts are whole paise; dates are 'YYYY-MM-DD'; years are Indian
 * financial years ('2026-27', 1 April – 31 March).
 *
 * Conventions, the same throughout:
 * - Days are calendar days and both ends count: an asset put to use on 1 October 2026 is used for
 *   182 days of 2026-27 (1 October .. 31 March). A disposal stops depreciation on its date: the
 *   day of disposal itself is not charged, so a sale on 1 April charges the whole year before and
 *   nothing after.
 * - Pro rata by days is days used ÷ days in that financial year (365, or 366 when it holds a
 *   29 February), so a full year always takes exactly one year's charge, leap or not.
 * - Every amount is rounded to a whole paisa, half away from zero, as percentOf does. Straight
 *   line and the income-tax rates are computed exactly (as integers); the written-down-value rate
 *   of Schedule II is irrational in general, so it is kept as a float and only the amount it gives
 *   is rounded (a float carries about 16 significant digits: far finer than a paisa below 10^13
 *   paise, i.e. ₹1,000 crore).
 */

// ---------------------------------------------------------------------------------------------
// Checks shared by both books: each names the field, so a bad register row is easy to find.

function assertAmount(value: unknown, what: string): asserts value is Paise {
  assertPaise(value, what);
  if (value < 0) throw new RangeError(`${what} cannot be negative, not ${value} paise`);
}

function assertDate(value: unknown, what: string): asserts value is string {
  // What ordinaryDate reads, parseIsoDate accepts: no need to read it again (a block's every date).
  if (ordinaryDate(value) !== null) return;
  try {
    if (typeof value === 'string') {
      parseIsoDate(value);
      return;
    }
  } catch {
    // Reported below with the field's name.
  }
  throw new RangeError(`${what} must be a date in the form YYYY-MM-DD, not '${String(value)}'`);
}

/** A percentage from 0 to 100 with at most 4 decimals (what the exact arithmetic can take). */
function assertPercent(value: unknown, what: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100)
    throw new RangeError(`${what} must be a percentage from 0 to 100, not ${String(value)}`);
  try {
    scaledInteger(value, 4);
  } catch {
    throw new RangeError(`${what} may have at most 4 decimals, not ${value}`);
  }
}

function yearRange(fy: unknown, what: string): { start: string; end: string } {
  try {
    if (typeof fy === 'string') return financialYearRange(fy);
  } catch {
    // Reported below with the field's name.
  }
  throw new RangeError(`${what} must be a financial year like 2026-27, not '${String(fy)}'`);
}

function nextFinancialYear(fy: string): string {
  return financialYear(addDays(financialYearRange(fy).end, 1));
}

/** Days in the financial year: 366 when its February has 29 days. */
function daysInYear(fy: string): number {
  const { start, end } = financialYearRange(fy);
  return daysBetween(start, end) + 1;
}

// ISO dates compare correctly as text (4-digit years), so no parsing is needed to order them.
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

// ---------------------------------------------------------------------------------------------
// Companies Act 2013, Schedule II: per asset, SLM or WDV over the useful life.

/**
 * Useful lives in years by category, as Schedule II Part C gives them. They are defaults: the
 * caller picks the category and passes the years, and a company may use another life it can
 * justify (Part A), which is why the functions take years, not a category.
 */
export const SCHEDULE_II_USEFUL_LIFE_YEARS = {
  /** Plant and machinery, special: medical and surgical equipment of hospitals, nursing homes. */
  medicalEquipment: 13,
  /** Computers and data processing units: end-user devices (desktops, laptops). */
  computers: 3,
  /** Computers and data processing units: servers and networks. */
  serversAndNetworks: 6,
  /** Furniture and fittings, general. */
  furnitureAndFittings: 10,
  /** Plant and machinery not covered by a special category. */
  plantAndMachinery: 15,
  /** Electrical installations and equipment. */
  electricalInstallations: 10,
  /** Motor cars, motor cycles, scooters and other mopeds not run on hire. */
  motorVehicles: 8,
} as const;

export type ScheduleIICategory = keyof typeof SCHEDULE_II_USEFUL_LIFE_YEARS;

/** Schedule II's usual residual value: 5 % of the original cost. */
export const DEFAULT_RESIDUAL_PERCENT = 5;

export type DepreciationMethod = 'SLM' | 'WDV';

export interface ScheduleIIAsset {
  /** Original cost, in paise. */
  cost: Paise;
  /** Residual value as a % of cost, 0..100; 5 when absent. */
  residualPercent?: number;
  /** Whole years, at least 1. */
  usefulLifeYears: number;
  method: DepreciationMethod;
  /** The put-to-use (installation) date: depreciation counts from it, that day included. */
  putToUse: string;
  /** The disposal date, when sold or discarded: that day and after are not charged. */
  disposedOn?: string | null;
}

/** One financial year of one asset. */
export interface ScheduleIIYear {
  fy: string;
  /** Net book value at the start of the year (the cost in the put-to-use year). */
  opening: Paise;
  depreciation: Paise;
  /** Net book value at the end of the year, or on the disposal date in the year of disposal. */
  closing: Paise;
  /** Depreciation charged since the put-to-use date, to the end of this year. */
  accumulated: Paise;
  /** Days charged in the year. */
  daysUsed: number;
  /** Whether the asset was disposed of in this year (its closing value left the register). */
  disposed: boolean;
}

/**
 * The Schedule II WDV rate as a fraction: the r with cost × (1 − r)^life = residual, that is
 * r = 1 − (residual / cost)^(1 / life). It is taken from the residual percentage rather than
 * from the residual in paise, so all assets of one life and residual share one rate (13 years at
 * 5 %: 0.205817…, the 20.58 % of published tables); the last year absorbs the paisa of difference.
 */
export function wdvRate(
  usefulLifeYears: number,
  residualPercent = DEFAULT_RESIDUAL_PERCENT,
): number {
  assertLife(usefulLifeYears);
  assertPercent(residualPercent, 'residualPercent');
  // With no residual the rate would be 100 %: the whole cost in the first year, not a WDV method.
  if (residualPercent === 0)
    throw new RangeError(
      'the WDV method needs a residual value above 0 % (the rate would be 100 %)',
    );
  return 1 - (residualPercent / 100) ** (1 / usefulLifeYears);
}

function assertLife(years: unknown): asserts years is number {
  if (typeof years !== 'number' || !Number.isInteger(years) || years < 1 || years > 100)
    throw new RangeError(
      `usefulLifeYears must be a whole number of years from 1 to 100, not ${String(years)}`,
    );
}

/** The register's figures for one asset at the end of a day. */
export interface RegisterPosition {
  cost: Paise;
  accumulated: Paise;
  netBookValue: Paise;
  /** Disposed of on or before the date: the figures are those on the disposal date. */
  disposed: boolean;
}

/*
 * The definition, year by year with the dates as text: the readable statement of the arithmetic,
 * which the day-number path below (what the reports run) must equal paisa for paisa
 * (depreciation-equality.test.ts). It still runs for dates outside the ordinary years, so that
 * its errors about years beyond 1..9999 stay exactly what they were.
 */

/** An asset checked once, with what every year needs worked out. */
interface Prepared {
  cost: Paise;
  residual: Paise;
  life: number;
  method: DepreciationMethod;
  /** WDV rate as a fraction (0 for SLM, which does not use it). */
  rate: number;
  putToUse: string;
  /** The last day of the useful life: the day before the put-to-use date's last anniversary. */
  lifeEnd: string;
  /** The last day charged: the day before disposal, or the last day of the life. */
  lastDay: string;
  disposedOn: string | null;
}

function prepare(asset: ScheduleIIAsset): Prepared {
  const { cost, usefulLifeYears: life, method, putToUse } = asset;
  const residualPercent = asset.residualPercent ?? DEFAULT_RESIDUAL_PERCENT;
  const disposedOn = asset.disposedOn ?? null;
  assertAmount(cost, 'cost');
  assertPercent(residualPercent, 'residualPercent');
  assertLife(life);
  if (method !== 'SLM' && method !== 'WDV')
    throw new RangeError(`method must be 'SLM' or 'WDV', not '${String(method)}'`);
  assertDate(putToUse, 'putToUse');
  if (disposedOn !== null) {
    assertDate(disposedOn, 'disposedOn');
    if (disposedOn < putToUse)
      throw new RangeError(`disposedOn ${disposedOn} is before putToUse ${putToUse}`);
  }
  // addMonths keeps 29 February on 28 February in a common year, so the life never spills over.
  const lifeEnd = addDays(addMonths(putToUse, 12 * life), -1);
  return {
    cost,
    residual: percentOf(cost, residualPercent),
    life,
    method,
    rate: method === 'WDV' ? wdvRate(life, residualPercent) : 0,
    putToUse,
    lifeEnd,
    lastDay: disposedOn === null ? lifeEnd : earlier(lifeEnd, addDays(disposedOn, -1)),
    disposedOn,
  };
}

/**
 * The charge for the part of financial year `fy` up to `through` (its last day for a whole
 * year), on a net book value of `opening`.
 */
function charge(
  asset: Prepared,
  fy: string,
  opening: Paise,
  through: string,
): { days: number; amount: Paise } {
  const { start, end } = financialYearRange(fy);
  const from = later(start, asset.putToUse);
  const to = earlier(earlier(end, through), asset.lastDay);
  if (to < from) return { days: 0, amount: 0 };
  const days = daysBetween(from, to) + 1;
  const left = opening - asset.residual;
  // The year the life ends takes exactly what is left down to the residual value, so the
  // roundings of earlier years (and WDV's pro rata first year) never leave a stray balance.
  if (to === asset.lifeEnd) return { days, amount: left };
  const yearDays = daysInYear(fy);
  const amount =
    asset.method === 'SLM'
      ? // (cost − residual) ÷ life a year, × days ÷ days in the year, exactly in integers.
        toSafeInteger(
          divideHalfAwayFromZero(
            BigInt(asset.cost - asset.residual) * BigInt(days),
            BigInt(asset.life * yearDays),
          ),
          'depreciation',
        )
      : // The rate on the opening value, × days ÷ days in the year, rounded once at the end.
        roundTo((opening * asset.rate * days) / yearDays, 0);
  // Never below the residual value (a safeguard: rounding could otherwise overshoot by a paisa).
  return { days, amount: Math.min(amount, left) };
}

/** companiesActSchedule by the definition: slow (every year from put-to-use, dates as text). */
export function companiesActScheduleByYear(
  asset: ScheduleIIAsset,
  fromFY: string,
  toFY: string,
): ScheduleIIYear[] {
  const prepared = prepare(asset);
  const first = yearRange(fromFY, 'fromFY');
  const last = yearRange(toFY, 'toFY');
  if (first.start > last.start) throw new RangeError(`fromFY ${fromFY} is after toFY ${toFY}`);
  const rows: ScheduleIIYear[] = [];
  let opening = prepared.cost;
  // Start from the put-to-use year even when fromFY is later: each year's opening needs them all.
  for (
    let fy = financialYear(prepared.putToUse);
    financialYearRange(fy).start <= last.start;
    fy = nextFinancialYear(fy)
  ) {
    const { start, end } = financialYearRange(fy);
    if (prepared.disposedOn !== null && prepared.disposedOn < start) break;
    const { days, amount } = charge(prepared, fy, opening, end);
    const closing = opening - amount;
    if (start >= first.start) {
      rows.push({
        fy,
        opening,
        depreciation: amount,
        closing,
        accumulated: prepared.cost - closing,
        daysUsed: days,
        disposed: prepared.disposedOn !== null && prepared.disposedOn <= end,
      });
    }
    opening = closing;
  }
  return rows;
}

/** accumulatedAsOf by the definition: slow (every year from put-to-use, dates as text). */
export function accumulatedAsOfByYear(asset: ScheduleIIAsset, date: string): RegisterPosition {
  const prepared = prepare(asset);
  assertDate(date, 'date');
  let netBookValue = prepared.cost;
  for (
    let fy = financialYear(prepared.putToUse);
    financialYearRange(fy).start <= date;
    fy = nextFinancialYear(fy)
  ) {
    netBookValue -= charge(prepared, fy, netBookValue, date).amount;
  }
  return {
    cost: prepared.cost,
    accumulated: prepared.cost - netBookValue,
    netBookValue,
    disposed: prepared.disposedOn !== null && prepared.disposedOn <= date,
  };
}

/*
 * The same arithmetic on day numbers: what the reports run, for up to 300,000 assets at a time.
 * The definition above reads and writes 'YYYY-MM-DD' text a dozen times for every year of every
 * asset and divides in BigInt, which made a company's register take tens of seconds. Here each
 * date is read once into a day number (days since 1970-01-01), a financial year is its start
 * year, the years after the last day charged are skipped (they charge nothing), and a division is
 * done in doubles where that is provably exact (every operand an integer below 2^52), else in
 * BigInt as before. The checks are the definition's, in the same order, with the same messages.
 */

/** Years the day-number path takes; a date outside them (no real register) goes to the definition. */
const FIRST_ORDINARY_YEAR = 1000;
const LAST_ORDINARY_YEAR = 8999;

/**
 * Below 2^52 the product of two integers is exact in a double, and so is q × d − n for the
 * quotient q of n ÷ d (off by at most 1 from the floor, as n ÷ d is rounded once): see divideRounded.
 */
const EXACT_LIMIT = 2 ** 52;

const DASH = 0x2d;

/** The number written by `count` decimal digits of `text` from `at`; NaN when one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let k = at; k < at + count; k += 1) {
    const digit = text.charCodeAt(k) - 48;
    if (!(digit >= 0 && digit <= 9)) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The parts of a date that parseIsoDate accepts (strict 'YYYY-MM-DD', a day its month has), with
 * a year in the ordinary years; otherwise null, and the caller leaves it to the definition.
 */
function ordinaryDate(text: unknown): CalendarDate | null {
  if (typeof text !== 'string' || text.length !== 10) return null;
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (!(year >= FIRST_ORDINARY_YEAR && year <= LAST_ORDINARY_YEAR)) return null;
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return null;
  return { year, month, day };
}

/**
 * Days since 1970-01-01 in the proleptic Gregorian calendar, as dates.ts counts them, for a year
 * of at least 1 (H. Hinnant's days_from_civil: March-based years, so 29 February is a year's last
 * day). Differences of these are daysBetween.
 */
function dayNumberOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The start year of a financial year written like '2026-27' in the ordinary years, else null. */
function ordinaryFinancialYear(fy: unknown): number | null {
  if (typeof fy !== 'string' || fy.length !== 7 || fy.charCodeAt(4) !== DASH) return null;
  const startYear = digitsAt(fy, 0, 4);
  if (!(startYear >= FIRST_ORDINARY_YEAR && startYear <= LAST_ORDINARY_YEAR)) return null;
  return digitsAt(fy, 5, 2) === (startYear + 1) % 100 ? startYear : null;
}

/** '2026-27' for 2026 (an ordinary year: always four digits). */
function financialYearText(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** 1 April of the financial year starting in `startYear`, as a day number. */
const yearStartDay = (startYear: number) => dayNumberOf(startYear, 4, 1);

/** Days in the financial year starting in `startYear`: 366 when the next February has 29. */
function yearLength(startYear: number): number {
  const year = startYear + 1;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/**
 * n ÷ d rounded half away from zero, as divideHalfAwayFromZero, for integers 0 ≤ n ≤ 2^52 and
 * 1 ≤ d ≤ 2^20. The double n ÷ d is within half a unit of the true quotient, so its floor q is
 * off by at most one; q × d ≤ n + d < 2^53 is exact, so the remainder is exact and corrects it.
 */
function divideRounded(n: number, d: number): number {
  let quotient = Math.floor(n / d);
  let remainder = n - quotient * d;
  if (remainder < 0) {
    quotient -= 1;
    remainder += d;
  } else if (remainder >= d) {
    quotient += 1;
    remainder -= d;
  }
  return 2 * remainder >= d ? quotient + 1 : quotient;
}

/** A residual percentage once checked, with what it gives, kept: a register has one or two. */
interface KnownPercent {
  /** The percentage × 10^4, exactly (percentOf's scale): at most 1,000,000. */
  tenThousandths: number;
  /** WDV rates by useful life, as wdvRate gives them (the same float: it is computed by it). */
  wdvRates: number[];
}

const knownPercents = new Map<number, KnownPercent>();
/** Enough for any register; past it a percentage is checked every time rather than kept. */
const KNOWN_PERCENTS_LIMIT = 64;

/** assertPercent, once per percentage (it reads the number's decimals through BigInt). */
function checkedPercent(value: unknown, what: string): KnownPercent {
  const known = typeof value === 'number' ? knownPercents.get(value) : undefined;
  if (known) return known;
  assertPercent(value, what);
  const checked = { tenThousandths: Number(scaledInteger(value, 4)), wdvRates: [] };
  if (knownPercents.size < KNOWN_PERCENTS_LIMIT) knownPercents.set(value, checked);
  return checked;
}

/** The asset as the definition's Prepared, its dates as day numbers. */
interface AssetInDays {
  cost: Paise;
  residual: Paise;
  life: number;
  method: DepreciationMethod;
  rate: number;
  putToUse: number;
  /** The start year of the financial year of the put-to-use date. */
  firstYear: number;
  lifeEnd: number;
  lastDay: number;
  /** The disposal day; Infinity when held, so "disposed of by day d" is disposedOn <= d. */
  disposedOn: number;
}

/** prepare(), in day numbers; null when a date is not ordinary (the definition then runs). */
function prepareInDays(asset: ScheduleIIAsset): AssetInDays | null {
  const { cost, usefulLifeYears: life, method, putToUse } = asset;
  const residualPercent = asset.residualPercent ?? DEFAULT_RESIDUAL_PERCENT;
  const disposedOn = asset.disposedOn ?? null;
  assertAmount(cost, 'cost');
  const percent = checkedPercent(residualPercent, 'residualPercent');
  assertLife(life);
  if (method !== 'SLM' && method !== 'WDV')
    throw new RangeError(`method must be 'SLM' or 'WDV', not '${String(method)}'`);
  const put = ordinaryDate(putToUse);
  if (put === null) return null;
  const putDay = dayNumberOf(put.year, put.month, put.day);
  let disposedDay = Number.POSITIVE_INFINITY;
  if (disposedOn !== null) {
    const disposed = ordinaryDate(disposedOn);
    if (disposed === null) return null;
    disposedDay = dayNumberOf(disposed.year, disposed.month, disposed.day);
    if (disposedDay < putDay)
      throw new RangeError(`disposedOn ${disposedOn} is before putToUse ${putToUse}`);
  }
  // addMonths(putToUse, 12 × life) − 1 day: 29 February's anniversary in a common year is 28 February.
  const endYear = put.year + life;
  const lifeEnd =
    dayNumberOf(endYear, put.month, Math.min(put.day, daysInMonth(endYear, put.month))) - 1;
  const product = cost * percent.tenThousandths;
  let rate = 0;
  if (method === 'WDV') {
    // wdvRate itself, once per life: the same float, and the same error for a 0 % residual.
    rate = percent.wdvRates[life] ?? wdvRate(life, residualPercent);
    percent.wdvRates[life] = rate;
  }
  return {
    cost,
    residual:
      product <= EXACT_LIMIT
        ? divideRounded(product, 100 * 10_000)
        : percentOf(cost, residualPercent),
    life,
    method,
    rate,
    putToUse: putDay,
    firstYear: put.month >= 4 ? put.year : put.year - 1,
    lifeEnd,
    lastDay: Math.min(lifeEnd, disposedDay - 1),
    disposedOn: disposedDay,
  };
}

/** Days charged in the financial year start..end up to `through`: the definition's charge().days. */
function daysCharged(asset: AssetInDays, start: number, end: number, through: number): number {
  const from = asset.putToUse > start ? asset.putToUse : start;
  const to = Math.min(end, through, asset.lastDay);
  return to < from ? 0 : to - from + 1;
}

/** The definition's charge().amount, in day numbers. */
function chargeInDays(
  asset: AssetInDays,
  start: number,
  end: number,
  opening: Paise,
  through: number,
): Paise {
  const days = daysCharged(asset, start, end, through);
  if (days === 0) return 0;
  const left = opening - asset.residual;
  if (Math.min(end, through, asset.lastDay) === asset.lifeEnd) return left;
  const yearDays = end - start + 1;
  let amount: Paise;
  if (asset.method === 'SLM') {
    const depreciable = (asset.cost - asset.residual) * days;
    amount =
      depreciable <= EXACT_LIMIT
        ? divideRounded(depreciable, asset.life * yearDays)
        : toSafeInteger(
            divideHalfAwayFromZero(
              BigInt(asset.cost - asset.residual) * BigInt(days),
              BigInt(asset.life * yearDays),
            ),
            'depreciation',
          );
  } else {
    // The same float expression as the definition's, in the same order. roundTo(x, 0) rounds the
    // shortest decimal that reads back as x half away from zero; for 0 < x < 2^52 every
    // half-integer is a double of its own, so that decimal and x lie on the same side of each,
    // and Math.round (ties upwards, the same for a positive x) gives the same integer.
    const exact = (opening * asset.rate * days) / yearDays;
    amount = exact > 0 && exact < EXACT_LIMIT ? Math.round(exact) : roundTo(exact, 0);
  }
  return Math.min(amount, left);
}

/**
 * Schedule II depreciation of one asset, year by year, for the financial years fromFY..toFY.
 * There is a row for each year in which the asset was held: none before the put-to-use year or
 * after the year of disposal; after its life, rows at the residual value with nothing charged.
 * Equal to companiesActScheduleByYear, row for row.
 */
export function companiesActSchedule(
  asset: ScheduleIIAsset,
  fromFY: string,
  toFY: string,
): ScheduleIIYear[] {
  const prepared = prepareInDays(asset);
  const firstYear = ordinaryFinancialYear(fromFY);
  const lastYear = ordinaryFinancialYear(toFY);
  if (prepared === null || firstYear === null || lastYear === null)
    return companiesActScheduleByYear(asset, fromFY, toFY);
  if (firstYear > lastYear) throw new RangeError(`fromFY ${fromFY} is after toFY ${toFY}`);
  const rows: ScheduleIIYear[] = [];
  let opening = prepared.cost;
  let year = prepared.firstYear;
  let start = yearStartDay(year);
  // From the put-to-use year even when fromFY is later: each year's opening needs them all.
  while (year <= lastYear) {
    if (year < firstYear && start > prepared.lastDay) {
      // Nothing is charged after the last day charged: straight on to fromFY, opening unchanged
      // (a disposal before it still ends the rows there, as start only grows).
      year = firstYear;
      start = yearStartDay(year);
      continue;
    }
    if (prepared.disposedOn < start) break;
    const end = start + yearLength(year) - 1;
    const amount = chargeInDays(prepared, start, end, opening, end);
    const closing = opening - amount;
    if (year >= firstYear) {
      rows.push({
        fy: financialYearText(year),
        opening,
        depreciation: amount,
        closing,
        accumulated: prepared.cost - closing,
        daysUsed: daysCharged(prepared, start, end, end),
        disposed: prepared.disposedOn <= end,
      });
    }
    opening = closing;
    year += 1;
    start = end + 1;
  }
  return rows;
}

/**
 * Cost, accumulated depreciation and net book value at the end of `date` (that day charged).
 * Whole years before it as companiesActSchedule gives them, then its own year pro rata to the
 * date, so on 31 March it equals that year's closing. Before the put-to-use date nothing has
 * been charged. Equal to accumulatedAsOfByYear.
 */
export function accumulatedAsOf(asset: ScheduleIIAsset, date: string): RegisterPosition {
  const prepared = prepareInDays(asset);
  const asOf = prepared === null ? null : ordinaryDate(date);
  if (prepared === null || asOf === null) return accumulatedAsOfByYear(asset, date);
  const day = dayNumberOf(asOf.year, asOf.month, asOf.day);
  let netBookValue = prepared.cost;
  // Years starting after the date, or after the last day charged, charge nothing.
  const through = Math.min(day, prepared.lastDay);
  let year = prepared.firstYear;
  for (let start = yearStartDay(year); start <= through; year += 1) {
    const end = start + yearLength(year) - 1;
    netBookValue -= chargeInDays(prepared, start, end, netBookValue, day);
    start = end + 1;
  }
  return {
    cost: prepared.cost,
    accumulated: prepared.cost - netBookValue,
    netBookValue,
    disposed: prepared.disposedOn <= day,
  };
}

// ---------------------------------------------------------------------------------------------
// Income Tax Act 1961, section 32: per block of assets, written down value.

/**
 * Rates (% a year, WDV) by block, from the New Appendix I to the Income-tax Rules. Medical
 * equipment usually falls in plant and machinery, general (15 %); the life-saving medical
 * equipment that Appendix I lists by name (under machinery and plant) is a 40 % block of its
 * own. Additional depreciation (section 32(1)(iia)) is for manufacturing and power and is not
 * modelled.
 */
export const INCOME_TAX_BLOCK_RATES = {
  plantAndMachinery: 15,
  computersAndSoftware: 40,
  furnitureAndFittings: 10,
  buildings: 10,
  motorCars: 15,
  lifeSavingMedicalEquipment: 40,
} as const;

export type IncomeTaxBlockName = keyof typeof INCOME_TAX_BLOCK_RATES;

/**
 * Section 32(1), second proviso: an asset acquired in the year and put to use for less than 180
 * days in it depreciates at half the rate that year.
 */
export const HALF_RATE_DAYS = 180;

/**
 * Days an asset put to use on `putToUse` is used in financial year `fy`: from that date to
 * 31 March, both included. 4 October 2026 gives 179 days of 2026-27 (half rate); 3 October gives
 * 180 (full rate). In a year with 29 February the boundary moves a day: 4 October 2027 gives 180.
 */
export function daysPutToUseInYear(putToUse: string, fy: string): number {
  // In day numbers when both are ordinary and the date is in the year (a block's every addition,
  // so once for each asset of a register); anything else is left to the checks below, as before.
  const put = ordinaryDate(putToUse);
  const startYear = ordinaryFinancialYear(fy);
  if (put !== null && startYear !== null) {
    const day = dayNumberOf(put.year, put.month, put.day);
    const start = yearStartDay(startYear);
    const end = start + yearLength(startYear) - 1;
    if (day >= start && day <= end) return end - day + 1;
  }
  assertDate(putToUse, 'putToUse');
  const { start, end } = yearRange(fy, 'fy');
  if (putToUse < start || putToUse > end)
    throw new RangeError(`putToUse ${putToUse} is not in the financial year ${fy}`);
  return daysBetween(putToUse, end) + 1;
}

export interface BlockAddition {
  /** Actual cost, in paise. */
  cost: Paise;
  /** Put to use in the year the addition is counted in. */
  putToUse: string;
}

export interface IncomeTaxBlockYearInput {
  /** The block's rate in %, 0..100. */
  rate: number;
  /** Written down value of the block at the start of the year. */
  opening: Paise;
  /** Assets acquired and put to use in the year. */
  additions: readonly BlockAddition[];
  /** Moneys payable for assets of the block sold, discarded, demolished or destroyed that year. */
  saleProceeds: Paise;
  fy: string;
}

export interface IncomeTaxBlockYear {
  fy: string;
  rate: number;
  opening: Paise;
  /** Additions used 180 days or more in the year: the full rate. */
  additionsFull: Paise;
  /** Additions used less than 180 days in the year: half the rate. */
  additionsHalf: Paise;
  proceeds: Paise;
  /** opening + additions − proceeds, never below 0: the WDV depreciation is charged on. */
  base: Paise;
  /** The part of the base at the full rate. */
  fullRateBase: Paise;
  /** The part of the base at half the rate. */
  halfRateBase: Paise;
  depreciation: Paise;
  /** base − depreciation: the next year's opening. */
  closing: Paise;
  /** Proceeds beyond opening + additions: a short-term capital gain (section 50(1)). */
  capitalGain: Paise;
}

/** amount × rate % ÷ divisor, exactly, rounded half away from zero to a paisa. */
function atRate(amount: Paise, ratePercent: number, divisor: 1n | 2n): Paise {
  const product = BigInt(amount) * scaledInteger(ratePercent, 4);
  return toSafeInteger(divideHalfAwayFromZero(product, 100n * 10_000n * divisor), 'depreciation');
}

function sum(amounts: readonly Paise[], what: string): Paise {
  return toSafeInteger(
    amounts.reduce((total, amount) => total + BigInt(amount), 0n),
    what,
  );
}

/**
 * One year of one block (section 43(6) for the WDV, section 32 for the rate, section 50 for a
 * block that goes below zero).
 *
 * Sale proceeds come off the opening WDV and the full-rate additions first, and only what is
 * beyond them off the half-rate additions: the cautious reading, which keeps the half-rate
 * additions whole as long as it can, so no more is charged at the full rate than the Act allows.
 * Proceeds beyond the whole block leave it at 0 and are returned as the capital gain. A block at
 * 0 has nothing to depreciate. The full-rate and half-rate amounts are each rounded to a paisa.
 */
export function incomeTaxBlockYear(input: IncomeTaxBlockYearInput): IncomeTaxBlockYear {
  const { rate, opening, additions, saleProceeds: proceeds, fy } = input;
  assertPercent(rate, 'rate');
  assertAmount(opening, 'opening');
  assertAmount(proceeds, 'saleProceeds');
  yearRange(fy, 'fy');
  const full: Paise[] = [];
  const half: Paise[] = [];
  additions.forEach((addition, index) => {
    assertAmount(addition.cost, `additions[${index}].cost`);
    const days = daysPutToUseInYear(addition.putToUse, fy);
    (days < HALF_RATE_DAYS ? half : full).push(addition.cost);
  });
  const additionsFull = sum(full, 'additions at the full rate');
  const additionsHalf = sum(half, 'additions at half the rate');
  const fullPool = sum([opening, additionsFull], 'opening + additions');
  const offFull = Math.min(proceeds, fullPool);
  const offHalf = Math.min(proceeds - offFull, additionsHalf);
  const fullRateBase = fullPool - offFull;
  const halfRateBase = additionsHalf - offHalf;
  const base = fullRateBase + halfRateBase;
  const depreciation = atRate(fullRateBase, rate, 1n) + atRate(halfRateBase, rate, 2n);
  return {
    fy,
    rate,
    opening,
    additionsFull,
    additionsHalf,
    proceeds,
    base,
    fullRateBase,
    halfRateBase,
    depreciation,
    closing: base - depreciation,
    capitalGain: proceeds - offFull - offHalf,
  };
}

export interface BlockSale {
  /** Moneys payable for the asset sold or discarded (scrap value included). */
  proceeds: Paise;
  soldOn: string;
}

export interface IncomeTaxBlock {
  /** The block's rate in %, 0..100. */
  rate: number;
  /** Written down value of the block at the start of fromFY. */
  opening: Paise;
  /** Every addition put to use in fromFY..toFY; each year takes those put to use in it. */
  additions: readonly BlockAddition[];
  /** Every sale or discard in fromFY..toFY; each year takes those made in it. */
  sales: readonly BlockSale[];
}

/**
 * The block year by year, fromFY..toFY, each year's closing the next year's opening. Additions
 * and sales must fall within those years: one outside them would be silently lost (earlier ones
 * belong in the opening WDV), so it is an error instead.
 */
export function incomeTaxBlockSchedule(
  block: IncomeTaxBlock,
  fromFY: string,
  toFY: string,
): IncomeTaxBlockYear[] {
  const first = yearRange(fromFY, 'fromFY');
  const last = yearRange(toFY, 'toFY');
  if (first.start > last.start) throw new RangeError(`fromFY ${fromFY} is after toFY ${toFY}`);
  block.additions.forEach((addition, index) => {
    assertDate(addition.putToUse, `additions[${index}].putToUse`);
    if (addition.putToUse < first.start || addition.putToUse > last.end)
      throw new RangeError(
        `additions[${index}].putToUse ${addition.putToUse} is outside ${fromFY}..${toFY}`,
      );
  });
  block.sales.forEach((sale, index) => {
    assertDate(sale.soldOn, `sales[${index}].soldOn`);
    assertAmount(sale.proceeds, `sales[${index}].proceeds`);
    if (sale.soldOn < first.start || sale.soldOn > last.end)
      throw new RangeError(`sales[${index}].soldOn ${sale.soldOn} is outside ${fromFY}..${toFY}`);
  });
  // Each addition and sale filed under its year once, in their order (a register's block holds
  // every asset put to use since the first: filtering them all again for every year was most of
  // the work). The dates are checked above, so a date's year is in its text.
  const yearOf = (date: string) => {
    const year = Number(date.slice(0, 4));
    return Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  };
  const additionsIn = new Map<number, BlockAddition[]>();
  for (const addition of block.additions) {
    const year = yearOf(addition.putToUse);
    const filed = additionsIn.get(year);
    if (filed) filed.push(addition);
    else additionsIn.set(year, [addition]);
  }
  const proceedsIn = new Map<number, Paise[]>();
  for (const sale of block.sales) {
    const year = yearOf(sale.soldOn);
    const filed = proceedsIn.get(year);
    if (filed) filed.push(sale.proceeds);
    else proceedsIn.set(year, [sale.proceeds]);
  }
  const years: IncomeTaxBlockYear[] = [];
  let opening = block.opening;
  for (let fy = fromFY; financialYearRange(fy).start <= last.start; fy = nextFinancialYear(fy)) {
    const startYear = Number(fy.slice(0, 4));
    const year = incomeTaxBlockYear({
      rate: block.rate,
      opening,
      additions: additionsIn.get(startYear) ?? [],
      saleProceeds: sum(proceedsIn.get(startYear) ?? [], 'sale proceeds'),
      fy,
    });
    years.push(year);
    opening = year.closing;
  }
  return years;
}

// ---------------------------------------------------------------------------------------------
// How the register files an asset in both books.

/**
 * The depreciation class of a sub-category (its `depreciation_class`): the Schedule II category
 * whose useful life it takes by default and the Income Tax block it joins. Electrical
 * installations are "furniture and fittings including electrical fittings" for Income Tax (10 %).
 * Life-saving medical equipment is Appendix I's 40 % block; other medical equipment is plant and
 * machinery at 15 %.
 */
export const DEPRECIATION_CLASSES = {
  medicalEquipment: { scheduleII: 'medicalEquipment', block: 'plantAndMachinery' },
  lifeSavingMedicalEquipment: {
    scheduleII: 'medicalEquipment',
    block: 'lifeSavingMedicalEquipment',
  },
  computers: { scheduleII: 'computers', block: 'computersAndSoftware' },
  serversAndNetworks: { scheduleII: 'serversAndNetworks', block: 'computersAndSoftware' },
  furnitureAndFittings: { scheduleII: 'furnitureAndFittings', block: 'furnitureAndFittings' },
  plantAndMachinery: { scheduleII: 'plantAndMachinery', block: 'plantAndMachinery' },
  electricalInstallations: {
    scheduleII: 'electricalInstallations',
    block: 'furnitureAndFittings',
  },
  motorVehicles: { scheduleII: 'motorVehicles', block: 'motorCars' },
} as const satisfies Record<string, { scheduleII: ScheduleIICategory; block: IncomeTaxBlockName }>;

export type DepreciationClass = keyof typeof DEPRECIATION_CLASSES;
export const DEPRECIATION_CLASS_CODES = Object.keys(DEPRECIATION_CLASSES) as DepreciationClass[];

/** The useful life the register uses: the asset's own, else its class's Schedule II default. */
export function usefulLifeOf(depreciationClass: DepreciationClass, own?: number | null): number {
  return own ?? SCHEDULE_II_USEFUL_LIFE_YEARS[DEPRECIATION_CLASSES[depreciationClass].scheduleII];
}
