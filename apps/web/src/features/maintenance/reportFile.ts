import { formatPaise, toPaise } from '@branch-assets/domain';

/** The sum of Decimal amounts ('1234.50'), as a Decimal: exact, in paise. */
export function sumAmounts(amounts: readonly string[]): string {
  return formatPaise(amounts.reduce((sum, amount) => sum + toPaise(amount), 0));
}
