import {
  dueToCreate,
  indianDate,
  nextDueDate,
  type PreventiveSchedule,
  type ScheduledJob,
} from '@branch-assets/domain';
import type {
  MaintenanceScheduleRequest,
  MaintenanceScheduleRow,
} from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { MODULE } from './contracts.ts';

/*
 * An asset's preventive schedules: PM, calibration or electrical safety every N days, weeks,
 * months or years, anchored to a fixed date or to the last completion. The scheduler creates their
 * jobs (scheduler.ts); a schedule is switched off rather than deleted, so its jobs keep their link.
 */

/**
 * The due date of the schedule's next job as the scheduler will create it (dueToCreate, however
 * far ahead): a FIXED schedule anchored in the past has its first job on the first series date
 * from today, and one whose dates were missed, on the latest of them; not the anchor or the
 * missed date itself, for which no job will ever be made. While a COMPLETION schedule's job is
 * open, that job's own due date.
 */
function nextDue(schedule: PreventiveSchedule, last: ScheduledJob | null, today: string) {
  return dueToCreate(schedule, last, today, Number.MAX_SAFE_INTEGER) ?? nextDueDate(schedule, last);
}

async function assetIn(db: Db, access: Access, assetId: number) {
  const asset = await db
    .selectFrom('assets')
    .select(['id', 'tag', 'branchId'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset || !access.worksIn(asset.branchId))
    throw new Refusal(`Asset ${assetId} does not exist.`);
  return asset;
}

export async function schedulesOf(
  db: Db,
  access: Access,
  assetId: number,
): Promise<MaintenanceScheduleRow[]> {
  await assetIn(db, access, assetId);
  const today = indianDate(new Date());
  const rows = await db
    .selectFrom('maintenanceSchedules as s')
    .select([
      's.id',
      's.assetId',
      's.jobType',
      's.every',
      's.unit',
      's.anchor',
      's.anchorDate',
      's.leadDays',
      's.active',
      sql<
        string | null
      >`(select j.job_number from job_orders j where j.schedule_id = s.id order by j.due_date desc limit 1)`.as(
        'lastJobNumber',
      ),
      sql<
        string | null
      >`(select j.due_date::text from job_orders j where j.schedule_id = s.id order by j.due_date desc limit 1)`.as(
        'lastDue',
      ),
      sql<
        string | null
      >`(select case when j.status = 'CANCELLED' then j.due_date::text else to_char(j.resolved_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') end
        from job_orders j where j.schedule_id = s.id order by j.due_date desc limit 1)`.as(
        'lastCompleted',
      ),
    ])
    .where('s.assetId', '=', assetId)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({
    MaintenanceScheduleId: row.id,
    AssetId: row.assetId,
    JobType: row.jobType,
    Every: row.every,
    Unit: row.unit,
    Anchor: row.anchor,
    AnchorDate: row.anchorDate,
    LeadDays: row.leadDays,
    Active: row.active,
    NextDue: row.active
      ? nextDue(
          {
            anchor: row.anchor,
            anchorDate: row.anchorDate,
            interval: { every: row.every, unit: row.unit },
          },
          row.lastDue ? { dueDate: row.lastDue, completedOn: row.lastCompleted } : null,
          today,
        )
      : null,
    LastJobNumber: row.lastJobNumber,
  }));
}

export async function saveSchedule(
  db: Db,
  access: Access,
  userId: number,
  body: MaintenanceScheduleRequest,
): Promise<void> {
  if (!access.can(MODULE, 'create') && !access.can(MODULE, 'edit'))
    throw new Refusal('Your role may not write maintenance contracts.');
  const asset = await assetIn(db, access, body.Asset);
  const values = {
    jobType: body.JobType,
    every: body.Every,
    unit: body.Unit,
    anchor: body.Anchor,
    anchorDate: body.AnchorDate,
    leadDays: body.LeadDays,
    active: body.Active,
  };
  await db.transaction().execute(async (trx) => {
    let id: number;
    if (body.MaintenanceSchedule === undefined) {
      ({ id } = await trx
        .insertInto('maintenanceSchedules')
        .values({ assetId: asset.id, createdBy: userId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      const updated = await trx
        .updateTable('maintenanceSchedules')
        .set(values)
        .where('id', '=', body.MaintenanceSchedule)
        .where('assetId', '=', asset.id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new Refusal('Preventive schedule not found.');
      id = updated.id;
    }
    await writeAudit(trx, {
      entity: 'maintenance_schedule',
      entityId: id,
      action: body.MaintenanceSchedule === undefined ? 'created' : 'updated',
      userId,
      branchId: asset.branchId,
      details: { asset: asset.tag, ...values, today: indianDate(new Date()) },
    });
  });
}
