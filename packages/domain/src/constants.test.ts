import { describe, expect, it } from 'vitest';
import {
  ALERT_TIMEOUT_MS,
  APP_VERSION,
  BRANCH_CHOOSER_HEIGHT_PX,
  BRANCH_CHOOSER_WIDTH,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  LAZY_CHUNK_TIMEOUT_MS,
  PAGE_SIZE,
  PO_DIALOG_WIDTH,
  SKELETON_ROWS,
  STARRED_PAGES_LIMIT,
  WORKSHEET_NAME,
} from './constants.ts';

describe('constants', () => {
  it('keep the legacy values', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(SKELETON_ROWS).toBe(6);
    expect(ALERT_TIMEOUT_MS).toBe(2000);
    expect(WORKSHEET_NAME).toBe('My Worksheet');
    expect(STARRED_PAGES_LIMIT).toBe(10);
    expect(APP_VERSION).toBe('1.2.8');
    expect(PO_DIALOG_WIDTH).toBe('75%');
    expect(BRANCH_CHOOSER_WIDTH).toBe('70%');
    expect(BRANCH_CHOOSER_HEIGHT_PX).toBe(500);
    expect(LAZY_CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('list the six languages with English as default', () => {
    expect(LANGUAGES).toEqual(['eng', 'tam', 'hin', 'tel', 'mal', 'kan']);
    expect(DEFAULT_LANGUAGE).toBe('eng');
    expect(LANGUAGES).toContain(DEFAULT_LANGUAGE);
  });
});

describe('isLanguage', () => {
  it('accepts every listed code', () => {
    for (const code of LANGUAGES) expect(isLanguage(code)).toBe(true);
  });

  it('refuses other codes, other cases and non-strings', () => {
    for (const value of [
      '',
      'en',
      'ENG',
      ' eng',
      'fra',
      'toString',
      null,
      undefined,
      1,
      ['eng'],
      {},
    ]) {
      expect(isLanguage(value)).toBe(false);
    }
  });
});
