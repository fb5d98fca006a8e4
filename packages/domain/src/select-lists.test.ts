import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUS_OPTIONS,
  CREDIT_DEBIT_OPTIONS,
  INCLUDED_OPTIONS,
  type SelectOption,
  YES_NO_OPTIONS,
} from './select-lists.ts';

const lists: Record<string, readonly SelectOption[]> = {
  YES_NO_OPTIONS,
  ACTIVE_STATUS_OPTIONS,
  CREDIT_DEBIT_OPTIONS,
  INCLUDED_OPTIONS,
};

describe('select lists', () => {
  it('hold the legacy values and texts', () => {
    expect(YES_NO_OPTIONS.slice(1)).toEqual([
      { value: '0', text: 'No' },
      { value: '1', text: 'Yes' },
    ]);
    expect(ACTIVE_STATUS_OPTIONS.slice(1)).toEqual([
      { value: '0', text: 'InActive' },
      { value: '1', text: 'Active' },
    ]);
    expect(CREDIT_DEBIT_OPTIONS.slice(1)).toEqual([
      { value: '1', text: 'Credit' },
      { value: '2', text: 'Debit' },
    ]);
    expect(INCLUDED_OPTIONS.slice(1)).toEqual([
      { value: '1', text: 'Yes' },
      { value: '2', text: 'No' },
    ]);
  });

  it.each(Object.entries(lists))(
    '%s starts with one blank option and has unique values',
    (_, list) => {
      expect(list[0]).toEqual({ value: '', text: '' });
      expect(list.filter((option) => option.value === '')).toHaveLength(1);
      expect(new Set(list.map((option) => option.value)).size).toBe(list.length);
    },
  );
});
