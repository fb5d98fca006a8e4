import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Staff (the query's `staff as s`) who belong to one of the branches: as their own branch, or
 * assigned to it. At least one branch.
 */
export function staffInBranches(branches: readonly number[]): RawBuilder<SqlBool> {
  const ids = sql.join(branches);
  return sql<SqlBool>`(s.branch_id in (${ids}) or exists (select 1 from branch_staff bs
    where bs.staff_id = s.id and bs.branch_id in (${ids})))`;
}
