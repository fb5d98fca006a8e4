import { describe, expect, it } from 'vitest';
import { isDifference, progressPercent, resolutionsFor } from './resolutions.ts';

describe('resolutionsFor', () => {
  it('offers a move for a wrong location, condemnation for a missing asset', () => {
    expect(resolutionsFor({ outcome: 'FOUND_WRONG_LOCATION', assetId: '1' })).toContain(
      'MOVE_LOCATION',
    );
    expect(resolutionsFor({ outcome: 'MISSING', assetId: '1' })).toEqual([
      'CONDEMN',
      'TRANSFER',
      'INVESTIGATE',
    ]);
  });

  it('offers only what fits an unexpected find: unknown tag, another branch, ours elsewhere', () => {
    expect(resolutionsFor({ outcome: 'UNEXPECTED', assetId: null })).toEqual(['INVESTIGATE']);
    expect(
      resolutionsFor({ outcome: 'UNEXPECTED', assetId: '4', assetBranchCode: 'BLR-JAY' }),
    ).toEqual(['TRANSFER', 'INVESTIGATE']);
    expect(resolutionsFor({ outcome: 'UNEXPECTED', assetId: '4', foundLocationId: '9' })).toEqual([
      'MOVE_LOCATION',
      'TRANSFER',
      'INVESTIGATE',
    ]);
    expect(resolutionsFor({ outcome: 'FOUND', assetId: '4' })).toEqual([]);
  });

  it('tells differences and progress', () => {
    expect(isDifference('MISSING')).toBe(true);
    expect(isDifference('FOUND')).toBe(false);
    expect(progressPercent({ expectedCount: 3, pendingCount: 1 })).toBe(66);
    expect(progressPercent({ expectedCount: 0, pendingCount: 0 })).toBe(100);
  });
});
