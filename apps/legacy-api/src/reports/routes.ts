import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import { auditsDue } from '../asset-audits/due.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { branchAssetReport, checkReportAccess } from './branch-asset.ts';
import { reportCompany } from './company.ts';
import { dashboard } from './dashboard.ts';
import { depreciationSchedule } from './depreciation.ts';
import { reportPool } from './figures-pool.ts';
import { financeReport } from './finance.ts';

/*
 * The reports (docs/reports.md): one registration each. Every report names its branches and is
 * refused for a branch the user does not work in; the period's checks (From not after To, at most
 * five financial years) are the request schema's.
 */

const NOT_YOUR_BRANCH = 'You do not work in that branch.';

/** An export (Download) needs the report's download grant besides its list grant. */
function mayDownloadBranchAssets(access: Access, download: boolean): void {
  if (download && !access.can('report_branch_asset', 'download'))
    throw new Refusal('Your role may not download the branch asset report.');
}

export async function reportRoutes(app: FastifyInstance) {
  registerCall(app, 'dashboard', async ({ body, db, session }) => {
    const { access, user } = session;
    if (!access.can('dashboard', 'list')) throw new Refusal('Your role may not see the dashboard.');
    if (body.Branch !== undefined && !access.worksIn(body.Branch))
      throw new Refusal(NOT_YOUR_BRANCH);
    const branches = body.Branch === undefined ? [...access.branchIds] : [body.Branch];
    const records = await dashboard(db, access, user.userId, branches, {
      auditsDue: (chosen, today) => auditsDue(db, chosen, today),
    });
    return { output: `Dashboard of ${records.Branches.length} branches.`, records };
  });

  registerCall(app, 'financeReport', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can('report_finance', 'list'))
      throw new Refusal('Your role may not see the finance report.');
    if (body.Download && !access.can('report_finance', 'download'))
      throw new Refusal('Your role may not download the finance report.');
    if (body.Branches.some((branch) => !access.worksIn(branch))) throw new Refusal(NOT_YOUR_BRANCH);
    const report = await financeReport(db, {
      from: body.From,
      to: body.To,
      branches: [...new Set(body.Branches)],
      vendor: body.Vendor,
      category: body.Category,
    });
    const Company = await reportCompany(db, body.Branches);
    return { output: `${report.SpendTotal.Orders} orders.`, records: { ...report, Company } };
  });

  // The branch asset report and the fixed asset register: their per-asset arithmetic runs in the
  // report workers (figures-pool.ts), off the event loop.
  const pool = reportPool(app);
  registerCall(app, 'branchAssetReport', async ({ body, db, session }) => {
    checkReportAccess(session.access, body.Branches);
    mayDownloadBranchAssets(session.access, body.Download);
    const report = await branchAssetReport(db, pool, body);
    const Company = await reportCompany(db, body.Branches);
    return { output: `${report.RegisterTotal.Assets} assets.`, records: { ...report, Company } };
  });
  registerCall(app, 'depreciationSchedule', async ({ body, db, session }) => {
    checkReportAccess(session.access, body.Branches);
    mayDownloadBranchAssets(session.access, body.Download);
    const schedule = await depreciationSchedule(db, pool, body);
    const Company = await reportCompany(db, body.Branches);
    return { output: `${schedule.TotalCount} assets.`, records: { ...schedule, Company } };
  });
}
