import { assertPaise, type Paise } from './money.ts';

/*
 * An amount in words as Indian orders and invoices write it: the Indian system (thousand, lakh,
 * crore; a crore of crores is "One Crore Crore"), words without hyphens as Tally prints them, the
 * rupees then the paise, ending in "Only": 1,23,456.78 is "Rupees One Lakh Twenty Three Thousand
 * Four Hundred Fifty Six and Seventy Eight Paise Only". In English, as the order's PDF is.
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;

const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99. */
function belowHundred(n: number): string[] {
  if (n < 20) return [ONES[n] ?? ''];
  const ones = n % 10;
  return [TENS[(n - ones) / 10] ?? '', ...(ones > 0 ? [ONES[ones] ?? ''] : [])];
}

/** The words of a whole number above zero, in the Indian system. */
function words(n: number): string[] {
  const parts: string[] = [];
  let rest = n;
  const take = (unit: number, name: string) => {
    const count = Math.floor(rest / unit);
    rest -= count * unit;
    if (count > 0) parts.push(...words(count), name);
  };
  take(10_000_000, 'Crore');
  take(100_000, 'Lakh');
  take(1_000, 'Thousand');
  take(100, 'Hundred');
  if (rest > 0) parts.push(...belowHundred(rest));
  return parts;
}

/** The amount in words: "Rupees … and … Paise Only"; never negative. */
export function amountInWords(amount: Paise): string {
  assertPaise(amount);
  if (amount < 0) throw new RangeError(`an amount in words cannot be negative, got ${amount}`);
  const paise = amount % 100;
  const rupees = (amount - paise) / 100;
  const rupeeWords = rupees === 0 ? ['Zero'] : words(rupees);
  const paiseWords = paise === 0 ? [] : ['and', ...belowHundred(paise), 'Paise'];
  return ['Rupees', ...rupeeWords, ...paiseWords, 'Only'].join(' ');
}
