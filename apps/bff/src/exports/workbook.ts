import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { WORKSHEET_NAME } from '@branch-assets/domain';
import ExcelJS from 'exceljs';
import type { SheetColumn } from './lists.ts';

/** Past this many bytes waiting for the compressor, writing pauses. */
const COMPRESSOR_BACKLOG_BYTES = 256 * 1024;

/** The sheet stream inside exceljs 4.4's WorksheetWriter (internal: the version is pinned). */
interface SheetStream {
  write(chunk: string | Buffer): unknown;
  pipes?: { writableLength?: number; _writableState?: { length: number } }[];
}

/** The styles of exceljs 4.4's WorkbookWriter (internal, as above): a number format's style id. */
interface WorkbookStyles {
  addStyleModel(style: { numFmt: string }, cellType: number): number;
}

/** exceljs's ValueType.Date. */
const DATE_CELL = 4;

/** The cell styles rows use: a day-first date, an amount with two decimals. */
interface CellStyles {
  date: number;
  amount: number;
}

/** Columns are as wide as their header or their first page's values, within bounds. */
function columnWidths(
  columns: readonly SheetColumn[],
  sample: readonly Record<string, unknown>[],
): { width: number }[] {
  return columns.map((column) => {
    let widest = column.header.length;
    for (const row of sample) {
      const value = row[column.field];
      if (value !== null && value !== undefined) widest = Math.max(widest, String(value).length);
    }
    return { width: Math.min(60, Math.max(8, widest + 2)) };
  });
}

export interface WorkbookOptions {
  /** Rows to size the columns by (the first page); the headers alone when none. */
  sample?: readonly Record<string, unknown>[];
  /** Text stays text, as typed (a workbook to correct and upload again). */
  asTyped?: boolean;
}

/** A workbook being streamed: rows go in as XML, a page at a time. */
export interface SheetWriter {
  /**
   * The rows' XML, numbered after the rows converted before, in flat strings of a few dozen rows
   * ready to write. A page is converted as soon as it arrives, so that what waits to be written is
   * compact text rather than the page's objects (which then die young instead of filling the old
   * heap).
   */
  rowsXml(rows: readonly Record<string, unknown>[]): string[];
  /** Writes converted rows, waiting while the compressor or `output` is full. */
  write(chunks: readonly string[]): Promise<void>;
  /** Ends the sheet and the package; the number of rows converted. */
  finish(): Promise<number>;
}

/** Rows of XML per chunk written: large enough to be cheap, small enough to pause often. */
const ROWS_PER_CHUNK = 64;

/**
 * Opens a workbook of one worksheet streamed to `output`. exceljs's streaming writer makes the
 * package (zip, workbook and sheet framing, no shared strings, two styles); the data rows are
 * written as XML straight into its sheet stream, because building exceljs Row and Cell objects for
 * every row tops out near 70,000 rows a second while the XML of a row of plain values is simple.
 *
 * Memory stays flat: writing pauses while the compressor has more than 256 KB waiting (exceljs
 * feeds it without waiting) and while `output` is full. When `output` is destroyed (the download
 * was abandoned) writing rejects, so nothing is left waiting with the rows.
 */
export function openWorkbook(
  output: Writable,
  columns: readonly SheetColumn[],
  options: WorkbookOptions = {},
): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    // Two styles only (dates and amounts), set by id on the cells written below.
    useStyles: true,
    // Fast compression: a few percent larger files for a much faster export.
    zip: { zlib: { level: 1 } },
  });
  const styles = (workbook as unknown as { styles: WorkbookStyles }).styles;
  const cellStyles: CellStyles | null = options.asTyped
    ? null
    : {
        date: styles.addStyleModel({ numFmt: 'dd-mm-yyyy' }, DATE_CELL),
        amount: styles.addStyleModel({ numFmt: '#,##0.00' }, 2),
      };
  const sheet = workbook.addWorksheet(WORKSHEET_NAME);
  sheet.columns = columnWidths(columns, options.sample ?? []);
  // The header row goes through exceljs, which also opens <sheetData>.
  sheet.addRow(columns.map((column) => column.header)).commit();
  const stream = (sheet as unknown as { stream: SheetStream }).stream;
  const letters = columns.map((_, index) => columnLetters(index));
  const backlog = () =>
    (stream.pipes ?? []).reduce(
      (sum, pipe) => sum + (pipe.writableLength ?? pipe._writableState?.length ?? 0),
      0,
    );
  let count = 0;

  return {
    rowsXml(rows) {
      const chunks: string[] = [];
      // join makes one flat string of the pieces, which are then let go.
      let pieces: string[] = [];
      for (const [index, row] of rows.entries()) {
        count += 1;
        const rowNumber = count + 1;
        pieces.push(`<row r="${rowNumber}">`);
        for (const [at, column] of columns.entries())
          pieces.push(cellXml(`${letters[at]}${rowNumber}`, row[column.field], cellStyles));
        pieces.push('</row>');
        if ((index + 1) % ROWS_PER_CHUNK === 0 || index === rows.length - 1) {
          chunks.push(pieces.join(''));
          pieces = [];
        }
      }
      return chunks;
    },
    async write(chunks) {
      for (const chunk of chunks) {
        stream.write(chunk);
        while (output.writableNeedDrain || backlog() > COMPRESSOR_BACKLOG_BYTES) {
          // A download abandoned half-way: stop, rather than wait (or spin) for ever holding the rows.
          if (output.destroyed)
            throw new Error('the output closed before the workbook was written');
          if (output.writableNeedDrain) await drainOrClose(output);
          else await nextTurn();
        }
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
      return count;
    },
  };
}

