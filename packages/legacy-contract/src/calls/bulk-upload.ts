import { z } from 'zod';
import { Decision } from '../primitives.ts';
import { formatBytes, type UploadSpec } from '../upload.ts';
import { BaseRequest } from './shared.ts';

/*
 * Bulk upload (design §3: api/<resource>/bulk-upload): a spreadsheet of new records, checked row by
 * row with exactly the rules of the resource's store call, answered with a per-row report. A dry
 * run (Commit 0) writes nothing; a commit (Commit 1) writes every row or none, in one transaction.
 *
 * A resource's columns are described here once: legacy-api reads the file by them, the gateway
 * writes the template and the error workbook from them, and the reference docs list them.
 */

/** The limits of one upload, stated in messages, the template's notes and docs/bulk-upload.md. */
export interface BulkLimits {
  maxBytes: number;
  maxRows: number;
  maxUnzippedBytes: number;
  maxRatio: number;
  maxEntries: number;
}

/** Every upload's limits unless its description says otherwise (assets take larger files). */
export const BULK_LIMITS: BulkLimits = {
  /** The file as sent. A 1,000-row sheet of a dozen columns is well under 200 KB. */
  maxBytes: 1024 * 1024,
  /** Data rows (the header and empty rows do not count): one transaction stays short. */
  maxRows: 1000,
  /** An .xlsx is a ZIP archive: what its parts may add up to once inflated. */
  maxUnzippedBytes: 10 * 1024 * 1024,
  /** Inflated size to file size; spreadsheet XML compresses about 5–20 : 1, a zip bomb far more. */
  maxRatio: 100,
  /** Parts in the archive; a workbook has about a dozen. */
  maxEntries: 200,
};

/** 1204 → "1,204", as the messages write counts. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** The one upload description every bulk call shares. */
export const bulkUploadSpec: UploadSpec = {
  field: 'File',
  maxBytes: BULK_LIMITS.maxBytes,
  accept: [
    '.xlsx',
    '.csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv',
  ],
  acceptText: 'an Excel workbook (.xlsx) or a CSV file (.csv, UTF-8)',
};

/** One column of a resource's spreadsheet. */
export interface BulkColumn {
  /** The header text, exactly as the template has it. */
  header: string;
  /** The store request field the cell fills. */
  field: string;
  /** A value for the template's example row. */
  example: string;
  /** What the template's notes say about the column. */
  note: string;
  /** Whether a blank cell is refused (the store schema decides; this is for the notes). */
  required: boolean;
  /**
   * A cell naming another record (State: "Tamil Nadu"): legacy-api finds its id by name; an
   * unknown name is that row's problem.
   */
  reference?: string;
  /** Words a user may write for a coded value, to the code sent (Active → 1, InActive → 0). */
  values?: Readonly<Record<string, string>>;
  /** No two rows of the file may share the value (the store call refuses one in the database). */
  unique?: boolean;
}

export interface BulkDescription {
  /** Names the resource in the template and messages: 'vendors'. */
  plural: string;
  /** The template's data sheet: 'Vendors'. */
  sheet: string;
  columns: readonly BulkColumn[];
  /** The upload's limits: BULK_LIMITS, or larger ones the resource needs. */
  limits: BulkLimits;
  /**
   * What a row that names an existing record does: by default every row creates one; a resource
   * that matches rows to its records (assets, by tag or by brand and serial number) updates those.
   */
  updates?: string;
}

/** The column the error workbook adds; the reader skips it, so a fixed error workbook uploads as it is. */
export const PROBLEMS_COLUMN = 'Problems';

export const BulkUploadRequest = BaseRequest.extend({
  /** 0: a dry run that writes nothing (the default); 1: write every row, or none if any is wrong. */
  Commit: Decision.optional().transform((value) => value ?? 0),
});

export const BulkProblem = z.object({
  /** The header of the column at fault; null when the row as a whole is (a duplicate record). */
  Column: z.string().nullable(),
  Message: z.string(),
});
export type BulkProblem = z.output<typeof BulkProblem>;

