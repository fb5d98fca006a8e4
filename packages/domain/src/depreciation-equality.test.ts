import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  financialYear,
  financialYearRange,
  parseIsoDate,
} from './dates.ts';
import {
  accumulatedAsOf,
  accumulatedAsOfByYear,
  type BlockAddition,
  type BlockSale,
  companiesActSchedule,
  companiesActScheduleByYear,
  daysPutToUseInYear,
  type IncomeTaxBlock,
  type IncomeTaxBlockYear,
  incomeTaxBlockSchedule,
  incomeTaxBlockYear,
  type ScheduleIIAsset,
} from './depreciation.ts';
import { assertPaise, type Paise } from './money.ts';

/*
 * The day-number path (companiesActSchedule, accumulatedAsOf) against the definition it replaced
 * in the reports (companiesActScheduleByYear, accumulatedAsOfByYear), and the Income Tax block's
 * faster filing of additions by year against the code as it was, on pseudo-random cases from a
 * seeded generator, so a failure repeats: every amount, day count and flag must be the same, and
 * every refusal the same error with the same message.
 */

/** mulberry32: small, seeded, good enough to spread test cases. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Outcome<T> = { value: T } | { error: string };

function outcome<T>(run: () => T): Outcome<T> {
  try {
    return { value: run() };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const fyOf = (startYear: number) => `${pad(startYear, 4)}-${pad((startYear + 1) % 100)}`;

function cases(seed: number) {
  const random = generator(seed);
  const below = (n: number) => Math.floor(random() * n);
  const pick = <T>(values: readonly T[]): T => values[below(values.length)] as T;
  const chance = (p: number) => random() < p;

  /** 1 paisa to ₹1,000 crore, spread evenly over the orders of magnitude; now and then the extremes. */
  const cost = () =>
    chance(0.05)
      ? pick([0, 1, 2, 3, 19, 99, 100, 4_503_599_627_370_496, Number.MAX_SAFE_INTEGER])
      : Math.floor(10 ** (random() * 12));
  const residualPercent = () =>
    pick([
      undefined,
      undefined,
      5,
      0,
      100,
      below(101),
      below(1_000_001) / 10_000,
      Math.round(random() * 100 * 100) / 100,
    ]);
  /** 1990..2040, often on a boundary: 29 February, 1 April, 31 March, 1 January. */
  const putToUse = () => {
    const year = 1990 + below(51);
    const leap = year - (year % 4);
    return pick([
      `${leap}-02-29`,
      `${year}-04-01`,
      `${year}-03-31`,
      `${year}-01-01`,
      `${year}-12-31`,
      addDays(`${year}-01-01`, below(365)),
      addDays(`${year}-01-01`, below(365)),
      addDays(`${year}-01-01`, below(365)),
    ]);
  };

  const list: { asset: ScheduleIIAsset; fromFY: string; toFY: string; dates: string[] }[] = [];
  for (let n = 0; n < 3000; n += 1) {
    const life = chance(0.9) ? 1 + below(50) : pick([1, 2, 100]);
    const put = putToUse();
    const lifeEnd = addDays(addMonths(put, 12 * life), -1);
    // None, or before, within or after the life, or on one of its edges.
    const disposedOn = chance(0.5)
      ? null
      : pick([
          put,
          addDays(put, 1),
          addDays(put, below(400)),
          addDays(put, below(366 * life + 1)),
          lifeEnd,
          addDays(lifeEnd, 1),
          addDays(lifeEnd, below(3000)),
        ]);
    const asset: ScheduleIIAsset = {
      cost: cost(),
      usefulLifeYears: life,
      method: chance(0.5) ? 'SLM' : 'WDV',
      putToUse: put,
      ...(chance(0.3) ? {} : { disposedOn }),
    };
    const percent = residualPercent();
    if (percent !== undefined) asset.residualPercent = percent;
    const putYear = Number(financialYear(put).slice(0, 4));
    const from = putYear - 2 + below(life + 6);
    const to = chance(0.05) ? from - 1 : from + pick([0, 0, 0, 1, 2, 5, 60]);
    const edges = [put, lifeEnd, ...(disposedOn === null ? [] : [disposedOn])];
    const edge = pick(edges);
    const year = putYear + below(life + 3);
    const dates = [
      addDays(edge, -1),
      edge,
      addDays(edge, 1),
      `${year}-03-31`,
      `${year}-04-01`,
      addDays(put, below(366 * (life + 2))),
      addDays(put, -below(400)),
    ];
    list.push({ asset, fromFY: fyOf(from), toFY: fyOf(to), dates });
  }
  return list;
}