/** Streams one worksheet of `pages` of rows to `output` (see openWorkbook); the rows written. */
export async function writeWorkbook(
  output: Writable,
  columns: readonly SheetColumn[],
  pages:
    | Iterable<readonly Record<string, unknown>[]>
    | AsyncIterable<readonly Record<string, unknown>[]>,
  options: WorkbookOptions = {},
): Promise<number> {
  const writer = openWorkbook(output, columns, options);
  for await (const page of pages) await writer.write(writer.rowsXml(page));
  return writer.finish();
}

/** Resolves when `output` can take more, or when it closes (the caller then checks `destroyed`). */
async function drainOrClose(output: Writable): Promise<void> {
  const stop = new AbortController();
  await Promise.race([
    once(output, 'drain', { signal: stop.signal }),
    once(output, 'close', { signal: stop.signal }),
  ]).finally(() => stop.abort());
}

function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

// Characters XML 1.0 does not allow, and unpaired surrogates: a cell holding one would make Excel
// refuse the whole file, so they are dropped.
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching these control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Any character escapeXml changes: most cells have none and are written as they are. */
const NEEDS_ESCAPE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching these control characters is the point
  /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (character) => {
    switch (character) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      default:
        return '&quot;';
    }
  });
}

/** Text starting or ending with white space, which XML would otherwise let a reader drop. */
const EDGE_SPACE = /^\s|\s$/;

function textCell(ref: string, text: string): string {
  const space = EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/** A date as the lists show it (DD-MM-YYYY). */
const DISPLAY_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
/** An amount as the legacy server sends money (numeric(14,2) as text). */
const AMOUNT = /^-?\d{1,12}\.\d{2}$/;
/** Excel's day 0 (1899-12-30, after its 1900 leap-year slip) in Unix days. */
const EXCEL_EPOCH_DAYS = 25569;

/** A DD-MM-YYYY date as an Excel serial day, or null when it is not a real date. */
function excelDay(text: string): number | null {
  // Most text is not a date: only a 10-character one with a dash at 2 is tried.
  if (text.length !== 10 || text.charCodeAt(2) !== 45) return null;
  const match = DISPLAY_DATE.exec(text);
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const utc = Date.UTC(year, month - 1, day);
  const date = new Date(utc);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return utc / 86_400_000 + EXCEL_EPOCH_DAYS;
}

/**
 * One cell: numbers and booleans as themselves, dates (DD-MM-YYYY) as real dates, amounts (money
 * as text with two decimals) as numbers shown with two decimals, anything else as text; nothing
 * for null.
 */
function cellXml(ref: string, value: unknown, styles: CellStyles | null): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && styles) {
    const day = excelDay(value);
    if (day !== null) return `<c r="${ref}" s="${styles.date}"><v>${day}</v></c>`;
    if (AMOUNT.test(value)) return `<c r="${ref}" s="${styles.amount}"><v>${Number(value)}</v></c>`;
  }
  if (typeof value === 'number')
    return Number.isFinite(value)
      ? `<c r="${ref}"><v>${value}</v></c>`
      : textCell(ref, String(value));
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (typeof value === 'string') return textCell(ref, value);
  return textCell(ref, JSON.stringify(value) ?? '');
}
