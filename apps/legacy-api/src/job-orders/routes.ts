import { JobOrderRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { attachDocument, documentType } from '../files/documents.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { jobOrderDetail } from './detail.ts';
import { jobOrderList, MODULE } from './list.ts';
import { assetReliability } from './reliability.ts';
import { NOT_FOUND, NOT_YOUR_BRANCH, saveJobOrder } from './save.ts';
import { moveJobOrder } from './steps.ts';

const STEP_DONE: Record<string, string> = {
  ASSIGN: 'assigned',
  START: 'started',
  QUOTE: 'quoted: waiting for approval',
  APPROVE_QUOTE: 'quotation approved',
  REJECT_QUOTE: 'quotation rejected',
  WAIT_PARTS: 'waiting for parts',
  RESUME: 'resumed',
  RESOLVE: 'resolved',
  CLOSE: 'closed',
  REOPEN: 'reopened',
  CANCEL: 'cancelled',
};

async function detailOf(db: Db, session: { access: Access; user: { userId: number } }, id: number) {
  const detail = await jobOrderDetail(db, session.access, session.user.userId, id);
  if (!detail) throw new Refusal(NOT_FOUND);
  return detail;
}

export async function jobOrderRoutes(app: FastifyInstance) {
  registerCall(app, 'jobOrderLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal('Your role may not list job orders.');
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const branch = await namedBranch(db, body.Branch);
    const list = await jobOrderList(db, access, session.user.userId, branch, body);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} job orders.`, records: list };
  });

  registerCall(app, 'jobOrderShow', async ({ body, db, session }) => {
    if (!session.access.can(MODULE, 'list'))
      throw new Refusal('Your role may not list job orders.');
    const detail = await detailOf(db, session, body.JobOrder);
    return { output: detail.JobNumber, records: detail };
  });

  registerCall(app, 'jobOrderStore', async ({ body, db, session }) => {
    const id = await saveJobOrder(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, id);
    return {
      output:
        body.JobOrder === undefined
          ? `${detail.JobNumber} raised (${detail.CoverageCode.toLowerCase()}).`
          : `${detail.JobNumber} saved.`,
      records: detail,
    };
  });

  registerCall(app, 'jobOrderMove', async ({ body, db, session }) => {
    await moveJobOrder(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.JobOrder);
    return { output: `${detail.JobNumber} ${STEP_DONE[body.Step]}.`, records: detail };
  });

  registerCall(app, 'jobOrderReliability', async ({ body, db, session }) => {
    const records = await assetReliability(db, session.access, body.Asset);
    return { output: `${records.Failures} breakdowns.`, records };
  });

  registerUploadCall(app, 'jobOrderReportStore', async ({ db, session, body, file }) => {
    const { access } = session;
    if (!access.can(MODULE, 'create') && !access.can(MODULE, 'edit'))
      throw new Refusal('Your role may not raise job orders.');
    const type = documentType(file.bytes);
    await db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom('jobOrders')
        .select(['id', 'branchId', 'status', 'jobNumber'])
        .where('id', '=', body.JobOrder)
        .forUpdate()
        .executeTakeFirst();
      if (!job || !access.worksIn(job.branchId)) throw new Refusal(NOT_FOUND);
      if (job.status === 'CLOSED' || job.status === 'CANCELLED')
        throw new Refusal(
          `Job order ${job.jobNumber} is closed: its service report stays as it is.`,
        );
      await attachDocument(
        trx,
        { table: 'jobOrders', id: job.id, branchId: job.branchId },
        { type, bytes: file.bytes },
      );
    });
    const detail = await detailOf(db, session, body.JobOrder);
    return { output: 'Service report attached.', records: JobOrderRow.parse(detail) };
  });
}
