import { divideHalfAwayFromZero, scaledInteger, toSafeInteger } from './decimal.ts';
import { isGstRate, type Supply, splitGst } from './gst.ts';
import { assertPaise, type Paise, percentOf } from './money.ts';

/**
 * A line's discount: an amount on the whole line (not per unit), or a percentage of the line's
 * gross amount (0–100, up to 2 decimals), rounded half away from zero to a paisa.
 */
export type LineDiscount = Paise | { percent: number };

export interface PurchaseOrderLineInput {
  /** A positive quantity with up to 3 decimals (e.g. 2.125 kg). */
  quantity: number;
  /** Price of one unit. */
  rate: Paise;
  discount: LineDiscount;
  /** A GST rate in percent, one of GST_RATES. */
  taxRate: number;
}

/**
 * Freight: an amount without tax, or one with a GST rate of its own (freight billed by the
 * supplier with the goods takes the goods' rate, or 18 % as a service), taxed as the lines are.
 */
export type Freight = Paise | { amount: Paise; taxRate: number };

export interface ComputedLine {
  /** quantity × rate, rounded half away from zero to a paisa. */
  gross: Paise;
  discount: Paise;
  /** gross − discount. */
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** taxable + cgst + sgst + igst. */
  total: Paise;
}

export interface PurchaseOrderTotals {
  lines: ComputedLine[];
  /** Σ gross. */
  subTotal: Paise;
  /** Σ line discounts. */
  discount: Paise;
  freight: Paise;
  /** The freight's own taxes (none when it has no rate); the order's taxes include them. */
  freightTax: { cgst: Paise; sgst: Paise; igst: Paise };
  /** Σ of the lines' and the freight's. */
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** What rounds the order to a whole rupee: −49..+50 paise. */
  roundOff: Paise;
  /** subTotal − discount + freight + cgst + sgst + igst + roundOff, a whole number of rupees. */
  grandTotal: Paise;
}

function assertNonNegativePaise(value: unknown, what: string): asserts value is Paise {
  assertPaise(value, what);
  if (value < 0) throw new RangeError(`${what} cannot be negative, got ${value}`);
}

function assertTaxKind(kind: unknown): asserts kind is Supply {
  if (kind !== 'intra' && kind !== 'inter' && kind !== 'unregistered') {
    throw new RangeError(`'${String(kind)}' is not a tax kind`);
  }
}

/** The taxes on a taxable amount: none from an unregistered supplier. */
function taxesOf(taxable: Paise, taxRate: number, kind: Supply) {
  return kind === 'unregistered' ? { cgst: 0, sgst: 0, igst: 0 } : splitGst(taxable, taxRate, kind);
}

export function computeLine(line: PurchaseOrderLineInput, kind: Supply): ComputedLine {
  assertTaxKind(kind);
  const { quantity, rate, discount, taxRate } = line;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) {
    throw new RangeError(`quantity must be positive, got ${quantity}`);
  }
  const quantityThousandths = scaledInteger(quantity, 3);
  assertNonNegativePaise(rate, 'rate');
  if (!isGstRate(taxRate)) throw new RangeError(`${taxRate} is not a GST rate`);

  const gross = toSafeInteger(
    divideHalfAwayFromZero(quantityThousandths * BigInt(rate), 1000n),
    'gross amount',
  );
  const off = discountOf(gross, discount);
  const taxable = gross - off;
  if (taxable < 0) throw new RangeError(`discount ${off} exceeds the gross amount ${gross}`);
  const { cgst, sgst, igst } = taxesOf(taxable, taxRate, kind);
  const total = toSafeInteger(
    BigInt(taxable) + BigInt(cgst) + BigInt(sgst) + BigInt(igst),
    'line total',
  );
  return { gross, discount: off, taxable, cgst, sgst, igst, total };
}

/** The discount in paise: the amount given, or the percentage of the gross amount. */
function discountOf(gross: Paise, discount: LineDiscount): Paise {
  if (typeof discount === 'number') {
    assertNonNegativePaise(discount, 'discount');
    return discount;
  }
  const percent = discount?.percent;
  if (typeof percent !== 'number' || percent < 0 || percent > 100)
    throw new RangeError(`a discount percentage must be from 0 to 100, got ${percent}`);
  scaledInteger(percent, 2);
  return percentOf(gross, percent);
}

function freightTaxOf(freight: Paise, taxRate: number, kind: Supply) {
  if (!isGstRate(taxRate)) throw new RangeError(`freight: ${taxRate} is not a GST rate`);
  return taxesOf(freight, taxRate, kind);
}

const sum = (values: readonly Paise[], what: string): Paise =>
  toSafeInteger(
    values.reduce((total, value) => total + BigInt(value), 0n),
    what,
  );

/**
 * The money of a purchase order, line by line and in total. Freight given as an amount alone is
 * not taxed, as the legacy order shows it (a separate charge); given with a rate, it is taxed as a
 * line is, its taxes shown apart and counted in the order's.
 */
export function computePurchaseOrderTotals(
  lines: readonly PurchaseOrderLineInput[],
  freightGiven: Freight,
  kind: Supply,
): PurchaseOrderTotals {
  if (!Array.isArray(lines) || lines.length === 0) {
    throw new RangeError('a purchase order needs at least one line');
  }
  assertTaxKind(kind);
  const freight = typeof freightGiven === 'number' ? freightGiven : freightGiven?.amount;
  assertNonNegativePaise(freight, 'freight');
  const freightTax =
    typeof freightGiven === 'number'
      ? { cgst: 0, sgst: 0, igst: 0 }
      : freightTaxOf(freight, freightGiven.taxRate, kind);

  const computed = lines.map((line, index) => {
    try {
      return computeLine(line, kind);
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`line ${index + 1}: ${error.message}`);
      throw error;
    }
  });
  const pick = (key: keyof ComputedLine) => computed.map((line) => line[key]);
  const subTotal = sum(pick('gross'), 'sub-total');
  const discount = sum(pick('discount'), 'discount');
  const cgst = sum([...pick('cgst'), freightTax.cgst], 'CGST');
  const sgst = sum([...pick('sgst'), freightTax.sgst], 'SGST');
  const igst = sum([...pick('igst'), freightTax.igst], 'IGST');
  const beforeRounding = sum([subTotal, -discount, freight, cgst, sgst, igst], 'order total');
  // Never negative (each line's taxable amount is not), so "half up" is plain: 50 paise go up.
  const grandTotal = toSafeInteger(((BigInt(beforeRounding) + 50n) / 100n) * 100n, 'grand total');
  return {
    lines: computed,
    subTotal,
    discount,
    freight,
    freightTax,
    cgst,
    sgst,
    igst,
    roundOff: grandTotal - beforeRounding,
    grandTotal,
  };
}
