import { nounsOf } from '../db/nouns.ts';
import { HttpRefusal, Refusal } from './errors.ts';

/*
 * A constraint of the database that a call's own checks did not foresee is still the caller's
 * problem, not a server failure: it is answered as a refusal naming what was wrong, and the
 * transaction it broke has changed nothing. PostgreSQL and PGlite report the same fields
 * (SQLSTATE `code`, `detail`, `table`, `column`, `constraint`).
 */

interface DatabaseError {
  code: string;
  detail?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

function isDatabaseError(error: unknown): error is DatabaseError {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code)
  );
}

/** `branch_id` → `Branch`, `po_number` → `Po Number`: a column as a form would label it. */
function fieldName(column: string): string {
  return column
    .replace(/_id$/, '')
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** `Key (code, branch_id)=(X, 3) …` → the columns and the values. */
function keyOf(detail: string | undefined): { columns: string[]; values: string } | null {
  const match = /^Key \((.+?)\)=\((.*)\) /.exec(detail ?? '');
  if (!match?.[1]) return null;
  const columns = match[1]
    .split(',')
    .map((column) => column.trim().replace(/^lower\((.+?)(::text)?\)$/, '$1'));
  return { columns, values: match[2] ?? '' };
}

/** The refusal for a database error, or null for one that is a server failure after all. */
export function databaseRefusal(error: unknown): Refusal | HttpRefusal | null {
  if (!isDatabaseError(error)) return null;
  switch (error.code) {
    case '23503': {
      // Deleting or re-keying a row that others still name.
      const referencing = /is still referenced from table "([^"]+)"/.exec(error.detail ?? '')?.[1];
      if (referencing)
        return new Refusal(
          `It cannot be deleted or changed: it is still used by ${nounsOf(referencing, '').many}.`,
        );
      // Naming a row that does not exist.
      const referenced = /is not present in table "([^"]+)"/.exec(error.detail ?? '')?.[1];
      const key = keyOf(error.detail);
      const noun = referenced ? nounsOf(referenced, '').one : 'record';
      return new HttpRefusal(
        422,
        key
          ? `${fieldName(key.columns[0] ?? '')} ${key.values} does not exist (no such ${noun}).`
          : `It names a ${noun} that does not exist.`,
      );
    }
    case '23505': {
      const key = keyOf(error.detail);
      return new HttpRefusal(
        422,
        key
          ? `${key.columns.map(fieldName).join(' and ')} ${key.values} is already taken.`
          : 'A value that must be unique is already taken.',
      );
    }
    case '23514': {
      const table = error.table ?? '';
      const column = (error.constraint ?? '')
        .replace(new RegExp(`^${table}_`), '')
        .replace(/_check\d*$/, '');
      return new HttpRefusal(422, `${column ? fieldName(column) : 'A value'} is not valid.`);
    }
    case '23502':
      return new HttpRefusal(422, `${fieldName(error.column ?? 'a value')} is required.`);
    case '22001':
      return new HttpRefusal(422, 'A text is longer than allowed.');
    case '22003':
      return new HttpRefusal(422, 'A number is out of range.');
    case '22P02':
    case '22007':
    case '22008':
      return new HttpRefusal(422, 'A value is not in the form it needs.');
    default:
      return null;
  }
}
