import { toSafeInteger } from './decimal.ts';
import { assertPaise, type Paise } from './money.ts';

/*
 * What each asset received against an order cost (docs/procurement.md): its line's taxable amount
 * (quantity × rate − discount), the line's share of the order's freight, and — when the company
 * does not claim input tax credit — the GST paid on both. Shares are split so that they add up to
 * the paisa: the order's freight over its lines by taxable value, a line's cost over its units
 * equally, the paise left over by the largest remainders (the first units when equal). One item
 * at two rates on two lines keeps two costs (erpnext #39128 averaged them).
 */

/** `total` split in proportion to `weights` (non-negative, not all 0), summing exactly to it. */
export function allocate(total: Paise, weights: readonly number[]): Paise[] {
  assertPaise(total, 'total');
  if (total < 0) throw new RangeError('cannot allocate a negative amount');
  const whole = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0) || whole === 0n)
    throw new RangeError('weights must be whole, non-negative and not all 0');
  const shares = weights.map((weight) => (BigInt(total) * BigInt(weight)) / whole);
  const remainders = weights.map((weight, index) => ({
    index,
    rest: (BigInt(total) * BigInt(weight)) % whole,
  }));
  let left = BigInt(total) - shares.reduce((sum, share) => sum + share, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((share) => toSafeInteger(share, 'share'));
}

export interface CostedLine {
  quantity: number;
  taxable: Paise;
  /** CGST + SGST + IGST of the line. */
  tax: Paise;
}

export interface CostedOrder {
  lines: readonly CostedLine[];
  freight: Paise;
  /** The freight's own GST. */
  freightTax: Paise;
  /** Whether GST is part of an asset's cost (input credit not claimed). */
  gstInCost: boolean;
}

/** Each line's cost of all its units: taxable + freight share (+ the GST of both, if counted). */
export function lineCosts(order: CostedOrder): Paise[] {
  const weights = order.lines.map((line) => line.taxable);
  const spread = weights.some((weight) => weight > 0) ? weights : order.lines.map(() => 1);
  const freight = allocate(order.freight, spread);
  const freightTax = allocate(order.freightTax, spread);
  return order.lines.map((line, index) => {
    const goods = line.taxable + (freight[index] ?? 0);
    const tax = order.gstInCost ? line.tax + (freightTax[index] ?? 0) : 0;
    return toSafeInteger(BigInt(goods) + BigInt(tax), 'line cost');
  });
}

/** The cost of units `from` .. `from + count − 1` (0-based) of a line whose units cost `lineCost`. */
export function unitCosts(lineCost: Paise, quantity: number, from: number, count: number): Paise[] {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('quantity must be whole');
  if (from < 0 || count < 0 || from + count > quantity)
    throw new RangeError(`units ${from}..${from + count - 1} are not among ${quantity}`);
  const base = Math.floor(lineCost / quantity);
  const extra = lineCost - base * quantity;
  return Array.from({ length: count }, (_, k) => base + (from + k < extra ? 1 : 0));
}
