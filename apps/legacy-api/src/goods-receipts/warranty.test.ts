import { describe, expect, it } from 'vitest';
import { warrantyEnd } from './save.ts';

describe("a received unit's warranty end", () => {
  it('is the day before the same day months later, clamped to a shorter month', () => {
    expect(warrantyEnd('2026-11-10', 24)).toBe('2028-11-09');
    expect(warrantyEnd('2026-04-01', 12)).toBe('2027-03-31');
    // Not 2 March, as adding a month to 31 January by the calendar's overflow would give.
    expect(warrantyEnd('2026-01-31', 1)).toBe('2026-02-27');
    expect(warrantyEnd('2028-01-31', 1)).toBe('2028-02-28');
    expect(warrantyEnd('2024-02-29', 12)).toBe('2025-02-27');
  });
});
