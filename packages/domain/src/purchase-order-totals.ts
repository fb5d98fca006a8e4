import { divideHalfAwayFromZero, scaledInteger, toSafeInteger } from './decimal.ts';
import { isGstRate, splitGst, type TaxKind } from './gst.ts';
import { assertPaise, type Paise } from './money.ts';

export interface PurchaseOrderLineInput {
  /** A positive quantity with up to 3 decimals (e.g. 2.125 kg). */
  quantity: number;
  /** Price of one unit. */
  rate: Paise;
  /** Discount on the whole line, not per unit. */
  discount: Paise;
  /** A GST rate in percent, one of GST_RATES. */
  taxRate: number;
}

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

function assertTaxKind(kind: unknown): asserts kind is TaxKind {
  if (kind !== 'intra' && kind !== 'inter') {
    throw new RangeError(`'${String(kind)}' is not a tax kind`);
  }
}

export function computeLine(line: PurchaseOrderLineInput, kind: TaxKind): ComputedLine {
  assertTaxKind(kind);
  const { quantity, rate, discount, taxRate } = line;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) {
    throw new RangeError(`quantity must be positive, got ${quantity}`);
  }
  const quantityThousandths = scaledInteger(quantity, 3);
  assertNonNegativePaise(rate, 'rate');
  assertNonNegativePaise(discount, 'discount');
  if (!isGstRate(taxRate)) throw new RangeError(`${taxRate} is not a GST rate`);

  const gross = toSafeInteger(
    divideHalfAwayFromZero(quantityThousandths * BigInt(rate), 1000n),
    'gross amount',
  );
  const taxable = gross - discount;
  if (taxable < 0) throw new RangeError(`discount ${discount} exceeds the gross amount ${gross}`);
  const { cgst, sgst, igst } = splitGst(taxable, taxRate, kind);
  const total = toSafeInteger(
    BigInt(taxable) + BigInt(cgst) + BigInt(sgst) + BigInt(igst),
    'line total',
  );
  return { gross, discount, taxable, cgst, sgst, igst, total };
}

const sum = (values: readonly Paise[], what: string): Paise =>
  toSafeInteger(
    values.reduce((total, value) => total + BigInt(value), 0n),
    what,
  );

/**
 * The money of a purchase order, line by line and in total. Freight is not taxed: it is treated
 * as a separate, non-taxable charge on the invoice, as the legacy order shows no tax on freight,
 * and taxing it here would make our totals disagree with the legacy ones.
 */
export function computePurchaseOrderTotals(
  lines: readonly PurchaseOrderLineInput[],
  freight: Paise,
  kind: TaxKind,
): PurchaseOrderTotals {
  if (!Array.isArray(lines) || lines.length === 0) {
    throw new RangeError('a purchase order needs at least one line');
  }
  assertNonNegativePaise(freight, 'freight');
  assertTaxKind(kind);

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
  const cgst = sum(pick('cgst'), 'CGST');
  const sgst = sum(pick('sgst'), 'SGST');
  const igst = sum(pick('igst'), 'IGST');
  const beforeRounding = sum([subTotal, -discount, freight, cgst, sgst, igst], 'order total');
  // Never negative (each line's taxable amount is not), so "half up" is plain: 50 paise go up.
  const grandTotal = toSafeInteger(((BigInt(beforeRounding) + 50n) / 100n) * 100n, 'grand total');
  return {
    lines: computed,
    subTotal,
    discount,
    freight,
    cgst,
    sgst,
    igst,
    roundOff: grandTotal - beforeRounding,
    grandTotal,
  };
}
