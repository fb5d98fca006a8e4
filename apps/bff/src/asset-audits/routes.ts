import type { AssetAuditDetail, AssetAuditItem } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/codes.ts';
import { contentDisposition } from '../exports/lists.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { column, type ReportDocument } from '../reports/document.ts';
import { letterheadLogo } from '../reports/logo.ts';
import { reportPdf } from '../reports/report-pdf.ts';
import { tokenOf } from '../session/request-auth.ts';

/*
 * GET /reports/asset-audit.pdf?id=… — a physical audit's report (docs/workflows.md, "Physical
 * audit"): the company's letterhead, the audit's scope, its counts, every difference with its
 * resolution, what was found, and who signed it off; A4 landscape, drawn by the reports' PDF
 * writer. legacy-api checks the caller's branch and grant (api/asset-audit/show).
 */

const Query = z.object({
  id: z.string({ error: 'id is required' }).regex(/^[1-9]\d{0,9}$/, 'id must be an audit id'),
});

const OUTCOME_TEXT: Record<AssetAuditItem['Outcome'], string> = {
  PENDING: 'Not scanned yet',
  FOUND: 'Found',
  FOUND_WRONG_LOCATION: 'Found in the wrong location',
  MISSING: 'Missing',
  UNEXPECTED: 'Unexpected',
};

const RESOLUTION_TEXT = {
  MOVE_LOCATION: 'Location corrected',
  TRANSFER: 'Transfer',
  CONDEMN: 'Condemnation',
  INVESTIGATE: 'Investigate',
} as const;

const assetText = (item: AssetAuditItem) =>
  item.AssetId === null
    ? `Unknown tag ${item.ScannedCode ?? ''}`
    : `${item.AssetName ?? ''}${item.AssetBranchCode ? ` (${item.AssetBranchCode})` : ''}`;

const day = (moment: string | null) => (moment ? moment.slice(0, 10) : null);

/** The audit as the reports' document: scope lines, then counts, differences and found assets. */
export function auditReport(audit: AssetAuditDetail): ReportDocument {
  const differences = audit.Items.filter((item) =>
    ['FOUND_WRONG_LOCATION', 'MISSING', 'UNEXPECTED', 'PENDING'].includes(item.Outcome),
  );
  const found = audit.Items.filter((item) => item.Outcome === 'FOUND');
  const signed = audit.SignedOffByName
    ? `Signed off by ${audit.SignedOffByName} on ${day(audit.SignedOffAt)}${audit.SignOffRemarks ? `: ${audit.SignOffRemarks}` : ''}`
    : `Not signed off (${audit.StatusTxt})`;
  return {
    title: `Physical Audit ${audit.AuditNumber}`,
    fileName: `Audit_${audit.AuditNumber.replaceAll('/', '-')}`,
    scope: [
      `${audit.BranchName} (${audit.BranchCode}) · ${audit.LocationName ?? 'Whole branch'} · due ${audit.DueDate}`,
      `Auditors: ${audit.AuditorNames}`,
      `Started ${day(audit.StartedAt)} by ${audit.StartedByName ?? ''}${audit.SubmittedByName ? ` · submitted ${day(audit.SubmittedAt)} by ${audit.SubmittedByName}` : ''}`,
      signed,
    ],
    company: audit.Company,
    sections: [
      {
        title: 'Counts',
        columns: [
          column('Expected', 'count'),
          column('Found', 'count'),
          column('Found in the wrong location', 'count'),
          column('Missing', 'count'),
          column('Unexpected', 'count'),
          column('Not scanned yet', 'count'),
        ],
        rows: [
          {
            cells: [
              audit.ExpectedCount,
              audit.FoundCount,
              audit.WrongLocationCount,
              audit.MissingCount,
              audit.UnexpectedCount,
              audit.PendingCount,
            ],
          },
        ],
      },
      {
        title: 'Differences',
        columns: [
          column('Tag', 'text', 16),
          column('Asset', 'text'),
          column('Outcome', 'text', 18),
          column('Expected at', 'text', 16),
          column('Found at', 'text', 16),
          column('Scanned by', 'text', 16),
          column('Resolution', 'text', 16),
          column('Note', 'text'),
          column('Resolved by', 'text', 16),
        ],
        rows: differences.map((item) => ({
          cells: [
            item.AssetTag ?? item.ScannedCode,
            assetText(item),
            OUTCOME_TEXT[item.Outcome],
            item.ExpectedLocationName,
            item.FoundLocationName,
            item.ScannedByName,
            item.Resolution ? RESOLUTION_TEXT[item.Resolution] : 'Not resolved',
            item.ResolutionNote,
            item.ResolvedByName,
          ],
        })),
        note:
          differences.length === 0
            ? 'No differences: every expected asset was found where it should be.'
            : undefined,
      },
      {
        title: 'Found',
        columns: [
          column('Tag', 'text', 16),
          column('Asset', 'text'),
          column('Location', 'text', 20),
          column('Condition', 'text', 10),
          column('Scanned by', 'text', 18),
          column('Scanned on', 'date'),
        ],
        rows: found.map((item) => ({
          cells: [
            item.AssetTag,
            assetText(item),
            item.FoundLocationName ?? item.ExpectedLocationName,
            item.Condition,
            item.ScannedByName,
            day(item.ScannedAt),
          ],
        })),
      },
    ],
  };
}

export function auditReportPath(): string {
  return '/reports/asset-audit.pdf';
}

export async function assetAuditReportRoutes(
  app: FastifyInstance,
  options: { legacy: LegacyClient },
) {
  app.get<{ Querystring: Record<string, string> }>(auditReportPath(), async (request, reply) => {
    const query = Query.safeParse(request.query);
    if (!query.success)
      throw new AppError(
        'BAD_USER_INPUT',
        query.error.issues[0]?.message ?? 'The query is not valid.',
      );
    const context = { token: tokenOf(request.auth), requestId: request.id };
    const { records } = await options.legacy.call(
      'assetAuditShow',
      { UserInterface: 1, AssetAudit: Number(query.data.id) },
      context,
    );
    const report = auditReport(records);
    const logo = await letterheadLogo(options.legacy, records.Company.LogoPath, context);
    const file = await reportPdf(report, logo);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`${report.fileName}.pdf`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  });
}
