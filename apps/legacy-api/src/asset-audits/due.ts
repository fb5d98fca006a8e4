import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { dueCondition } from './list.ts';

/**
 * Audits due in the given branches (the branch manager's dashboard tile): not yet signed off and
 * not cancelled, whose due date is within the next 30 days of `today` (India's date,
 * 'YYYY-MM-DD') or already past.
 */
export async function auditsDue(
  db: Db,
  branchIds: readonly number[],
  today: string,
): Promise<number> {
  if (branchIds.length === 0) return 0;
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from asset_audits au
    where au.branch_id = any(${[...branchIds]}::int[]) and ${dueCondition(today)}`.execute(db);
  return rows[0]?.count ?? 0;
}
