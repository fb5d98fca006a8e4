import { makeGstin } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import {
  blankLine,
  type LineValues,
  lineView,
  liveTotals,
  type OrderValues,
  orderInputOf,
  remarksHtml,
  remarksText,
} from './orderValues.ts';

const monitor: LineValues = {
  ...blankLine(),
  categoryId: '1',
  subCategoryId: '2',
  assetTypeId: '3',
  brandId: '4',
  itemName: 'Patient monitor',
  quantity: '3',
  rate: '45000',
  discountMode: 'PERCENT',
  discount: '5',
  taxRate: '18',
  warrantyMonths: '24',
};
const pads: LineValues = {
  ...blankLine('ACCESSORY'),
  accessoryId: '9',
  itemName: 'Pads',
  quantity: '10',
  rate: '1250',
  discountMode: 'AMOUNT',
  discount: '',
  taxRate: '12',
};

describe('the live totals', () => {
  it('are the domain’s: CGST + SGST within the state, IGST across, none unregistered', () => {
    const values = { lines: [monitor, pads], freight: '2400', freightTaxRate: '18' };
    const intra = liveTotals(values, makeGstin('33', 'AAPFB1234C', '1'), '33');
    const inter = liveTotals(values, makeGstin('29', 'AAPFB1234C', '1'), '33');
    const none = liveTotals(values, null, '33');
    // 1,28,250.00 at 18 % + 12,500.00 at 12 % + freight 2,400.00 at 18 %.
    expect(intra?.supply).toBe('intra');
    expect(intra?.totals.cgst).toBe(11_542_50 + 750_00 + 216_00);
    expect(inter?.totals.igst).toBe(23_085_00 + 1_500_00 + 432_00);
    expect(intra?.totals.grandTotal).toBe(inter?.totals.grandTotal);
    expect(none?.totals.grandTotal).toBe(128_250_00 + 12_500_00 + 2_400_00);
  });

  it('leave out a line not yet complete, and show it as such', () => {
    const live = liveTotals(
      { lines: [monitor, { ...pads, rate: '12.345' }], freight: '', freightTaxRate: '' },
      makeGstin('33', 'AAPFB1234C', '1'),
      '33',
    );
    expect(live?.totals.lines).toHaveLength(1);
    expect(lineView(live, 0)?.taxable).toBe(128_250_00);
    expect(lineView(live, 1)).toBeNull();
    expect(
      liveTotals(
        { lines: [{ ...monitor, quantity: '0' }], freight: '', freightTaxRate: '' },
        null,
        '33',
      ),
    ).toBeNull();
  });

  it('are none while a discount exceeds its line', () => {
    const live = liveTotals(
      { lines: [{ ...pads, discount: '20000' }], freight: '', freightTaxRate: '' },
      null,
      '33',
    );
    expect(live).toBeNull();
  });
});

describe('the gateway input', () => {
  it('sends Decimals with two decimals, an asset line’s type and brand, an accessory line’s accessory', () => {
    const values: OrderValues = {
      billedBranchId: '5',
      shippedBranchId: '5',
      vendorId: '7',
      date: '2026-11-02',
      expectedDeliveryDate: '',
      paymentTerms: ' 30 days ',
      remarks: 'Urgent <ICU>\nSecond line',
      terms: 'T&C',
      freight: '2400',
      freightTaxRate: '18',
      lines: [monitor, pads],
    };
    const input = orderInputOf(values, null);
    expect(input).toMatchObject({
      id: null,
      expectedDeliveryDate: null,
      paymentTerms: '30 days',
      remarksHtml: '<p>Urgent &lt;ICU&gt;</p><p>Second line</p>',
      freight: '2400.00',
      freightTaxRate: 18,
    });
    expect(input.lines[0]).toMatchObject({
      assetTypeId: '3',
      accessoryId: null,
      brandId: '4',
      rate: '45000.00',
      discountPercent: 5,
      discountAmount: null,
      warrantyMonths: 24,
    });
    expect(input.lines[1]).toMatchObject({
      assetTypeId: null,
      accessoryId: '9',
      brandId: null,
      discountAmount: null,
      discountPercent: null,
      warrantyMonths: null,
    });
  });

  it('reads saved remarks back as text, a paragraph a line', () => {
    expect(remarksText(remarksHtml('Urgent <ICU> & more\nSecond'))).toBe(
      'Urgent <ICU> & more\nSecond',
    );
  });
});
