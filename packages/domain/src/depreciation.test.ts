import { describe, expect, it } from 'vitest';
import {
  accumulatedAsOf,
  companiesActSchedule,
  DEFAULT_RESIDUAL_PERCENT,
  daysPutToUseInYear,
  HALF_RATE_DAYS,
  INCOME_TAX_BLOCK_RATES,
  incomeTaxBlockSchedule,
  incomeTaxBlockYear,
  SCHEDULE_II_USEFUL_LIFE_YEARS,
  type ScheduleIIAsset,
  wdvRate,
} from './depreciation.ts';
import { type Paise, toPaise } from './money.ts';

/*
 * Worked examples for the two books, each with its arithmetic written out in rupees (Indian
 * grouping) so it can be checked by hand. The rules, from the source's comments:
 *   days count both ends: put to use on 1 October → 182 days to 31 March; a disposal date itself
 *   is not charged;
 *   pro rata = days used ÷ days in that financial year (366 when it holds 29 February);
 *   Schedule II SLM: (cost − 5 % residual) ÷ life a year; WDV: rate = 1 − 0.05^(1/life) on the
 *   opening value; the year the life ends takes whatever is left down to the residual;
 *   income tax: block rate on opening + additions − proceeds, half the rate on additions used
 *   less than 180 days (put-to-use date to 31 March, both counted);
 *   every amount rounded to the paisa, half away from zero.
 */

/** Rupees as written by a person, '2,58,865.55', to paise. */
const rs = (text: string): Paise => toPaise(text.replaceAll(',', ''));

