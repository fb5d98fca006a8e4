export const PAGE_SIZE = 10;
export const SKELETON_ROWS = 6;
export const ALERT_TIMEOUT_MS = 2000;
export const WORKSHEET_NAME = 'My Worksheet';
export const STARRED_PAGES_LIMIT = 10;
export const APP_VERSION = '1.2.8';
export const PO_DIALOG_WIDTH = '75%';
export const BRANCH_CHOOSER_WIDTH = '70%';
/** The branch chooser's list grows with its branches up to this height, then scrolls. */
export const BRANCH_CHOOSER_HEIGHT_PX = 500;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

/** Interface languages by their legacy three-letter codes. */
export const LANGUAGES = ['eng', 'tam', 'hin', 'tel', 'mal', 'kan'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'eng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The units an accessory is counted in (accessory types, stock, order lines). */
export const UNITS_OF_MEASURE = ['Nos', 'Set', 'Pair', 'Box', 'Metre'] as const;
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];
