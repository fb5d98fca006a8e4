import { decimalParts, divideHalfAwayFromZero, scaledInteger, toSafeInteger } from './decimal.ts';

/**
 * An amount in whole paise (1 rupee = 100 paise), always a safe integer so sums are exact. The
 * largest numeric(14,2) value, 999,999,999,999.99 rupees, is about 1e14 paise, far inside
 * Number.MAX_SAFE_INTEGER (about 9e15), which leaves room for totals of many such amounts.
 */
export type Paise = number;

const AMOUNT_TEXT = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

export function isPaise(value: unknown): value is Paise {
  return Number.isSafeInteger(value);
}

export function assertPaise(value: unknown, what = 'amount'): asserts value is Paise {
  if (!isPaise(value))
    throw new RangeError(`${what} must be a whole number of paise, not ${value}`);
}

/**
 * Rupees to paise. Text is the exact wire format, so more than 2 decimals is an error. A number
 * cannot hold most 2-decimal amounts exactly (0.1 + 0.2 is 0.30000000000000004), so it is
 * rounded half away from zero to the nearest paisa, reading it as the decimal it prints as.
 */
export function toPaise(amount: string | number): Paise {
  if (typeof amount === 'number') {
    const { coefficient, exponent } = decimalParts(amount);
    const shift = exponent + 2;
    const paise =
      shift >= 0
        ? coefficient * 10n ** BigInt(shift)
        : divideHalfAwayFromZero(coefficient, 10n ** BigInt(-shift));
    return toSafeInteger(paise, 'amount in paise');
  }
  const match = typeof amount === 'string' ? AMOUNT_TEXT.exec(amount.trim()) : null;
  if (!match) {
    throw new RangeError(`'${String(amount)}' is not an amount with at most 2 decimals`);
  }
  const [, sign = '', rupees = '', fraction = ''] = match;
  return toSafeInteger(BigInt(`${sign}${rupees}${fraction.padEnd(2, '0')}`), 'amount in paise');
}

function rupeesAndPaise(p: Paise): { sign: string; rupees: string; paise: string } {
  assertPaise(p);
  const magnitude = Math.abs(p);
  const paise = magnitude % 100;
  // Subtracting first keeps the division exact even near MAX_SAFE_INTEGER.
  const rupees = (magnitude - paise) / 100;
  return { sign: p < 0 ? '-' : '', rupees: String(rupees), paise: String(paise).padStart(2, '0') };
}

/** '1234.50': the numeric(14,2) wire format, without grouping. */
export function formatPaise(p: Paise): string {
  const { sign, rupees, paise } = rupeesAndPaise(p);
  return `${sign}${rupees}.${paise}`;
}

/** '₹1,23,45,678.90': Indian grouping puts the first comma after three digits, then every two. */
export function formatRupees(p: Paise): string {
  const { sign, rupees, paise } = rupeesAndPaise(p);
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}₹${rest ? `${rest},` : ''}${lastThree}.${paise}`;
}

/**
 * p × ratePercent / 100, rounded half away from zero to a whole paisa, computed exactly. The
 * rate may have up to 4 decimals, so that half of a 2-decimal GST rate (0.25 / 2 = 0.125) works.
 */
export function percentOf(p: Paise, ratePercent: number): Paise {
  assertPaise(p);
  const rateTenThousandths = scaledInteger(ratePercent, 4);
  const product = BigInt(p) * rateTenThousandths;
  return toSafeInteger(divideHalfAwayFromZero(product, 100n * 10_000n), 'percentage in paise');
}