describe('Companies Act, Schedule II', () => {
  it('keeps the useful lives of Schedule II Part C and a 5 % residual', () => {
    expect(SCHEDULE_II_USEFUL_LIFE_YEARS).toEqual({
      medicalEquipment: 13,
      computers: 3,
      serversAndNetworks: 6,
      furnitureAndFittings: 10,
      plantAndMachinery: 15,
      electricalInstallations: 10,
      motorVehicles: 8,
    });
    expect(DEFAULT_RESIDUAL_PERCENT).toBe(5);
  });

  it('SLM, whole years: the same charge every year, leap or not, down to the residual', () => {
    // Cost 10,00,000; residual 5 % = 50,000; depreciable 9,50,000 over 10 years = 95,000 a year.
    // Put to use 1 April 2026, so every year is whole: 365/365 or 366/366 (2027-28 holds
    // 29 February 2028) both give 95,000. The life ends 31 March 2036: 2035-36 takes what is
    // left, 9,50,000 − 9 × 95,000 = 95,000, and the value stays at 50,000 after.
    const rows = companiesActSchedule(
      { cost: rs('10,00,000'), usefulLifeYears: 10, method: 'SLM', putToUse: '2026-04-01' },
      '2026-27',
      '2036-37',
    );
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual({
      fy: '2026-27',
      opening: rs('10,00,000'),
      depreciation: rs('95,000'),
      closing: rs('9,05,000'),
      accumulated: rs('95,000'),
      daysUsed: 365,
      disposed: false,
    });
    expect(rows[1]).toMatchObject({ fy: '2027-28', depreciation: rs('95,000'), daysUsed: 366 });
    expect(rows[9]).toMatchObject({
      fy: '2035-36',
      opening: rs('1,45,000'),
      depreciation: rs('95,000'),
      closing: rs('50,000'),
      accumulated: rs('9,50,000'),
    });
    expect(rows[10]).toMatchObject({
      fy: '2036-37',
      opening: rs('50,000'),
      depreciation: 0,
      closing: rs('50,000'),
      daysUsed: 0,
    });
  });

  it('SLM, put to use mid-year in a leap year: pro rata by 366 days', () => {
    // Medical equipment, cost 13,00,000, life 13; residual 65,000; 12,35,000 ÷ 13 = 95,000 a year.
    // Put to use 15 November 2027; 2027-28 has 366 days (29 February 2028).
    // Days: 16 (15–30 Nov) + 31 + 31 + 29 + 31 = 138.
    // 95,000 × 138 ÷ 366 = 35,819.672… → 35,819.67.
    // 2028-29 .. 2039-40 are whole years: 12 × 95,000 = 11,40,000.
    // The life ends 14 November 2040 (228 days of 2040-41: 30+31+30+31+31+30+31+14), and that
    // year takes what is left: 12,35,000 − 35,819.67 − 11,40,000 = 59,180.33. (Pro rata would
    // be 95,000 × 228 ÷ 365 = 59,342.47: the first year counted 138 of 366 days, not of 365.)
    const rows = companiesActSchedule(
      { cost: rs('13,00,000'), usefulLifeYears: 13, method: 'SLM', putToUse: '2027-11-15' },
      '2027-28',
      '2041-42',
    );
    expect(rows[0]).toMatchObject({
      fy: '2027-28',
      opening: rs('13,00,000'),
      depreciation: rs('35,819.67'),
      closing: rs('12,64,180.33'),
      daysUsed: 138,
    });
    expect(rows[1]).toMatchObject({ fy: '2028-29', depreciation: rs('95,000'), daysUsed: 365 });
    expect(rows[13]).toMatchObject({
      fy: '2040-41',
      opening: rs('1,24,180.33'),
      depreciation: rs('59,180.33'),
      closing: rs('65,000'),
      daysUsed: 228,
    });
    expect(rows[14]).toMatchObject({ fy: '2041-42', depreciation: 0, closing: rs('65,000') });
  });

  it('SLM, a laptop from 1 October: the last half-year, then fully depreciated', () => {
    // Cost 1,20,000, life 3; residual 6,000; 1,14,000 ÷ 3 = 38,000 a year.
    // 2026-27: 1 October–31 March = 182 days; 38,000 × 182 ÷ 365 = 18,947.945… → 18,947.95.
    // 2027-28 (366 days) and 2028-29: 38,000 each.
    // The life ends 30 September 2029: 2029-30 has 183 days (1 April–30 September) and takes
    // what is left: 1,14,000 − 18,947.95 − 76,000 = 19,052.05 (= 38,000 × 183 ÷ 365, to the paisa).
    // From 2030-31 the laptop stays in the register at its residual 6,000 and is charged nothing.
    const laptop: ScheduleIIAsset = {
      cost: rs('1,20,000'),
      usefulLifeYears: SCHEDULE_II_USEFUL_LIFE_YEARS.computers,
      method: 'SLM',
      putToUse: '2026-10-01',
    };
    const rows = companiesActSchedule(laptop, '2026-27', '2031-32');
    expect(rows.map((row) => [row.fy, row.depreciation, row.closing, row.daysUsed])).toEqual([
      ['2026-27', rs('18,947.95'), rs('1,01,052.05'), 182],
      ['2027-28', rs('38,000'), rs('63,052.05'), 366],
      ['2028-29', rs('38,000'), rs('25,052.05'), 365],
      ['2029-30', rs('19,052.05'), rs('6,000'), 183],
      ['2030-31', 0, rs('6,000'), 0],
      ['2031-32', 0, rs('6,000'), 0],
    ]);
    expect(accumulatedAsOf(laptop, '2031-06-30')).toEqual({
      cost: rs('1,20,000'),
      accumulated: rs('1,14,000'),
      netBookValue: rs('6,000'),
      disposed: false,
    });
  });

  it('WDV rate derivation: 1 − (residual ÷ cost)^(1 ÷ life)', () => {
    // 13 years: 0.05^(1/13) = 0.794183…, rate 0.205817 (20.58 %).
    // 10 years: 0.05^(1/10) = 0.741134…, rate 0.258866 (25.89 %).
    //  3 years: 0.05^(1/3)  = 0.368403…, rate 0.631597 (63.16 %).
    //  1 year:  1 − 0.05 = 0.95 exactly.
    // A 10 % residual over 10 years: 1 − 0.1^(1/10) = 0.205672.
    expect(wdvRate(13)).toBeCloseTo(0.205817, 6);
    expect(wdvRate(10)).toBeCloseTo(0.258866, 6);
    expect(wdvRate(3)).toBeCloseTo(0.631597, 6);
    expect(wdvRate(15)).toBeCloseTo(0.181036, 6);
    expect(wdvRate(6)).toBeCloseTo(0.393038, 6);
    expect(wdvRate(8)).toBeCloseTo(0.312344, 6);
    expect(wdvRate(1)).toBe(0.95);
    expect(wdvRate(10, 10)).toBeCloseTo(0.205672, 6);
    // After `life` whole years the value is exactly the residual: 1,00,000 × (1 − r)^13 = 5,000.
    expect(100_000 * (1 - wdvRate(13)) ** 13).toBeCloseTo(5000, 6);
  });

  it('WDV, whole years: the rate on the opening value, the last year down to the residual', () => {
    // Cost 10,00,000, life 10, rate r = 0.2588655509, put to use 1 April 2026.
    // 2026-27: 10,00,000 × r = 2,58,865.5509 → 2,58,865.55; closing 7,41,134.45.
    // 2027-28 (366 of 366 days, a whole year): 7,41,134.45 × r = 1,91,854.1777 → 1,91,854.18;
    //   closing 5,49,280.27.
    // 2028-29: 5,49,280.27 × r = 1,42,189.7397 → 1,42,189.74; closing 4,07,090.53.
    // … each year the same way, until 2035-36, the year the life ends (31 March 2036): its
    // opening 67,464.14 × r would be 17,464.14, and the year takes exactly what is left instead,
    // 67,464.14 − 50,000 = 17,464.14 (the same to the paisa here: over whole years the rate is
    // exact, and the last year only absorbs the roundings).
    const rows = companiesActSchedule(
      { cost: rs('10,00,000'), usefulLifeYears: 10, method: 'WDV', putToUse: '2026-04-01' },
      '2026-27',
      '2036-37',
    );
    expect(rows.slice(0, 3).map((row) => [row.depreciation, row.closing])).toEqual([
      [rs('2,58,865.55'), rs('7,41,134.45')],
      [rs('1,91,854.18'), rs('5,49,280.27')],
      [rs('1,42,189.74'), rs('4,07,090.53')],
    ]);
    expect(rows[9]).toMatchObject({
      fy: '2035-36',
      opening: rs('67,464.14'),
      depreciation: rs('17,464.14'),
      closing: rs('50,000'),
    });
    expect(rows[10]).toMatchObject({ fy: '2036-37', depreciation: 0, closing: rs('50,000') });
  });

  it('WDV, put to use mid-year: the first year pro rata by days', () => {
    // An MRI coil, medical equipment: cost 25,00,000, life 13, r = 0.2058166652.
    // Put to use 10 August 2026: 22 (10–31 Aug) + 30 + 31 + 30 + 31 + 31 + 28 + 31 = 234 days.
    // 2026-27: 25,00,000 × r × 234 ÷ 365 = 3,29,870.5456 → 3,29,870.55; closing 21,70,129.45.
    // 2027-28, a whole year: 21,70,129.45 × r = 4,46,648.8064 → 4,46,648.81; closing 17,23,480.64.
    // 2028-29: 17,23,480.64 × r = 3,54,721.0378 → 3,54,721.04; closing 13,68,759.60.
    const rows = companiesActSchedule(
      { cost: rs('25,00,000'), usefulLifeYears: 13, method: 'WDV', putToUse: '2026-08-10' },
      '2026-27',
      '2028-29',
    );
    expect(rows.map((row) => [row.depreciation, row.closing, row.daysUsed])).toEqual([
      [rs('3,29,870.55'), rs('21,70,129.45'), 234],
      [rs('4,46,648.81'), rs('17,23,480.64'), 366],
      [rs('3,54,721.04'), rs('13,68,759.60'), 365],
    ]);
  });

  it('WDV from mid-year: the residual floor, and the last year takes exactly what is left', () => {
    // A nurses' station workstation (a computer): cost 1,00,000, life 3,
    // r = 0.6315968501, put to use 1 October 2026.
    // 2026-27: 1,00,000 × r × 182 ÷ 365 = 31,493.3224 → 31,493.32; closing 68,506.68.
    // 2027-28: 68,506.68 × r = 43,268.6033 → 43,268.60; closing 25,238.08.
    // 2028-29: 25,238.08 × r = 15,940.2918 → 15,940.29; closing 9,297.79.
    // 2029-30: the life ends 30 September 2029 (183 days). Pro rata would be
    //   9,297.79 × r × 183 ÷ 365 = 2,944.27, leaving 6,353.52, above the residual 5,000:
    //   the half-year first year was charged at a simple fraction of the rate. So the year takes
    //   exactly what is left, 9,297.79 − 5,000 = 4,297.79, and nothing is charged after it.
    const rows = companiesActSchedule(
      { cost: rs('1,00,000'), usefulLifeYears: 3, method: 'WDV', putToUse: '2026-10-01' },
      '2026-27',
      '2030-31',
    );
    expect(rows.map((row) => [row.fy, row.depreciation, row.closing, row.daysUsed])).toEqual([
      ['2026-27', rs('31,493.32'), rs('68,506.68'), 182],
      ['2027-28', rs('43,268.60'), rs('25,238.08'), 366],
      ['2028-29', rs('15,940.29'), rs('9,297.79'), 365],
      ['2029-30', rs('4,297.79'), rs('5,000'), 183],
      ['2030-31', 0, rs('5,000'), 0],
    ]);
    for (const row of rows) expect(row.closing).toBeGreaterThanOrEqual(rs('5,000'));
  });

  it('a disposal mid-year stops the charge on its date, and the asset leaves the register', () => {
    // The 10,00,000 SLM asset (95,000 a year from 1 April 2026), sold on 1 October 2028.
    // 2026-27 and 2027-28: 95,000 each. 2028-29: 1 April–30 September (the sale date is not
    // charged) = 183 days; 95,000 × 183 ÷ 365 = 47,630.137 → 47,630.14.
    // Closing (the value written off on the sale) 10,00,000 − 1,90,000 − 47,630.14 = 7,62,369.86.
    // No rows after 2028-29.
    const sold: ScheduleIIAsset = {
      cost: rs('10,00,000'),
      usefulLifeYears: 10,
      method: 'SLM',
      putToUse: '2026-04-01',
      disposedOn: '2028-10-01',
    };
    const rows = companiesActSchedule(sold, '2026-27', '2030-31');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual({
      fy: '2028-29',
      opening: rs('8,10,000'),
      depreciation: rs('47,630.14'),
      closing: rs('7,62,369.86'),
      accumulated: rs('2,37,630.14'),
      daysUsed: 183,
      disposed: true,
    });
    // As of any later date the register shows the figures of the disposal.
    expect(accumulatedAsOf(sold, '2030-01-01')).toEqual({
      cost: rs('10,00,000'),
      accumulated: rs('2,37,630.14'),
      netBookValue: rs('7,62,369.86'),
      disposed: true,
    });
  });

  it('a WDV disposal mid-year, and a disposal on 1 April (the year before is whole)', () => {
    // The 10,00,000 WDV asset of 10 years (r = 0.2588655509) discarded on 15 July 2027.
    // 2027-28 (366 days): 1 April–14 July = 30 + 31 + 30 + 14 = 105 days;
    // 7,41,134.45 × r × 105 ÷ 366 = 55,040.1329 → 55,040.13; closing 6,86,094.32.
    const wdv: ScheduleIIAsset = {
      cost: rs('10,00,000'),
      usefulLifeYears: 10,
      method: 'WDV',
      putToUse: '2026-04-01',
      disposedOn: '2027-07-15',
    };
    expect(companiesActSchedule(wdv, '2027-28', '2029-30')).toEqual([
      {
        fy: '2027-28',
        opening: rs('7,41,134.45'),
        depreciation: rs('55,040.13'),
        closing: rs('6,86,094.32'),
        accumulated: rs('3,13,905.68'),
        daysUsed: 105,
        disposed: true,
      },
    ]);
    // Sold on 1 April 2028: all of 2027-28 is charged (95,000) and 2028-29 only records the sale.
    const rows = companiesActSchedule(
      {
        cost: rs('10,00,000'),
        usefulLifeYears: 10,
        method: 'SLM',
        putToUse: '2026-04-01',
        disposedOn: '2028-04-01',
      },
      '2026-27',
      '2030-31',
    );
    expect(rows.map((row) => [row.fy, row.depreciation, row.daysUsed, row.disposed])).toEqual([
      ['2026-27', rs('95,000'), 365, false],
      ['2027-28', rs('95,000'), 366, false],
      ['2028-29', 0, 0, true],
    ]);
  });

  it('a life of 1 year: one whole year, or two part-years that add up to it', () => {
    // Cost 50,000, life 1, residual 2,500, depreciable 47,500.
    // From 1 April 2026 the life ends 31 March 2027: 2026-27 takes all 47,500.
    const whole = companiesActSchedule(
      { cost: rs('50,000'), usefulLifeYears: 1, method: 'SLM', putToUse: '2026-04-01' },
      '2026-27',
      '2027-28',
    );
    expect(whole.map((row) => [row.depreciation, row.closing])).toEqual([
      [rs('47,500'), rs('2,500')],
      [0, rs('2,500')],
    ]);
    // From 1 January 2027: 2026-27 has 90 days (31 + 28 + 31); 47,500 × 90 ÷ 365 = 11,712.3288
    // → 11,712.33. The life ends 31 December 2027 (275 days of 2027-28), which takes what is
    // left: 47,500 − 11,712.33 = 35,787.67. WDV at 1 − 0.05 = 95 % gives the same figures:
    // 50,000 × 0.95 × 90 ÷ 365 = 11,712.33, then down to 2,500.
    for (const method of ['SLM', 'WDV'] as const) {
      const rows = companiesActSchedule(
        { cost: rs('50,000'), usefulLifeYears: 1, method, putToUse: '2027-01-01' },
        '2026-27',
        '2027-28',
      );
      expect(rows.map((row) => [row.depreciation, row.closing, row.daysUsed])).toEqual([
        [rs('11,712.33'), rs('38,287.67'), 90],
        [rs('35,787.67'), rs('2,500'), 275],
      ]);
    }
  });

  it('the register as of a date: whole years, then its own year pro rata to that day', () => {
    // The 10,00,000 SLM asset (95,000 a year from 1 April 2026), as of 30 September 2027:
    // 2026-27 whole, 95,000; 2027-28 (366 days) 1 April–30 September = 183 days,
    // 95,000 × 183 ÷ 366 = 47,500 exactly. Accumulated 1,42,500; net book value 8,57,500.
    const asset: ScheduleIIAsset = {
      cost: rs('10,00,000'),
      usefulLifeYears: 10,
      method: 'SLM',
      putToUse: '2026-04-01',
    };
    expect(accumulatedAsOf(asset, '2027-09-30')).toEqual({
      cost: rs('10,00,000'),
      accumulated: rs('1,42,500'),
      netBookValue: rs('8,57,500'),
      disposed: false,
    });
    // On 31 March it is the year's closing; before the put-to-use date nothing is charged.
    const [, year2] = companiesActSchedule(asset, '2026-27', '2027-28');
    expect(accumulatedAsOf(asset, '2028-03-31').netBookValue).toBe(year2?.closing);
    expect(accumulatedAsOf(asset, '2026-03-31')).toMatchObject({ accumulated: 0 });
    // The put-to-use day itself is charged: 95,000 × 1 ÷ 365 = 260.27.
    expect(accumulatedAsOf(asset, '2026-04-01').accumulated).toBe(rs('260.27'));
  });

  it('a schedule from a later year opens at the value the earlier years left', () => {
    // The WDV asset of 10,00,000 over 10 years asked for 2028-29 only: it opens at 5,49,280.27,
    // after 2,58,865.55 and 1,91,854.18, and charges 1,42,189.74 as in the full schedule.
    const rows = companiesActSchedule(
      { cost: rs('10,00,000'), usefulLifeYears: 10, method: 'WDV', putToUse: '2026-04-01' },
      '2028-29',
      '2028-29',
    );
    expect(rows).toEqual([
      {
        fy: '2028-29',
        opening: rs('5,49,280.27'),
        depreciation: rs('1,42,189.74'),
        closing: rs('4,07,090.53'),
        accumulated: rs('5,92,909.47'),
        daysUsed: 365,
        disposed: false,
      },
    ]);
    // Years before the put-to-use year have no row.
    expect(
      companiesActSchedule(
        { cost: rs('10,00,000'), usefulLifeYears: 10, method: 'WDV', putToUse: '2026-04-01' },
        '2024-25',
        '2025-26',
      ),
    ).toEqual([]);
  });

  it('rounds to the paisa half away from zero', () => {
    // Cost 1,000.05 with no residual, life 2, put to use 18 January 2027: 14 + 28 + 31 = 73 days.
    // 1,000.05 ÷ 2 × 73 ÷ 365 = 100.005 exactly → 100.01 (the half paisa goes up).
    // 2027-28: 1,000.05 ÷ 2 = 500.025 → 500.03. 2028-29: the life ends 17 January 2029 and the
    // year takes what is left: 1,000.05 − 100.01 − 500.03 = 400.01, down to 0.
    const rows = companiesActSchedule(
      {
        cost: rs('1,000.05'),
        residualPercent: 0,
        usefulLifeYears: 2,
        method: 'SLM',
        putToUse: '2027-01-18',
      },
      '2026-27',
      '2028-29',
    );
    expect(rows.map((row) => [row.depreciation, row.closing, row.daysUsed])).toEqual([
      [rs('100.01'), rs('900.04'), 73],
      [rs('500.03'), rs('400.01'), 366],
      [rs('400.01'), 0, 292],
    ]);
    // The residual is 5 % of cost, half away from zero too: 5 % of 10.10 is 0.505 → 0.51.
    const [small] = companiesActSchedule(
      { cost: rs('10.10'), usefulLifeYears: 1, method: 'SLM', putToUse: '2026-04-01' },
      '2026-27',
      '2026-27',
    );
    expect(small?.closing).toBe(rs('0.51'));
  });

  it('charges nothing when there is nothing to depreciate', () => {
    // A residual of 100 %, or a cost of 0 (a donated item recorded at nil). Still in use:
    // 1 June 2026–31 March 2027 is 365 − 61 (April, May) = 304 days.
    for (const asset of [
      { cost: rs('40,000'), residualPercent: 100, usefulLifeYears: 5, method: 'SLM' as const },
      { cost: 0, usefulLifeYears: 5, method: 'WDV' as const },
    ]) {
      const [row] = companiesActSchedule(
        { ...asset, putToUse: '2026-06-01' },
        '2026-27',
        '2026-27',
      );
      expect(row).toMatchObject({ depreciation: 0, closing: asset.cost, daysUsed: 304 });
    }
  });

  it('refuses bad input with a RangeError that names it', () => {
    const good: ScheduleIIAsset = {
      cost: rs('1,000'),
      usefulLifeYears: 5,
      method: 'SLM',
      putToUse: '2026-04-01',
    };
    const bad = (change: Partial<Record<keyof ScheduleIIAsset, unknown>>) => () =>
      companiesActSchedule({ ...good, ...change } as ScheduleIIAsset, '2026-27', '2027-28');
    expect(bad({ cost: -100 })).toThrow(/cost cannot be negative/);
    expect(bad({ cost: 10.5 })).toThrow(/cost must be a whole number of paise/);
    expect(bad({ usefulLifeYears: 0 })).toThrow(/usefulLifeYears must be a whole number/);
    expect(bad({ usefulLifeYears: 2.5 })).toThrow(RangeError);
    expect(bad({ residualPercent: -1 })).toThrow(/residualPercent must be a percentage/);
    expect(bad({ residualPercent: 101 })).toThrow(/residualPercent must be a percentage/);
    expect(bad({ method: 'DDB' })).toThrow(/method must be 'SLM' or 'WDV'/);
    expect(bad({ putToUse: '2026-02-30' })).toThrow(/putToUse must be a date/);
    expect(bad({ putToUse: '01-04-2026' })).toThrow(/putToUse must be a date/);
    expect(bad({ disposedOn: '2026-13-01' })).toThrow(/disposedOn must be a date/);
    expect(bad({ disposedOn: '2026-03-31' })).toThrow(/is before putToUse/);
    expect(bad({ method: 'WDV', residualPercent: 0 })).toThrow(/WDV method needs a residual/);
    expect(() => companiesActSchedule(good, '2026-28', '2027-28')).toThrow(/fromFY must be/);
    expect(() => companiesActSchedule(good, '2027-28', '2026-27')).toThrow(/is after toFY/);
    expect(() => accumulatedAsOf(good, '31/03/2027')).toThrow(/date must be a date/);
    expect(() => wdvRate(0)).toThrow(RangeError);
  });
});

