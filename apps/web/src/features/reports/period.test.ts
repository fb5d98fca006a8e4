import { describe, expect, it } from 'vitest';
import { asOfPeriod, financialYearChoices, periodOf, yearPeriod, yearStartOf } from './period.ts';

describe('the period of a report', () => {
  it('is the current financial year (April–March) when the address names none', () => {
    expect(periodOf({}, '2026-11-26')).toEqual({
      kind: 'year',
      financialYear: '2026-27',
      from: '2026-04-01',
      to: '2027-03-31',
    });
    // January to March belong to the year that began the April before.
    expect(periodOf({}, '2027-03-31')).toMatchObject({ financialYear: '2026-27' });
    expect(periodOf({}, '2027-04-01')).toMatchObject({ financialYear: '2027-28' });
  });

  it('is the financial year the address names, the current one when it names none that exists', () => {
    expect(periodOf({ fy: '2024-25' }, '2026-11-26')).toEqual(yearPeriod('2024-25'));
    expect(yearPeriod('2024-25')).toMatchObject({ from: '2024-04-01', to: '2025-03-31' });
    expect(periodOf({ fy: '2024-26' }, '2026-11-26')).toMatchObject({ financialYear: '2026-27' });
    expect(periodOf({ fy: 'last year' }, '2026-11-26')).toMatchObject({
      financialYear: '2026-27',
    });
  });

  it('is a custom period when both dates are whole, both days included', () => {
    expect(periodOf({ from: '2026-05-10', to: '2026-06-09', fy: '2025-26' }, '2026-11-26')).toEqual(
      { kind: 'custom', from: '2026-05-10', to: '2026-06-09', problem: null },
    );
    // One day is a period too.
    expect(periodOf({ from: '2026-05-10', to: '2026-05-10' }, '2026-11-26')).toMatchObject({
      kind: 'custom',
      problem: null,
    });
  });

  it('says so when a custom period ends before it starts, and ignores dates that are not real', () => {
    expect(periodOf({ from: '2026-06-10', to: '2026-06-09' }, '2026-11-26')).toMatchObject({
      kind: 'custom',
      problem: 'order',
    });
    expect(periodOf({ from: '2026-02-30', to: '2026-06-09' }, '2026-11-26')).toMatchObject({
      kind: 'year',
      financialYear: '2026-27',
    });
    expect(periodOf({ from: '2026-05-10' }, '2026-11-26')).toMatchObject({ kind: 'year' });
  });

  it('offers the current financial year first, then those before it', () => {
    expect(financialYearChoices('2026-11-26', 3)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(financialYearChoices('2027-01-15', 2)).toEqual(['2026-27', '2025-26']);
    expect(financialYearChoices('2099-06-01', 2)).toEqual(['2099-00', '2098-99']);
  });
});

describe('the branch asset report’s dates', () => {
  it('is as of today with its movement from the start of the financial year', () => {
    expect(asOfPeriod({}, '2026-11-26')).toEqual({
      from: '2026-04-01',
      to: '2026-11-26',
      defaultFrom: true,
    });
    expect(asOfPeriod({ to: '2027-02-28' }, '2026-11-26')).toMatchObject({ from: '2026-04-01' });
    expect(yearStartOf('2026-03-31')).toBe('2025-04-01');
  });

  it('keeps a From on or before the as-of date, else the year’s start', () => {
    expect(asOfPeriod({ from: '2026-01-01', to: '2026-11-26' }, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-11-26',
      defaultFrom: false,
    });
    expect(asOfPeriod({ from: '2026-12-01', to: '2026-11-26' }, '2026-11-26')).toMatchObject({
      from: '2026-04-01',
      defaultFrom: true,
    });
  });
});
