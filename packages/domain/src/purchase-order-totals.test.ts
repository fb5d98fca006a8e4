import { describe, expect, it } from 'vitest';
import { GST_RATES, type TaxKind } from './gst.ts';
import {
  computeLine,
  computePurchaseOrderTotals,
  type PurchaseOrderLineInput,
  type PurchaseOrderTotals,
} from './purchase-order-totals.ts';

const line = (overrides: Partial<PurchaseOrderLineInput> = {}): PurchaseOrderLineInput => ({
  quantity: 1,
  rate: 10000,
  discount: 0,
  taxRate: 18,
  ...overrides,
});

function expectBalanced(totals: PurchaseOrderTotals) {
  const { subTotal, discount, freight, cgst, sgst, igst, roundOff, grandTotal } = totals;
  expect(subTotal - discount + freight + cgst + sgst + igst + roundOff).toBe(grandTotal);
  expect(grandTotal % 100).toBe(0);
  expect(roundOff).toBeGreaterThanOrEqual(-49);
  expect(roundOff).toBeLessThanOrEqual(50);
  const lineTotals = totals.lines.reduce((total, computed) => total + computed.total, 0);
  expect(lineTotals + freight + roundOff).toBe(grandTotal);
}

describe('computeLine', () => {
  it('computes an intra-state line', () => {
    expect(
      computeLine(line({ quantity: 2, rate: 125050, discount: 10000, taxRate: 18 }), 'intra'),
    ).toEqual({
      gross: 250100,
      discount: 10000,
      taxable: 240100,
      cgst: 21609,
      sgst: 21609,
      igst: 0,
      total: 283318,
    });
  });

  it('computes an inter-state line', () => {
    expect(
      computeLine(line({ quantity: 3, rate: 9999, discount: 97, taxRate: 12 }), 'inter'),
    ).toEqual({
      gross: 29997,
      discount: 97,
      taxable: 29900,
      cgst: 0,
      sgst: 0,
      igst: 3588,
      total: 33488,
    });
  });

  it('rounds a fractional quantity × rate half away from zero to a paisa', () => {
    expect(computeLine(line({ quantity: 1.5, rate: 33333, taxRate: 0 }), 'intra').gross).toBe(
      50000,
    ); // 49999.5
    expect(computeLine(line({ quantity: 2.125, rate: 99999 }), 'intra').gross).toBe(212498); // 212497.875
    expect(computeLine(line({ quantity: 0.001, rate: 499 }), 'intra').gross).toBe(0); // 0.499
    expect(computeLine(line({ quantity: 0.001, rate: 500 }), 'intra').gross).toBe(1); // 0.5
    // 0.1 × 3 is 0.30000000000000004 in floats; the quantity is read as the decimal 0.1.
    expect(computeLine(line({ quantity: 0.1, rate: 3 }), 'intra').gross).toBe(0); // 0.3
    expect(computeLine(line({ quantity: 0.5, rate: 3 }), 'intra').gross).toBe(2); // 1.5
  });

  it('allows a discount equal to the gross and a zero rate', () => {
    expect(computeLine(line({ quantity: 2, rate: 500, discount: 1000 }), 'intra')).toEqual({
      gross: 1000,
      discount: 1000,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 0,
    });
    expect(computeLine(line({ rate: 0 }), 'inter').total).toBe(0);
  });

  it.each<[string, Partial<PurchaseOrderLineInput>]>([
    ['a zero quantity', { quantity: 0 }],
    ['a negative quantity', { quantity: -1 }],
    ['a quantity with 4 decimals', { quantity: 1.0005 }],
    ['a NaN quantity', { quantity: Number.NaN }],
    ['an infinite quantity', { quantity: Number.POSITIVE_INFINITY }],
    ['a negative rate', { rate: -1 }],
    ['a fractional rate', { rate: 100.5 }],
    ['a negative discount', { discount: -1 }],
    ['a fractional discount', { discount: 0.5 }],
    ['a discount above the gross', { quantity: 2, rate: 500, discount: 1001 }],
    ['a rate of 40%', { taxRate: 40 }],
    ['a rate of 2.5%', { taxRate: 2.5 }],
    ['a rate as text', { taxRate: '18' as unknown as number }],
    ['a gross beyond the safe range', { quantity: 1000, rate: Number.MAX_SAFE_INTEGER }],
  ])('refuses %s', (_, overrides) => {
    expect(() => computeLine(line(overrides), 'intra')).toThrow(RangeError);
  });

  it('refuses an unknown tax kind', () => {
    expect(() => computeLine(line(), 'export' as TaxKind)).toThrow(RangeError);
  });
});

