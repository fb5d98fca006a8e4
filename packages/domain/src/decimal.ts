/*
 * Exact decimal arithmetic on top of binary floats: a number is read as the shortest decimal that
 * prints as it (1.005, not the stored 1.00499999999999989...), then scaled and divided as BigInt.
 */

/** A finite number as the decimal it prints as: value = coefficient × 10^exponent. */
export interface DecimalParts {
  coefficient: bigint;
  exponent: number;
}

const EXPONENTIAL = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/;

export function decimalParts(value: number): DecimalParts {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${String(value)} is not a finite number`);
  }
  // Without an argument, toExponential gives the shortest digits that round-trip to the same
  // double, and unlike String() it never switches between plain and exponent notation.
  const match = EXPONENTIAL.exec(value.toExponential());
  if (!match) throw new RangeError(`cannot read ${value} as a decimal`);
  const [, sign = '', lead = '', fraction = '', exponent = '0'] = match;
  return {
    coefficient: BigInt(`${sign}${lead}${fraction}`),
    exponent: Number(exponent) - fraction.length,
  };
}

/** value × 10^decimals exactly; RangeError when value has more decimals than that. */
export function scaledInteger(value: number, decimals: number): bigint {
  const { coefficient, exponent } = decimalParts(value);
  const shift = exponent + decimals;
  if (shift < 0) throw new RangeError(`${value} has more than ${decimals} decimals`);
  return coefficient * 10n ** BigInt(shift);
}

/** numerator ÷ denominator, rounded half away from zero; the denominator must be positive. */
export function divideHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  if (twiceRemainder < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** The bigint as a number, or a RangeError naming `what` when it is outside the safe integers. */
export function toSafeInteger(value: bigint, what = 'value'): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} ${value} is beyond the safe integer range`);
  }
  return Number(value);
}
