import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Client } from './harness.ts';

/** The workbook of an export (the answer, or the bytes already read), read back. */
export async function readWorkbook(source: Response | Buffer): Promise<ExcelJS.Workbook> {
  const buffer = Buffer.isBuffer(source) ? source : Buffer.from(await source.arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type (an ArrayBuffer); Node's Buffer is what it reads at run time.
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The sheet every export writes its list to, under the name the legacy exports gave it. */
export async function exportedSheet(source: Response | Buffer): Promise<ExcelJS.Worksheet> {
  const sheet = (await readWorkbook(source)).getWorksheet('My Worksheet');
  if (!sheet) throw new Error('the workbook has no sheet "My Worksheet"');
  return sheet;
}

/** A row's cells as plain values, without exceljs's leading empty slot. */
export function rowValues(sheet: ExcelJS.Worksheet, rowNumber: number): unknown[] {
  const values = sheet.getRow(rowNumber).values;
  return Array.isArray(values) ? values.slice(1) : [];
}

/**
 * Downloads the export at `path` as `client`, checks that it came (200) as an attachment named like
 * `fileName` when given, and answers its sheet.
 */
export async function downloadSheet(
  client: Client,
  path: string,
  fileName?: RegExp,
): Promise<ExcelJS.Worksheet> {
  const response = await client.fetch(path);
  expect(response.status, path).toBe(200);
  if (fileName) expect(response.headers.get('content-disposition')).toMatch(fileName);
  return exportedSheet(response);
}