describe('Schedule II on day numbers equals the definition', () => {
  // The definition is slow (that is the point): seconds, more on a busy machine.
  it('on 3,000 pseudo-random assets: every schedule and every position as of a date', {
    timeout: 120_000,
  }, () => {
    let rows = 0;
    let positions = 0;
    for (const { asset, fromFY, toFY, dates } of cases(19)) {
      const schedule = outcome(() => companiesActSchedule(asset, fromFY, toFY));
      expect(schedule, JSON.stringify({ asset, fromFY, toFY })).toStrictEqual(
        outcome(() => companiesActScheduleByYear(asset, fromFY, toFY)),
      );
      if ('value' in schedule) rows += schedule.value.length;
      for (const date of dates) {
        const position = outcome(() => accumulatedAsOf(asset, date));
        expect(position, JSON.stringify({ asset, date })).toStrictEqual(
          outcome(() => accumulatedAsOfByYear(asset, date)),
        );
        if ('value' in position) positions += 1;
      }
    }
    // The cases are worth something: most give figures, not refusals.
    expect(rows).toBeGreaterThan(15_000);
    expect(positions).toBeGreaterThan(15_000);
  });

  it('refuses what the definition refuses, with the same message', () => {
    const asset: ScheduleIIAsset = {
      cost: 1_00_000_00,
      usefulLifeYears: 10,
      method: 'WDV',
      putToUse: '2026-10-01',
    };
    const odd: [Partial<ScheduleIIAsset> & Record<string, unknown>, string, string, string][] = [
      [{}, '2026-27', '2030-31', '2027-03-31'],
      [{ cost: -1 }, '2026-27', '2026-27', '2027-03-31'],
      [{ cost: 1.5 }, '2026-27', '2026-27', '2027-03-31'],
      [{ residualPercent: 0 }, '2026-27', '2026-27', '2027-03-31'],
      [{ residualPercent: 0, putToUse: '2026-13-01' }, '2026-27', '2026-27', '2027-03-31'],
      [{ residualPercent: 5.00001 }, '2026-27', '2026-27', '2027-03-31'],
      [{ residualPercent: 101 }, '2026-27', '2026-27', '2027-03-31'],
      [{ usefulLifeYears: 0 }, '2026-27', '2026-27', '2027-03-31'],
      [{ usefulLifeYears: 2.5 }, '2026-27', '2026-27', '2027-03-31'],
      [{ method: 'DDB' as 'SLM' }, '2026-27', '2026-27', '2027-03-31'],
      [{ putToUse: '2026-02-29' }, '2026-27', '2026-27', '2027-03-31'],
      [{ putToUse: '26-10-01' }, '2026-27', '2026-27', '2027-03-31'],
      [{ putToUse: '2026-10-01 ' }, '2026-27', '2026-27', '2027-03-31'],
      [{ disposedOn: '2026-09-30' }, '2026-27', '2026-27', '2027-03-31'],
      [{ disposedOn: '2026/12/01' }, '2026-27', '2026-27', '2027-03-31'],
      [{ disposedOn: '2026-10-01' }, '2026-27', '2026-27', '2026-10-01'],
      [{}, '2026-28', '2026-27', '2027-02-30'],
      [{}, '2026-27', '26-27', 'soon'],
      [{}, '2027-28', '2026-27', '2027-03-31'],
      // Far-off years: the definition runs, and its limits stay as they were.
      [{ putToUse: '0001-01-01' }, '0001-02', '0003-04', '0002-01-01'],
      [{ putToUse: '0001-06-01', disposedOn: '0001-06-01' }, '0001-02', '0001-02', '0001-06-01'],
      [{ putToUse: '9990-06-01' }, '9990-91', '9990-91', '9991-01-01'],
      [{ putToUse: '9998-06-01', usefulLifeYears: 1 }, '9998-99', '9998-99', '9999-05-01'],
      [{ putToUse: '0999-12-31' }, '0999-00', '1000-01', '1000-04-01'],
      [{ putToUse: '8999-12-31' }, '8999-00', '9000-01', '9000-04-01'],
    ];
    for (const [change, fromFY, toFY, date] of odd) {
      const changed = { ...asset, ...change } as ScheduleIIAsset;
      const label = JSON.stringify({ changed, fromFY, toFY, date });
      expect(
        outcome(() => companiesActSchedule(changed, fromFY, toFY)),
        label,
      ).toStrictEqual(outcome(() => companiesActScheduleByYear(changed, fromFY, toFY)));
      expect(
        outcome(() => accumulatedAsOf(changed, date)),
        label,
      ).toStrictEqual(outcome(() => accumulatedAsOfByYear(changed, date)));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Income Tax: daysPutToUseInYear and incomeTaxBlockSchedule as they were before the day-number
// path (commit b7e4caa), with the same checks and messages; incomeTaxBlockYear itself is
// unchanged but for the daysPutToUseInYear it calls.

function checkedDate(value: unknown, what: string): asserts value is string {
  try {
    if (typeof value === 'string') {
      parseIsoDate(value);
      return;
    }
  } catch {
    // Reported below.
  }
  throw new RangeError(`${what} must be a date in the form YYYY-MM-DD, not '${String(value)}'`);
}

function checkedYear(fy: unknown, what: string): { start: string; end: string } {
  try {
    if (typeof fy === 'string') return financialYearRange(fy);
  } catch {
    // Reported below.
  }
  throw new RangeError(`${what} must be a financial year like 2026-27, not '${String(fy)}'`);
}

function daysPutToUseInYearBefore(putToUse: string, fy: string): number {
  checkedDate(putToUse, 'putToUse');
  const { start, end } = checkedYear(fy, 'fy');
  if (putToUse < start || putToUse > end)
    throw new RangeError(`putToUse ${putToUse} is not in the financial year ${fy}`);
  return daysBetween(putToUse, end) + 1;
}

function incomeTaxBlockScheduleBefore(
  block: IncomeTaxBlock,
  fromFY: string,
  toFY: string,
): IncomeTaxBlockYear[] {
  const first = checkedYear(fromFY, 'fromFY');
  const last = checkedYear(toFY, 'toFY');
  if (first.start > last.start) throw new RangeError(`fromFY ${fromFY} is after toFY ${toFY}`);
  block.additions.forEach((addition, index) => {
    checkedDate(addition.putToUse, `additions[${index}].putToUse`);
    if (addition.putToUse < first.start || addition.putToUse > last.end)
      throw new RangeError(
        `additions[${index}].putToUse ${addition.putToUse} is outside ${fromFY}..${toFY}`,
      );
  });
  block.sales.forEach((sale, index) => {
    checkedDate(sale.soldOn, `sales[${index}].soldOn`);
    assertPaise(sale.proceeds, `sales[${index}].proceeds`);
    if (sale.proceeds < 0)
      throw new RangeError(
        `sales[${index}].proceeds cannot be negative, not ${sale.proceeds} paise`,
      );
    if (sale.soldOn < first.start || sale.soldOn > last.end)
      throw new RangeError(`sales[${index}].soldOn ${sale.soldOn} is outside ${fromFY}..${toFY}`);
  });
  const sum = (amounts: readonly Paise[]) => {
    const total = amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
    if (total > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError(`sale proceeds ${total} is beyond the safe integer range`);
    return Number(total);
  };
  const years: IncomeTaxBlockYear[] = [];
  let opening = block.opening;
  for (
    let fy = fromFY;
    financialYearRange(fy).start <= last.start;
    fy = financialYear(addDays(financialYearRange(fy).end, 1))
  ) {
    const { start, end } = financialYearRange(fy);
    const inYear = (date: string) => date >= start && date <= end;
    const year = incomeTaxBlockYear({
      rate: block.rate,
      opening,
      additions: block.additions.filter((addition) => inYear(addition.putToUse)),
      saleProceeds: sum(
        block.sales.filter((sale) => inYear(sale.soldOn)).map((sale) => sale.proceeds),
      ),
      fy,
    });
    years.push(year);
    opening = year.closing;
  }
  return years;
}

describe('Income Tax blocks filed by year equal the code as it was', () => {
  it('daysPutToUseInYear on 20,000 dates and years, in and out of the year', () => {
    const random = generator(32);
    const below = (n: number) => Math.floor(random() * n);
    const odd = ['2026-02-29', '2026-13-01', '26-10-01', '0001-01-01', '9999-12-31', '', 'today'];
    const oddYears = ['2026-28', '26-27', '0000-01', '9998-99', '2026-27 ', ''];
    let counted = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const year = 1990 + below(51);
      const putToUse =
        below(50) === 0
          ? (odd[below(odd.length)] as string)
          : below(4) === 0
            ? `${year - (year % 4)}-02-29`
            : addDays(`${year}-01-01`, below(366));
      const fy =
        below(50) === 0
          ? (oddYears[below(oddYears.length)] as string)
          : // The year before or the year of the date's 1 January: in it or not.
            fyOf(year - 1 + below(2));
      const days = outcome(() => daysPutToUseInYear(putToUse, fy));
      expect(days, JSON.stringify({ putToUse, fy })).toStrictEqual(
        outcome(() => daysPutToUseInYearBefore(putToUse, fy)),
      );
      if ('value' in days) counted += 1;
    }
    expect(counted).toBeGreaterThan(5_000);
  });

  it('incomeTaxBlockSchedule on 1,500 pseudo-random blocks', () => {
    const random = generator(50);
    const below = (n: number) => Math.floor(random() * n);
    let years = 0;
    for (let n = 0; n < 1500; n += 1) {
      const fromYear = 1990 + below(45);
      const span = below(12);
      const toYear = below(40) === 0 ? fromYear - 1 : fromYear + span;
      const fromFY = fyOf(fromYear);
      const toFY = fyOf(toYear);
      // Dates from fromFY's start to toFY's end, and now and then just outside them.
      const someDay = () => {
        const year = fromYear + below(span + 1);
        return below(60) === 0
          ? addDays(`${fromYear}-04-01`, -1 - below(3))
          : ([
              `${year}-04-01`,
              `${year + 1}-03-31`,
              `${year}-10-03`,
              `${year}-10-04`,
              `${year}-10-05`,
              addDays(`${year}-04-01`, below(365)),
              addDays(`${year}-04-01`, below(365)),
            ][below(7)] as string);
      };
      const amount = () => (below(10) === 0 ? below(3) : Math.floor(10 ** (random() * 11)));
      const additions: BlockAddition[] = Array.from({ length: below(40) }, () => ({
        cost: amount(),
        putToUse: someDay(),
      }));
      const sales: BlockSale[] = Array.from({ length: below(8) }, () => ({
        proceeds: below(5) === 0 ? amount() * 50 : amount(),
        soldOn: someDay(),
      }));
      const block: IncomeTaxBlock = {
        rate: [15, 40, 10, 0, 100, below(1_000_001) / 10_000][below(6)] as number,
        opening: below(3) === 0 ? 0 : amount(),
        additions,
        sales,
      };
      const schedule = outcome(() => incomeTaxBlockSchedule(block, fromFY, toFY));
      expect(schedule, JSON.stringify({ block, fromFY, toFY })).toStrictEqual(
        outcome(() => incomeTaxBlockScheduleBefore(block, fromFY, toFY)),
      );
      if ('value' in schedule) years += schedule.value.length;
    }
    expect(years).toBeGreaterThan(3_000);
  });
});
