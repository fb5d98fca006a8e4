import { statusTone, toneColors } from '@branch-assets/domain';
import type {
  AssetAuditRow,
  AuditState,
  CallRequest,
  TableHeader,
} from '@branch-assets/legacy-contract';
import { type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { userNameOf } from '../db/name-by-id.ts';
import { ACTIONS_HEADER } from '../shared/list-payload.ts';
import { queryListPayload } from '../shared/query-list.ts';
import {
  closedColumn,
  contains,
  numberColumn,
  requiredTextColumn,
  type SqlList,
  textColumn,
} from '../shared/sql-page.ts';

export const MODULE = 'asset_audit';

export const AUDIT_STATUS_TEXT: Record<AuditState, string> = {
  IN_PROGRESS: 'In Progress',
  SUBMITTED: 'Waiting For Sign-off',
  SIGNED_OFF: 'Signed Off',
  CANCELLED: 'Cancelled',
};

/** Days ahead an open audit counts as due (the dashboard's tile, the list's Due filter). */
export const DUE_WITHIN_DAYS = 30;

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Audit No', value: 'AuditNumber' },
  { text: 'Location', value: 'LocationName' },
  { text: 'Due On', value: 'DueDate' },
  { text: 'Auditors', value: 'AuditorNames' },
  { text: 'Expected', value: 'ExpectedCount', align: 'end' },
  { text: 'Found', value: 'FoundCount', align: 'end' },
  { text: 'Wrong Location', value: 'WrongLocationCount', align: 'end' },
  { text: 'Missing', value: 'MissingCount', align: 'end' },
  { text: 'Unexpected', value: 'UnexpectedCount', align: 'end' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

const count = (where: string) =>
  sql<number>`(select count(*)::int from asset_audit_items i where i.audit_id = au.id and ${sql.raw(where)})`;
const EXPECTED = count('i.expected');
const FOUND = count(`i.outcome = 'FOUND'`);
const WRONG = count(`i.outcome = 'FOUND_WRONG_LOCATION'`);
const MISSING = count(`i.outcome = 'MISSING'`);
const UNEXPECTED = count(`i.outcome = 'UNEXPECTED'`);
const PENDING = count(`i.outcome = 'PENDING'`);
const UNRESOLVED = count(
  `i.outcome in ('FOUND_WRONG_LOCATION', 'MISSING', 'UNEXPECTED') and i.resolution is null`,
);
const AUDITORS = sql<string>`coalesce((select string_agg(s.name, ', ' order by s.name)
  from asset_audit_auditors x join users u on u.id = x.user_id join staff s on s.id = u.staff_id
  where x.audit_id = au.id), '')`;
const LOCATION = sql<string | null>`(select name from asset_locations where id = au.location_id)`;

function rowQuery(db: Db) {
  return db
    .selectFrom('assetAudits as au')
    .innerJoin('branches as b', 'b.id', 'au.branchId')
    .select([
      'au.id',
      'au.auditNumber',
      'au.branchId',
      'b.code as branchCode',
      'au.locationId',
      LOCATION.as('locationName'),
      'au.dueDate',
      'au.startedAt',
      AUDITORS.as('auditorNames'),
      EXPECTED.as('expectedCount'),
      FOUND.as('foundCount'),
      WRONG.as('wrongLocationCount'),
      MISSING.as('missingCount'),
      UNEXPECTED.as('unexpectedCount'),
      PENDING.as('pendingCount'),
      UNRESOLVED.as('unresolvedCount'),
      userNameOf('au.signed_off_by').as('signedOffByName'),
      'au.signedOffAt',
      'au.status',
    ]);
}

export function auditRowQuery(db: Db) {
  return rowQuery(db);
}

export type StoredAudit = Awaited<
  ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>
>;

/** The audit's auditors' user ids, asked once for a page of rows. */
export async function auditorsOf(db: Db, auditIds: readonly number[]) {
  if (auditIds.length === 0) return new Map<number, Set<number>>();
  const rows = await db
    .selectFrom('assetAuditAuditors')
    .select(['auditId', 'userId'])
    .where('auditId', 'in', [...auditIds])
    .execute();
  const map = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = map.get(row.auditId) ?? new Set<number>();
    set.add(row.userId);
    map.set(row.auditId, set);
  }
  return map;
}

/**
 * Who may count: one of the audit's auditors, or a user with the module's edit grant (a branch
 * manager standing in for an auditor who is away), in the audit's branch.
 */
export function mayCount(access: Access, userId: number, branchId: number, auditors: Set<number>) {
  if (!access.worksIn(branchId)) return false;
  return auditors.has(userId) || access.can(MODULE, 'edit');
}

export function toRow(
  record: StoredAudit,
  access: Access,
  userId: number,
  auditors: Set<number>,
): AssetAuditRow {
  const status = record.status as AuditState;
  const text = AUDIT_STATUS_TEXT[status];
  const colors = toneColors(statusTone(text));
  const counts = mayCount(access, userId, record.branchId, auditors);
  const approves = access.worksIn(record.branchId) && access.can(MODULE, 'approve');
  const unresolved = Number(record.unresolvedCount);
  return {
    AssetAuditId: record.id,
    AuditNumber: record.auditNumber,
    BranchId: record.branchId,
    BranchCode: record.branchCode,
    LocationId: record.locationId,
    LocationName: record.locationName,
    DueDate: record.dueDate,
    StartedAt: record.startedAt.toISOString(),
    AuditorNames: record.auditorNames,
    ExpectedCount: Number(record.expectedCount),
    FoundCount: Number(record.foundCount),
    WrongLocationCount: Number(record.wrongLocationCount),
    MissingCount: Number(record.missingCount),
    UnexpectedCount: Number(record.unexpectedCount),
    PendingCount: Number(record.pendingCount),
    UnresolvedCount: unresolved,
    SignedOffByName: record.signedOffByName,
    SignedOffAt: record.signedOffAt?.toISOString() ?? null,
    StatusTxt: text,
    StatusCode: status,
    StatusBgColor: colors.background,
    StatusTextColor: colors.text,
    ScanFlag: status === 'IN_PROGRESS' && counts,
    SubmitFlag: status === 'IN_PROGRESS' && counts,
    ResolveFlag: status === 'SUBMITTED' && approves && unresolved > 0,
    SignOffFlag: status === 'SUBMITTED' && approves && unresolved === 0,
    CancelFlag:
      (status === 'IN_PROGRESS' || status === 'SUBMITTED') &&
      access.worksIn(record.branchId) &&
      access.can(MODULE, 'edit'),
  };
}

/** Open (not signed off or cancelled) and due within DUE_WITHIN_DAYS of today, or past. */
export function dueCondition(today: string) {
  return sql<SqlBool>`(au.status in ('IN_PROGRESS', 'SUBMITTED') and au.due_date <= ${today}::date + ${DUE_WITHIN_DAYS}::int)`;
}

function list(today: string): SqlList {
  return {
    columns: {
      AuditNumber: requiredTextColumn(sql`au.audit_number`),
      LocationName: textColumn(sql`coalesce(${LOCATION}, '')`),
      DueDate: {
        sort: sql`au.due_date`,
        search: (word) => (/^[\d-]+$/.test(word) ? contains(sql`au.due_date::text`, word) : null),
      },
      AuditorNames: textColumn(AUDITORS),
      ExpectedCount: numberColumn(EXPECTED),
      FoundCount: numberColumn(FOUND),
      WrongLocationCount: numberColumn(WRONG),
      MissingCount: numberColumn(MISSING),
      UnexpectedCount: numberColumn(UNEXPECTED),
      StatusTxt: closedColumn(sql`au.status`, AUDIT_STATUS_TEXT),
    },
    filters: {
      StatusCode: (value) => sql<SqlBool>`au.status = ${String(value)}`,
      Open: (value) =>
        value === true || value === 'true'
          ? sql<SqlBool>`au.status in ('IN_PROGRESS', 'SUBMITTED')`
          : sql<SqlBool>`au.status in ('SIGNED_OFF', 'CANCELLED')`,
      Due: (value) =>
        value === true || value === 'true'
          ? dueCondition(today)
          : sql<SqlBool>`not ${dueCondition(today)}`,
    },
    order: [{ by: sql`au.started_at`, desc: true }],
    key: sql`au.id`,
  };
}

export async function auditList(
  db: Db,
  access: Access,
  userId: number,
  branch: { id: number; code: string },
  request: CallRequest<'assetAuditLists'>,
  today: string,
) {
  // The auditors of every audit of the branch: a branch has tens of audits a year, not thousands.
  const auditors = await auditorsOf(
    db,
    (
      await db.selectFrom('assetAudits').select('id').where('branchId', '=', branch.id).execute()
    ).map((row) => row.id),
  );
  return queryListPayload(db, request, {
    rows: () => rowQuery(db).where('au.branchId', '=', branch.id),
    count: () => db.selectFrom('assetAudits as au').where('au.branchId', '=', branch.id),
    key: 'au.id',
    list: list(today),
    headers: HEADERS,
    toRow: (record) => toRow(record, access, userId, auditors.get(record.id) ?? new Set()),
    itemKey: 'AssetAuditId',
    canDownload: access.can(MODULE, 'download'),
    excelFileName: `AssetAudits_${branch.code}`,
  });
}
