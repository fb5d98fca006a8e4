import {
  addDays,
  DUE_SOON_DAYS,
  indianDate,
  JOB_STATUS_TEXT,
  JOB_STEPS,
  type JobPriority,
  type JobStatus,
  type JobStep,
  mayTakeStep,
  PRIORITY_TARGETS,
  SCHEDULED_JOB_TYPES,
  SCHEDULED_PENDING,
  type ScheduledDue,
  statusTone,
  toneColors,
} from '@branch-assets/domain';
import type { CallRequest, JobOrderRow, TableHeader } from '@branch-assets/legacy-contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { ACTIONS_HEADER } from '../shared/list-payload.ts';
import { queryListPayload } from '../shared/query-list.ts';
import {
  closedColumn,
  contains,
  numberColumn,
  requiredTextColumn,
  type SqlList,
  sortText,
  textColumn,
} from '../shared/sql-page.ts';

export const MODULE = 'job_order';

export const JOB_TYPE_TEXT = {
  BREAKDOWN: 'Breakdown',
  PREVENTIVE: 'Preventive maintenance',
  CALIBRATION: 'Calibration',
  ELECTRICAL_SAFETY: 'Electrical safety test',
  INSTALLATION_ISSUE: 'Installation issue',
} as const;

export const COVERAGE_TEXT = {
  WARRANTY: 'Warranty',
  CONTRACT: 'Contract',
  CHARGEABLE: 'Chargeable',
} as const;

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Job No', value: 'JobNumber' },
  { text: 'Raised On', value: 'RaisedAt' },
  { text: 'Type', value: 'JobTypeCode' },
  { text: 'Priority', value: 'Priority', align: 'center' },
  { text: 'Asset', value: 'AssetSummary' },
  { text: 'Assigned To', value: 'AssigneeName' },
  { text: 'Coverage', value: 'CoverageCode' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

/** Minutes of each priority's targets as SQL, from the one table in the domain. */
function targetMinutes(which: 'responseMinutes' | 'resolutionMinutes') {
  return sql<number>`(case j.priority ${sql.join(
    Object.entries(PRIORITY_TARGETS).map(
      ([priority, targets]) => sql`when ${priority} then ${targets[which]}::int`,
    ),
    sql` `,
  )} end)`;
}

/**
 * When a job's clock starts: when it was raised, or for a preventive job created ahead of time,
 * the start of its due day in India (a visit due next week is not late today).
 */
export const CLOCK_START = sql<Date>`greatest(j.raised_at, coalesce(j.due_date::timestamp at time zone 'Asia/Kolkata', j.raised_at))`;
/** A scheduled job not yet done, due soon or overdue on `today` (packages/domain SCHEDULED_DUE). */
export function scheduledDue(due: ScheduledDue, today: string): RawBuilder<SqlBool> {
  const pending = sql`j.job_type in (${sql.join(SCHEDULED_JOB_TYPES)}) and j.status in (${sql.join(SCHEDULED_PENDING)})`;
  return due === 'SOON'
    ? sql<SqlBool>`(${pending} and j.due_date between ${today}::date and ${addDays(today, DUE_SOON_DAYS)}::date)`
    : sql<SqlBool>`(${pending} and j.due_date < ${today}::date)`;
}

/** Not closed or cancelled: a resolved job still waits for the user's confirmation. */
export const JOB_OPEN = sql<SqlBool>`j.status not in ('CLOSED', 'CANCELLED')`;

export const RESPONSE_BREACHED = sql<boolean>`(j.status <> 'CANCELLED' and coalesce(j.responded_at, j.resolved_at, now()) > ${CLOCK_START} + ${targetMinutes('responseMinutes')} * interval '1 minute')`;
export const RESOLUTION_BREACHED = sql<boolean>`(j.status <> 'CANCELLED' and coalesce(j.resolved_at, now()) > ${CLOCK_START} + ${targetMinutes('resolutionMinutes')} * interval '1 minute')`;
const RAISED_ON = sql<string>`to_char(j.raised_at at time zone 'Asia/Kolkata', 'DD-MM-YYYY')`;
const ASSET_COUNT = sql<number>`(select count(*)::int from job_order_assets ja where ja.job_order_id = j.id)`;
const FIRST_ASSET = sql<string>`(select a.tag || ' · ' || a.name from job_order_assets ja join assets a on a.id = ja.asset_id where ja.job_order_id = j.id order by a.tag limit 1)`;
const ASSIGNEE = sql<
  string | null
>`(case j.assignee_kind when 'VENDOR' then coalesce(j.engineer_name || ' (' || v.name || ')', v.name) when 'STAFF' then s.name end)`;

function rowQuery(db: Db) {
  return db
    .selectFrom('jobOrders as j')
    .leftJoin('vendors as v', 'v.id', 'j.vendorId')
    .leftJoin('staff as s', 's.id', 'j.assigneeStaffId')
    .select([
      'j.id',
      'j.jobNumber',
      'j.branchId',
      'j.raisedAt',
      RAISED_ON.as('raisedOn'),
      'j.jobType',
      'j.priority',
      'j.problem',
      ASSET_COUNT.as('assetCount'),
      FIRST_ASSET.as('firstAsset'),
      ASSIGNEE.as('assigneeName'),
      'j.coverage',
      'j.dueDate',
      'j.status',
      'j.quoteAmount',
      'j.quoteDecision',
      'j.quotedBy',
      RESPONSE_BREACHED.as('responseBreached'),
      RESOLUTION_BREACHED.as('resolutionBreached'),
    ]);
}

export type StoredJob = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

type JobFacts = Pick<StoredJob, 'status' | 'branchId' | 'coverage' | 'quoteDecision' | 'quotedBy'>;

/** The steps the user may take now; the step itself checks each again (steps.ts). */
export function allowedSteps(access: Access, userId: number, job: JobFacts): JobStep[] {
  if (!access.worksIn(job.branchId)) return [];
  const writes = access.can(MODULE, 'create') || access.can(MODULE, 'edit');
  const approves = access.can(MODULE, 'approve');
  return JOB_STEPS.filter((step) => {
    if (!mayTakeStep(step, job.status)) return false;
    if (step === 'APPROVE_QUOTE' || step === 'REJECT_QUOTE')
      return approves && job.quotedBy !== userId;
    if (step === 'START' && job.coverage === 'CHARGEABLE' && job.quoteDecision !== 'APPROVED')
      return false;
    return writes;
  });
}

export function toRow(record: StoredJob, access: Access, userId: number): JobOrderRow {
  const text = JOB_STATUS_TEXT[record.status as JobStatus];
  const colors = toneColors(statusTone(text));
  const count = Number(record.assetCount);
  return {
    JobOrderId: record.id,
    JobNumber: record.jobNumber,
    BranchId: record.branchId,
    RaisedAt: record.raisedAt.toISOString(),
    RaisedOnTxt: record.raisedOn,
    JobTypeCode: record.jobType,
    Priority: record.priority as JobPriority,
    AssetSummary: count > 1 ? `${record.firstAsset} +${count - 1}` : (record.firstAsset ?? ''),
    AssetCount: count,
    Problem: record.problem,
    AssigneeName: record.assigneeName,
    CoverageCode: record.coverage,
    DueDate: record.dueDate,
    StatusTxt: text,
    StatusCode: record.status,
    StatusBgColor: colors.background,
    StatusTextColor: colors.text,
    ResponseBreached: Boolean(record.responseBreached),
    ResolutionBreached: Boolean(record.resolutionBreached),
    AllowedSteps: allowedSteps(access, userId, record),
  };
}

const LIST: SqlList = {
  columns: {
    JobNumber: requiredTextColumn(sql`j.job_number`),
    RaisedAt: {
      sort: sql`j.raised_at`,
      search: (word) => (/^[\d-]+$/.test(word) ? contains(RAISED_ON, word) : null),
    },
    // The row carries the code (the screens word it), so the code is what is searched and sorted.
    JobTypeCode: textColumn(sql`j.job_type`),
    Priority: textColumn(sql`j.priority`),
    AssetSummary: {
      sort: sortText(sql`coalesce(${FIRST_ASSET}, '')`),
      search: (word) =>
        sql<SqlBool>`exists (select 1 from job_order_assets ja join assets a on a.id = ja.asset_id
          where ja.job_order_id = j.id and (${contains(sql`a.tag`, word)} or ${contains(sql`a.name`, word)}))`,
    },
    AssigneeName: {
      sort: sortText(sql`coalesce(${ASSIGNEE}, '')`),
      search: (word) =>
        sql<SqlBool>`(${contains(sql`coalesce(j.engineer_name, '')`, word)}
          or j.vendor_id = any(array(select id from vendors where ${contains(sql`name`, word)}))
          or j.assignee_staff_id = any(array(select id from staff where ${contains(sql`name`, word)})))`,
    },
    CoverageCode: textColumn(sql`j.coverage`),
    StatusTxt: closedColumn(sql`j.status`, JOB_STATUS_TEXT),
    AssetCount: numberColumn(ASSET_COUNT),
  },
  filters: {
    StatusCode: (value) => sql<SqlBool>`j.status = ${String(value)}`,
    JobTypeCode: (value) => sql<SqlBool>`j.job_type = ${String(value)}`,
    Priority: (value) => sql<SqlBool>`j.priority = ${String(value)}`,
    CoverageCode: (value) => sql<SqlBool>`j.coverage = ${String(value)}`,
    Open: (value) =>
      value === true || value === 'true' ? JOB_OPEN : sql<SqlBool>`not ${JOB_OPEN}`,
    Breached: (value) =>
      value === true || value === 'true'
        ? sql<SqlBool>`(${RESPONSE_BREACHED} or ${RESOLUTION_BREACHED})`
        : sql<SqlBool>`not (${RESPONSE_BREACHED} or ${RESOLUTION_BREACHED})`,
    Asset: (value) =>
      sql<SqlBool>`exists (select 1 from job_order_assets ja where ja.job_order_id = j.id and ja.asset_id = ${Number(value) || 0})`,
    Due: (value) =>
      value === 'SOON' || value === 'OVERDUE'
        ? scheduledDue(value, indianDate(new Date()))
        : sql<SqlBool>`false`,
  },
  order: [{ by: sql`j.raised_at`, desc: true }],
  key: sql`j.id`,
};

export function jobOrderList(
  db: Db,
  access: Access,
  userId: number,
  branch: { id: number; code: string },
  request: CallRequest<'jobOrderLists'>,
) {
  return queryListPayload(db, request, {
    rows: () => rowQuery(db).where('j.branchId', '=', branch.id),
    count: () => db.selectFrom('jobOrders as j').where('j.branchId', '=', branch.id),
    key: 'j.id',
    list: LIST,
    headers: HEADERS,
    toRow: (record) => toRow(record, access, userId),
    itemKey: 'JobOrderId',
    canDownload: access.can(MODULE, 'download'),
    excelFileName: `JobOrders_${branch.code}`,
  });
}

export function jobRowQuery(db: Db) {
  return rowQuery(db);
}
