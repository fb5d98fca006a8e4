import {
  BULK_LIMITS,
  type BulkColumn,
  type BulkLimits,
  formatBytes,
  PROBLEMS_COLUMN,
  tooManyRowsMessage,
} from '@branch-assets/legacy-contract';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { type UnzipFileInfo, unzipSync, zipSync } from 'fflate';
import { Refusal } from '../http/errors.ts';

/*
 * Reads an uploaded spreadsheet into rows of text, refusing what is not one before anything is
 * parsed: the type is decided by the content (a PNG renamed .xlsx is not a spreadsheet), and an
 * .xlsx, being a ZIP archive, has its central directory checked (parts, inflated sizes, ratio)
 * before a byte is inflated, so a zip bomb costs nothing (checkSheet, on the event loop). What is
 * left, inflating and parsing, runs in a worker thread (readSheet, through ../cpu/pool.ts).
 */

/** One data row: its number in the sheet (header = row 1 in a template) and its cells by header. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

/** A table of text: rows as the file numbers them, cells in column order. */
interface RawRow {
  row: number;
  cells: string[];
}

const NOT_A_SPREADSHEET = (what: string) =>
  `The file is not a spreadsheet: send an Excel workbook (.xlsx) or a CSV file (${what} is not accepted).`;
export const DAMAGED = 'The workbook is damaged or incomplete and cannot be read.';

const SIGNATURES: readonly [readonly number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x52, 0x49, 0x46, 0x46], 'a RIFF file (WebP, WAV, AVI)'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [
    [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    'an Excel 97–2003 workbook (.xls); save it as .xlsx',
  ],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive'],
  [[0xff, 0xfe], 'a UTF-16 text file; save it as CSV UTF-8'],
  [[0xfe, 0xff], 'a UTF-16 text file; save it as CSV UTF-8'],
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** 'xlsx', 'csv', or a refusal naming what the file is instead. */
function kindOf(bytes: Uint8Array): SheetKind {
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) return 'xlsx';
  for (const [signature, what] of SIGNATURES)
    if (startsWith(bytes, signature)) throw new Refusal(NOT_A_SPREADSHEET(what));
  // Text: UTF-8 (what "CSV UTF-8" saves) with no NUL byte, which no text file has.
  if (bytes.includes(0)) throw new Refusal(NOT_A_SPREADSHEET('a binary file'));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal(NOT_A_SPREADSHEET('text that is not UTF-8; save it as CSV UTF-8'));
  }
  return 'csv';
}

/** The archive's parts, as its central directory declares them; nothing is inflated. */
function directory(bytes: Uint8Array, limits: BulkLimits): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        entries.push(entry);
        if (entries.length > limits.maxEntries) throw new Refusal(DAMAGED);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(DAMAGED);
  }
  return entries;
}

/**
 * Checks the archive's central directory against the limits (parts, inflated sizes, ratio) and
 * that it is a workbook, without inflating a byte: microseconds, so it runs on the event loop and a
 * zip bomb costs nothing.
 */
function checkArchive(bytes: Uint8Array, limits: BulkLimits): void {
  const entries = directory(bytes, limits);
  // A directory whose parts could not fit in the file is damaged, whatever sizes it claims.
  const packed = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (packed > bytes.length) throw new Refusal(DAMAGED);
  const total = entries.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (total > limits.maxUnzippedBytes || total > bytes.length * limits.maxRatio) {
    throw new Refusal(
      `The workbook is too large once unzipped (${formatBytes(total)} from a file of ${formatBytes(bytes.length)}): the limit is ${formatBytes(limits.maxUnzippedBytes)}, and at most ${limits.maxRatio} times the file's size.`,
    );
  }
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    throw new Refusal(NOT_A_SPREADSHEET('a ZIP archive that is not an Excel workbook'));
  for (const entry of entries)
    if (entry.compression !== 0 && entry.compression !== 8) throw new Refusal(DAMAGED);
}

/**
 * Inflates the workbook's parts (checkArchive has passed). fflate inflates each part into a buffer
 * of its declared size and never grows it, so a part that lies about its size cannot take more
 * memory than it declared (its content is then cut short, and the workbook is damaged).
 */
function inflate(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes);
  } catch {
    throw new Refusal(DAMAGED);
  }
}

export type SheetKind = 'xlsx' | 'csv';

/**
 * The checks that cost next to nothing, made before a file is handed to a worker to be parsed:
 * the type by content, and for a workbook its directory. Throws a Refusal that says what is wrong.
 */
