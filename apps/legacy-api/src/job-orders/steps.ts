import {
  JOB_STATUS_TEXT,
  type JobStatus,
  type JobStep,
  mayTakeStep,
  stepTarget,
} from '@branch-assets/domain';
import type { JobOrderMoveRequest } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { statusText } from '../installations/save.ts';
import { namedVendor } from '../vendors/named-vendor.ts';
import { MODULE } from './list.ts';
import { assigneeOf, NOT_FOUND, setAssetStatuses } from './save.ts';

/*
 * One step of a job order (docs/workflows.md). The job's row is locked first, so of two users
 * acting on one job at once exactly one step is taken and the other is told the job's state; its
 * assets' rows are locked (in id order) before their status changes. The step, the assets'
 * timeline and the audit log are written in one transaction.
 */

/** Where an asset has left its job: not the job's to bring back into service. */
const GONE: ReadonlySet<string> = new Set(['IN_TRANSIT', 'CONDEMNED', 'DISPOSED']);

const STEP_VERB: Record<JobStep, string> = {
  ASSIGN: 'be assigned',
  START: 'be started',
  QUOTE: 'be quoted',
  APPROVE_QUOTE: 'have its quotation approved',
  REJECT_QUOTE: 'have its quotation rejected',
  WAIT_PARTS: 'wait for parts',
  RESUME: 'resume',
  RESOLVE: 'be resolved',
  CLOSE: 'be closed',
  REOPEN: 'be reopened',
  CANCEL: 'be cancelled',
};

export async function moveJobOrder(
  db: Db,
  access: Access,
  userId: number,
  body: JobOrderMoveRequest,
): Promise<void> {
  const step = body.Step;
  const approving = step === 'APPROVE_QUOTE' || step === 'REJECT_QUOTE';
  if (
    approving
      ? !access.can(MODULE, 'approve')
      : !(access.can(MODULE, 'create') || access.can(MODULE, 'edit'))
  )
    throw new Refusal(
      approving ? 'Your role may not approve quotations.' : 'Your role may not work on job orders.',
    );
  await db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobOrders')
      .selectAll()
      .where('id', '=', body.JobOrder)
      .forUpdate()
      .executeTakeFirst();
    if (!job || !access.worksIn(job.branchId)) throw new Refusal(NOT_FOUND);
    const from = job.status as JobStatus;
    if (!mayTakeStep(step, from))
      throw new Refusal(
        `Job order ${job.jobNumber} cannot ${STEP_VERB[step]} now (it is ${JOB_STATUS_TEXT[from]}).`,
      );
    if (approving && job.quotedBy === userId)
      throw new Refusal('The user who entered a quotation cannot approve it: a second user does.');
    if (step === 'START' && job.coverage === 'CHARGEABLE' && job.quoteDecision !== 'APPROVED')
      throw new Refusal('A chargeable job needs an approved quotation before the work starts.');
    // A quote's decision returns the job to where it was when the quote was entered.
    let beforeQuote: JobStatus = 'ASSIGNED';
    if (approving) {
      const quoted = await trx
        .selectFrom('jobOrderSteps')
        .select('fromStatus')
        .where('jobOrderId', '=', job.id)
        .where('step', '=', 'QUOTE')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      beforeQuote = (quoted?.fromStatus as JobStatus | null) ?? 'ASSIGNED';
    }
    const to = stepTarget(step, beforeQuote);
    const now = new Date();
    const assignee = step === 'ASSIGN' ? assigneeOf(body) : undefined;
    if (assignee?.kind === 'STAFF' && assignee.staffId !== null) {
      const staff = await trx
        .selectFrom('staff')
        .select('branchId')
        .where('id', '=', assignee.staffId)
        .executeTakeFirst();
      if (!staff || staff.branchId !== job.branchId)
        throw new Refusal('The technician must be a staff member of the branch.');
    }
    if (assignee?.kind === 'VENDOR' && assignee.vendorId !== null)
      await namedVendor(trx, assignee.vendorId);
    const held = await trx
      .selectFrom('jobOrderAssets as ja')
      .innerJoin('assets as a', 'a.id', 'ja.assetId')
      .select(['a.id', 'a.tag', 'a.assetStatus', 'a.branchId', 'ja.previousStatus'])
      .where('ja.jobOrderId', '=', job.id)
      .orderBy('a.id')
      .forUpdate()
      .execute();
    // An asset that has left the job (dispatched on a transfer, received at another branch,
    // condemned, disposed of) is not the job's to move any more: only closing or cancelling the
    // job, which leave it as it is, may go on.
    const movedOn = held.filter(
      (asset) => asset.branchId !== job.branchId || GONE.has(asset.assetStatus),
    );
    const [away] = movedOn;
    if (away && step !== 'CLOSE' && step !== 'CANCEL')
      throw new Refusal(
        `Asset ${away.tag} is ${away.branchId === job.branchId ? statusText(away.assetStatus) : 'at another branch'} now: job order ${job.jobNumber} can only be ${from === 'RESOLVED' ? 'closed' : 'cancelled'}.`,
      );
    const stillHeld = held.filter((asset) => !movedOn.includes(asset));
    await trx
      .updateTable('jobOrders')
      .set({
        status: to,
        updatedAt: now,
        ...(assignee
          ? {
              assigneeKind: assignee.kind,
              vendorId: assignee.vendorId,
              engineerName: assignee.engineerName,
              assigneeStaffId: assignee.staffId,
            }
          : {}),
        ...(step === 'START' && job.respondedAt === null ? { respondedAt: now } : {}),
        ...(step === 'QUOTE'
          ? {
              quoteAmount: body.QuoteAmount ?? null,
              quoteGst: body.QuoteGst ?? null,
              quoteRemarks: body.Remarks ?? null,
              quotedBy: userId,
              quotedAt: now,
              quoteDecision: null,
              quoteDecidedBy: null,
              quoteDecidedAt: null,
            }
          : {}),
        ...(approving
          ? {
              quoteDecision: step === 'APPROVE_QUOTE' ? 'APPROVED' : 'REJECTED',
              quoteDecidedBy: userId,
              quoteDecidedAt: now,
            }
          : {}),
        ...(step === 'RESOLVE'
          ? {
              resolvedAt: now,
              resolution: body.Remarks ?? null,
              respondedAt: job.respondedAt ?? now,
            }
          : {}),
        ...(step === 'REOPEN' ? { resolvedAt: null, closedAt: null } : {}),
        ...(step === 'CLOSE' ? { closedAt: now } : {}),
      })
      .where('id', '=', job.id)
      .execute();
    await trx
      .insertInto('jobOrderSteps')
      .values({
        jobOrderId: job.id,
        step,
        fromStatus: from,
        toStatus: to,
        remarks: body.Remarks ?? null,
        userId,
      })
      .execute();
    await setAssetStatuses(trx, job.jobType, to, stillHeld, userId, {
      kind: `JOB_${step}`,
      reason: body.Remarks ? `${job.jobNumber}: ${body.Remarks}`.slice(0, 500) : job.jobNumber,
    });
    await writeAudit(trx, {
      entity: MODULE,
      entityId: job.id,
      action: step.toLowerCase(),
      userId,
      fromStatus: from,
      toStatus: to,
      reason: body.Remarks ?? null,
      branchId: job.branchId,
      details:
        step === 'QUOTE'
          ? { amount: body.QuoteAmount, gst: body.QuoteGst }
          : { number: job.jobNumber },
    });
  });
}
