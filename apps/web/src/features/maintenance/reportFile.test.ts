import { describe, expect, it } from 'vitest';
import { sumAmounts } from './reportFile.ts';

describe('the AMC report totals', () => {
  it('adds amounts exactly, to the paisa', () => {
    expect(sumAmounts(['0.10', '0.20', '1234.50'])).toBe('1234.80');
    expect(sumAmounts([])).toBe('0.00');
  });
});