export function checkSheet(bytes: Uint8Array, limits: BulkLimits = BULK_LIMITS): SheetKind {
  const kind = kindOf(bytes);
  if (kind === 'xlsx') checkArchive(bytes, limits);
  return kind;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A cell as text: what the user typed, whatever type the spreadsheet program gave it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // Integers as their digits (a phone or account number typed as a number), never 1e+21.
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) < 1e21
      ? value.toLocaleString('en-US', { useGrouping: false })
      : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (isRecord(value)) {
    if (Array.isArray(value.richText))
      return value.richText
        .map((run: unknown) => (isRecord(run) ? cellText(run.text) : ''))
        .join('');
    // A formula counts by its last computed value; a hyperlink by its text.
    if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
    if ('text' in value) return cellText(value.text);
    if ('error' in value) return cellText(value.error);
  }
  return '';
}

/** Non-breaking spaces (pasted from the web) count as spaces; ends are trimmed. */
function clean(text: string): string {
  return text.replace(/[\u00a0\u2007\u202f]/g, ' ').trim();
}

async function readXlsx(bytes: Uint8Array): Promise<RawRow[]> {
  const parts = inflate(bytes);
  // exceljs reads a clean archive rebuilt from the parts just checked, never the upload itself,
  // so it cannot see anything the checks did not (a second directory, parts hidden between).
  const rebuilt = zipSync(parts, { level: 0 });
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares the Buffer of older Node typings; the bytes are the same.
    await workbook.xlsx.load(
      Buffer.from(rebuilt) as unknown as Parameters<ExcelJS.Xlsx['load']>[0],
    );
  } catch {
    throw new Refusal(DAMAGED);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Refusal(DAMAGED);
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values : [];
    // exceljs numbers cells from 1; index 0 is always empty.
    rows.push({ row: number, cells: values.slice(1).map((value) => clean(cellText(value))) });
  });
  return rows;
}

function readCsv(bytes: Uint8Array): RawRow[] {
  let records: unknown;
  try {
    records = parseCsv(Buffer.from(bytes), {
      bom: true,
      relax_column_count: true,
      // Empty lines are kept so rows keep the numbers a spreadsheet program shows them with.
      skip_empty_lines: false,
      max_record_size: 64 * 1024,
    });
  } catch (error) {
    const line =
      isRecord(error) && typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
    throw new Refusal(
      `The CSV file cannot be read${line}: a quoted value is not closed or a quote is out of place.`,
    );
  }
  if (!Array.isArray(records)) return [];
  return records.map((record: unknown, index) => ({
    row: index + 1,
    cells: Array.isArray(record) ? record.map((cell) => clean(cellText(cell))) : [],
  }));
}

function headerKey(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A list for messages: 'GSTIN, PAN and State'. */
function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The rows of the first sheet, by header. The first non-empty row is the header: it must hold the
 * template's columns, each once, in any order (case and spacing aside), and nothing else but the
 * error workbook's Problems column, which is skipped. Empty rows are skipped. Parsing takes seconds
 * for a large sheet: the server runs this in a worker thread (../cpu/worker.ts), after checkSheet.
 */
export async function readSheet(
  bytes: Uint8Array,
  columns: readonly BulkColumn[],
  limits: BulkLimits = BULK_LIMITS,
): Promise<SheetRow[]> {
  // Again here, at no cost, so that the function is safe on its own.
  const kind = checkSheet(bytes, limits);
  const raw = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  const nonEmpty = raw.filter((row) => row.cells.some((cell) => cell !== ''));
  const [header, ...data] = nonEmpty;
  if (!header) throw new Refusal('The file is empty: it has no header row and no data rows.');

  const byKey = new Map(columns.map((column) => [headerKey(column.header), column]));
  const positions = new Map<BulkColumn, number>();
  const unexpected: string[] = [];
  header.cells.forEach((cell, index) => {
    if (cell === '' || headerKey(cell) === headerKey(PROBLEMS_COLUMN)) return;
    const column = byKey.get(headerKey(cell));
    if (!column) unexpected.push(cell);
    else if (positions.has(column)) unexpected.push(`${cell} (a second time)`);
    else positions.set(column, index);
  });
  const missing = columns.filter((column) => !positions.has(column)).map((column) => column.header);
  if (missing.length > 0 || unexpected.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [`missing ${listing(missing)}`] : []),
      ...(unexpected.length > 0 ? [`unexpected ${listing(unexpected)}`] : []),
    ];
    throw new Refusal(
      `The header row does not match the template: ${parts.join('; ')}. Download the template and keep its first row as it is.`,
    );
  }
  if (data.length === 0) throw new Refusal('The file has no data rows under the header.');
  if (data.length > limits.maxRows) throw new Refusal(tooManyRowsMessage(data.length, limits));
  return data.map((row) => ({
    row: row.row,
    values: Object.fromEntries(
      columns.map((column) => [column.header, row.cells[positions.get(column) ?? -1] ?? '']),
    ),
  }));
}
