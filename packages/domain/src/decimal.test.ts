import { describe, expect, it } from 'vitest';
import { decimalParts, divideHalfAwayFromZero, scaledInteger, toSafeInteger } from './decimal.ts';

describe('decimalParts', () => {
  it('reads the shortest decimal a number prints as', () => {
    expect(decimalParts(1.005)).toEqual({ coefficient: 1005n, exponent: -3 });
    expect(decimalParts(-2.675)).toEqual({ coefficient: -2675n, exponent: -3 });
    expect(decimalParts(1200)).toEqual({ coefficient: 12n, exponent: 2 });
    expect(decimalParts(1e-7)).toEqual({ coefficient: 1n, exponent: -7 });
    expect(decimalParts(1e21)).toEqual({ coefficient: 1n, exponent: 21 });
    expect(decimalParts(0.1 + 0.2)).toEqual({ coefficient: 30000000000000004n, exponent: -17 });
  });

  it('reads both zeros as zero', () => {
    expect(decimalParts(0)).toEqual({ coefficient: 0n, exponent: 0 });
    expect(decimalParts(-0)).toEqual({ coefficient: 0n, exponent: 0 });
  });

  it('refuses non-finite numbers', () => {
    expect(() => decimalParts(Number.NaN)).toThrow(RangeError);
    expect(() => decimalParts(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => decimalParts(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('scaledInteger', () => {
  it('scales exactly', () => {
    expect(scaledInteger(0.25, 2)).toBe(25n);
    expect(scaledInteger(0.125, 4)).toBe(1250n);
    expect(scaledInteger(-1.5, 3)).toBe(-1500n);
    expect(scaledInteger(18, 0)).toBe(18n);
  });

  it('refuses more decimals than asked for', () => {
    expect(() => scaledInteger(0.125, 2)).toThrow(RangeError);
    expect(() => scaledInteger(0.1 + 0.2, 4)).toThrow(RangeError);
  });
});

describe('divideHalfAwayFromZero', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-7n, 3n, -2n],
    [-8n, 3n, -3n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
    [0n, 7n, 0n],
  ])('%i ÷ %i = %i', (numerator, denominator, expected) => {
    expect(divideHalfAwayFromZero(numerator, denominator)).toBe(expected);
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => divideHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
    expect(() => divideHalfAwayFromZero(1n, -1n)).toThrow(RangeError);
  });
});

describe('toSafeInteger', () => {
  it('converts within the safe range and refuses beyond it', () => {
    expect(toSafeInteger(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(toSafeInteger(BigInt(Number.MIN_SAFE_INTEGER))).toBe(Number.MIN_SAFE_INTEGER);
    expect(() => toSafeInteger(BigInt(Number.MAX_SAFE_INTEGER) + 1n, 'total')).toThrow(
      /total .* beyond the safe integer range/,
    );
    expect(() => toSafeInteger(BigInt(Number.MIN_SAFE_INTEGER) - 1n)).toThrow(RangeError);
  });
});
