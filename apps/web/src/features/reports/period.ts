import { financialYear, financialYearRange, parseIsoDate } from '@branch-assets/domain';

/*
 * The period of a report as the address holds it: a financial year (`fy=2025-26`, 1 April –
 * 31 March) or a custom period (`from`, `to`, both days included). Neither means the current
 * financial year, so a report opened from the menu needs nothing in its address.
 */

export type Period =
  | { kind: 'year'; financialYear: string; from: string; to: string }
  | { kind: 'custom'; from: string; to: string; problem: 'order' | null };

export function isIsoDate(text: string | null | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    parseIsoDate(text);
    return true;
  } catch {
    return false;
  }
}

export function isFinancialYear(text: string | null | undefined): text is string {
  if (!text) return false;
  try {
    financialYearRange(text);
    return true;
  } catch {
    return false;
  }
}

/** The financial year `fy` as a period. */
export function yearPeriod(fy: string): Period {
  const { start, end } = financialYearRange(fy);
  return { kind: 'year', financialYear: fy, from: start, to: end };
}

/**
 * The period the address asks for: its custom dates when both are whole dates, else its financial
 * year when it names one, else the financial year holding `today`. A custom period that ends
 * before it starts is kept (the screen says so and asks nothing).
 */
export function periodOf(
  params: { fy?: string | null; from?: string | null; to?: string | null },
  today: string,
): Period {
  if (isIsoDate(params.from) && isIsoDate(params.to))
    return {
      kind: 'custom',
      from: params.from,
      to: params.to,
      problem: params.from > params.to ? 'order' : null,
    };
  return yearPeriod(isFinancialYear(params.fy) ? params.fy : financialYear(today));
}

/** The financial years offered: the current one first, then the `count - 1` before it. */
export function financialYearChoices(today: string, count = 6): string[] {
  const start = Number(financialYear(today).slice(0, 4));
  return Array.from({ length: count }, (_, index) => {
    const year = start - index;
    return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
  });
}

/** The first day of the financial year holding `date` (1 April). */
export function yearStartOf(date: string): string {
  return financialYearRange(financialYear(date)).start;
}

/**
 * The branch asset report's dates: as of `to` (today unless a whole date is given) with its
 * movement from `from` (the start of `to`'s financial year unless a whole date no later than `to`
 * is given).
 */
export function asOfPeriod(
  params: { from?: string | null; to?: string | null },
  today: string,
): { from: string; to: string; defaultFrom: boolean } {
  const to = isIsoDate(params.to) ? params.to : today;
  if (isIsoDate(params.from) && params.from <= to)
    return { from: params.from, to, defaultFrom: false };
  return { from: yearStartOf(to), to, defaultFrom: true };
}