export const BulkRow = z.object({
  /** The row number in the sheet (the header is row 1), as the user's spreadsheet program shows it. */
  Row: z.number().int(),
  /** The cells as read, normalised to text, by column header. */
  Values: z.record(z.string(), z.string()),
  Problems: z.array(BulkProblem),
});
export type BulkRow = z.output<typeof BulkRow>;

export const BulkUploadReport = z.object({
  Commit: z.union([z.literal(0), z.literal(1)]),
  FileName: z.string(),
  /** The headers in template order. */
  Columns: z.array(z.string()),
  RowCount: z.number().int(),
  /** Rows with at least one problem. */
  ErrorCount: z.number().int(),
  Rows: z.array(BulkRow),
  /** Records written: only on a commit of a file without problems. */
  Created: z.number().int().optional(),
  /** Existing records the rows changed (a resource that matches rows to its records). */
  Updated: z.number().int().optional(),
});
export type BulkUploadReport = z.output<typeof BulkUploadReport>;

/** The refusal for a file with too many rows, the same words everywhere. */
export function tooManyRowsMessage(rows: number, limits: BulkLimits = BULK_LIMITS): string {
  return `The file has ${formatCount(rows)} rows; the limit is ${formatCount(limits.maxRows)}.`;
}

/** The limits as one sentence, for the template's notes and the page. */
export function bulkLimitsText(limits: BulkLimits = BULK_LIMITS): string {
  return `At most ${formatBytes(limits.maxBytes)} and ${formatCount(limits.maxRows)} data rows per file; an .xlsx may hold at most ${formatBytes(limits.maxUnzippedBytes)} once unzipped.`;
}

interface BulkUploadCallSpec<Prefix extends string> extends Omit<BulkDescription, 'limits'> {
  /** Limits beyond BULK_LIMITS' (assets: a company's register in one file). */
  limits?: Partial<BulkLimits>;
  /** The call is named <prefix>BulkUpload. */
  prefix: Prefix;
  /** api/<path>/bulk-upload */
  path: string;
}

/** `<prefix>BulkUpload` at `api/<path>/bulk-upload`, described by its columns. */
export function bulkUploadCall<const Prefix extends string>(spec: BulkUploadCallSpec<Prefix>) {
  const { prefix, path, plural, sheet, columns } = spec;
  const limits: BulkLimits = { ...BULK_LIMITS, ...spec.limits };
  const verb = spec.updates ? `Creates or updates ${plural}` : `Creates ${plural}`;
  const definition = {
    path: `api/${path}/bulk-upload` as `api/${string}`,
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: `${verb} from a spreadsheet (multipart/form-data: the file as File, ${bulkUploadSpec.acceptText}, with Commit 0 for a dry run or 1 to write). The first row holds the headers ${columns.map((column) => column.header).join(', ')}; every row is checked with the rules of store${spec.updates ? ` (${spec.updates})` : ''}. Returns the report of every row and its problems by column; a commit writes all rows or, when any row has a problem, none. ${bulkLimitsText(limits)}`,
    request: BulkUploadRequest,
    records: BulkUploadReport,
    upload: { ...bulkUploadSpec, maxBytes: limits.maxBytes },
    bulk: {
      plural,
      sheet,
      columns,
      limits,
      ...(spec.updates ? { updates: spec.updates } : {}),
    } satisfies BulkDescription,
    refusals: [
      `You are not allowed to create ${plural}.`,
      'The file is not a spreadsheet: send an Excel workbook (.xlsx) or a CSV file (… is not accepted).',
      'The header row does not match the template: missing …; unexpected ….',
      `The file has … rows; the limit is ${formatCount(limits.maxRows)}.`,
      'The file is empty: it has no header row and no data rows.',
      'The file has no data rows under the header.',
      'The CSV file cannot be read near line …: a quoted value is not closed or a quote is out of place.',
      'The workbook is damaged or incomplete and cannot be read.',
      `The workbook is too large once unzipped (… from a file of …): the limit is ${formatBytes(limits.maxUnzippedBytes)}, and at most ${limits.maxRatio} times the file's size.`,
    ],
  } as const;
  return { [`${prefix}BulkUpload`]: definition } as {
    [K in `${Prefix}BulkUpload`]: typeof definition;
  };
}
