import type { AssetAuditDetail, AssetAuditItem } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { userNameOf } from '../db/name-by-id.ts';
import { fileUrl } from '../files/file-url.ts';
import { auditorsOf, auditRowQuery, toRow } from './list.ts';

export const NOT_FOUND = 'Asset audit not found.';

function itemQuery(db: Db) {
  return db
    .selectFrom('assetAuditItems as i')
    .leftJoin('assets as a', 'a.id', 'i.assetId')
    .leftJoin('branches as ab', 'ab.id', 'a.branchId')
    .innerJoin('assetAudits as au', 'au.id', 'i.auditId')
    .select([
      'i.id',
      'i.assetId',
      'a.tag',
      'a.name',
      sql<string | null>`case when a.branch_id <> au.branch_id then ab.code end`.as('otherBranch'),
      'i.expected',
      'i.expectedLocationId',
      sql<string | null>`(select name from asset_locations where id = i.expected_location_id)`.as(
        'expectedName',
      ),
      'i.outcome',
      'i.foundLocationId',
      sql<string | null>`(select name from asset_locations where id = i.found_location_id)`.as(
        'foundName',
      ),
      'i.scannedCode',
      'i.condition',
      'i.remarks',
      'i.photoPath',
      userNameOf('i.scanned_by').as('scannedByName'),
      'i.scannedAt',
      sql<number>`(select count(*)::int from asset_audit_scans s where s.item_id = i.id and s.result = 'ALREADY_COUNTED')`.as(
        'repeats',
      ),
      'i.resolution',
      'i.resolutionNote',
      userNameOf('i.resolved_by').as('resolvedByName'),
      'i.resolvedAt',
      'i.transferId',
    ]);
}

type StoredItem = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

function toItem(item: StoredItem): AssetAuditItem {
  return {
    ItemId: item.id,
    AssetId: item.assetId,
    AssetTag: item.tag,
    AssetName: item.name,
    AssetBranchCode: item.otherBranch,
    Expected: item.expected,
    ExpectedLocationId: item.expectedLocationId,
    ExpectedLocationName: item.expectedName,
    Outcome: item.outcome,
    FoundLocationId: item.foundLocationId,
    FoundLocationName: item.foundName,
    ScannedCode: item.scannedCode,
    Condition: item.condition,
    Remarks: item.remarks,
    PhotoUrl: fileUrl(item.photoPath),
    ScannedByName: item.scannedByName,
    ScannedAt: item.scannedAt?.toISOString() ?? null,
    RepeatScans: Number(item.repeats),
    Resolution: item.resolution,
    ResolutionNote: item.resolutionNote,
    ResolvedByName: item.resolvedByName,
    ResolvedAt: item.resolvedAt?.toISOString() ?? null,
    TransferId: item.transferId,
  };
}

export async function auditItem(db: Db, itemId: number): Promise<AssetAuditItem> {
  return toItem(await itemQuery(db).where('i.id', '=', itemId).executeTakeFirstOrThrow());
}

/** One audit's row as the list shows it, or undefined when it is not one of the user's branches. */
export async function auditRow(db: Db, access: Access, userId: number, id: number) {
  const record = await auditRowQuery(db).where('au.id', '=', id).executeTakeFirst();
  if (!record || !access.worksIn(record.branchId)) return undefined;
  const auditors = await auditorsOf(db, [id]);
  return toRow(record, access, userId, auditors.get(id) ?? new Set());
}

/**
 * One audit with everything: its items in the order a report reads them — differences first
 * (wrong location, missing, unexpected), then those still to find, then the found, each by tag.
 */
export async function auditDetail(
  db: Db,
  access: Access,
  userId: number,
  id: number,
): Promise<AssetAuditDetail | undefined> {
  const row = await auditRow(db, access, userId, id);
  if (!row) return undefined;
  const [audit, auditors, items] = await Promise.all([
    db
      .selectFrom('assetAudits as au')
      .innerJoin('branches as b', 'b.id', 'au.branchId')
      .innerJoin('companies as c', 'c.id', 'b.companyId')
      .select([
        'b.name as branchName',
        'c.name as companyName',
        'c.legalName',
        'c.address',
        'c.gstin',
        'c.pan',
        'c.logoPath',
        'au.remarks',
        userNameOf('au.started_by').as('startedByName'),
        userNameOf('au.submitted_by').as('submittedByName'),
        'au.submittedAt',
        'au.signOffRemarks',
        'au.cancelReason',
      ])
      .where('au.id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('assetAuditAuditors as x')
      .innerJoin('users as u', 'u.id', 'x.userId')
      .innerJoin('staff as s', 's.id', 'u.staffId')
      .select(['x.userId', 's.name'])
      .where('x.auditId', '=', id)
      .orderBy('s.name')
      .execute(),
    itemQuery(db)
      .where('i.auditId', '=', id)
      .orderBy(
        sql`case i.outcome when 'FOUND_WRONG_LOCATION' then 0 when 'MISSING' then 1 when 'UNEXPECTED' then 2 when 'PENDING' then 3 else 4 end`,
      )
      .orderBy(sql`coalesce(a.tag, i.scanned_code)`)
      .execute(),
  ]);
  return {
    ...row,
    BranchName: audit.branchName,
    Company: {
      Name: audit.companyName,
      LegalName: audit.legalName,
      Address: audit.address,
      Gstin: audit.gstin,
      Pan: audit.pan,
      LogoPath: audit.logoPath,
    },
    Remarks: audit.remarks,
    StartedByName: audit.startedByName,
    SubmittedByName: audit.submittedByName,
    SubmittedAt: audit.submittedAt?.toISOString() ?? null,
    SignOffRemarks: audit.signOffRemarks,
    CancelReason: audit.cancelReason,
    Auditors: auditors.map((auditor) => ({ UserId: auditor.userId, Name: auditor.name })),
    Items: items.map(toItem),
  };
}
