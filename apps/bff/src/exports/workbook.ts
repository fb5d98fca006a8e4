import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { WORKSHEET_NAME } from '@branch-assets/domain';
import ExcelJS from 'exceljs';
import type { SheetColumn } from './lists.ts';

/**
 * Streams one worksheet to `output` with exceljs's streaming writer: no shared strings, no styles,
 * every row committed as it is written, and writing paused while `output` is full (exceljs itself
 * does not wait), so memory stays flat however many rows there are.
 */
export async function writeWorkbook(
  output: Writable,
  columns: readonly SheetColumn[],
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(WORKSHEET_NAME);
  sheet.addRow(columns.map((column) => column.header)).commit();
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(columns.map((column) => cellValue(row[column.field]))).commit();
    count += 1;
    if (output.writableNeedDrain) await once(output, 'drain');
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

function cellValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}