describe('Income Tax Act, block of assets (WDV)', () => {
  it('keeps the block rates', () => {
    expect(INCOME_TAX_BLOCK_RATES).toEqual({
      plantAndMachinery: 15,
      computersAndSoftware: 40,
      furnitureAndFittings: 10,
      buildings: 10,
      motorCars: 15,
      lifeSavingMedicalEquipment: 40,
    });
    expect(HALF_RATE_DAYS).toBe(180);
  });

  it('counts the days of use from the put-to-use date to 31 March, both included', () => {
    // 2026-27: 4 October → 28 (4–31 Oct) + 30 + 31 + 31 + 28 + 31 = 179: half rate.
    //          3 October → 180: full rate.
    // 2027-28 holds 29 February 2028, so each date has a day more:
    // 4 October → 180 (full), 5 October → 179 (half).
    expect(daysPutToUseInYear('2026-10-04', '2026-27')).toBe(179);
    expect(daysPutToUseInYear('2026-10-03', '2026-27')).toBe(180);
    expect(daysPutToUseInYear('2027-10-04', '2027-28')).toBe(180);
    expect(daysPutToUseInYear('2027-10-05', '2027-28')).toBe(179);
    expect(daysPutToUseInYear('2026-04-01', '2026-27')).toBe(365);
    expect(daysPutToUseInYear('2027-03-31', '2026-27')).toBe(1);
    expect(() => daysPutToUseInYear('2027-04-01', '2026-27')).toThrow(/not in the financial year/);
  });

  it('full rate on an addition used 180 days (put to use 3 October 2026)', () => {
    // Plant and machinery 15 %: opening 10,00,000 + a dialysis machine 4,00,000 used 180 days.
    // Base 14,00,000 × 15 % = 2,10,000; closing 11,90,000.
    expect(
      incomeTaxBlockYear({
        rate: INCOME_TAX_BLOCK_RATES.plantAndMachinery,
        opening: rs('10,00,000'),
        additions: [{ cost: rs('4,00,000'), putToUse: '2026-10-03' }],
        saleProceeds: 0,
        fy: '2026-27',
      }),
    ).toEqual({
      fy: '2026-27',
      rate: 15,
      opening: rs('10,00,000'),
      additionsFull: rs('4,00,000'),
      additionsHalf: 0,
      proceeds: 0,
      base: rs('14,00,000'),
      fullRateBase: rs('14,00,000'),
      halfRateBase: 0,
      depreciation: rs('2,10,000'),
      closing: rs('11,90,000'),
      capitalGain: 0,
    });
  });

  it('half rate on an addition used 179 days (put to use 4 October 2026)', () => {
    // The same machine a day later: 10,00,000 × 15 % = 1,50,000, plus 4,00,000 × 7.5 % = 30,000.
    // Depreciation 1,80,000; closing 14,00,000 − 1,80,000 = 12,20,000.
    expect(
      incomeTaxBlockYear({
        rate: 15,
        opening: rs('10,00,000'),
        additions: [{ cost: rs('4,00,000'), putToUse: '2026-10-04' }],
        saleProceeds: 0,
        fy: '2026-27',
      }),
    ).toMatchObject({
      additionsFull: 0,
      additionsHalf: rs('4,00,000'),
      base: rs('14,00,000'),
      fullRateBase: rs('10,00,000'),
      halfRateBase: rs('4,00,000'),
      depreciation: rs('1,80,000'),
      closing: rs('12,20,000'),
    });
  });

  it('the 180-day boundary in a leap year, both sides', () => {
    // 2027-28, furniture 10 %, opening nil: 1,00,000 put to use 4 October 2027 (180 days, 10 %
    // = 10,000) and 1,00,000 on 5 October 2027 (179 days, 5 % = 5,000). Total 15,000;
    // closing 2,00,000 − 15,000 = 1,85,000.
    expect(
      incomeTaxBlockYear({
        rate: INCOME_TAX_BLOCK_RATES.furnitureAndFittings,
        opening: 0,
        additions: [
          { cost: rs('1,00,000'), putToUse: '2027-10-04' },
          { cost: rs('1,00,000'), putToUse: '2027-10-05' },
        ],
        saleProceeds: 0,
        fy: '2027-28',
      }),
    ).toMatchObject({
      additionsFull: rs('1,00,000'),
      additionsHalf: rs('1,00,000'),
      depreciation: rs('15,000'),
      closing: rs('1,85,000'),
    });
  });

  it('sale proceeds reduce the block before the rate is applied', () => {
    // Opening 10,00,000 + addition 2,00,000 (used from June) − an old X-ray unit sold for 3,50,000.
    // Base 8,50,000 × 15 % = 1,27,500; closing 7,22,500.
    expect(
      incomeTaxBlockYear({
        rate: 15,
        opening: rs('10,00,000'),
        additions: [{ cost: rs('2,00,000'), putToUse: '2026-06-15' }],
        saleProceeds: rs('3,50,000'),
        fy: '2026-27',
      }),
    ).toMatchObject({
      proceeds: rs('3,50,000'),
      base: rs('8,50,000'),
      depreciation: rs('1,27,500'),
      closing: rs('7,22,500'),
      capitalGain: 0,
    });
  });

  it('proceeds beyond the opening and full-rate additions come off the half-rate additions', () => {
    // Opening 1,00,000; an addition of 3,00,000 used from 1 December 2026 (121 days: half rate);
    // proceeds 1,50,000. The first 1,00,000 clears the opening; the other 50,000 comes off the
    // half-rate addition, leaving 2,50,000 at 7.5 % = 18,750. Closing 2,50,000 − 18,750 = 2,31,250.
    expect(
      incomeTaxBlockYear({
        rate: 15,
        opening: rs('1,00,000'),
        additions: [{ cost: rs('3,00,000'), putToUse: '2026-12-01' }],
        saleProceeds: rs('1,50,000'),
        fy: '2026-27',
      }),
    ).toMatchObject({
      base: rs('2,50,000'),
      fullRateBase: 0,
      halfRateBase: rs('2,50,000'),
      depreciation: rs('18,750'),
      closing: rs('2,31,250'),
      capitalGain: 0,
    });
  });

  it('proceeds beyond the whole block: the block is nil and the excess a capital gain', () => {
    // Opening 1,00,000 + addition 50,000 = 1,50,000; the block's staff car sold for 2,00,000.
    // The block cannot go negative: base 0, no depreciation, closing 0; the excess
    // 2,00,000 − 1,50,000 = 50,000 is a short-term capital gain (section 50).
    expect(
      incomeTaxBlockYear({
        rate: INCOME_TAX_BLOCK_RATES.motorCars,
        opening: rs('1,00,000'),
        additions: [{ cost: rs('50,000'), putToUse: '2027-02-01' }],
        saleProceeds: rs('2,00,000'),
        fy: '2026-27',
      }),
    ).toMatchObject({
      base: 0,
      fullRateBase: 0,
      halfRateBase: 0,
      depreciation: 0,
      closing: 0,
      capitalGain: rs('50,000'),
    });
    // Proceeds equal to the block: nil, and no gain.
    expect(
      incomeTaxBlockYear({
        rate: 15,
        opening: rs('1,00,000'),
        additions: [],
        saleProceeds: rs('1,00,000'),
        fy: '2026-27',
      }),
    ).toMatchObject({ base: 0, depreciation: 0, closing: 0, capitalGain: 0 });
  });

  it('a block at nil stays nil, and a later sale from it is all capital gain', () => {
    // 2026-27: opening nil, nothing bought or sold: nothing to depreciate.
    // 2027-28: scrap of a fully written-off item sold for 10,000: the block is still nil and the
    // 10,000 is a capital gain. 2028-29: nil again.
    const years = incomeTaxBlockSchedule(
      {
        rate: 15,
        opening: 0,
        additions: [],
        sales: [{ proceeds: rs('10,000'), soldOn: '2027-09-01' }],
      },
      '2026-27',
      '2028-29',
    );
    expect(
      years.map((year) => [year.fy, year.base, year.depreciation, year.closing, year.capitalGain]),
    ).toEqual([
      ['2026-27', 0, 0, 0, 0],
      ['2027-28', 0, 0, 0, rs('10,000')],
      ['2028-29', 0, 0, 0, 0],
    ]);
  });

  it('several years chained: each closing is the next opening', () => {
    // Computers and software, 40 %; opening WDV 5,00,000 on 1 April 2026.
    // 2026-27: laptops 1,50,000 from 15 June 2026 (full); a server 80,000 from 20 January 2027
    //   (12 + 28 + 31 = 71 days: half). 6,50,000 × 40 % = 2,60,000; 80,000 × 20 % = 16,000.
    //   Depreciation 2,76,000; closing 7,30,000 − 2,76,000 = 4,54,000.
    // 2027-28: old desktops sold for 60,000 on 1 August 2027; a PACS server 2,00,000 from
    //   10 October 2027 (22 + 30 + 31 + 31 + 29 + 31 = 174 days: half).
    //   Full-rate base 4,54,000 − 60,000 = 3,94,000 × 40 % = 1,57,600; 2,00,000 × 20 % = 40,000.
    //   Depreciation 1,97,600; closing 5,94,000 − 1,97,600 = 3,96,400.
    // 2028-29: 3,96,400 × 40 % = 1,58,560; closing 2,37,840.
    const years = incomeTaxBlockSchedule(
      {
        rate: INCOME_TAX_BLOCK_RATES.computersAndSoftware,
        opening: rs('5,00,000'),
        additions: [
          { cost: rs('1,50,000'), putToUse: '2026-06-15' },
          { cost: rs('80,000'), putToUse: '2027-01-20' },
          { cost: rs('2,00,000'), putToUse: '2027-10-10' },
        ],
        sales: [{ proceeds: rs('60,000'), soldOn: '2027-08-01' }],
      },
      '2026-27',
      '2028-29',
    );
    expect(
      years.map((year) => [
        year.fy,
        year.opening,
        year.additionsFull,
        year.additionsHalf,
        year.proceeds,
        year.depreciation,
        year.closing,
      ]),
    ).toEqual([
      ['2026-27', rs('5,00,000'), rs('1,50,000'), rs('80,000'), 0, rs('2,76,000'), rs('4,54,000')],
      ['2027-28', rs('4,54,000'), 0, rs('2,00,000'), rs('60,000'), rs('1,97,600'), rs('3,96,400')],
      ['2028-29', rs('3,96,400'), 0, 0, 0, rs('1,58,560'), rs('2,37,840')],
    ]);
  });

  it('life-saving medical equipment is a 40 % block of its own', () => {
    // A ventilator listed in Appendix I as life-saving: 18,00,000 from 1 May 2026 (335 days):
    // 18,00,000 × 40 % = 7,20,000; closing 10,80,000. In plant and machinery it would be
    // 15 % = 2,70,000.
    const year = (rate: number) =>
      incomeTaxBlockYear({
        rate,
        opening: 0,
        additions: [{ cost: rs('18,00,000'), putToUse: '2026-05-01' }],
        saleProceeds: 0,
        fy: '2026-27',
      });
    expect(year(INCOME_TAX_BLOCK_RATES.lifeSavingMedicalEquipment)).toMatchObject({
      depreciation: rs('7,20,000'),
      closing: rs('10,80,000'),
    });
    expect(year(INCOME_TAX_BLOCK_RATES.plantAndMachinery).depreciation).toBe(rs('2,70,000'));
  });

  it('rounds each rate part to the paisa, half away from zero', () => {
    // Opening 1,000.10 × 15 % = 150.015 → 150.02; a half-rate addition 2,000.20 × 7.5 % = 150.015
    // → 150.02. Depreciation 300.04; closing 3,000.30 − 300.04 = 2,700.26.
    expect(
      incomeTaxBlockYear({
        rate: 15,
        opening: rs('1,000.10'),
        additions: [{ cost: rs('2,000.20'), putToUse: '2027-03-01' }],
        saleProceeds: 0,
        fy: '2026-27',
      }),
    ).toMatchObject({ depreciation: rs('300.04'), closing: rs('2,700.26') });
    // 10 % of 0.05 is half a paisa → 0.01; 5 % of it a quarter → 0.
    expect(
      incomeTaxBlockYear({
        rate: 10,
        opening: rs('0.05'),
        additions: [{ cost: rs('0.05'), putToUse: '2027-03-31' }],
        saleProceeds: 0,
        fy: '2026-27',
      }).depreciation,
    ).toBe(1);
  });

  it('the two books side by side for one asset', () => {
    // A 13,00,000 ultrasound put to use 4 October 2026 (179 days of 2026-27).
    // Companies Act, SLM over 13 years: 12,35,000 ÷ 13 = 95,000 a year × 179 ÷ 365 = 46,589.04.
    // Income tax, plant and machinery: used under 180 days, 7.5 % of 13,00,000 = 97,500.
    const [books] = companiesActSchedule(
      { cost: rs('13,00,000'), usefulLifeYears: 13, method: 'SLM', putToUse: '2026-10-04' },
      '2026-27',
      '2026-27',
    );
    expect(books?.depreciation).toBe(rs('46,589.04'));
    expect(
      incomeTaxBlockYear({
        rate: 15,
        opening: 0,
        additions: [{ cost: rs('13,00,000'), putToUse: '2026-10-04' }],
        saleProceeds: 0,
        fy: '2026-27',
      }).depreciation,
    ).toBe(rs('97,500'));
  });

  it('refuses bad input with a RangeError that names it', () => {
    const good = { rate: 15, opening: rs('1,000'), additions: [], saleProceeds: 0, fy: '2026-27' };
    expect(() => incomeTaxBlockYear({ ...good, rate: -1 })).toThrow(/rate must be a percentage/);
    expect(() => incomeTaxBlockYear({ ...good, rate: 100.5 })).toThrow(/rate must be a percentage/);
    expect(() => incomeTaxBlockYear({ ...good, rate: Number.NaN })).toThrow(RangeError);
    expect(() => incomeTaxBlockYear({ ...good, rate: 15.00001 })).toThrow(/at most 4 decimals/);
    expect(() => incomeTaxBlockYear({ ...good, opening: -1 })).toThrow(
      /opening cannot be negative/,
    );
    expect(() => incomeTaxBlockYear({ ...good, saleProceeds: -5 })).toThrow(/saleProceeds cannot/);
    expect(() => incomeTaxBlockYear({ ...good, fy: '2026' })).toThrow(
      /fy must be a financial year/,
    );
    expect(() =>
      incomeTaxBlockYear({ ...good, additions: [{ cost: -1, putToUse: '2026-05-01' }] }),
    ).toThrow(/additions\[0\]\.cost cannot be negative/);
    expect(() =>
      incomeTaxBlockYear({ ...good, additions: [{ cost: 1, putToUse: '2027-04-01' }] }),
    ).toThrow(/not in the financial year 2026-27/);
    expect(() =>
      incomeTaxBlockYear({ ...good, additions: [{ cost: 1, putToUse: '2026-9-1' }] }),
    ).toThrow(/putToUse must be a date/);
    const block = { rate: 15, opening: 0, additions: [], sales: [] };
    expect(() =>
      incomeTaxBlockSchedule(
        { ...block, sales: [{ proceeds: 1, soldOn: '2029-04-01' }] },
        '2026-27',
        '2028-29',
      ),
    ).toThrow(/sales\[0\]\.soldOn 2029-04-01 is outside 2026-27..2028-29/);
    expect(() =>
      incomeTaxBlockSchedule(
        { ...block, additions: [{ cost: 1, putToUse: '2026-03-31' }] },
        '2026-27',
        '2028-29',
      ),
    ).toThrow(/additions\[0\]\.putToUse 2026-03-31 is outside/);
    expect(() => incomeTaxBlockSchedule(block, '2028-29', '2026-27')).toThrow(/is after toFY/);
  });
});
