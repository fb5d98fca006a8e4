import {
  type AssetStatus,
  assetStatusDuring,
  financialYear,
  indianDate,
  JOB_ASSET_STATUSES,
  JOB_STATUS_TEXT,
  type JobPriority,
  type JobStatus,
  type JobType,
  jobCoverage,
  OPEN_JOB_STATUSES,
} from '@branch-assets/domain';
import type { JobOrderRequest } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { lockAssets, recordEvents, statusText } from '../installations/save.ts';
import { documentNumber, nextSequence } from '../purchase-orders/submit.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { namedVendor } from '../vendors/named-vendor.ts';
import { MODULE } from './list.ts';

export const NOT_FOUND = 'Job order not found.';
export const NOT_YOUR_BRANCH = 'You do not work in that branch.';

/** The open job order an asset is on already, if any (an asset is on at most one). */
async function busyAsset(trx: Db, assetIds: readonly number[], except: number | null) {
  let query = trx
    .selectFrom('jobOrderAssets as ja')
    .innerJoin('jobOrders as j', 'j.id', 'ja.jobOrderId')
    .innerJoin('assets as a', 'a.id', 'ja.assetId')
    .select(['a.tag', 'j.jobNumber'])
    .where('ja.assetId', 'in', [...assetIds])
    .where('j.status', 'in', [...OPEN_JOB_STATUSES]);
  if (except !== null) query = query.where('j.id', '<>', except);
  return query.orderBy('a.tag').executeTakeFirst();
}

/** The coverage of a job on these assets today: warranty, a contract in force, or chargeable. */
export async function coverageOf(trx: Db, assetIds: readonly number[], today: string) {
  const [assets, contracts] = await Promise.all([
    trx
      .selectFrom('assets')
      .select(['id', 'warrantyEnd'])
      .where('id', 'in', [...assetIds])
      .execute(),
    trx
      .selectFrom('maintenanceContractAssets as ca')
      .innerJoin('maintenanceContracts as c', 'c.id', 'ca.contractId')
      .select(['ca.assetId', 'c.id', 'c.contractType', 'c.startDate', 'c.endDate'])
      .where('ca.assetId', 'in', [...assetIds])
      .where('c.startDate', '<=', today)
      .where('c.endDate', '>=', today)
      .execute(),
  ]);
  return jobCoverage(
    assets.map((asset) => ({
      warrantyEnd: asset.warrantyEnd,
      contracts: contracts
        .filter((contract) => contract.assetId === asset.id)
        .map((contract) => ({
          id: contract.id,
          type: contract.contractType,
          start: contract.startDate,
          end: contract.endDate,
        })),
    })),
    today,
  );
}

export interface NewJob {
  branch: { id: number; code: string };
  assetIds: readonly number[];
  jobType: JobType;
  priority: JobPriority;
  problem: string;
  /** Null: the scheduler. */
  userId: number | null;
  assignee?: {
    kind: 'VENDOR' | 'STAFF';
    vendorId: number | null;
    engineerName: string | null;
    staffId: number | null;
  };
  scheduleId?: number;
  visitContractId?: number;
  dueDate?: string;
}

/**
 * Writes a new job order and puts its assets in the status the job gives them, in the caller's
 * transaction; the assets must be locked by the caller. The numbering lock serialises numbers
 * per branch and financial year.
 */
