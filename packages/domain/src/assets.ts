import type { StatusTone } from './status-tone.ts';

/*
 * The asset register's closed lists (docs/assets.md). Reports rely on the codes; what people read
 * are the texts (translated on the screen), and the chips take their tones from here.
 */

/** An asset's lifecycle status; it changes only through the workflows that own it. */
export const ASSET_STATUSES = [
  'IN_STOCK',
  'IN_USE',
  'UNDER_REPAIR',
  'OUT_OF_ORDER',
  'IN_TRANSIT',
  'CONDEMNED',
  'DISPOSED',
] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const ASSET_STATUS_TEXT: Readonly<Record<AssetStatus, string>> = {
  IN_STOCK: 'In stock',
  IN_USE: 'In use',
  UNDER_REPAIR: 'Under repair',
  OUT_OF_ORDER: 'Out of order',
  IN_TRANSIT: 'In transit',
  CONDEMNED: 'Condemned',
  DISPOSED: 'Disposed',
};

/** The chip colours of the legacy table. */
export const ASSET_STATUS_TONE: Readonly<Record<AssetStatus, StatusTone>> = {
  IN_STOCK: 'warning',
  IN_USE: 'success',
  UNDER_REPAIR: 'warning',
  OUT_OF_ORDER: 'danger',
  IN_TRANSIT: 'warning',
  CONDEMNED: 'danger',
  DISPOSED: 'dark',
};

/** What a new asset may start as: received and not installed, or an opening balance in use. */
export const ASSET_START_STATUSES = [
  'IN_STOCK',
  'IN_USE',
] as const satisfies readonly AssetStatus[];

/** How much a hospital depends on the equipment: what repairs and reports put first. */
export const CRITICALITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Criticality = (typeof CRITICALITIES)[number];
export const CRITICALITY_TEXT: Readonly<Record<Criticality, string>> = {
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

export const CONDITIONS = ['GOOD', 'FAIR', 'POOR'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_TEXT: Readonly<Record<Condition, string>> = {
  GOOD: 'Good',
  FAIR: 'Fair',
  POOR: 'Poor',
};

/**
 * What the branch manager's dashboard counts and the register lists on a tile's click: critical
 * equipment out of order or under repair, assets in use with no cover (neither warranty nor a
 * maintenance contract in force), assets received on a goods receipt and not yet installed.
 */
export const ASSET_ATTENTIONS = ['CRITICAL_DOWN', 'UNCOVERED', 'AWAITING_INSTALLATION'] as const;
export type AssetAttention = (typeof ASSET_ATTENTIONS)[number];

/** A warranty ending within this many days is shown as expiring. */
export const WARRANTY_EXPIRING_DAYS = 90;

export const WARRANTY_STATES = ['NONE', 'IN_WARRANTY', 'EXPIRING', 'EXPIRED'] as const;
export type WarrantyState = (typeof WARRANTY_STATES)[number];
export const WARRANTY_STATE_TEXT: Readonly<Record<WarrantyState, string>> = {
  NONE: 'No warranty',
  IN_WARRANTY: 'In warranty',
  EXPIRING: 'Expiring',
  EXPIRED: 'Expired',
};
export const WARRANTY_STATE_TONE: Readonly<Record<WarrantyState, StatusTone>> = {
  NONE: 'dark',
  IN_WARRANTY: 'success',
  EXPIRING: 'warning',
  EXPIRED: 'danger',
};

const DAY_MS = 86_400_000;

/**
 * The warranty's state on a day (both 'YYYY-MM-DD'): none without an end date, expired after the
 * end day, expiring when it ends within WARRANTY_EXPIRING_DAYS (the end day counts as covered).
 * The servers compute the same in SQL from today's date in India.
 */
export function warrantyState(end: string | null, today: string): WarrantyState {
  if (!end) return 'NONE';
  if (end < today) return 'EXPIRED';
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return days <= WARRANTY_EXPIRING_DAYS ? 'EXPIRING' : 'IN_WARRANTY';
}

/** Digits of an asset tag's number: a branch numbers up to 999,999 assets. */
export const ASSET_TAG_DIGITS = 6;

/** An asset's tag: its first branch's code and its number there (CHN-ANN-000123). */
export function assetTag(branchCode: string, number: number): string {
  if (!Number.isInteger(number) || number < 1 || number >= 10 ** ASSET_TAG_DIGITS)
    throw new RangeError(`asset number ${number} is outside 1..${10 ** ASSET_TAG_DIGITS - 1}`);
  return `${branchCode}-${String(number).padStart(ASSET_TAG_DIGITS, '0')}`;
}

/** Expected useful life, in whole years. */
export const USEFUL_LIFE_YEARS = { min: 1, max: 50 } as const;

/** What an asset's file is: a photo (from the gallery) or a document uploaded for it. */
export const ASSET_FILE_KINDS = ['PHOTO', 'INVOICE', 'WARRANTY_CARD', 'MANUAL', 'OTHER'] as const;
export type AssetFileKind = (typeof ASSET_FILE_KINDS)[number];
/** The kinds a document upload takes (a photo comes from the gallery). */
export const ASSET_DOCUMENT_KINDS = ['INVOICE', 'WARRANTY_CARD', 'MANUAL', 'OTHER'] as const;
