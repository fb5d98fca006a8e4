import { afterEach, describe, expect, it } from 'vitest';
import {
  displayDate,
  financialYear,
  financialYearRange,
  hhmm,
  indianDate,
  isoDate,
} from './dates.ts';

const originalTimeZone = process.env.TZ;

function inTimeZone(timeZone: string) {
  process.env.TZ = timeZone;
}

afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

describe('isoDate', () => {
  it('gives the local calendar date of a Date', () => {
    expect(isoDate(new Date(2026, 3, 1, 0, 5))).toBe('2026-04-01');
    expect(isoDate(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31');
    expect(isoDate(new Date(987, 0, 9))).toBe('0987-01-09');
  });

  it('gives an Indian user the Indian date just after midnight, unlike toISOString', () => {
    inTimeZone('Asia/Kolkata');
    const justAfterMidnight = new Date('2026-03-31T18:45:00Z'); // 00:15 IST on 1 April
    expect(justAfterMidnight.toISOString().slice(0, 10)).toBe('2026-03-31');
    expect(isoDate(justAfterMidnight)).toBe('2026-04-01');
    expect(hhmm(justAfterMidnight)).toBe('00:15');
    expect(financialYear(justAfterMidnight)).toBe('2026-27');
  });

  it('keeps the first 10 characters of a string as written', () => {
    expect(isoDate('2026-04-01')).toBe('2026-04-01');
    expect(isoDate('2026-03-31T23:30:00Z')).toBe('2026-03-31');
    expect(isoDate('2026-04-01 00:15:00+05:30')).toBe('2026-04-01');
    expect(isoDate('2024-02-29')).toBe('2024-02-29');
    expect(isoDate('2000-02-29')).toBe('2000-02-29');
  });

  it.each([
    '',
    '2026-4-1',
    '01-04-2026',
    '2026/04/01',
    '2026-00-10',
    '2026-13-01',
    '2026-04-00',
    '2026-04-31',
    '2026-02-29',
    '1900-02-29',
    '0000-01-01',
    'abcd-ef-gh',
    ' 2026-04-01',
  ])('refuses %j', (text) => {
    expect(() => isoDate(text)).toThrow(RangeError);
  });

  it('refuses an invalid Date', () => {
    expect(() => isoDate(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('hhmm', () => {
  it('gives zero-padded local 24-hour time', () => {
    expect(hhmm(new Date(2026, 0, 1, 0, 0))).toBe('00:00');
    expect(hhmm(new Date(2026, 0, 1, 9, 5))).toBe('09:05');
    expect(hhmm(new Date(2026, 0, 1, 13, 30, 59))).toBe('13:30');
    expect(hhmm(new Date(2026, 0, 1, 23, 59))).toBe('23:59');
  });

  it('refuses an invalid Date', () => {
    expect(() => hhmm(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('displayDate', () => {
  it('turns YYYY-MM-DD into DD-MM-YYYY', () => {
    expect(displayDate('2026-04-01')).toBe('01-04-2026');
    expect(displayDate('1999-12-31')).toBe('31-12-1999');
    expect(displayDate('2026-04-01T10:00:00Z')).toBe('01-04-2026');
  });

  it('refuses what is not a date', () => {
    expect(() => displayDate('01-04-2026')).toThrow(RangeError);
    expect(() => displayDate('2026-02-30')).toThrow(RangeError);
  });
});

describe('financialYear', () => {
  it.each([
    ['2026-04-01', '2026-27'],
    ['2026-03-31', '2025-26'],
    ['2026-01-01', '2025-26'],
    ['2026-12-31', '2026-27'],
    ['2099-05-01', '2099-00'],
    ['2100-02-01', '2099-00'],
    ['2009-04-15', '2009-10'],
    ['2000-03-31', '1999-00'],
  ])('%s is in %s', (date, fy) => {
    expect(financialYear(date)).toBe(fy);
  });

  it('uses the local calendar date of a Date', () => {
    expect(financialYear(new Date(2026, 2, 31, 23, 59))).toBe('2025-26');
    expect(financialYear(new Date(2026, 3, 1, 0, 0))).toBe('2026-27');
  });

  it('reads a timestamp string as written', () => {
    expect(financialYear('2026-03-31T23:59:59+05:30')).toBe('2025-26');
  });

  it('refuses bad dates and years that cannot be written', () => {
    expect(() => financialYear('2026-02-30')).toThrow(RangeError);
    expect(() => financialYear('0001-03-31')).toThrow(RangeError);
    expect(() => financialYear('9999-04-01')).toThrow(RangeError);
    expect(financialYear('9999-03-31')).toBe('9998-99');
  });
});

describe('financialYearRange', () => {
  it('gives 1 April to 31 March', () => {
    expect(financialYearRange('2026-27')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(financialYearRange('2099-00')).toEqual({ start: '2099-04-01', end: '2100-03-31' });
    expect(financialYearRange('1999-00')).toEqual({ start: '1999-04-01', end: '2000-03-31' });
  });

  it('agrees with financialYear on both ends', () => {
    for (const fy of ['2025-26', '2026-27', '2099-00']) {
      const { start, end } = financialYearRange(fy);
      expect(financialYear(start)).toBe(fy);
      expect(financialYear(end)).toBe(fy);
    }
  });

  it.each([
    '',
    '2026',
    '2026-2027',
    '2026-28',
    '2026-26',
    '2026/27',
    '26-27',
    ' 2026-27',
    '2026-27 ',
    '0000-01',
    '9999-00',
  ])('refuses %j', (fy) => {
    expect(() => financialYearRange(fy)).toThrow(RangeError);
  });
});

describe('indianDate', () => {
  it('is the date in India whatever the server’s zone: after 18:30 UTC it is already tomorrow', () => {
    expect(indianDate(new Date('2026-11-25T18:29:59Z'))).toBe('2026-11-25');
    expect(indianDate(new Date('2026-11-25T18:30:00Z'))).toBe('2026-11-26');
    expect(indianDate(new Date('2027-03-31T19:00:00Z'))).toBe('2027-04-01');
    expect(() => indianDate(new Date('nonsense'))).toThrow(RangeError);
  });
});
