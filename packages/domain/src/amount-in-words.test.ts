import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';
import { toPaise } from './money.ts';

describe('amountInWords', () => {
  it.each([
    ['0', 'Rupees Zero Only'],
    ['0.05', 'Rupees Zero and Five Paise Only'],
    ['1', 'Rupees One Only'],
    ['19.99', 'Rupees Nineteen and Ninety Nine Paise Only'],
    ['100', 'Rupees One Hundred Only'],
    ['1000', 'Rupees One Thousand Only'],
    ['1010', 'Rupees One Thousand Ten Only'],
    ['99999', 'Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Only'],
    ['100000', 'Rupees One Lakh Only'],
    [
      '123456.78',
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only',
    ],
    ['1180000', 'Rupees Eleven Lakh Eighty Thousand Only'],
    ['10000000', 'Rupees One Crore Only'],
    [
      '123456789',
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only',
    ],
    ['1000000000', 'Rupees One Hundred Crore Only'],
    ['1000000000000', 'Rupees One Lakh Crore Only'],
    [
      '999999999999.99',
      'Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    ],
  ])('%s → %s', (rupees, text) => {
    expect(amountInWords(toPaise(rupees))).toBe(text);
  });

  it('refuses what is not an amount of paise, or is negative', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
