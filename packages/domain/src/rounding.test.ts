import { describe, expect, it } from 'vitest';
import { roundTo } from './rounding.ts';

describe('roundTo', () => {
  it('rounds the binary-float edge cases as written', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(1.255, 2)).toBe(1.26);
    expect(roundTo(8.345, 2)).toBe(8.35);
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(roundTo(0.285, 2)).toBe(0.29);
  });

  it('rounds halves away from zero', () => {
    expect(roundTo(0.5, 0)).toBe(1);
    expect(roundTo(-0.5, 0)).toBe(-1);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.125, 2)).toBe(0.13);
    expect(roundTo(-0.125, 2)).toBe(-0.13);
  });

  it('rounds other values to the nearest', () => {
    expect(roundTo(1.234)).toBe(1.23);
    expect(roundTo(1.236)).toBe(1.24);
    expect(roundTo(-1.234)).toBe(-1.23);
    expect(roundTo(0.1 + 0.2)).toBe(0.3);
    expect(roundTo(123.456789, 4)).toBe(123.4568);
    expect(roundTo(0.12345678915, 10)).toBe(0.1234567892);
  });

  it('leaves values with no more decimals unchanged', () => {
    expect(roundTo(12)).toBe(12);
    expect(roundTo(12.5)).toBe(12.5);
    expect(roundTo(1e21, 0)).toBe(1e21);
    expect(roundTo(Number.MAX_SAFE_INTEGER, 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('never returns negative zero', () => {
    expect(roundTo(-0.001, 2)).toBe(0);
    expect(roundTo(-0, 2)).toBe(0);
    expect(roundTo(1e-7, 2)).toBe(0);
  });

  it('defaults to 2 decimals', () => {
    expect(roundTo(2.345)).toBe(2.35);
  });

  it('refuses decimals outside 0..10 or not whole', () => {
    expect(() => roundTo(1, -1)).toThrow(RangeError);
    expect(() => roundTo(1, 11)).toThrow(RangeError);
    expect(() => roundTo(1, 1.5)).toThrow(RangeError);
    expect(() => roundTo(1, Number.NaN)).toThrow(RangeError);
    expect(roundTo(1.23456789012, 10)).toBe(1.2345678901);
    expect(roundTo(1.5, 0)).toBe(2);
  });

  it('refuses non-finite values', () => {
    expect(() => roundTo(Number.NaN)).toThrow(RangeError);
    expect(() => roundTo(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