export async function insertJob(trx: Db, job: NewJob, assets: readonly LockedJobAsset[]) {
  const today = indianDate(new Date());
  const fy = financialYear(today);
  const sequence = await nextSequence(trx, 'job_orders', 'branch_id', job.branch.id, fy);
  const number = documentNumber('JOB', job.branch.code, fy, sequence);
  const found = await coverageOf(
    trx,
    assets.map((asset) => asset.id),
    today,
  );
  // A contract's visit is the contract's to pay for, whatever the assets' warranties say.
  const coverage = job.visitContractId
    ? { coverage: 'CONTRACT' as const, contractId: job.visitContractId }
    : found;
  const status: JobStatus = job.assignee ? 'ASSIGNED' : 'OPEN';
  const { id } = await trx
    .insertInto('jobOrders')
    .values({
      jobNumber: number,
      branchId: job.branch.id,
      financialYear: fy,
      sequence,
      jobType: job.jobType,
      priority: job.priority,
      problem: job.problem,
      status,
      coverage: coverage.coverage,
      contractId: coverage.contractId,
      scheduleId: job.scheduleId ?? null,
      visitContractId: job.visitContractId ?? null,
      dueDate: job.dueDate ?? null,
      assigneeKind: job.assignee?.kind ?? null,
      vendorId: job.assignee?.vendorId ?? null,
      engineerName: job.assignee?.engineerName ?? null,
      assigneeStaffId: job.assignee?.staffId ?? null,
      raisedBy: job.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('jobOrderAssets')
    .values(
      assets.map((asset) => ({
        jobOrderId: id,
        assetId: asset.id,
        previousStatus: asset.assetStatus as AssetStatus,
      })),
    )
    .execute();
  await trx
    .insertInto('jobOrderSteps')
    .values({
      jobOrderId: id,
      step: job.scheduleId || job.visitContractId ? 'SCHEDULED' : 'RAISED',
      fromStatus: null,
      toStatus: status,
      remarks: job.problem.slice(0, 1000),
      userId: job.userId,
    })
    .execute();
  await setAssetStatuses(trx, job.jobType, status, assets, job.userId, {
    kind: 'JOB_RAISED',
    reason: `${number}: ${job.problem}`.slice(0, 500),
  });
  await writeAudit(trx, {
    entity: MODULE,
    entityId: id,
    action: 'raised',
    userId: job.userId,
    toStatus: status,
    branchId: job.branch.id,
    details: { number, assets: assets.length, coverage: coverage.coverage, type: job.jobType },
  });
  return { id, number };
}

export interface LockedJobAsset {
  id: number;
  tag: string;
  assetStatus: string;
  /** The status the asset had when the job was raised. */
  previousStatus?: string;
}

/**
 * Gives each asset the status the job's new state means for it and writes its timeline: every
 * asset gets the event, with the status change when there is one.
 */
export async function setAssetStatuses(
  trx: Db,
  jobType: JobType,
  jobStatus: JobStatus,
  assets: readonly LockedJobAsset[],
  userId: number | null,
  event: { kind: string; reason: string },
) {
  const changes = new Map<number, Record<string, [unknown, unknown]>>();
  for (const asset of assets) {
    const previous = (asset.previousStatus ?? asset.assetStatus) as AssetStatus;
    const next = assetStatusDuring(jobType, jobStatus, previous);
    if (next === asset.assetStatus) continue;
    await trx
      .updateTable('assets')
      .set({ assetStatus: next, updatedAt: new Date() })
      .where('id', '=', asset.id)
      .execute();
    changes.set(asset.id, { AssetStatus: [asset.assetStatus, next] });
  }
  await recordEvents(
    trx,
    assets.map((asset) => asset.id),
    { ...event, userId, changes: (id) => changes.get(id) ?? {} },
  );
}

async function checkAssignee(trx: Db, branchId: number, body: JobOrderRequest) {
  if (body.AssigneeKind === 'VENDOR' && body.Vendor !== undefined)
    await namedVendor(trx, body.Vendor);
  if (body.AssigneeKind === 'STAFF' && body.Staff !== undefined) {
    const staff = await trx
      .selectFrom('staff')
      .select(['id', 'branchId'])
      .where('id', '=', body.Staff)
      .executeTakeFirst();
    if (!staff) throw new Refusal(`Staff member ${body.Staff} does not exist.`);
    if (staff.branchId !== branchId)
      throw new Refusal('The technician must be a staff member of the branch.');
  }
}

export function assigneeOf(body: {
  AssigneeKind?: 'VENDOR' | 'STAFF' | undefined;
  Vendor?: number | undefined;
  EngineerName?: string | undefined;
  Staff?: number | undefined;
}): NewJob['assignee'] {
  if (body.AssigneeKind === 'VENDOR')
    return {
      kind: 'VENDOR',
      vendorId: body.Vendor ?? null,
      engineerName: body.EngineerName ?? null,
      staffId: null,
    };
  if (body.AssigneeKind === 'STAFF')
    return { kind: 'STAFF', vendorId: null, engineerName: null, staffId: body.Staff ?? null };
  return undefined;
}

async function writeLines(trx: Db, jobOrderId: number, body: JobOrderRequest) {
  await trx.deleteFrom('jobOrderLines').where('jobOrderId', '=', jobOrderId).execute();
  if (body.Lines.length === 0) return;
  await trx
    .insertInto('jobOrderLines')
    .values(
      body.Lines.map((line) => ({
        jobOrderId,
        kind: line.Kind,
        description: line.Description,
        quantity: String(line.Quantity),
        rate: line.Rate,
        gstRate: String(line.GstRate),
        chargeable: line.Chargeable,
      })),
    )
    .execute();
}

/** Raises a job order, or corrects an open one's problem, priority, assignee and lines. */
export async function saveJobOrder(
  db: Db,
  access: Access,
  userId: number,
  body: JobOrderRequest,
): Promise<number> {
  const creating = body.JobOrder === undefined;
  const may = access.can(MODULE, 'create') || (!creating && access.can(MODULE, 'edit'));
  if (!may) throw new Refusal('Your role may not raise job orders.');
  if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
  const assetIds = [...new Set(body.Assets)];
  return db.transaction().execute(async (trx) => {
    const branch = await namedBranch(trx, body.Branch);
    await checkAssignee(trx, branch.id, body);
    if (body.JobOrder !== undefined) return correctJob(trx, userId, branch, body.JobOrder, body);
    const assets = await lockAssets(trx, assetIds);
    for (const asset of assets) {
      if (asset.branchId !== branch.id)
        throw new Refusal(`Asset ${asset.tag} is not an asset of branch ${branch.code}.`);
      if (!JOB_ASSET_STATUSES.includes(asset.assetStatus as AssetStatus))
        throw new Refusal(
          `Asset ${asset.tag} cannot have a job order while it is ${statusText(asset.assetStatus)}.`,
        );
    }
    const busy = await busyAsset(trx, assetIds, null);
    if (busy) throw new Refusal(`Asset ${busy.tag} is already on job order ${busy.jobNumber}.`);
    const { id } = await insertJob(
      trx,
      {
        branch,
        assetIds,
        jobType: body.JobType,
        priority: body.Priority,
        problem: body.Problem,
        userId,
        assignee: assigneeOf(body),
      },
      assets,
    );
    await writeLines(trx, id, body);
    return id;
  });
}

async function correctJob(
  trx: Db,
  userId: number,
  branch: { id: number; code: string },
  id: number,
  body: JobOrderRequest,
): Promise<number> {
  const job = await trx
    .selectFrom('jobOrders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!job || job.branchId !== branch.id) throw new Refusal(NOT_FOUND);
  if (job.status === 'CLOSED' || job.status === 'CANCELLED')
    throw new Refusal(
      `Job order ${job.jobNumber} can no longer be changed (it is ${JOB_STATUS_TEXT[job.status]}).`,
    );
  const held = await trx
    .selectFrom('jobOrderAssets')
    .select('assetId')
    .where('jobOrderId', '=', id)
    .execute();
  const same =
    held.length === new Set(body.Assets).size &&
    held.every((row) => body.Assets.includes(row.assetId));
  if (!same || body.JobType !== job.jobType)
    throw new Refusal(
      `Job order ${job.jobNumber}: its assets and type are fixed once raised; cancel it and raise another.`,
    );
  const assignee = assigneeOf(body);
  await trx
    .updateTable('jobOrders')
    .set({
      priority: body.Priority,
      problem: body.Problem,
      ...(assignee
        ? {
            assigneeKind: assignee.kind,
            vendorId: assignee.vendorId,
            engineerName: assignee.engineerName,
            assigneeStaffId: assignee.staffId,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
  await writeLines(trx, id, body);
  await writeAudit(trx, {
    entity: MODULE,
    entityId: id,
    action: 'corrected',
    userId,
    branchId: branch.id,
    details: { priority: body.Priority, lines: body.Lines.length },
  });
  return id;
}
