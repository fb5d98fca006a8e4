import { describe, expect, it } from 'vitest';
import {
  MOVEMENT_DIRECTION,
  MOVEMENT_REASON_TEXT,
  MOVEMENT_REASONS,
  RECORDED_MOVEMENT_REASONS,
  signedQuantity,
} from './accessories.ts';

describe('accessory movements', () => {
  it('move stock in the reason’s direction, an adjustment by its own sign', () => {
    expect(signedQuantity('RECEIVED', 5)).toBe(5);
    expect(signedQuantity('ISSUED', 3)).toBe(-3);
    expect(signedQuantity('DAMAGED', 1)).toBe(-1);
    expect(signedQuantity('ADJUSTED', -2)).toBe(-2);
    expect(signedQuantity('ADJUSTED', 4)).toBe(4);
  });

  it('give every reason a text and a direction, and leave transfers to their workflow', () => {
    for (const reason of MOVEMENT_REASONS) {
      expect(MOVEMENT_REASON_TEXT[reason]).toBeTruthy();
      expect([1, -1, 0]).toContain(MOVEMENT_DIRECTION[reason]);
    }
    expect(RECORDED_MOVEMENT_REASONS).not.toContain('TRANSFERRED_IN');
    expect(RECORDED_MOVEMENT_REASONS).not.toContain('TRANSFERRED_OUT');
  });
});
