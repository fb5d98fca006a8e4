import { describe, expect, it } from 'vitest';
import { COMFORTABLE_WIDTH, countedWidth, type FitColumn, hiddenColumns } from './columnFit.ts';

const column = (
  key: string,
  priority: FitColumn['priority'],
  width: number,
  choice?: FitColumn['choice'],
): FitColumn => ({ key, priority, min: width, max: width, choice });

// An order list's columns, 1000 px in all.
const ORDERS = [
  column('actions', 'essential', 150),
  column('number', 'essential', 150),
  column('date', 'high', 100),
  column('billed', 'low', 150),
  column('shipped', 'low', 150),
  column('vendor', 'normal', 150),
  column('status', 'essential', 150),
];

const hidden = (columns: readonly FitColumn[], width: number) =>
  [...hiddenColumns(columns, width)].sort();

describe('countedWidth', () => {
  it('counts a long text as wrapped to the comfortable width, never below its longest word', () => {
    expect(countedWidth({ min: 40, max: 90 })).toBe(90);
    expect(countedWidth({ min: 60, max: 400 })).toBe(COMFORTABLE_WIDTH);
    expect(countedWidth({ min: 300, max: 400 })).toBe(300);
  });
});

describe('hiddenColumns', () => {
  it('hides nothing when every column fits, or when the width is not known', () => {
    expect(hidden(ORDERS, 1000)).toEqual([]);
    expect(hidden(ORDERS, 1400)).toEqual([]);
    expect(hidden(ORDERS, 0)).toEqual([]);
  });

  it('lets the least important give way first, the rightmost first among equals', () => {
    expect(hidden(ORDERS, 999)).toEqual(['shipped']);
    expect(hidden(ORDERS, 850)).toEqual(['shipped']);
    expect(hidden(ORDERS, 849)).toEqual(['billed', 'shipped']);
    expect(hidden(ORDERS, 700)).toEqual(['billed', 'shipped']);
    expect(hidden(ORDERS, 699)).toEqual(['billed', 'shipped', 'vendor']);
    expect(hidden(ORDERS, 550)).toEqual(['billed', 'shipped', 'vendor']);
    expect(hidden(ORDERS, 549)).toEqual(['billed', 'date', 'shipped', 'vendor']);
  });

  it('never hides an essential column, even when they alone do not fit', () => {
    expect(hidden(ORDERS, 300)).toEqual(['billed', 'date', 'shipped', 'vendor']);
  });

  it('brings back a narrower column that fits in the room a wider one left', () => {
    const columns = [
      column('name', 'essential', 200),
      column('email', 'low', 60),
      column('branches', 'normal', 300),
      column('phone', 'low', 100),
    ];
    // Phone (low, rightmost), then email (low), then branches give way; email and phone fit again.
    expect(hidden(columns, 400)).toEqual(['branches']);
    expect(hidden(columns, 300)).toEqual(['branches', 'phone']);
  });

  it('keeps what the user chose: a column shown stays, one hidden stays hidden', () => {
    const chosen = ORDERS.map((entry) =>
      entry.key === 'shipped'
        ? { ...entry, choice: 'shown' as const }
        : entry.key === 'date'
          ? { ...entry, choice: 'hidden' as const }
          : entry,
    );
    expect(hidden(chosen, 1000)).toEqual(['date']);
    expect(hidden(chosen, 800)).toEqual(['billed', 'date']);
    // Shown by choice even when nothing else is left to give way: the list then scrolls.
    expect(hidden(chosen, 400)).toEqual(['billed', 'date', 'vendor']);
  });

  it('ignores a choice to hide an essential column', () => {
    const columns = [column('status', 'essential', 100, 'hidden'), column('name', 'normal', 100)];
    expect(hidden(columns, 150)).toEqual(['name']);
  });
});
