import { hostname } from 'node:os';
import {
  type AssetStatus,
  addDays,
  dueToCreate,
  indianDate,
  JOB_ASSET_STATUSES,
  OPEN_JOB_STATUSES,
  type ScheduledJobType,
  visitDates,
} from '@branch-assets/domain';
import type { SchedulerRun } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { insertJob } from '../job-orders/save.ts';

/*
 * The preventive scheduler (docs/workflows.md): creates the preventive job orders of contracts'
 * visits and of assets' schedules ahead of time (their lead days), each exactly once. Each job is
 * created in its own transaction holding an advisory lock on its schedule (or contract), checking
 * that the job is not there yet; the unique indexes on (schedule, due date) and (contract, due
 * date) stand behind it. So two legacy-api instances running at once create each job once, and
 * a run that fails half-way leaves whole jobs only; the next run carries on.
 */

/** Advisory lock spaces: one key per contract, one per schedule. */
const CONTRACT_LOCK = 0x5343;
const SCHEDULE_LOCK = 0x5343 + 1;
/** A contract's visit is created this many days before it is due. */
export const VISIT_LEAD_DAYS = 7;

const JOB_TEXT: Record<ScheduledJobType, string> = {
  PREVENTIVE: 'Preventive maintenance',
  CALIBRATION: 'Calibration',
  ELECTRICAL_SAFETY: 'Electrical safety test',
};

type Failures = string[];

/**
 * One contract's or schedule's job, its failure kept and the run carried on: one bad record must
 * not stop every other branch's preventive work; the run records what failed.
 */
async function isolated(
  failed: Failures,
  what: string,
  create: () => Promise<boolean>,
): Promise<boolean> {
  try {
    return await create();
  } catch (failure) {
    failed.push(`${what}: ${failure instanceof Error ? failure.message : String(failure)}`);
    return false;
  }
}

/**
 * The assets of these that may take a new job now: not on an open job, in a workable status.
 * Their rows are locked first (in id order, as a job raised by a user locks them) and their jobs
 * read by a statement of its own afterwards: read in the locking statement, the jobs would be as
 * they were before the lock was granted, missing a job that another instance or a user was
 * raising on the asset meanwhile, and the asset would end up on two open jobs.
 */
async function freeAssets(trx: Db, assetIds: readonly number[]) {
  if (assetIds.length === 0) return [];
  const locked = await trx
    .selectFrom('assets')
    .select(['id', 'tag', 'assetStatus'])
    .where('id', 'in', [...assetIds])
    .orderBy('id')
    .forUpdate()
    .execute();
  const workable = locked.filter((row) =>
    JOB_ASSET_STATUSES.includes(row.assetStatus as AssetStatus),
  );
  if (workable.length === 0) return [];
  const busy = new Set(
    (
      await trx
        .selectFrom('jobOrderAssets as ja')
        .innerJoin('jobOrders as j', 'j.id', 'ja.jobOrderId')
        .select('ja.assetId')
        .where(
          'ja.assetId',
          'in',
          workable.map((row) => row.id),
        )
        .where('j.status', 'in', [...OPEN_JOB_STATUSES])
        .execute()
    ).map((row) => row.assetId),
  );
  return workable
    .filter((row) => !busy.has(row.id))
    .map((row) => ({ ...row, assetStatus: row.assetStatus as AssetStatus }));
}

/** The visit of a contract to create today: the latest one within the lead days, if not made. */
export function visitToCreate(
  contract: { startDate: string; endDate: string; visitsPerYear: number },
  today: string,
): string | null {
  const horizon = addDays(today, VISIT_LEAD_DAYS);
  const due = visitDates(contract.startDate, contract.endDate, contract.visitsPerYear).filter(
    (date) => date <= horizon,
  );
  return due.at(-1) ?? null;
}

