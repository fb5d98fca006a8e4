import { PassThrough } from 'node:stream';
import {
  BULK_LIMITS,
  type BulkCallName,
  type BulkUploadReport,
  bulkDescription,
  bulkLimitsText,
  bulkUploadSpec,
  formatBytes,
  PROBLEMS_COLUMN,
} from '@branch-assets/legacy-contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/codes.ts';
import { contentDisposition, safeFileName } from '../exports/lists.ts';
import { writeWorkbook } from '../exports/workbook.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';

/*
 * Bulk uploads through the gateway. The upload itself is an upload target (POST /uploads/<name>,
 * uploads/routes.ts) answering the report; around it:
 * - GET /bulk-uploads/<resource>: the columns, limits and addresses, for the page;
 * - GET /templates/<resource>.xlsx: the template: the header row, one example row, a Notes sheet;
 * - POST /bulk-errors/<resource>.xlsx: the rows in error the page posts back (from the report it
 *   holds), as a workbook of the template's columns plus Problems, which the reader skips, so the
 *   fixed rows can be uploaded as they are. The gateway keeps nothing between requests.
 * All need a signed-in caller; none calls legacy-api, which checks everything again on upload.
 */

interface BulkResource {
  call: BulkCallName;
  /** The grant module whose create grant the upload needs. */
  module: string;
  /** The name of its target in UPLOAD_TARGETS. */
  upload: string;
}

/** The resources with a bulk upload, by the name in the URLs. Adding one is a line here. */
export const BULK_RESOURCES = {
  vendor: { call: 'vendorBulkUpload', module: 'vendor', upload: 'vendor-bulk' },
  branch: { call: 'branchBulkUpload', module: 'branch', upload: 'branch-bulk' },
  asset: { call: 'assetBulkUpload', module: 'asset', upload: 'asset-bulk' },
} as const satisfies Record<string, BulkResource>;
export type BulkResourceName = keyof typeof BULK_RESOURCES;

function bulkResource(name: string | undefined): BulkResource {
  if (!name || !Object.hasOwn(BULK_RESOURCES, name))
    throw new AppError('NOT_FOUND', 'No such bulk upload.');
  return BULK_RESOURCES[name as BulkResourceName];
}

