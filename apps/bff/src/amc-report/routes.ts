import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/codes.ts';
import { contentDisposition } from '../exports/lists.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';
import { amcWorkbook } from './amc-workbook.ts';

/*
 * GET /reports/amc-report.xlsx?asOf=YYYY-MM-DD&branchIds=1,2 — the AMC report as the screen shows
 * it, as a workbook. legacy-api checks the grant and the branches (api/reports/amc).
 */

const Query = z.object({
  asOf: z.iso.date({ error: 'asOf must be a date like 2026-11-26' }),
  branchIds: z
    .string({ error: 'branchIds is required' })
    .regex(
      /^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,499}$/,
      'branchIds must be branch ids separated by commas',
    ),
});

export function amcReportUrl(asOf: string, branchIds: readonly string[]): string {
  return `/reports/amc-report.xlsx?${new URLSearchParams({ asOf, branchIds: branchIds.join(',') })}`;
}

export async function reportRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  app.get<{ Querystring: Record<string, string> }>(
    '/reports/amc-report.xlsx',
    async (request, reply) => {
      const query = Query.safeParse(request.query);
      if (!query.success)
        throw new AppError(
          'BAD_USER_INPUT',
          query.error.issues[0]?.message ?? 'The query is not valid.',
        );
      const { records } = await options.legacy.call(
        'amcReport',
        {
          UserInterface: 1,
          AsOf: query.data.asOf,
          Branches: query.data.branchIds.split(',').map(Number),
        },
        { token: tokenOf(request.auth), requestId: request.id },
      );
      const file = await amcWorkbook(records);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`AMC_Report_${query.data.asOf}.xlsx`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );
}