describe('computePurchaseOrderTotals', () => {
  it('totals an intra-state order with freight and rounds down to the rupee', () => {
    const totals = computePurchaseOrderTotals(
      [
        line({ quantity: 2, rate: 125050, discount: 10000, taxRate: 18 }),
        line({ quantity: 1.5, rate: 33333, discount: 0, taxRate: 5 }),
      ],
      50000,
      'intra',
    );
    expect(totals.lines.map((computed) => computed.total)).toEqual([283318, 52500]);
    expect(totals).toMatchObject({
      subTotal: 300100,
      discount: 10000,
      freight: 50000,
      cgst: 22859,
      sgst: 22859,
      igst: 0,
      roundOff: -18,
      grandTotal: 385800,
    });
    expectBalanced(totals);
  });

  it('totals an inter-state order and rounds up to the rupee', () => {
    const totals = computePurchaseOrderTotals(
      [line({ quantity: 3, rate: 9999, discount: 97, taxRate: 12 })],
      0,
      'inter',
    );
    expect(totals).toMatchObject({
      subTotal: 29997,
      discount: 97,
      freight: 0,
      cgst: 0,
      sgst: 0,
      igst: 3588,
      roundOff: 12,
      grandTotal: 33500,
    });
  });

  it('totals mixed rates, rounding each tax half on its own line', () => {
    const totals = computePurchaseOrderTotals(
      [
        line({ quantity: 10, rate: 1999, taxRate: 28 }), // 14% of 19990 = 2798.6 → 2799 each
        line({ quantity: 4, rate: 2575, discount: 300, taxRate: 3 }), // 1.5% of 10000 = 150 each
      ],
      0,
      'intra',
    );
    expect(totals).toMatchObject({
      subTotal: 30290,
      discount: 300,
      cgst: 2949,
      sgst: 2949,
      igst: 0,
      roundOff: 12,
      grandTotal: 35900,
    });
  });

  it('leaves freight untaxed', () => {
    const lines = [line({ quantity: 2.125, rate: 99999, discount: 498, taxRate: 0.25 })];
    const withoutFreight = computePurchaseOrderTotals(lines, 0, 'intra');
    const withFreight = computePurchaseOrderTotals(lines, 1234, 'intra');
    expect(withFreight).toMatchObject({
      subTotal: 212498, // 2.125 × 999.99 = 2124.97875
      discount: 498,
      freight: 1234,
      cgst: 265, // 0.125% of 212000
      sgst: 265,
      igst: 0,
      roundOff: 36,
      grandTotal: 213800,
    });
    expect(withFreight.lines).toEqual(withoutFreight.lines);
    expect([withFreight.cgst, withFreight.sgst]).toEqual([
      withoutFreight.cgst,
      withoutFreight.sgst,
    ]);
    expect(withoutFreight.grandTotal).toBe(212500); // 212530 rounded
  });

  it('rounds exactly 50 paise up and 49 paise down', () => {
    const up = computePurchaseOrderTotals([line({ rate: 10050, taxRate: 0 })], 0, 'inter');
    expect(up).toMatchObject({ roundOff: 50, grandTotal: 10100 });
    const down = computePurchaseOrderTotals([line({ rate: 10049, taxRate: 0 })], 0, 'inter');
    expect(down).toMatchObject({ roundOff: -49, grandTotal: 10000 });
    const exact = computePurchaseOrderTotals([line({ rate: 10000, taxRate: 0 })], 0, 'inter');
    expect(exact).toMatchObject({ roundOff: 0, grandTotal: 10000 });
  });

  it('handles an order that is all discount', () => {
    const totals = computePurchaseOrderTotals([line({ rate: 5000, discount: 5000 })], 0, 'intra');
    expect(totals).toMatchObject({ subTotal: 5000, discount: 5000, roundOff: 0, grandTotal: 0 });
  });

  it('refuses an empty order', () => {
    expect(() => computePurchaseOrderTotals([], 0, 'intra')).toThrow(RangeError);
  });

  it('refuses bad freight and tax kinds', () => {
    expect(() => computePurchaseOrderTotals([line()], -1, 'intra')).toThrow(RangeError);
    expect(() => computePurchaseOrderTotals([line()], 10.5, 'intra')).toThrow(RangeError);
    expect(() => computePurchaseOrderTotals([line()], Number.NaN, 'intra')).toThrow(RangeError);
    expect(() => computePurchaseOrderTotals([line()], 0, 'both' as TaxKind)).toThrow(RangeError);
  });

  it('names the line that is wrong', () => {
    expect(() => computePurchaseOrderTotals([line(), line({ taxRate: 40 })], 0, 'intra')).toThrow(
      /^line 2: 40 is not a GST rate$/,
    );
  });

  it('refuses totals beyond the safe range', () => {
    const huge = line({ rate: 2 ** 52, taxRate: 0 });
    expect(() => computePurchaseOrderTotals([huge, huge, huge], 0, 'inter')).toThrow(RangeError);
  });
});