async function createContractVisits(db: Db, today: string, failed: Failures): Promise<number> {
  const contracts = await db
    .selectFrom('maintenanceContracts as c')
    .innerJoin('branches as b', 'b.id', 'c.branchId')
    .select([
      'c.id',
      'c.branchId',
      'b.code',
      'c.contractNumber',
      'c.startDate',
      'c.endDate',
      'c.visitsPerYear',
      'c.vendorId',
    ])
    .where('c.visitsPerYear', '>', 0)
    .where('c.startDate', '<=', addDays(today, VISIT_LEAD_DAYS))
    .where('c.endDate', '>=', today)
    .orderBy('c.id')
    .execute();
  let created = 0;
  for (const contract of contracts) {
    const due = visitToCreate(contract, today);
    if (due === null) continue;
    const made = await isolated(failed, `contract ${contract.contractNumber}`, () =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${CONTRACT_LOCK}::int, ${contract.id}::int)`.execute(
          trx,
        );
        // A later visit made already means this one was skipped on purpose (one stands for all).
        const done = await trx
          .selectFrom('jobOrders')
          .select('id')
          .where('visitContractId', '=', contract.id)
          .where('dueDate', '>=', due)
          .executeTakeFirst();
        if (done) return false;
        const covered = await trx
          .selectFrom('maintenanceContractAssets')
          .select('assetId')
          .where('contractId', '=', contract.id)
          .execute();
        const assets = await freeAssets(
          trx,
          covered.map((row) => row.assetId),
        );
        if (assets.length === 0) return false;
        await insertJob(
          trx,
          {
            branch: { id: contract.branchId, code: contract.code },
            assetIds: assets.map((asset) => asset.id),
            jobType: 'PREVENTIVE',
            priority: 'P4',
            problem: `Preventive visit due ${due} under contract ${contract.contractNumber}.`,
            userId: null,
            assignee: {
              kind: 'VENDOR',
              vendorId: contract.vendorId,
              engineerName: null,
              staffId: null,
            },
            visitContractId: contract.id,
            dueDate: due,
          },
          assets,
        );
        return true;
      }),
    );
    if (made) created += 1;
  }
  return created;
}

async function createScheduledJobs(db: Db, today: string, failed: Failures): Promise<number> {
  const schedules = await db
    .selectFrom('maintenanceSchedules as s')
    .innerJoin('assets as a', 'a.id', 's.assetId')
    .innerJoin('branches as b', 'b.id', 'a.branchId')
    .select([
      's.id',
      's.assetId',
      's.jobType',
      's.every',
      's.unit',
      's.anchor',
      's.anchorDate',
      's.leadDays',
      'a.branchId',
      'b.code',
      'a.tag',
    ])
    .where('s.active', '=', true)
    .where('a.assetStatus', 'in', [...JOB_ASSET_STATUSES])
    .orderBy('s.id')
    .execute();
  let created = 0;
  for (const schedule of schedules) {
    const made = await isolated(failed, `schedule ${schedule.id} of ${schedule.tag}`, () =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK}::int, ${schedule.id}::int)`.execute(
          trx,
        );
        const last = await trx
          .selectFrom('jobOrders')
          .select([
            'dueDate',
            'status',
            sql<string | null>`to_char(resolved_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`.as(
              'completedOn',
            ),
          ])
          .where('scheduleId', '=', schedule.id)
          .orderBy('dueDate', 'desc')
          .executeTakeFirst();
        // A cancelled job counts as done on its due date: the series moves on without it.
        const completedOn =
          last?.status === 'CANCELLED' ? (last.dueDate ?? null) : (last?.completedOn ?? null);
        const due = dueToCreate(
          {
            anchor: schedule.anchor,
            anchorDate: schedule.anchorDate,
            interval: { every: schedule.every, unit: schedule.unit },
          },
          last?.dueDate ? { dueDate: last.dueDate, completedOn } : null,
          today,
          schedule.leadDays,
        );
        if (due === null) return false;
        const exists = await trx
          .selectFrom('jobOrders')
          .select('id')
          .where('scheduleId', '=', schedule.id)
          .where('dueDate', '=', due)
          .executeTakeFirst();
        if (exists) return false;
        const assets = await freeAssets(trx, [schedule.assetId]);
        if (assets.length === 0) return false;
        await insertJob(
          trx,
          {
            branch: { id: schedule.branchId, code: schedule.code },
            assetIds: [schedule.assetId],
            jobType: schedule.jobType,
            priority: 'P4',
            problem: `${JOB_TEXT[schedule.jobType]} of ${schedule.tag} due ${due}.`,
            userId: null,
            scheduleId: schedule.id,
            dueDate: due,
          },
          assets,
        );
        return true;
      }),
    );
    if (made) created += 1;
  }
  return created;
}

function runRow(row: {
  startedAt: Date;
  finishedAt: Date | null;
  runDate: string;
  jobsCreated: number;
  instance: string;
  error: string | null;
}): SchedulerRun {
  return {
    StartedAt: row.startedAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
    RunDate: row.runDate,
    JobsCreated: row.jobsCreated,
    Instance: row.instance,
    Error: row.error,
  };
}

/** One run of the scheduler for `today` (India's date), recorded in scheduler_runs. */
export async function runScheduler(
  db: Db,
  options: { today?: string; instance?: string } = {},
): Promise<SchedulerRun> {
  const today = options.today ?? indianDate(new Date());
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const { id } = await db
    .insertInto('schedulerRuns')
    .values({ runDate: today, instance })
    .returning('id')
    .executeTakeFirstOrThrow();
  let created = 0;
  let error: string | null = null;
  const failed: Failures = [];
  try {
    created += await createContractVisits(db, today, failed);
    created += await createScheduledJobs(db, today, failed);
    if (failed.length > 0) error = `${failed.length} failed: ${failed.join('; ')}`.slice(0, 500);
  } catch (failure) {
    error = failure instanceof Error ? failure.message.slice(0, 500) : String(failure);
  }
  const row = await db
    .updateTable('schedulerRuns')
    .set({ finishedAt: new Date(), jobsCreated: created, error })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return runRow(row);
}

export async function lastRuns(db: Db, count = 10): Promise<SchedulerRun[]> {
  const rows = await db
    .selectFrom('schedulerRuns')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map(runRow);
}

/** Runs the scheduler now and every `minutes`; the returned function stops it. */
export function startScheduler(
  db: Db,
  minutes: number,
  log: {
    info: (fields: object, message: string) => void;
    error: (fields: object, message: string) => void;
  },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runScheduler(db)
      .then((run) =>
        run.Error
          ? log.error({ error: run.Error }, 'preventive scheduler failed')
          : log.info({ created: run.JobsCreated }, 'preventive scheduler ran'),
      )
      .catch((failure: unknown) => log.error({ failure }, 'preventive scheduler failed'));
  };
  tick();
  const timer = setInterval(tick, minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
