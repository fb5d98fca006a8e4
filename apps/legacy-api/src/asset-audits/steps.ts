import { financialYear, indianDate } from '@branch-assets/domain';
import type { AuditOutcome, CallRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { recordEvents } from '../installations/save.ts';
import { documentNumber, nextSequence } from '../purchase-orders/submit.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { NOT_FOUND } from './detail.ts';
import { AUDIT_STATUS_TEXT, MODULE, mayCount } from './list.ts';

/*
 * The steps of a physical audit (docs/workflows.md, "Physical audit"). Each runs in one
 * transaction that first locks the audit's row: a scan and a resolution take it shared (scans of
 * many phones run side by side), submit, sign-off and cancel take it exclusively, so no scan slips
 * in after the count was submitted and no sign-off passes while a resolution is being written.
 */

export const NOT_YOUR_BRANCH = 'You do not work in that branch.';
/** What an audit does not expect: assets on their way or out of the register. */
export const NOT_EXPECTED_STATUSES = ['IN_TRANSIT', 'CONDEMNED', 'DISPOSED'] as const;

type AuditRecord = {
  id: number;
  auditNumber: string;
  branchId: number;
  locationId: number | null;
  status: 'IN_PROGRESS' | 'SUBMITTED' | 'SIGNED_OFF' | 'CANCELLED';
};

async function lockAudit(
  trx: Db,
  access: Access,
  id: number,
  mode: 'share' | 'update',
): Promise<AuditRecord> {
  let query = trx
    .selectFrom('assetAudits')
    .select(['id', 'auditNumber', 'branchId', 'locationId', 'status'])
    .where('id', '=', id);
  query = mode === 'share' ? query.forShare() : query.forUpdate();
  const audit = await query.executeTakeFirst();
  if (!audit || !access.worksIn(audit.branchId)) throw new Refusal(NOT_FOUND);
  return audit;
}

async function auditorSet(trx: Db, auditId: number): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('assetAuditAuditors')
    .select('userId')
    .where('auditId', '=', auditId)
    .execute();
  return new Set(rows.map((row) => row.userId));
}

async function checkCounter(trx: Db, access: Access, userId: number, audit: AuditRecord) {
  if (!mayCount(access, userId, audit.branchId, await auditorSet(trx, audit.id)))
    throw new Refusal(`You are not an auditor of audit ${audit.auditNumber}.`);
}

function stillCounting(audit: AuditRecord) {
  if (audit.status !== 'IN_PROGRESS')
    throw new Refusal(
      `Audit ${audit.auditNumber} is no longer being counted (it is ${AUDIT_STATUS_TEXT[audit.status]}).`,
    );
}

/**
 * The active users who work in a branch (assigned to it, or of a role that works in all) and whose
 * role may open audits (the list grant): an auditor must be able to see the audit they count.
 */
export function usersOfBranch(db: Db, branchId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('staff as s', 's.id', 'u.staffId')
    .innerJoin('roles as r', 'r.id', 'u.roleId')
    .select(['u.id', 's.name', 'u.username'])
    .where('u.active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('roleGrants as g')
          .innerJoin('modules as m', 'm.id', 'g.moduleId')
          .innerJoin('actions as x', 'x.id', 'g.actionId')
          .whereRef('g.roleId', '=', 'u.roleId')
          .where('m.code', '=', MODULE)
          .where('x.code', '=', 'list'),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('r.allBranches', '=', true),
        eb.exists(
          eb
            .selectFrom('branchStaff as bs')
            .whereRef('bs.staffId', '=', 'u.staffId')
            .where('bs.branchId', '=', branchId),
        ),
      ]),
    );
}

async function checkLocation(trx: Db, branchId: number, locationId: number) {
  const location = await trx
    .selectFrom('assetLocations')
    .select(['id', 'branchId'])
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!location || location.branchId !== branchId)
    throw new Refusal('The location is not one of the branch.');
}

