import { describe, expect, it } from 'vitest';
import { allocate, lineCosts, unitCosts } from './asset-cost.ts';

describe('allocate', () => {
  it('splits in proportion and sums exactly, leftover paise by largest remainder', () => {
    expect(allocate(100_00, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(allocate(1000, [200, 100, 100])).toEqual([500, 250, 250]);
    expect(allocate(1, [1, 3])).toEqual([0, 1]);
    const shares = allocate(123_457, [7, 13, 29, 0]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(123_457);
    expect(shares[3]).toBe(0);
  });
  it('refuses weights that are all 0 or not whole', () => {
    expect(() => allocate(100, [0, 0])).toThrow(RangeError);
    expect(() => allocate(100, [1.5])).toThrow(RangeError);
  });
});

describe('lineCosts and unitCosts', () => {
  const lines = [
    // 2 monitors: taxable 1,80,000.00, GST 32,400.00
    { quantity: 2, taxable: 180_000_00, tax: 32_400_00 },
    // 10 pumps: taxable 60,000.00, GST 7,200.00
    { quantity: 10, taxable: 60_000_00, tax: 7_200_00 },
  ];
  it('spreads freight by taxable value, without GST when input credit is claimed', () => {
    // Freight 2,400.00 → 3 : 1 → 1,800.00 and 600.00
    expect(lineCosts({ lines, freight: 2_400_00, freightTax: 432_00, gstInCost: false })).toEqual([
      181_800_00, 60_600_00,
    ]);
  });
  it('adds the GST of the line and of its freight share when the company counts it', () => {
    // 432.00 freight GST → 324.00 and 108.00
    expect(lineCosts({ lines, freight: 2_400_00, freightTax: 432_00, gstInCost: true })).toEqual([
      181_800_00 + 32_400_00 + 324_00,
      60_600_00 + 7_200_00 + 108_00,
    ]);
  });
  it('gives each unit an equal cost, the leftover paise to the first units, summing exactly', () => {
    expect(unitCosts(1000, 3, 0, 3)).toEqual([334, 333, 333]);
    // Received in two notes: units 0–1, then unit 2
    expect([...unitCosts(1000, 3, 0, 2), ...unitCosts(1000, 3, 2, 1)]).toEqual([334, 333, 333]);
    expect(() => unitCosts(1000, 3, 2, 2)).toThrow(RangeError);
  });
});
