import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  entity: string;
  entityId: number;
  action: string;
  /** Null for what the product does by itself (the preventive scheduler). */
  userId: number | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
  branchId?: number | null;
  details?: Record<string, unknown>;
  at?: Date;
}

/** Written with the change it records, in the same transaction. */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      userId: entry.userId,
      fromStatus: entry.fromStatus ?? null,
      toStatus: entry.toStatus ?? null,
      reason: entry.reason ?? null,
      branchId: entry.branchId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ...(entry.at ? { at: entry.at } : {}),
    })
    .execute();
}