/** Starts an audit: its number, its auditors and the snapshot of what it expects to find. */
export async function startAudit(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetAuditStart'>,
): Promise<number> {
  if (!access.can(MODULE, 'create')) throw new Refusal('Your role may not start asset audits.');
  if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
  const today = indianDate(new Date());
  if (body.DueDate < today) throw new Refusal('The due date is in the past.');
  return db.transaction().execute(async (trx) => {
    const branch = await namedBranch(trx, body.Branch);
    if (body.Location !== undefined) await checkLocation(trx, branch.id, body.Location);
    const auditorIds = [...new Set(body.Auditors)];
    const workers = new Set(
      (await usersOfBranch(trx, branch.id).where('u.id', 'in', auditorIds).execute()).map(
        (user) => user.id,
      ),
    );
    const stranger = auditorIds.find((id) => !workers.has(id));
    if (stranger !== undefined)
      throw new Refusal(
        `Auditor ${stranger} does not work in the branch, or may not open its audits.`,
      );
    const fy = financialYear(today);
    // The numbering lock is per branch: it also serialises two starts of the same place.
    const sequence = await nextSequence(trx, 'asset_audits', 'branch_id', branch.id, fy);
    const open = await trx
      .selectFrom('assetAudits')
      .select('auditNumber')
      .where('branchId', '=', branch.id)
      .where(sql<boolean>`location_id is not distinct from ${body.Location ?? null}::int`)
      .where('status', 'in', ['IN_PROGRESS', 'SUBMITTED'])
      .executeTakeFirst();
    if (open) throw new Refusal(`Audit ${open.auditNumber} of the same place is still open.`);
    const number = documentNumber('AUD', branch.code, fy, sequence);
    const { id } = await trx
      .insertInto('assetAudits')
      .values({
        auditNumber: number,
        branchId: branch.id,
        locationId: body.Location ?? null,
        financialYear: fy,
        sequence,
        dueDate: body.DueDate,
        remarks: body.Remarks ?? null,
        startedBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('assetAuditAuditors')
      .values(auditorIds.map((auditor) => ({ auditId: id, userId: auditor })))
      .execute();
    const expected = await sql<{ count: number }>`
      with snapshot as (
        insert into asset_audit_items (audit_id, asset_id, expected, expected_location_id, outcome)
        select ${id}, a.id, true, a.location_id, 'PENDING' from assets a
        where a.branch_id = ${branch.id} and a.active
          and a.asset_status <> all(${[...NOT_EXPECTED_STATUSES]}::text[])
          and (${body.Location ?? null}::int is null or a.location_id = ${body.Location ?? null}::int)
        returning 1
      ) select count(*)::int as count from snapshot`.execute(trx);
    await writeAudit(trx, {
      entity: MODULE,
      entityId: id,
      action: 'started',
      userId,
      toStatus: 'IN_PROGRESS',
      branchId: branch.id,
      details: {
        number,
        location: body.Location ?? null,
        dueDate: body.DueDate,
        auditors: auditorIds,
        expected: expected.rows[0]?.count ?? 0,
      },
    });
    return id;
  });
}

/** The asset a scanned code names: a label's QR code (the asset page's address) or a tag. */
export function codeTarget(code: string): { id: number } | { tag: string } | null {
  const text = code.trim();
  if (text === '') return null;
  const page = /asset\/view\?(?:.*&)?id=([1-9]\d{0,9})(?:&|$)/.exec(text);
  if (page?.[1]) return { id: Number(page[1]) };
  return { tag: text };
}

export interface ScanOutcome {
  itemId: number;
  result: 'COUNTED' | 'ALREADY_COUNTED';
  replayed: boolean;
}

async function replayOf(trx: Db, auditId: number, scanId: string) {
  const scan = await trx
    .selectFrom('assetAuditScans')
    .select(['auditId', 'itemId', 'result'])
    .where('scanId', '=', scanId)
    .executeTakeFirst();
  if (!scan) return undefined;
  // A scan id is the phone's for one scan: the same id on another audit is a client's mistake.
  if (scan.auditId !== auditId || scan.itemId === null)
    throw new Refusal('That scan id was used for another scan.');
  return { itemId: scan.itemId, result: scan.result, replayed: true };
}

/**
 * Records one scan (or tick), exactly once per ScanId. The first scan of an asset to commit counts
 * it; another scan of it (another phone, the same phone again under a new id) is kept as
 * ALREADY_COUNTED and changes nothing — the first scan's location, condition and scanner stand.
 */
export async function recordScan(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetAuditScan'>,
): Promise<ScanOutcome> {
  return db.transaction().execute(async (trx) => {
    const audit = await lockAudit(trx, access, body.AssetAudit, 'share');
    // A replay answers as the first time, whatever happened since (even after submission).
    const earlier = await replayOf(trx, audit.id, body.ScanId);
    if (earlier) return earlier;
    stillCounting(audit);
    await checkCounter(trx, access, userId, audit);
    if (body.Location !== undefined) await checkLocation(trx, audit.branchId, body.Location);
    const standing = body.Location ?? audit.locationId;
    const scannedAt = body.ScannedAt ? new Date(body.ScannedAt) : new Date();
    // Claims the scan id first: the same id sent twice at once waits here for the first to commit.
    const claimed = await trx
      .insertInto('assetAuditScans')
      .values({
        scanId: body.ScanId,
        auditId: audit.id,
        userId,
        code: body.Code?.trim() || null,
        result: 'COUNTED',
        scannedAt,
      })
      .onConflict((oc) => oc.column('scanId').doNothing())
      .returning('scanId')
      .executeTakeFirst();
    if (!claimed) {
      const replay = await replayOf(trx, audit.id, body.ScanId);
      if (replay) return replay;
      throw new Refusal('That scan id was used for another scan.');
    }

    const target = body.Asset !== undefined ? { id: body.Asset } : codeTarget(body.Code ?? '');
    if (!target) throw new Refusal('Nothing was scanned.');
    const asset =
      'id' in target
        ? await trx
            .selectFrom('assets')
            .select(['id', 'tag'])
            .where('id', '=', target.id)
            .executeTakeFirst()
        : await trx
            .selectFrom('assets')
            .select(['id', 'tag'])
            .where(sql<boolean>`upper(tag) = upper(${target.tag})`)
            .executeTakeFirst();
    const found = {
      foundLocationId: standing,
      condition: body.Condition ?? null,
      remarks: body.Remarks ?? null,
      scannedBy: userId,
      scannedAt,
    };
    let outcome: { itemId: number; counted: boolean };
    if (asset) {
      const item = await trx
        .selectFrom('assetAuditItems')
        .select(['id', 'expected', 'expectedLocationId'])
        .where('auditId', '=', audit.id)
        .where('assetId', '=', asset.id)
        .executeTakeFirst();
      if (item?.expected) {
        const next: AuditOutcome =
          standing !== null && standing !== item.expectedLocationId
            ? 'FOUND_WRONG_LOCATION'
            : 'FOUND';
        // Counted only while still pending: of two phones at once, the second waits for the
        // first's row lock, then finds it counted and updates nothing.
        const counted = await trx
          .updateTable('assetAuditItems')
          .set({ outcome: next, ...found })
          .where('id', '=', item.id)
          .where('outcome', '=', 'PENDING')
          .returning('id')
          .executeTakeFirst();
        outcome = { itemId: item.id, counted: counted !== undefined };
      } else if (item) {
        outcome = { itemId: item.id, counted: false };
      } else {
        const inserted = await trx
          .insertInto('assetAuditItems')
          .values({
            auditId: audit.id,
            assetId: asset.id,
            expected: false,
            expectedLocationId: null,
            outcome: 'UNEXPECTED',
            scannedCode: body.Code?.trim() || asset.tag,
            ...found,
          })
          .onConflict((oc) => oc.columns(['auditId', 'assetId']).doNothing())
          .returning('id')
          .executeTakeFirst();
        const id =
          inserted?.id ??
          (
            await trx
              .selectFrom('assetAuditItems')
              .select('id')
              .where('auditId', '=', audit.id)
              .where('assetId', '=', asset.id)
              .executeTakeFirstOrThrow()
          ).id;
        outcome = { itemId: id, counted: inserted !== undefined };
      }
    } else {
      const code = (body.Code ?? '').trim();
      const { rows } = await sql<{ id: number }>`
        insert into asset_audit_items (audit_id, asset_id, expected, outcome, scanned_code,
          found_location_id, condition, remarks, scanned_by, scanned_at)
        values (${audit.id}, null, false, 'UNEXPECTED', ${code}, ${standing}, ${found.condition},
          ${found.remarks}, ${userId}, ${scannedAt})
        on conflict (audit_id, upper(scanned_code)) where asset_id is null do nothing
        returning id`.execute(trx);
      const id =
        rows[0]?.id ??
        (
          await trx
            .selectFrom('assetAuditItems')
            .select('id')
            .where('auditId', '=', audit.id)
            .where('assetId', 'is', null)
            .where(sql<boolean>`upper(scanned_code) = upper(${code})`)
            .executeTakeFirstOrThrow()
        ).id;
      outcome = { itemId: id, counted: rows.length > 0 };
    }
    const result = outcome.counted ? 'COUNTED' : 'ALREADY_COUNTED';
    await trx
      .updateTable('assetAuditScans')
      .set({ itemId: outcome.itemId, result })
      .where('scanId', '=', body.ScanId)
      .execute();
    return { itemId: outcome.itemId, result, replayed: false };
  });
}

/** Ends the count: every expected asset not found is missing. */
export async function submitAudit(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetAuditSubmit'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const audit = await lockAudit(trx, access, body.AssetAudit, 'update');
    stillCounting(audit);
    await checkCounter(trx, access, userId, audit);
    const missing = await trx
      .updateTable('assetAuditItems')
      .set({ outcome: 'MISSING' })
      .where('auditId', '=', audit.id)
      .where('outcome', '=', 'PENDING')
      .returning('id')
      .execute();
    await trx
      .updateTable('assetAudits')
      .set({ status: 'SUBMITTED', submittedBy: userId, submittedAt: new Date() })
      .where('id', '=', audit.id)
      .execute();
    await writeAudit(trx, {
      entity: MODULE,
      entityId: audit.id,
      action: 'submitted',
      userId,
      fromStatus: 'IN_PROGRESS',
      toStatus: 'SUBMITTED',
      branchId: audit.branchId,
      details: { number: audit.auditNumber, missing: missing.length },
    });
  });
}

