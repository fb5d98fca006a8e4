import { financialYear } from '@branch-assets/domain';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { MODULE } from './rows.ts';
import { changesBetween, type OrderSnapshot, snapshotOf } from './versions.ts';
import { NOT_YOUR_BRANCH, ORDER_NOT_FOUND } from './write.ts';

/*
 * Submitting a draft for verification. Its first submission gives it its number, the next of its
 * billed branch's financial year: under a transaction-scoped advisory lock per branch, so that two
 * submissions at once take turns (the second reads the first's number once it has committed), and
 * the unique (branch, year, sequence) key stands behind it. A later submission (after a rejection)
 * keeps the number. Each submission is kept as a version with what changed since the one before.
 */

/** The lock's first key for each numbered document (the second is the branch). */
const NUMBERING_LOCKS = {
  purchase_orders: 0x504e,
  goods_receipt_notes: 0x504e + 1,
  asset_installations: 0x504e + 2,
  asset_transfers: 0x504e + 3,
  job_orders: 0x504e + 4,
  asset_audits: 0x504e + 5,
} as const;

export async function nextSequence(
  trx: Db,
  table: keyof typeof NUMBERING_LOCKS,
  column: 'billed_branch_id' | 'branch_id' | 'from_branch_id',
  branchId: number,
  fy: string,
): Promise<number> {
  const lockSpace = NUMBERING_LOCKS[table];
  await sql`select pg_advisory_xact_lock(${lockSpace}::int, ${branchId}::int)`.execute(trx);
  const { rows } = await sql<{ next: number }>`
    select coalesce(max(sequence), 0)::int + 1 as next from ${sql.table(table)}
    where ${sql.ref(column)} = ${branchId} and financial_year = ${fy}`.execute(trx);
  return rows[0]?.next ?? 1;
}

export function documentNumber(prefix: string, branchCode: string, fy: string, sequence: number) {
  return `${prefix}/${branchCode}/${fy}/${String(sequence).padStart(4, '0')}`;
}

export async function submitOrder(
  db: Db,
  access: Access,
  userId: number,
  key: { id: number; billedBranchId: number },
): Promise<number> {
  if (!access.can(MODULE, 'create') && !access.can(MODULE, 'edit'))
    throw new Refusal('Your role may not write purchase orders.');
  if (!access.worksIn(key.billedBranchId)) throw new Refusal(NOT_YOUR_BRANCH);
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('purchaseOrders as po')
      .innerJoin('branches as b', 'b.id', 'po.billedBranchId')
      .select(['po.id', 'po.status', 'po.poNumber', 'po.poDate', 'b.code', 'po.billedBranchId'])
      .where('po.id', '=', key.id)
      .where('po.billedBranchId', '=', key.billedBranchId)
      .forUpdate('po')
      .executeTakeFirst();
    if (!order) throw new Refusal(ORDER_NOT_FOUND);
    if (order.status !== 'draft') throw new Refusal('Only a draft can be submitted.');
    const at = new Date();
    let number = order.poNumber;
    if (number === null) {
      const fy = financialYear(order.poDate);
      const sequence = await nextSequence(
        trx,
        'purchase_orders',
        'billed_branch_id',
        order.billedBranchId,
        fy,
      );
      number = documentNumber('PO', order.code, fy, sequence);
      await trx
        .updateTable('purchaseOrders')
        .set({ poNumber: number, financialYear: fy, sequence })
        .where('id', '=', order.id)
        .execute();
    }
    const previous = await trx
      .selectFrom('purchaseOrderVersions')
      .select(['version', 'snapshot'])
      .where('purchaseOrderId', '=', order.id)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    const version = (previous?.version ?? 0) + 1;
    const snapshot = await snapshotOf(trx, order.id);
    const changes = previous ? changesBetween(previous.snapshot as OrderSnapshot, snapshot) : [];
    await trx
      .insertInto('purchaseOrderVersions')
      .values({
        purchaseOrderId: order.id,
        version,
        snapshot: JSON.stringify(snapshot),
        changes: JSON.stringify(changes),
        submittedBy: userId,
        submittedAt: at,
      })
      .execute();
    await trx
      .updateTable('purchaseOrders')
      .set({ status: 'pending', version, submittedBy: userId, submittedAt: at, updatedAt: at })
      .where('id', '=', order.id)
      .execute();
    await writeAudit(trx, {
      entity: 'purchase_order',
      entityId: order.id,
      action: version === 1 ? 'Submitted' : 'Resubmitted',
      fromStatus: 'draft',
      toStatus: 'pending',
      reason: changes.length > 0 ? changes.join('; ').slice(0, 500) : null,
      details: { version },
      userId,
      branchId: order.billedBranchId,
      at,
    });
    return order.id;
  });
}
