import { describe, expect, it } from 'vitest';
import { ASSET_STATUS_TONE, ASSET_STATUSES, assetTag, warrantyState } from './assets.ts';

describe('warrantyState', () => {
  it('is none without an end date', () => {
    expect(warrantyState(null, '2026-11-26')).toBe('NONE');
  });
  it('counts the end day as covered and the 90th day after today as expiring', () => {
    expect(warrantyState('2026-11-26', '2026-11-26')).toBe('EXPIRING');
    expect(warrantyState('2026-11-25', '2026-11-26')).toBe('EXPIRED');
    expect(warrantyState('2027-02-24', '2026-11-26')).toBe('EXPIRING');
    expect(warrantyState('2027-02-25', '2026-11-26')).toBe('IN_WARRANTY');
  });
  it('is not thrown off by a leap day', () => {
    expect(warrantyState('2028-05-29', '2028-02-29')).toBe('EXPIRING');
    expect(warrantyState('2028-05-30', '2028-02-29')).toBe('IN_WARRANTY');
  });
});

describe('assetTag', () => {
  it('pads the number to six digits after the branch code', () => {
    expect(assetTag('CHN-ANN', 123)).toBe('CHN-ANN-000123');
    expect(assetTag('BR1', 999_999)).toBe('BR1-999999');
  });
  it('refuses a number a tag cannot hold', () => {
    expect(() => assetTag('BR1', 0)).toThrow(RangeError);
    expect(() => assetTag('BR1', 1_000_000)).toThrow(RangeError);
    expect(() => assetTag('BR1', 1.5)).toThrow(RangeError);
  });
});

describe('asset statuses', () => {
  it('give every status a tone', () => {
    expect(ASSET_STATUSES.map((status) => ASSET_STATUS_TONE[status])).toEqual([
      'warning',
      'success',
      'warning',
      'danger',
      'warning',
      'danger',
      'dark',
    ]);
  });
});
