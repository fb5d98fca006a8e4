import { decimalParts, divideHalfAwayFromZero } from './decimal.ts';

/**
 * Rounds half away from zero to `decimals` places (an integer 0..10), as the decimal the value
 * prints as: roundTo(1.005, 2) is 1.01 although 1.005 is stored as 1.00499999999999989...
 * Non-finite values are a RangeError rather than NaN, so bad input cannot reach a total.
 */
export function roundTo(value: number, decimals = 2): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) {
    throw new RangeError(`decimals must be a whole number from 0 to 10, not ${decimals}`);
  }
  const { coefficient, exponent } = decimalParts(value);
  const dropped = -(exponent + decimals);
  // Normalises -0, which would otherwise print as '0' but fail Object.is checks.
  if (dropped <= 0) return value === 0 ? 0 : value;
  const rounded = divideHalfAwayFromZero(coefficient, 10n ** BigInt(dropped));
  return rounded === 0n ? 0 : Number(`${rounded}e-${decimals}`);
}
