import { describe, expect, it } from 'vitest';
import { assertPaise, formatPaise, formatRupees, isPaise, percentOf, toPaise } from './money.ts';

describe('toPaise', () => {
  it.each<[string | number, number]>([
    ['1234.5', 123450],
    ['1234.50', 123450],
    ['1234', 123400],
    ['-0.40', -40],
    ['-0.4', -40],
    ['+7.05', 705],
    ['0', 0],
    ['-0', 0],
    ['0.01', 1],
    ['007.10', 710],
    [' 12.34 ', 1234],
    ['999999999999.99', 99999999999999],
    [1234.5, 123450],
    [-0.4, -40],
    [0, 0],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])('%j is %i paise', (amount, paise) => {
    expect(toPaise(amount)).toBe(paise);
  });

  it('never gives negative zero', () => {
    expect(Object.is(toPaise('-0.00'), 0)).toBe(true);
    expect(Object.is(toPaise(-0), 0)).toBe(true);
    expect(Object.is(toPaise(-0.004), 0)).toBe(true);
  });

  it('rounds numbers to the nearest paisa, half away from zero', () => {
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(-1.005)).toBe(-101);
    expect(toPaise(2.675)).toBe(268);
    expect(toPaise(0.004)).toBe(0);
  });

  it.each([
    '1.005',
    '0.001',
    '',
    ' ',
    '.5',
    '5.',
    '1,234.50',
    '1e3',
    '₹10',
    'abc',
    '--1',
    '1 000',
    'NaN',
    'Infinity',
  ])('refuses the text %j', (amount) => {
    expect(() => toPaise(amount)).toThrow(RangeError);
  });

  it('refuses non-finite numbers', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toPaise(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });

  it('refuses amounts beyond the safe integer range of paise', () => {
    expect(toPaise('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toPaise('90071992547409.92')).toThrow(RangeError);
    expect(() => toPaise('-90071992547409.92')).toThrow(RangeError);
    expect(() => toPaise(1e14)).toThrow(RangeError);
  });

  it('refuses other types at run time', () => {
    expect(() => toPaise(null as unknown as string)).toThrow(RangeError);
  });
});

describe('isPaise / assertPaise', () => {
  it('accept safe integers only', () => {
    expect(isPaise(0)).toBe(true);
    expect(isPaise(-40)).toBe(true);
    expect(isPaise(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isPaise(1.5)).toBe(false);
    expect(isPaise(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isPaise('100')).toBe(false);
    expect(() => assertPaise(0.5, 'rate')).toThrow(/rate must be a whole number of paise/);
  });
});

describe('formatPaise', () => {
  it.each([
    [123450, '1234.50'],
    [-40, '-0.40'],
    [0, '0.00'],
    [-0, '0.00'],
    [1, '0.01'],
    [-1, '-0.01'],
    [100, '1.00'],
    [1234567890, '12345678.90'],
    [99999999999999, '999999999999.99'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('%i paise is %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it('round-trips with toPaise', () => {
    for (const paise of [0, 1, -1, 99, 100, 123450, -40, 99999999999999]) {
      expect(toPaise(formatPaise(paise))).toBe(paise);
    }
  });

  it('refuses what is not whole paise', () => {
    expect(() => formatPaise(1.5)).toThrow(RangeError);
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatRupees', () => {
  it.each([
    [1234567890, '₹1,23,45,678.90'],
    [-40, '-₹0.40'],
    [0, '₹0.00'],
    [5, '₹0.05'],
    [99900, '₹999.00'],
    [100000, '₹1,000.00'],
    [1000000, '₹10,000.00'],
    [10000000, '₹1,00,000.00'],
    [123456789, '₹12,34,567.89'],
    [10000000000, '₹10,00,00,000.00'],
    [-123456789, '-₹12,34,567.89'],
    [99999999999999, '₹9,99,99,99,99,999.99'],
  ])('%i paise is %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  it('refuses what is not whole paise', () => {
    expect(() => formatRupees(0.5)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('computes exact percentages', () => {
    expect(percentOf(240100, 9)).toBe(21609);
    expect(percentOf(100000, 18)).toBe(18000);
    expect(percentOf(100000, 2.5)).toBe(2500);
    expect(percentOf(100000, 0.25)).toBe(250);
    expect(percentOf(100000, 0.125)).toBe(125);
    expect(percentOf(12345, 0)).toBe(0);
    expect(percentOf(12345, 100)).toBe(12345);
  });

  it('rounds half away from zero to a whole paisa', () => {
    expect(percentOf(25, 18)).toBe(5); // 4.5
    expect(percentOf(-25, 18)).toBe(-5);
    expect(percentOf(20, 2.5)).toBe(1); // 0.5
    expect(percentOf(19, 2.5)).toBe(0); // 0.475
    expect(percentOf(12345, 0.125)).toBe(15); // 15.43125
    expect(percentOf(1001, 14)).toBe(140); // 140.14
    expect(percentOf(1003, 14)).toBe(140); // 140.42
    expect(percentOf(1004, 14)).toBe(141); // 140.56
  });

  it('avoids the float error of Math.round(p * rate / 100)', () => {
    // 3000 × 1.15 / 100 is exactly 34.5, but in floats it is 34.49999999999999.
    expect(Math.round((3000 * 1.15) / 100)).toBe(34);
    expect(percentOf(3000, 1.15)).toBe(35);
    expect(percentOf(5500, 0.7)).toBe(39); // 38.5
    expect(percentOf(99999999999999, 28)).toBe(28000000000000); // 27999999999999.72
  });

  it('refuses rates with more than 4 decimals, non-finite rates and bad amounts', () => {
    expect(() => percentOf(100, 0.00001)).toThrow(RangeError);
    expect(() => percentOf(100, 0.1 + 0.2)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => percentOf(100.5, 18)).toThrow(RangeError);
    expect(() => percentOf(Number.MAX_SAFE_INTEGER, 200)).toThrow(RangeError);
  });
});