function checkApprover(access: Access) {
  if (!access.can(MODULE, 'approve')) throw new Refusal('Your role may not sign off asset audits.');
}

const RESOLUTION_TEXT = {
  MOVE_LOCATION: 'Moving the asset to where it was found',
  TRANSFER: 'A transfer',
  CONDEMN: 'Condemnation',
  INVESTIGATE: 'An investigation',
} as const;

/** The branch manager's decision on one difference; a location move is made at once. */
export async function resolveDifference(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetAuditResolve'>,
): Promise<void> {
  checkApprover(access);
  await db.transaction().execute(async (trx) => {
    const audit = await lockAudit(trx, access, body.AssetAudit, 'share');
    if (audit.status !== 'SUBMITTED')
      throw new Refusal(
        `Audit ${audit.auditNumber} is not waiting for its differences to be resolved (it is ${AUDIT_STATUS_TEXT[audit.status]}).`,
      );
    const item = await trx
      .selectFrom('assetAuditItems as i')
      .leftJoin('assets as a', 'a.id', 'i.assetId')
      .select([
        'i.id',
        'i.assetId',
        'i.outcome',
        'i.resolution',
        'i.foundLocationId',
        'a.branchId',
        'a.locationId',
        'a.tag',
      ])
      .where('i.id', '=', body.Item)
      .where('i.auditId', '=', audit.id)
      .forUpdate('i')
      .executeTakeFirst();
    if (!item) throw new Refusal(NOT_FOUND);
    if (!['FOUND_WRONG_LOCATION', 'MISSING', 'UNEXPECTED'].includes(item.outcome))
      throw new Refusal('That item is not a difference.');
    if (item.resolution !== null) throw new Refusal('That difference is resolved already.');
    const what = item.tag ?? 'An unknown tag';
    const refuse = () =>
      new Refusal(`${what} cannot be resolved by ${RESOLUTION_TEXT[body.Resolution]}.`);
    let transferId: number | null = null;
    if (body.Resolution === 'MOVE_LOCATION') {
      if (
        item.assetId === null ||
        item.foundLocationId === null ||
        item.branchId !== audit.branchId ||
        item.outcome === 'MISSING'
      )
        throw refuse();
      const before = await trx
        .selectFrom('assets as a')
        .innerJoin('assetLocations as l', 'l.id', 'a.locationId')
        .select(['a.locationId', 'l.name'])
        .where('a.id', '=', item.assetId)
        .forUpdate('a')
        .executeTakeFirstOrThrow();
      const after = await trx
        .selectFrom('assetLocations')
        .select('name')
        .where('id', '=', item.foundLocationId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('assets')
        .set({ locationId: item.foundLocationId, updatedAt: new Date() })
        .where('id', '=', item.assetId)
        .execute();
      await recordEvents(trx, [item.assetId], {
        kind: 'AUDIT_LOCATION_CORRECTED',
        userId,
        reason: `${audit.auditNumber}: found in ${after.name}`,
        changes: () => ({ Location: [before.name, after.name] }),
      });
    } else if (body.Resolution === 'TRANSFER') {
      if (item.assetId === null) throw refuse();
      if (body.Transfer !== undefined) {
        const onTransfer = await trx
          .selectFrom('assetTransferItems')
          .select('transferId')
          .where('transferId', '=', body.Transfer)
          .where('assetId', '=', item.assetId)
          .executeTakeFirst();
        if (!onTransfer) throw new Refusal(`${what} is not on that transfer.`);
        transferId = body.Transfer;
      }
    } else if (body.Resolution === 'CONDEMN') {
      if (item.assetId === null || item.outcome !== 'MISSING' || item.branchId !== audit.branchId)
        throw refuse();
    }
    if (body.Resolution !== 'MOVE_LOCATION' && item.assetId !== null)
      await recordEvents(trx, [item.assetId], {
        kind: `AUDIT_${body.Resolution}`,
        userId,
        reason: `${audit.auditNumber}: ${body.Note ?? ''}`.slice(0, 500),
      });
    await trx
      .updateTable('assetAuditItems')
      .set({
        resolution: body.Resolution,
        resolutionNote: body.Note ?? null,
        resolvedBy: userId,
        resolvedAt: new Date(),
        transferId,
      })
      .where('id', '=', item.id)
      .execute();
    await writeAudit(trx, {
      entity: MODULE,
      entityId: audit.id,
      action: 'difference resolved',
      userId,
      reason: body.Note ?? null,
      branchId: audit.branchId,
      details: {
        number: audit.auditNumber,
        item: item.id,
        asset: item.assetId,
        outcome: item.outcome,
        resolution: body.Resolution,
        transfer: transferId,
      },
    });
  });
}

/**
 * Signs off a submitted audit whose differences are all resolved: the found assets' last audited
 * date is the sign-off's day in India, and a condition the auditor recorded becomes the asset's.
 */
export async function signOffAudit(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetAuditSignOff'>,
): Promise<void> {
  checkApprover(access);
  await db.transaction().execute(async (trx) => {
    const audit = await lockAudit(trx, access, body.AssetAudit, 'update');
    if (audit.status !== 'SUBMITTED')
      throw new Refusal(
        `Audit ${audit.auditNumber} is not waiting for sign-off (it is ${AUDIT_STATUS_TEXT[audit.status]}).`,
      );
    const unresolved = await trx
      .selectFrom('assetAuditItems')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('auditId', '=', audit.id)
      .where('outcome', 'in', ['FOUND_WRONG_LOCATION', 'MISSING', 'UNEXPECTED'])
      .where('resolution', 'is', null)
      .executeTakeFirstOrThrow();
    if (unresolved.count > 0)
      throw new Refusal(`${unresolved.count} differences are not resolved yet.`);
    const today = indianDate(new Date());
    const found = await trx
      .selectFrom('assetAuditItems as i')
      .innerJoin('assets as a', 'a.id', 'i.assetId')
      .select(['a.id', 'a.condition', 'a.lastAuditedOn', 'i.condition as counted'])
      .where('i.auditId', '=', audit.id)
      .where('i.outcome', 'in', ['FOUND', 'FOUND_WRONG_LOCATION'])
      .orderBy('a.id')
      .forUpdate('a')
      .execute();
    const ids = found.map((asset) => asset.id);
    if (ids.length > 0)
      await trx
        .updateTable('assets')
        .set({ lastAuditedOn: today, updatedAt: new Date() })
        .where('id', 'in', ids)
        .execute();
    const changedCondition = found.filter(
      (asset) => asset.counted !== null && asset.counted !== asset.condition,
    );
    for (const asset of changedCondition)
      await trx
        .updateTable('assets')
        .set({ condition: asset.counted ?? asset.condition })
        .where('id', '=', asset.id)
        .execute();
    const byId = new Map(found.map((asset) => [asset.id, asset]));
    await recordEvents(trx, ids, {
      kind: 'AUDITED',
      userId,
      reason: `${audit.auditNumber} signed off`,
      changes: (id) => {
        const asset = byId.get(id);
        const changes: Record<string, [unknown, unknown]> = {
          LastAuditedOn: [asset?.lastAuditedOn ?? null, today],
        };
        if (asset && asset.counted !== null && asset.counted !== asset.condition)
          changes.Condition = [asset.condition, asset.counted];
        return changes;
      },
    });
    await trx
      .updateTable('assetAudits')
      .set({
        status: 'SIGNED_OFF',
        signedOffBy: userId,
        signedOffAt: new Date(),
        signOffRemarks: body.Remarks ?? null,
      })
      .where('id', '=', audit.id)
      .execute();
    await writeAudit(trx, {
      entity: MODULE,
      entityId: audit.id,
      action: 'signed off',
      userId,
      fromStatus: 'SUBMITTED',
      toStatus: 'SIGNED_OFF',
      reason: body.Remarks ?? null,
      branchId: audit.branchId,
      details: { number: audit.auditNumber, audited: ids.length },
    });
  });
}

export async function cancelAudit(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetAuditCancel'>,
): Promise<void> {
  if (!access.can(MODULE, 'edit')) throw new Refusal('Your role may not cancel asset audits.');
  await db.transaction().execute(async (trx) => {
    const audit = await lockAudit(trx, access, body.AssetAudit, 'update');
    if (audit.status !== 'IN_PROGRESS' && audit.status !== 'SUBMITTED')
      throw new Refusal(
        `Audit ${audit.auditNumber} is ${AUDIT_STATUS_TEXT[audit.status]}: it can no longer be cancelled.`,
      );
    await trx
      .updateTable('assetAudits')
      .set({
        status: 'CANCELLED',
        cancelledBy: userId,
        cancelledAt: new Date(),
        cancelReason: body.Reason,
      })
      .where('id', '=', audit.id)
      .execute();
    await writeAudit(trx, {
      entity: MODULE,
      entityId: audit.id,
      action: 'cancelled',
      userId,
      fromStatus: audit.status,
      toStatus: 'CANCELLED',
      reason: body.Reason,
      branchId: audit.branchId,
      details: { number: audit.auditNumber },
    });
  });
}

/** Checks the caller may attach a photo to the item, with the audit's row locked. */
export async function lockItemForPhoto(
  trx: Db,
  access: Access,
  userId: number,
  auditId: number,
  itemId: number,
) {
  const audit = await lockAudit(trx, access, auditId, 'share');
  if (audit.status !== 'IN_PROGRESS' && audit.status !== 'SUBMITTED')
    throw new Refusal(
      `Audit ${audit.auditNumber} is ${AUDIT_STATUS_TEXT[audit.status]}: its photos stay as they are.`,
    );
  await checkCounter(trx, access, userId, audit);
  const item = await trx
    .selectFrom('assetAuditItems')
    .select('id')
    .where('id', '=', itemId)
    .where('auditId', '=', audit.id)
    .forUpdate()
    .executeTakeFirst();
  if (!item) throw new Refusal(NOT_FOUND);
  return audit;
}
