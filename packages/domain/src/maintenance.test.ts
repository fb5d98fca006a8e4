import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from './dates.ts';
import * as domain from './index.ts';
import {
  addInterval,
  contractAlert,
  dueToCreate,
  type Interval,
  type IntervalUnit,
  type JobPriority,
  nextDueDate,
  noticeDate,
  PRIORITY_TARGETS,
  type PreventiveSchedule,
  reliability,
  renewalPeriod,
  serviceLevel,
  visitDates,
  warrantyAlert,
} from './maintenance.ts';

const MONTHLY: Interval = { every: 1, unit: 'MONTH' };
const YEARLY: Interval = { every: 1, unit: 'YEAR' };

describe('date helpers', () => {
  it('counts calendar days across month, leap and year ends', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-01-01', '2025-12-31')).toBe(-1);
    expect(daysBetween('2025-06-01', '2025-06-01')).toBe(0);
    expect(daysBetween('0001-01-01', '9999-12-31')).toBe(3_652_058);
  });

  it('adds days either way', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDays('0050-01-01', 0)).toBe('0050-01-01');
    expect(() => addDays('2025-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });

  it('adds months, clamping to the month end either way', () => {
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-01-15', -13)).toBe('2023-12-15');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(() => addMonths('9999-12-01', 1)).toThrow(RangeError);
  });

  it('refuses what is not a YYYY-MM-DD date', () => {
    for (const bad of ['2025-02-29', '2025-1-1', '31-01-2025', '2025-04-31', '']) {
      expect(() => daysBetween(bad, '2025-01-01'), bad).toThrow(RangeError);
    }
  });
});

describe('addInterval', () => {
  it('clamps months to the month end without drifting from the anchor', () => {
    expect(addInterval('2025-01-31', MONTHLY)).toBe('2025-02-28');
    expect(addInterval('2024-01-31', MONTHLY)).toBe('2024-02-29');
    expect(addInterval('2025-01-31', MONTHLY, 2)).toBe('2025-03-31');
    expect(addInterval('2025-01-31', MONTHLY, 3)).toBe('2025-04-30');
    expect(addInterval('2025-11-30', { every: 3, unit: 'MONTH' })).toBe('2026-02-28');
    expect(addInterval('2025-11-30', { every: 3, unit: 'MONTH' }, 2)).toBe('2026-05-30');
  });

  it('takes 29 February to 28 February, and back to the 29th in the next leap year', () => {
    expect(addInterval('2024-02-29', YEARLY)).toBe('2025-02-28');
    expect(addInterval('2024-02-29', YEARLY, 4)).toBe('2028-02-29');
    expect(addInterval('2024-02-29', { every: 4, unit: 'YEAR' })).toBe('2028-02-29');
  });

  it('handles days and weeks across month and year ends', () => {
    expect(addInterval('2025-12-30', { every: 3, unit: 'DAY' })).toBe('2026-01-02');
    expect(addInterval('2024-02-24', { every: 1, unit: 'WEEK' })).toBe('2024-03-02');
    expect(addInterval('2025-02-24', { every: 2, unit: 'WEEK' }, 3)).toBe('2025-04-07');
    expect(addInterval('2025-06-01', MONTHLY, 0)).toBe('2025-06-01');
  });

  it('refuses bad intervals, counts and dates', () => {
    for (const every of [0, -1, 1.5, 1000, Number.NaN]) {
      expect(() => addInterval('2025-01-01', { every, unit: 'DAY' }), String(every)).toThrow(
        RangeError,
      );
    }
    expect(addInterval('2025-01-01', { every: 999, unit: 'DAY' })).toBe('2027-09-27');
    const hours = { every: 1, unit: 'HOUR' as string as IntervalUnit };
    expect(() => addInterval('2025-01-01', hours)).toThrow(RangeError);
    expect(() => addInterval('2025-01-01', MONTHLY, -1)).toThrow(RangeError);
    expect(() => addInterval('2025-01-01', MONTHLY, 1.5)).toThrow(RangeError);
    expect(() => addInterval('2025-02-30', MONTHLY)).toThrow(RangeError);
    expect(() => addInterval('9999-12-31', { every: 1, unit: 'DAY' })).toThrow(RangeError);
  });
});

describe('nextDueDate', () => {
  const fixed: PreventiveSchedule = {
    anchor: 'FIXED',
    anchorDate: '2025-01-31',
    interval: MONTHLY,
  };
  const completion: PreventiveSchedule = { ...fixed, anchor: 'COMPLETION' };

  it('is the anchor date before the first job', () => {
    expect(nextDueDate(fixed, null)).toBe('2025-01-31');
    expect(nextDueDate(completion, null)).toBe('2025-01-31');
  });

  it('FIXED: keeps to the series whenever the last job was done', () => {
    const early = { dueDate: '2025-01-31', completedOn: '2025-01-20' };
    const late = { dueDate: '2025-02-28', completedOn: '2025-03-20' };
    const open = { dueDate: '2025-03-31', completedOn: null };
    expect(nextDueDate(fixed, early)).toBe('2025-02-28');
    expect(nextDueDate(fixed, late)).toBe('2025-03-31');
    expect(nextDueDate(fixed, open)).toBe('2025-04-30');
  });

  it('FIXED: a job moved off the series, or before the anchor, leads back to it', () => {
    expect(nextDueDate(fixed, { dueDate: '2025-02-10', completedOn: null })).toBe('2025-02-28');
    expect(nextDueDate(fixed, { dueDate: '2024-12-01', completedOn: null })).toBe('2025-01-31');
  });

  it('FIXED: finds the series date after decades of daily, weekly and yearly steps', () => {
    const daily = {
      anchor: 'FIXED',
      anchorDate: '1990-01-01',
      interval: { every: 1, unit: 'DAY' },
    } as const;
    expect(nextDueDate(daily, { dueDate: '2025-06-15', completedOn: null })).toBe('2025-06-16');
    const fortnightly = {
      anchor: 'FIXED',
      anchorDate: '2025-01-06',
      interval: { every: 2, unit: 'WEEK' },
    } as const;
    expect(nextDueDate(fortnightly, { dueDate: '2025-03-01', completedOn: null })).toBe(
      '2025-03-03',
    );
    const leapYearly = { anchor: 'FIXED', anchorDate: '2024-02-29', interval: YEARLY } as const;
    expect(nextDueDate(leapYearly, { dueDate: '2025-02-28', completedOn: null })).toBe(
      '2026-02-28',
    );
    expect(nextDueDate(leapYearly, { dueDate: '2027-02-28', completedOn: null })).toBe(
      '2028-02-29',
    );
  });

  it('COMPLETION: counts from the completion, early or late', () => {
    const early = { dueDate: '2025-01-31', completedOn: '2025-01-20' };
    const late = { dueDate: '2025-01-31', completedOn: '2025-02-10' };
    const onTime = { dueDate: '2025-01-31', completedOn: '2025-01-31' };
    expect(nextDueDate(completion, early)).toBe('2025-02-20');
    expect(nextDueDate(completion, late)).toBe('2025-03-10');
    expect(nextDueDate(completion, onTime)).toBe('2025-02-28');
  });

  it('COMPLETION: stays on the open job until it is done', () => {
    expect(nextDueDate(completion, { dueDate: '2025-01-31', completedOn: null })).toBe(
      '2025-01-31',
    );
  });

  it('refuses bad schedules and jobs', () => {
    expect(() => nextDueDate({ ...fixed, anchorDate: '2025-13-01' }, null)).toThrow(RangeError);
    expect(() => nextDueDate({ ...fixed, interval: { every: 0, unit: 'DAY' } }, null)).toThrow(
      RangeError,
    );
    expect(() => nextDueDate(fixed, { dueDate: '2025-02-30', completedOn: null })).toThrow(
      RangeError,
    );
    expect(() => nextDueDate(completion, { dueDate: '2025-02-01', completedOn: 'soon' })).toThrow(
      RangeError,
    );
  });
});

describe('dueToCreate', () => {
  const fixed: PreventiveSchedule = {
    anchor: 'FIXED',
    anchorDate: '2025-01-15',
    interval: MONTHLY,
  };
  const completion: PreventiveSchedule = { ...fixed, anchor: 'COMPLETION' };

  it('creates the job exactly leadDays before it is due, not a day sooner', () => {
    expect(dueToCreate(fixed, null, '2025-01-07', 7)).toBeNull();
    expect(dueToCreate(fixed, null, '2025-01-08', 7)).toBe('2025-01-15');
    const last = { dueDate: '2025-01-15', completedOn: '2025-01-15' };
    expect(dueToCreate(fixed, last, '2025-02-07', 7)).toBeNull();
    expect(dueToCreate(fixed, last, '2025-02-08', 7)).toBe('2025-02-15');
    expect(dueToCreate(fixed, last, '2025-02-15', 0)).toBe('2025-02-15');
    expect(dueToCreate(fixed, last, '2025-02-14', 0)).toBeNull();
  });

  it('FIXED: a new schedule anchored last year starts on or after today, with no back jobs', () => {
    const lastYear = { ...fixed, anchorDate: '2024-03-15' };
    expect(dueToCreate(lastYear, null, '2025-01-10', 7)).toBe('2025-01-15');
    expect(dueToCreate(lastYear, null, '2025-01-15', 7)).toBe('2025-01-15');
    expect(dueToCreate(lastYear, null, '2025-01-16', 7)).toBeNull();
    expect(dueToCreate(lastYear, null, '2025-02-08', 7)).toBe('2025-02-15');
  });

  it('FIXED: after a long gap, one job for the latest missed date, then back to the series', () => {
    const since2024 = { ...fixed, anchorDate: '2024-01-15' };
    const stale = { dueDate: '2024-01-15', completedOn: '2024-01-16' };
    expect(dueToCreate(since2024, stale, '2025-06-20', 7)).toBe('2025-06-15');
    const caughtUp = { dueDate: '2025-06-15', completedOn: null };
    expect(dueToCreate(since2024, caughtUp, '2025-06-20', 7)).toBeNull();
    expect(dueToCreate(since2024, caughtUp, '2025-07-08', 7)).toBe('2025-07-15');
  });

  it('FIXED: a date missed by a day is still created, overdue, not skipped', () => {
    const last = { dueDate: '2025-01-15', completedOn: null };
    expect(dueToCreate(fixed, last, '2025-02-16', 7)).toBe('2025-02-15');
    expect(dueToCreate(fixed, last, '2025-03-15', 7)).toBe('2025-03-15');
  });

  it('COMPLETION: the anchor even when past, then an interval after each completion', () => {
    const pastAnchor = { ...completion, anchorDate: '2024-06-01' };
    expect(dueToCreate(pastAnchor, null, '2025-01-10', 7)).toBe('2024-06-01');
    expect(dueToCreate(completion, null, '2025-01-01', 7)).toBeNull();
    const done = { dueDate: '2025-01-15', completedOn: '2025-01-20' };
    expect(dueToCreate(completion, done, '2025-02-12', 7)).toBeNull();
    expect(dueToCreate(completion, done, '2025-02-13', 7)).toBe('2025-02-20');
  });

  it('COMPLETION: nothing while the last job is open, however overdue', () => {
    const open = { dueDate: '2025-01-15', completedOn: null };
    expect(dueToCreate(completion, open, '2025-01-15', 7)).toBeNull();
    expect(dueToCreate(completion, open, '2026-01-15', 7)).toBeNull();
  });

  it('refuses bad lead times and dates', () => {
    expect(() => dueToCreate(fixed, null, '2025-01-01', -1)).toThrow(RangeError);
    expect(() => dueToCreate(fixed, null, '2025-01-01', 1.5)).toThrow(RangeError);
    expect(() => dueToCreate(fixed, null, '01-01-2025', 7)).toThrow(RangeError);
  });
});

describe('visitDates', () => {
  it('spreads 4 a year over a two-year contract: 8 visits, each ending its quarter', () => {
    expect(visitDates('2025-04-01', '2027-03-31', 4)).toEqual([
      '2025-06-30',
      '2025-09-30',
      '2025-12-31',
      '2026-03-31',
      '2026-06-30',
      '2026-09-30',
      '2026-12-31',
      '2027-03-31',
    ]);
  });

  it('gives nothing for 0 a year or for a period shorter than one slot', () => {
    expect(visitDates('2025-04-01', '2026-03-31', 0)).toEqual([]);
    expect(visitDates('2025-04-01', '2025-06-29', 4)).toEqual([]);
  });

  it('gives no visit to a partial slot at the end', () => {
    expect(visitDates('2025-04-01', '2025-12-30', 4)).toEqual(['2025-06-30', '2025-09-30']);
    expect(visitDates('2025-04-01', '2026-03-31', 1)).toEqual(['2026-03-31']);
  });

  it('keeps monthly visits from a 31st on their day through short months', () => {
    const visits = visitDates('2025-01-31', '2026-01-30', 12);
    expect(visits).toHaveLength(12);
    expect(visits.slice(0, 3)).toEqual(['2025-02-27', '2025-03-30', '2025-04-29']);
    expect(visits.at(-1)).toBe('2026-01-30');
  });

  it('splits each contract year evenly in days when the months do not divide', () => {
    const five = visitDates('2025-04-01', '2026-03-31', 5);
    expect(five).toHaveLength(5);
    expect(five.at(-1)).toBe('2026-03-31');
    for (let k = 1; k < five.length; k += 1) {
      expect(daysBetween(five[k - 1] ?? '', five[k] ?? '')).toBe(73);
    }
    // Round(365 / 8) = 46-day steps would fit only 7 times; each year gets its 8.
    const eight = visitDates('2025-04-01', '2028-03-31', 8);
    expect(eight).toHaveLength(24);
    expect(eight[7]).toBe('2026-03-31');
    expect(eight[15]).toBe('2027-03-31');
    expect(eight[23]).toBe('2028-03-31');
    for (let k = 1; k < eight.length; k += 1) {
      expect([45, 46]).toContain(daysBetween(eight[k - 1] ?? '', eight[k] ?? ''));
    }
    expect(visitDates('2025-04-01', '2025-04-03', 365)).toEqual([
      '2025-04-01',
      '2025-04-02',
      '2025-04-03',
    ]);
  });

  it('refuses bad counts and periods', () => {
    for (const bad of [-1, 1.5, 366, Number.NaN]) {
      expect(() => visitDates('2025-04-01', '2026-03-31', bad), String(bad)).toThrow(RangeError);
    }
    expect(() => visitDates('2026-04-01', '2026-03-31', 4)).toThrow(RangeError);
    expect(() => visitDates('2025-04-01', '2026-02-29', 4)).toThrow(RangeError);
  });
});

describe('contracts', () => {
  it('gives the notice date noticeDays before the end', () => {
    expect(noticeDate('2026-03-31', 90)).toBe('2025-12-31');
    expect(noticeDate('2024-03-30', 30)).toBe('2024-02-29');
    expect(noticeDate('2026-03-31', 0)).toBe('2026-03-31');
    expect(() => noticeDate('2026-03-31', -1)).toThrow(RangeError);
    expect(() => noticeDate('2026-03-32', 30)).toThrow(RangeError);
  });

  it('renews financial and calendar years to the next one', () => {
    expect(renewalPeriod('2025-04-01', '2026-03-31')).toEqual({
      start: '2026-04-01',
      end: '2027-03-31',
    });
    expect(renewalPeriod('2025-01-01', '2025-12-31')).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
    expect(renewalPeriod('2025-01-01', '2025-03-31')).toEqual({
      start: '2025-04-01',
      end: '2025-06-30',
    });
  });

  it('renews a year ending in February to the 28th or 29th as the year has it', () => {
    expect(renewalPeriod('2024-03-01', '2025-02-28')).toEqual({
      start: '2025-03-01',
      end: '2026-02-28',
    });
    expect(renewalPeriod('2023-03-01', '2024-02-29')).toEqual({
      start: '2024-03-01',
      end: '2025-02-28',
    });
    expect(renewalPeriod('2026-03-01', '2027-02-28')).toEqual({
      start: '2027-03-01',
      end: '2028-02-29',
    });
  });

  it('keeps a period from the 29th–31st on its day through short months', () => {
    expect(renewalPeriod('2024-01-31', '2025-01-30')).toEqual({
      start: '2025-01-31',
      end: '2026-01-30',
    });
    expect(renewalPeriod('2024-08-31', '2025-02-27')).toEqual({
      start: '2025-02-28',
      end: '2025-08-30',
    });
    expect(renewalPeriod('2024-02-29', '2025-02-27')).toEqual({
      start: '2025-02-28',
      end: '2026-02-27',
    });
    // Renewed again and again, a monthly contract from the 31st does not slide to the 28th.
    expect(renewalPeriod('2025-01-31', '2025-02-27')).toEqual({
      start: '2025-02-28',
      end: '2025-03-30',
    });
    expect(renewalPeriod('2025-02-28', '2025-03-30')).toEqual({
      start: '2025-03-31',
      end: '2025-04-29',
    });
    // Nor does a quarterly one from the 31st, through two short months in a row.
    expect(renewalPeriod('2025-08-31', '2025-11-29')).toEqual({
      start: '2025-11-30',
      end: '2026-02-27',
    });
    expect(renewalPeriod('2025-11-30', '2026-02-27')).toEqual({
      start: '2026-02-28',
      end: '2026-05-30',
    });
    // A quarter from the 30th keeps the 30th while the dates say so.
    expect(renewalPeriod('2025-08-30', '2025-11-29')).toEqual({
      start: '2025-11-30',
      end: '2026-02-27',
    });
    expect(renewalPeriod('2025-12-30', '2026-03-29')).toEqual({
      start: '2026-03-30',
      end: '2026-06-29',
    });
  });

  it('renews any other period to the same number of days', () => {
    expect(renewalPeriod('2025-01-15', '2025-02-20')).toEqual({
      start: '2025-02-21',
      end: '2025-03-29',
    });
    expect(renewalPeriod('2025-01-01', '2025-03-15')).toEqual({
      start: '2025-03-16',
      end: '2025-05-28',
    });
    expect(renewalPeriod('2025-06-01', '2025-06-10')).toEqual({
      start: '2025-06-11',
      end: '2025-06-20',
    });
    expect(renewalPeriod('2025-06-01', '2025-06-01')).toEqual({
      start: '2025-06-02',
      end: '2025-06-02',
    });
    expect(() => renewalPeriod('2025-06-02', '2025-06-01')).toThrow(RangeError);
  });

  it('takes the notice of a renewed contract from the renewed end (GLPI #23084)', () => {
    // The GLPI report: renewed yearly, 2 months' notice; the notice fell a year early.
    const renewed = renewalPeriod('2024-08-29', '2025-08-28');
    expect(renewed).toEqual({ start: '2025-08-29', end: '2026-08-28' });
    expect(noticeDate(renewed.end, 61)).toBe('2026-06-28');
    const again = renewalPeriod(renewed.start, renewed.end);
    expect(noticeDate(again.end, 61)).toBe('2027-06-28');
  });
});

describe('alerts', () => {
  const today = '2025-06-01';
  const endingIn = (days: number) => addDays(today, days);

  it('puts a contract in the tightest band its days left fall into', () => {
    const bands: [number, string | null][] = [
      [91, null],
      [90, 'ENDS_IN_90'],
      [61, 'ENDS_IN_90'],
      [60, 'ENDS_IN_60'],
      [31, 'ENDS_IN_60'],
      [30, 'ENDS_IN_30'],
      [8, 'ENDS_IN_30'],
      [7, 'ENDS_IN_7'],
      [0, 'ENDS_IN_7'],
      [-1, 'ENDED'],
      [-400, 'ENDED'],
    ];
    for (const [days, band] of bands)
      expect(contractAlert(endingIn(days), today), `${days}`).toBe(band);
  });

  it('puts a warranty in its band, and none when its end is unknown', () => {
    const bands: [number, string | null][] = [
      [91, null],
      [90, 'ENDS_IN_90'],
      [31, 'ENDS_IN_90'],
      [30, 'ENDS_IN_30'],
      [0, 'ENDS_IN_30'],
      [-1, 'ENDED'],
    ];
    for (const [days, band] of bands)
      expect(warrantyAlert(endingIn(days), today), `${days}`).toBe(band);
    expect(warrantyAlert(null, today)).toBeNull();
  });

  it('refuses bad dates', () => {
    expect(() => contractAlert('2025-06-31', today)).toThrow(RangeError);
    expect(() => warrantyAlert(null, '2025-6-1')).toThrow(RangeError);
  });
});

describe('serviceLevel', () => {
  // 22:00 UTC: the P1 resolution target runs through the night.
  const opened = new Date('2025-06-01T22:00:00Z');
  const at = (iso: string) => new Date(iso);
  const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

  it('has the hospital defaults', () => {
    expect(PRIORITY_TARGETS.P1).toEqual({ responseMinutes: 30, resolutionMinutes: 480 });
    expect(PRIORITY_TARGETS.P2).toEqual({ responseMinutes: 120, resolutionMinutes: 1440 });
    expect(PRIORITY_TARGETS.P3).toEqual({ responseMinutes: 480, resolutionMinutes: 4320 });
    expect(PRIORITY_TARGETS.P4).toEqual({ responseMinutes: 1440, resolutionMinutes: 10080 });
  });

  it('sets the due times on the wall clock, overnight included', () => {
    const level = serviceLevel('P1', opened, null, null, opened);
    expect(level.responseDueAt).toEqual(at('2025-06-01T22:30:00Z'));
    expect(level.resolutionDueAt).toEqual(at('2025-06-02T06:00:00Z'));
    expect(level).toMatchObject({
      responseBreached: false,
      resolutionBreached: false,
      downtimeMinutes: 0,
    });
  });

  it('meets a target done exactly on time and breaches it a millisecond later', () => {
    const responseDue = at('2025-06-01T22:30:00Z');
    const resolutionDue = at('2025-06-02T06:00:00Z');
    const now = at('2025-06-03T00:00:00Z');
    const onTime = serviceLevel('P1', opened, responseDue, resolutionDue, now);
    expect(onTime.responseBreached).toBe(false);
    expect(onTime.resolutionBreached).toBe(false);
    expect(onTime.downtimeMinutes).toBe(480);
    const late = serviceLevel('P1', opened, plus(responseDue, 1), plus(resolutionDue, 1), now);
    expect(late.responseBreached).toBe(true);
    expect(late.resolutionBreached).toBe(true);
  });

  it('breaches an open target only once now is past it', () => {
    const responseDue = at('2025-06-01T22:30:00Z');
    expect(serviceLevel('P1', opened, null, null, responseDue).responseBreached).toBe(false);
    const after = serviceLevel('P1', opened, null, null, plus(responseDue, 1));
    expect(after.responseBreached).toBe(true);
    expect(after.resolutionBreached).toBe(false);
    expect(after.downtimeMinutes).toBe(30);
    const nextDay = serviceLevel(
      'P2',
      opened,
      at('2025-06-01T23:00:00Z'),
      null,
      at('2025-06-02T22:00:01Z'),
    );
    expect(nextDay.responseBreached).toBe(false);
    expect(nextDay.resolutionBreached).toBe(true);
    expect(nextDay.downtimeMinutes).toBe(1440);
  });

  it('counts downtime in whole minutes, to now while open', () => {
    const resolved = plus(opened, (479 * 60 + 59) * 1000);
    expect(serviceLevel('P1', opened, opened, resolved, resolved).downtimeMinutes).toBe(479);
    const now = at('2025-06-04T22:00:00Z');
    expect(serviceLevel('P4', opened, opened, null, now).downtimeMinutes).toBe(3 * 1440);
    expect(serviceLevel('P4', opened, opened, null, plus(opened, -5000)).downtimeMinutes).toBe(0);
  });

  it('counts a job resolved with no response recorded as answered when resolved', () => {
    const quick = serviceLevel(
      'P1',
      opened,
      null,
      at('2025-06-01T22:20:00Z'),
      at('2025-06-05T00:00:00Z'),
    );
    expect(quick.responseBreached).toBe(false);
    const slow = serviceLevel(
      'P1',
      opened,
      null,
      at('2025-06-01T22:40:00Z'),
      at('2025-06-05T00:00:00Z'),
    );
    expect(slow.responseBreached).toBe(true);
    expect(slow.resolutionBreached).toBe(false);
  });

  it('refuses impossible times and priorities', () => {
    const before = plus(opened, -1);
    expect(() => serviceLevel('P1', opened, before, null, opened)).toThrow(RangeError);
    expect(() => serviceLevel('P1', opened, null, before, opened)).toThrow(RangeError);
    expect(() => serviceLevel('P1', new Date(Number.NaN), null, null, opened)).toThrow(RangeError);
    expect(() => serviceLevel('P1', opened, null, null, new Date('soon'))).toThrow(RangeError);
    const p5 = 'P5' as string as JobPriority;
    expect(() => serviceLevel(p5, opened, null, null, opened)).toThrow(RangeError);
  });
});

describe('reliability', () => {
  const job = (openedAt: string, resolvedAt: string) => ({
    openedAt: new Date(openedAt),
    resolvedAt: new Date(resolvedAt),
  });

  it('has no figures without failures', () => {
    expect(reliability([])).toEqual({ failures: 0, mttrMinutes: null, mtbfDays: null });
  });

  it('has a repair time but no time between failures after one failure', () => {
    expect(reliability([job('2025-01-01T10:00:00Z', '2025-01-01T11:30:00Z')])).toEqual({
      failures: 1,
      mttrMinutes: 90,
      mtbfDays: null,
    });
  });

  it('takes MTBF as uptime from each repair to the next breakdown, in any order', () => {
    const jobs = [
      job('2025-01-26T03:00:00Z', '2025-01-26T04:30:00Z'),
      job('2025-01-01T00:00:00Z', '2025-01-01T02:00:00Z'),
      job('2025-01-11T02:00:00Z', '2025-01-11T03:00:00Z'),
    ];
    // Repairs of 120, 60 and 90 minutes; uptimes of 10 and 15 days.
    expect(reliability(jobs)).toEqual({ failures: 3, mttrMinutes: 90, mtbfDays: 12.5 });
  });

  it('rounds to whole minutes and to a tenth of a day', () => {
    const jobs = [
      job('2025-01-01T00:00:00Z', '2025-01-01T00:01:00Z'),
      job('2025-01-02T01:01:00Z', '2025-01-02T01:03:00Z'),
    ];
    expect(reliability(jobs)).toEqual({ failures: 2, mttrMinutes: 2, mtbfDays: 1 });
  });

  it('adds no uptime for a breakdown opened before the previous repair ended', () => {
    const jobs = [
      job('2025-01-01T00:00:00Z', '2025-01-03T00:00:00Z'),
      job('2025-01-02T00:00:00Z', '2025-01-02T01:00:00Z'),
    ];
    expect(reliability(jobs).mtbfDays).toBe(0);
  });

  it('refuses a job resolved before it was opened', () => {
    expect(() => reliability([job('2025-01-02T00:00:00Z', '2025-01-01T00:00:00Z')])).toThrow(
      RangeError,
    );
    expect(() => reliability([job('soon', '2025-01-01T00:00:00Z')])).toThrow(RangeError);
  });
});

describe('the barrel', () => {
  it('re-exports maintenance and the date helpers', () => {
    for (const name of ['addInterval', 'nextDueDate', 'renewalPeriod', 'reliability', 'addDays']) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
