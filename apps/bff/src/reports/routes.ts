import { PassThrough } from 'node:stream';
import { ASSET_STATUSES } from '@branch-assets/domain';
import {
  DEPRECIATION_METHODS,
  type DepreciationSchedule,
  FinancialYearText,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/codes.ts';
import { contentDisposition } from '../exports/lists.ts';
import type { CallContext, LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';
import type { ReportDocument } from './document.ts';
import { branchAssetDocument, depreciationDocument, financeDocument } from './documents.ts';
import { letterheadLogo } from './logo.ts';
import { reportPdf } from './report-pdf.ts';
import { writeReportWorkbook } from './report-workbook.ts';

/*
 * GET /reports/<report>.xlsx and /reports/<report>.pdf (binding) with the report's filters as the
 * screen sends them to GraphQL: finance (branchIds, from, to, vendorId, categoryId), branch-asset
 * (branchIds, from, to, categoryId, status, method) and depreciation (branchIds, financialYear,
 * method, categoryId, search). legacy-api checks the grants (list and download) and the branches.
 */

const BranchIds = z
  .string({ error: 'branchIds is required' })
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,499}$/, 'branchIds must be branch ids separated by commas')
  .transform((text) => text.split(',').map(Number));
const OptionalId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be an id')
  .transform(Number)
  .optional();
const Day = (name: string) => z.iso.date({ error: `${name} must be a date like 2026-11-26` });

const FinanceQuery = z.object({
  branchIds: BranchIds,
  from: Day('from'),
  to: Day('to'),
  vendorId: OptionalId,
  categoryId: OptionalId,
});
const BranchAssetQuery = z.object({
  branchIds: BranchIds,
  from: Day('from'),
  to: Day('to'),
  categoryId: OptionalId,
  status: z.enum(ASSET_STATUSES).optional(),
  method: z.enum(DEPRECIATION_METHODS).default('SLM'),
});
const DepreciationQuery = z.object({
  branchIds: BranchIds,
  financialYear: FinancialYearText,
  method: z.enum(DEPRECIATION_METHODS).default('SLM'),
  categoryId: OptionalId,
  search: z.string().trim().max(100).optional(),
});

/** Rows of the register read from legacy-api at a time while the workbook is written. */
const REGISTER_PAGE = 5000;

type Format = 'xlsx' | 'pdf';

function parsed<Schema extends z.ZodType>(schema: Schema, query: unknown): z.output<Schema> {
  const result = schema.safeParse(query);
  if (!result.success)
    throw new AppError(
      'BAD_USER_INPUT',
      result.error.issues[0]?.message ?? 'The query is not valid.',
    );
  return result.data;
}

async function send(
  reply: FastifyReply,
  request: FastifyRequest,
  legacy: LegacyClient,
  context: CallContext,
  report: ReportDocument,
  format: Format,
) {
  reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
  if (format === 'pdf') {
    const logo = await letterheadLogo(legacy, report.company?.LogoPath, context);
    const pdf = await reportPdf(report, logo);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`${report.fileName}.pdf`))
      .send(pdf);
  }
  const body = new PassThrough();
  writeReportWorkbook(report, body).catch((error: unknown) => {
    if (body.destroyed) return request.log.info('report download abandoned by the client');
    request.log.error({ err: error }, 'report workbook failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(`${report.fileName}.xlsx`))
    .send(body);
}

export async function reportExportRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  const { legacy } = options;
  const contextOf = (request: FastifyRequest): CallContext => ({
    token: tokenOf(request.auth),
    requestId: request.id,
  });

  for (const format of ['xlsx', 'pdf'] as const) {
    app.get(`/reports/finance.${format}`, async (request, reply) => {
      const query = parsed(FinanceQuery, request.query);
      const context = contextOf(request);
      const { records } = await legacy.call(
        'financeReport',
        {
          UserInterface: 1,
          Branches: query.branchIds,
          From: query.from,
          To: query.to,
          Vendor: query.vendorId,
          Category: query.categoryId,
          Download: true,
        },
        context,
      );
      return send(reply, request, legacy, context, financeDocument(records), format);
    });

    app.get(`/reports/branch-asset.${format}`, async (request, reply) => {
      const query = parsed(BranchAssetQuery, request.query);
      const context = contextOf(request);
      const { records } = await legacy.call(
        'branchAssetReport',
        {
          UserInterface: 1,
          Branches: query.branchIds,
          From: query.from,
          To: query.to,
          Category: query.categoryId,
          Status: query.status,
          Method: query.method,
          Download: true,
        },
        context,
      );
      return send(reply, request, legacy, context, branchAssetDocument(records), format);
    });

    app.get(`/reports/depreciation.${format}`, async (request, reply) => {
      const query = parsed(DepreciationQuery, request.query);
      const context = contextOf(request);
      const ask = (page: number) =>
        legacy.call(
          'depreciationSchedule',
          {
            UserInterface: 1,
            Branches: query.branchIds,
            FinancialYear: query.financialYear,
            Method: query.method,
            Category: query.categoryId,
            Search: query.search,
            Page: page,
            ItemsPerPage: REGISTER_PAGE,
            Download: true,
          },
          context,
        );
      // The first page with the totals; the workbook then reads the others as it writes them
      // (legacy-api answers them from the figures it kept for the first: figures-cache.ts).
      const { records: first } = await ask(1);
      const pages = async function* (): AsyncIterable<DepreciationSchedule['Assets']> {
        yield first.Assets;
        const count = Math.ceil(first.TotalCount / REGISTER_PAGE);
        for (let page = 2; page <= count; page++) yield (await ask(page)).records.Assets;
      };
      const codes = await branchCodes(legacy, context, query.branchIds);
      return send(
        reply,
        request,
        legacy,
        context,
        depreciationDocument(first, pages, codes),
        format,
      );
    });
  }
}

/** The codes of the branches a report covers, for its scope line. */
async function branchCodes(
  legacy: LegacyClient,
  context: CallContext,
  ids: readonly number[],
): Promise<string[]> {
  const { records } = await legacy.call('branchLists', { UserInterface: 1 }, context);
  const wanted = new Set(ids);
  return records.filter((branch) => wanted.has(branch.BranchId)).map((branch) => branch.BranchCode);
}
