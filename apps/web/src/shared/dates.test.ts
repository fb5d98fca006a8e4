import { LANGUAGE_TAGS } from '@branch-assets/i18n';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('formatDate', () => {
  it('writes a calendar date day first, the month by name, in India whatever the zone', () => {
    expect(formatDate('2026-10-03', 'en-IN')).toBe('03 Oct 2026');
    // A moment late in the evening UTC is the next day in India.
    expect(formatDate('2026-10-03T20:00:00Z', 'en-IN')).toBe('04 Oct 2026');
  });

  it('follows each interface language, day first in every one', () => {
    for (const locale of Object.values(LANGUAGE_TAGS)) {
      const text = formatDate('2026-10-03', locale);
      expect(text, locale).toMatch(/^(03|०३)\D/);
      expect(text, locale).toMatch(/2026|२०२६/);
    }
    expect(formatDate('2026-10-03', 'hi-IN')).not.toBe(formatDate('2026-10-03', 'en-IN'));
  });

  it('gives back what is no date as it came', () => {
    expect(formatDate('soon', 'en-IN')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('writes the date and the time in India, to the minute', () => {
    expect(formatDateTime('2026-10-04T04:40:00Z', 'en-IN')).toMatch(/^04 Oct 2026, 10:10\s?am$/i);
  });
});
