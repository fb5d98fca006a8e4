import { describe, expect, it } from 'vitest';
import { compactRupees, exactRupees, rupeesOf } from './rupees.ts';

const english = { lakh: 'L', crore: 'Cr' };

describe('compactRupees', () => {
  it('shows lakhs and crores with their units', () => {
    expect(compactRupees(1_250_000, english)).toBe('₹12.5 L');
    expect(compactRupees(12_000_000, english)).toBe('₹1.2 Cr');
    expect(compactRupees(100_000, english)).toBe('₹1 L');
    expect(compactRupees(10_000_000, english)).toBe('₹1 Cr');
    expect(compactRupees(9_999_999, english)).toBe('₹100 L');
    expect(compactRupees(12_345_678, english)).toBe('₹1.23 Cr');
  });

  it('groups large crores and amounts below a lakh the Indian way', () => {
    expect(compactRupees(12_500_000_000, english)).toBe('₹1,250 Cr');
    expect(compactRupees(45_000, english)).toBe('₹45,000');
    expect(compactRupees(0, english)).toBe('₹0');
    expect(compactRupees(-2_500_000, english)).toBe('-₹25 L');
  });

  it("uses the language's words for the units", () => {
    expect(compactRupees(2_500_000, { lakh: 'लाख', crore: 'करोड़' })).toBe('₹25 लाख');
    expect(compactRupees(25_000_000, { lakh: 'லட்சம்', crore: 'கோடி' })).toBe('₹2.5 கோடி');
  });
});

describe('exact amounts', () => {
  it('reads the gateway decimal and shows it exact with en-IN grouping', () => {
    expect(rupeesOf('110234876.79')).toBe(110234876.79);
    expect(exactRupees('110234876.79')).toBe('₹11,02,34,876.79');
    expect(exactRupees('0.00')).toBe('₹0.00');
  });
});
