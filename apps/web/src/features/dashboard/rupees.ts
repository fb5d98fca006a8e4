import { toPaise } from '@branch-assets/domain';
import { formatMoney } from '../../shared/money.ts';

/** The words of the Indian units in the user's language ('L' and 'Cr' in English). */
export interface RupeeUnits {
  lakh: string;
  crore: string;
}

const LAKH = 100_000;
const CRORE = 10_000_000;

const grouped = (digits: number) =>
  new Intl.NumberFormat('en-IN', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const whole = grouped(0);
const short = grouped(2);

/**
 * An amount in rupees as an axis shows it, in the Indian units: '₹12.5 L', '₹1.2 Cr',
 * '₹4,500' below a lakh, '₹1,250 Cr' with Indian grouping (digits and grouping are en-IN in
 * every language, as the product's money is; the unit is the user's word for it).
 */
export function compactRupees(rupees: number, units: RupeeUnits): string {
  const sign = rupees < 0 ? '-' : '';
  const amount = Math.abs(rupees);
  if (amount >= CRORE) return `${sign}₹${short.format(amount / CRORE)} ${units.crore}`;
  if (amount >= LAKH) return `${sign}₹${short.format(amount / LAKH)} ${units.lakh}`;
  return `${sign}₹${whole.format(amount)}`;
}

/** A Decimal of the gateway ('1234567.80') as a number of rupees, for a chart's scale. */
export function rupeesOf(amount: string): number {
  return toPaise(amount) / 100;
}

/** The exact amount with Indian grouping, for tooltips and tables: '₹12,34,567.80'. */
export const exactRupees = formatMoney;
