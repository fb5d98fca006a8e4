import { describe, expect, it } from 'vitest';
import { bulkDescription } from '../bulk.ts';
import { type LegacyCallName, legacyCalls } from '../calls.ts';
import { tooManyRowsMessage } from './bulk-upload.ts';

/** Each bulk call and the store call whose rules its rows follow. */
const STORES = {
  vendorBulkUpload: 'vendorStore',
  branchBulkUpload: 'branchRecordStore',
} as const satisfies Record<string, LegacyCallName>;

describe('bulk upload descriptions', () => {
  it.each(Object.entries(STORES))(
    '%s: columns are fields of %s, and the example row passes its schema',
    (bulk, store) => {
      const { columns } = bulkDescription(bulk as keyof typeof STORES);
      const schema = legacyCalls[store].request;
      const shape: Record<string, { safeParse(value: unknown): { success: boolean } }> =
        schema.shape;
      expect(new Set(columns.map((column) => column.header.toLowerCase())).size).toBe(
        columns.length,
      );
      for (const column of columns) {
        const field = shape[column.field];
        expect(field, column.field).toBeDefined();
        // The notes' Required says what the schema says of a blank cell.
        expect(field?.safeParse(undefined).success, column.field).toBe(!column.required);
      }
      // References travel as ids (found by name on the server), coded words as their codes.
      const example = Object.fromEntries(
        columns.map((column) => [
          column.field,
          column.reference ? 1 : (column.values?.[column.example] ?? column.example),
        ]),
      );
      expect(schema.safeParse(example).success).toBe(true);
    },
  );

  it('word the row limit with thousands separators', () => {
    expect(tooManyRowsMessage(1204)).toBe('The file has 1,204 rows; the limit is 1,000.');
  });
});
