import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('the barrel', () => {
  it('re-exports every topic', () => {
    const names = [
      'statusTone',
      'toneColors',
      'THEME_COLORS',
      'PAGE_SIZE',
      'isLanguage',
      'YES_NO_OPTIONS',
      'isoDate',
      'financialYearRange',
      'roundTo',
      'toPaise',
      'formatRupees',
      'percentOf',
      'GST_RATES',
      'splitGst',
      'isValidGstin',
      'INDIAN_STATES',
      'computeLine',
      'computePurchaseOrderTotals',
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
  });

  it('composes across topics', () => {
    const totals = domain.computePurchaseOrderTotals(
      [{ quantity: 1, rate: domain.toPaise('999.99'), discount: 0, taxRate: 18 }],
      domain.toPaise('50'),
      domain.taxKind('33', '29'),
    );
    // 999.99 + 18% IGST 180.00 (179.9982) + 50.00 freight = 1229.99, rounded to 1230.00.
    expect(domain.formatRupees(totals.grandTotal)).toBe('₹1,230.00');
    expect(domain.formatPaise(totals.roundOff)).toBe('0.01');
  });
});
