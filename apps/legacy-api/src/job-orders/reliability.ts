import {
  financialYear,
  financialYearRange,
  indianDate,
  OPEN_JOB_STATUSES,
  reliability,
} from '@branch-assets/domain';
import type { AssetReliability } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';

/**
 * An asset's reliability from its breakdown jobs: MTBF and MTTR of the resolved ones (the
 * domain's definitions), and the downtime of this financial year's breakdowns, from their raising
 * to their resolution (to now while open), counted inside the year.
 */
export async function assetReliability(
  db: Db,
  access: Access,
  assetId: number,
): Promise<AssetReliability> {
  const asset = await db
    .selectFrom('assets')
    .select(['id', 'branchId'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset || !access.worksIn(asset.branchId))
    throw new Refusal(`Asset ${assetId} does not exist.`);
  const jobs = await db
    .selectFrom('jobOrderAssets as ja')
    .innerJoin('jobOrders as j', 'j.id', 'ja.jobOrderId')
    .select(['j.id', 'j.jobNumber', 'j.status', 'j.raisedAt', 'j.resolvedAt'])
    .where('ja.assetId', '=', assetId)
    .where('j.jobType', '=', 'BREAKDOWN')
    .where('j.status', '<>', 'CANCELLED')
    .orderBy('j.raisedAt')
    .execute();
  const resolved = jobs.flatMap((job) =>
    job.resolvedAt && (job.status === 'RESOLVED' || job.status === 'CLOSED')
      ? [{ openedAt: job.raisedAt, resolvedAt: job.resolvedAt }]
      : [],
  );
  const measured = reliability(resolved);
  const now = new Date();
  const year = financialYearRange(financialYear(indianDate(now)));
  const yearStart = new Date(`${year.start}T00:00:00+05:30`).getTime();
  let downtimeMs = 0;
  for (const job of jobs) {
    const from = Math.max(job.raisedAt.getTime(), yearStart);
    const to = (job.resolvedAt ?? now).getTime();
    if (to > from) downtimeMs += to - from;
  }
  const open = [...jobs]
    .reverse()
    .find((job) => (OPEN_JOB_STATUSES as readonly string[]).includes(job.status));
  // Any open job of the asset, breakdown or not, is the one its page points to.
  const anyOpen =
    open ??
    (await db
      .selectFrom('jobOrderAssets as ja')
      .innerJoin('jobOrders as j', 'j.id', 'ja.jobOrderId')
      .select(['j.id', 'j.jobNumber'])
      .where('ja.assetId', '=', assetId)
      .where('j.status', 'in', [...OPEN_JOB_STATUSES])
      .orderBy(sql`j.raised_at`, 'desc')
      .executeTakeFirst());
  return {
    Failures: measured.failures,
    MttrMinutes: measured.mttrMinutes,
    MtbfDays: measured.mtbfDays,
    DowntimeHoursThisYear: Math.round(downtimeMs / 360_000) / 10,
    OpenJobOrderId: anyOpen?.id ?? null,
    OpenJobNumber: anyOpen?.jobNumber ?? null,
  };
}