describe('computePurchaseOrderTotals on generated orders', () => {
  // mulberry32: a tiny seeded generator, so a failure reproduces exactly.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('balances and matches independent checks on 2000 orders', () => {
    const next = random(20260401);
    const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
    for (let order = 0; order < 2000; order++) {
      const kind: TaxKind = next() < 0.5 ? 'intra' : 'inter';
      const inputs = Array.from({ length: between(1, 8) }, () => {
        const thousandths = next() < 0.5 ? between(1, 1000) * 1000 : between(1, 100_000);
        const quantity = thousandths / 1000;
        const rate = next() < 0.1 ? between(0, 99) : between(0, 10_000_000);
        const gross = Math.round((thousandths * rate) / 1000);
        const discount = next() < 0.4 ? 0 : between(0, gross);
        const taxRate = GST_RATES[between(0, GST_RATES.length - 1)] ?? 0;
        return { quantity, rate, discount, taxRate, thousandths };
      });
      const freight = next() < 0.3 ? 0 : between(0, 500_000);
      const totals = computePurchaseOrderTotals(inputs, freight, kind);

      expectBalanced(totals);
      expect(totals.freight).toBe(freight);
      expect(totals.discount).toBe(inputs.reduce((total, input) => total + input.discount, 0));
      totals.lines.forEach((computed, index) => {
        const input = inputs[index];
        if (!input) throw new Error('a line went missing');
        // Each amount is within half a unit of the exact value.
        expect(
          Math.abs(computed.gross * 1000 - input.thousandths * input.rate),
        ).toBeLessThanOrEqual(500);
        expect(computed.taxable).toBe(computed.gross - input.discount);
        expect(computed.total).toBe(
          computed.taxable + computed.cgst + computed.sgst + computed.igst,
        );
        if (kind === 'intra') {
          expect(computed.igst).toBe(0);
          expect(computed.cgst).toBe(computed.sgst);
          expect(
            Math.abs(computed.cgst * 200 - computed.taxable * input.taxRate),
          ).toBeLessThanOrEqual(100);
        } else {
          expect(computed.cgst + computed.sgst).toBe(0);
          expect(
            Math.abs(computed.igst * 100 - computed.taxable * input.taxRate),
          ).toBeLessThanOrEqual(50);
        }
      });
    }
  });
});

describe('a discount as a percentage, and freight with its own GST', () => {
  it('takes the percentage of the gross amount, rounded half away from zero to a paisa', () => {
    // 3 × ₹1,250.00 = ₹3,750.00; 10 % off = ₹375.00; 18 % within the state on ₹3,375.00.
    expect(
      computeLine(line({ quantity: 3, rate: 125000, discount: { percent: 10 } }), 'intra'),
    ).toEqual({
      gross: 375000,
      discount: 37500,
      taxable: 337500,
      cgst: 30375,
      sgst: 30375,
      igst: 0,
      total: 398250,
    });
    // ₹999.99 × 12.5 % = ₹124.99875 → ₹125.00.
    expect(computeLine(line({ rate: 99999, discount: { percent: 12.5 } }), 'inter').discount).toBe(
      12500,
    );
    expect(computeLine(line({ discount: { percent: 100 } }), 'inter').total).toBe(0);
  });

  it('refuses a percentage outside 0–100 or with more than 2 decimals', () => {
    for (const percent of [-1, 100.01, 12.345, Number.NaN])
      expect(() => computeLine(line({ discount: { percent } }), 'intra')).toThrow(RangeError);
  });

  it('taxes freight given with a rate as a line is, and counts its taxes in the order’s', () => {
    // ₹10,000.00 at 18 % from another state, freight ₹500.00 at 18 %: IGST ₹1,800 + ₹90.
    const inter = computePurchaseOrderTotals(
      [line({ rate: 1000000 })],
      { amount: 50000, taxRate: 18 },
      'inter',
    );
    expect(inter).toMatchObject({
      subTotal: 1000000,
      freight: 50000,
      freightTax: { cgst: 0, sgst: 0, igst: 9000 },
      igst: 189000,
      roundOff: 0,
      grandTotal: 1239000,
    });
    // Within the state, ₹333.33 at 5 %: 2.5 % each is ₹8.33325 → ₹8.33.
    const intra = computePurchaseOrderTotals(
      [line({ rate: 10000, taxRate: 0 })],
      { amount: 33333, taxRate: 5 },
      'intra',
    );
    expect(intra).toMatchObject({
      freightTax: { cgst: 833, sgst: 833, igst: 0 },
      cgst: 833,
      sgst: 833,
      // ₹100.00 + ₹333.33 + ₹16.66 = ₹449.99 → ₹450.00.
      roundOff: 1,
      grandTotal: 45000,
    });
    // An amount alone is not taxed, as before.
    expect(computePurchaseOrderTotals([line()], 50000, 'inter').freightTax).toEqual({
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
    expect(() =>
      computePurchaseOrderTotals([line()], { amount: 100, taxRate: 7 }, 'intra'),
    ).toThrow(RangeError);
  });
});

describe('an unregistered supplier', () => {
  it('charges no GST on lines or freight, whatever their rates', () => {
    const totals = computePurchaseOrderTotals(
      [line({ rate: 123456, taxRate: 28 }), line({ quantity: 2, rate: 5000, taxRate: 5 })],
      { amount: 10000, taxRate: 18 },
      'unregistered',
    );
    expect(totals).toMatchObject({
      subTotal: 133456,
      freightTax: { cgst: 0, sgst: 0, igst: 0 },
      cgst: 0,
      sgst: 0,
      igst: 0,
      // ₹1,334.56 + ₹100.00 = ₹1,434.56 → ₹1,435.00.
      roundOff: 44,
      grandTotal: 143500,
    });
  });
});
