import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The demo's transaction: every part of the demo is written in one. */
export type Trx = Transaction<Database> | Kysely<Database>;

export const DAY_MS = 86_400_000;

export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: missing ${what}`);
  return value;
}

export function istMoment(date: string, hour: number, minute: number): Date {
  return new Date(
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`,
  );
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