/** The report as the gateway's clients see it (camelCase), for the upload target. */
export function bulkReport(records: BulkUploadReport) {
  return {
    commit: records.Commit === 1,
    fileName: records.FileName,
    columns: records.Columns,
    rowCount: records.RowCount,
    errorCount: records.ErrorCount,
    created: records.Created ?? null,
    updated: records.Updated ?? null,
    rows: records.Rows.map((row) => ({
      row: row.Row,
      values: row.Values,
      problems: row.Problems.map((problem) => ({
        column: problem.Column,
        message: problem.Message,
      })),
    })),
  };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the page shows and where it sends things. */
function describe(name: string, resource: BulkResource, canCreate: boolean) {
  const { plural, sheet, columns, limits, updates } = bulkDescription(resource.call);
  return {
    resource: name,
    canCreate,
    plural,
    sheet,
    columns: columns.map(({ header, required, note, example }) => ({
      header,
      required,
      note,
      example,
    })),
    maxBytes: limits.maxBytes,
    maxText: formatBytes(limits.maxBytes),
    maxRows: limits.maxRows,
    limitsText: bulkLimitsText(limits),
    updates: updates ?? null,
    accept: bulkUploadSpec.accept,
    acceptText: bulkUploadSpec.acceptText,
    templateUrl: `/templates/${name}.xlsx`,
    uploadUrl: `/uploads/${resource.upload}`,
    errorsUrl: `/bulk-errors/${name}.xlsx`,
  };
}

/** The template: the data sheet (header, one example row, cells as text) and the notes. */
export async function templateWorkbook(resource: BulkResource): Promise<Buffer> {
  const { plural, sheet: sheetName, columns, limits, updates } = bulkDescription(resource.call);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.field,
    width: Math.min(45, Math.max(14, column.header.length + 4, column.example.length + 2)),
    // Text cells keep what is typed: a phone's leading 0, every digit of an account number.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(columns.map((column) => [column.field, column.example])));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const notes = workbook.addWorksheet('Notes');
  notes.columns = [
    { header: 'Column', key: 'header', width: 24 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Rule', key: 'note', width: 90 },
    { header: 'Example', key: 'example', width: 34 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of columns)
    notes.addRow({ ...column, required: column.required ? 'Yes' : 'No' });
  notes.addRow([]);
  const rules = [
    `How to use: fill in one row per ${updates ? '' : 'new '}${plural.replace(/s$/, '')} on the ${sheetName} sheet, under the header row, replacing the example row. Keep the header row as it is; the order of the columns does not matter.`,
    ...(updates
      ? [`A row that names an existing ${plural.replace(/s$/, '')} changes it: ${updates}.`]
      : []),
    'Upload the file as .xlsx (the first sheet is read) or as CSV UTF-8. Empty rows are skipped.',
    `Limits: ${bulkLimitsText(limits)}`,
    'Every row is checked first (a dry run), with the same rules as the form; the report names each problem by row and column. Nothing is written until you commit, and a commit writes every row or, if any row has a problem, none.',
  ];
  for (const rule of rules) notes.addRow([rule]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A row's problems in its Problems cell, in the report's order: a row reports every problem it has
 * at once, so each one that another follows ends as a sentence ('Email must be an e-mail address.
 * GSTIN … is not valid: its check character is wrong.').
 */
export function problemsText(problems: readonly { message: string }[]): string {
  return problems
    .map(({ message }, index) =>
      index < problems.length - 1 && !/[.!?]$/.test(message) ? `${message}.` : message,
    )
    .join(' ');
}

const MOST_ROWS = Math.max(
  BULK_LIMITS.maxRows,
  ...Object.values(BULK_RESOURCES).map((resource) => bulkDescription(resource.call).limits.maxRows),
);

const ErrorRows = z.object({
  rows: z
    .array(
      z.object({
        row: z.number().int().min(1).max(1_048_576),
        values: z.record(z.string().max(200), z.string().max(5000)),
        problems: z
          .array(
            z.object({ column: z.string().max(200).nullable(), message: z.string().max(2000) }),
          )
          .max(100),
      }),
    )
    .min(1, 'Send at least one row.')
    // The largest file any resource takes (assets); each upload was checked against its own.
    .max(MOST_ROWS),
});

export async function bulkRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  app.get<{ Params: { resource: string } }>('/bulk-uploads/:resource', async (request) => {
    const token = tokenOf(request.auth);
    const resource = bulkResource(request.params.resource);
    // Asked upstream: a page for a user who may not create says so before a file is chosen.
    let canCreate = true;
    try {
      await options.legacy.call(
        'permission',
        { UserInterface: 1, Module: resource.module, Action: 'create' },
        { token, requestId: request.id },
      );
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'REJECTED')) throw error;
      canCreate = false;
    }
    return describe(request.params.resource, resource, canCreate);
  });

  app.get<{ Params: { file: string } }>('/templates/:file', async (request, reply) => {
    tokenOf(request.auth);
    const name = /^([a-z-]+)\.xlsx$/.exec(request.params.file)?.[1];
    const resource = bulkResource(name);
    const { sheet } = bulkDescription(resource.call);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(safeFileName(`${sheet}_template`)))
      .header('cache-control', 'no-store')
      .send(await templateWorkbook(resource));
  });

  app.post<{ Params: { file: string } }>(
    '/bulk-errors/:file',
    // The rows of a 1,000-row report, as JSON, can exceed the default body limit.
    { bodyLimit: 4 * 1024 * 1024 },
    async (request, reply) => {
      tokenOf(request.auth);
      const name = /^([a-z-]+)\.xlsx$/.exec(request.params.file)?.[1];
      const resource = bulkResource(name);
      const parsed = ErrorRows.safeParse(request.body);
      if (!parsed.success)
        throw new AppError('BAD_USER_INPUT', 'Send the rows in error of a bulk upload report.');
      const { sheet, columns } = bulkDescription(resource.call);
      const sheetColumns = [
        ...columns.map((column) => ({ field: column.header, header: column.header })),
        { field: PROBLEMS_COLUMN, header: PROBLEMS_COLUMN },
      ];
      const rows = parsed.data.rows.map((row) => ({
        ...row.values,
        [PROBLEMS_COLUMN]: `Row ${row.row}: ${problemsText(row.problems)}`,
      }));
      const body = new PassThrough();
      reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(safeFileName(`${sheet}_errors`)))
        .header('cache-control', 'no-store');
      writeWorkbook(body, sheetColumns, [rows], { asTyped: true }).catch((error: unknown) => {
        request.log.error({ err: error }, 'error workbook failed while streaming');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.send(body);
    },
  );
}
