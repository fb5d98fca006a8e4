import { formatRupees, toPaise } from '@branch-assets/domain';

/** '₹1,23,45,678.50' for a Decimal from the gateway; the same Indian grouping in every language. */
export function formatMoney(amount: string): string {
  return formatRupees(toPaise(amount));
}
