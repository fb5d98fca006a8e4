import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';

/** A branch as refusals name it: 'CHN-ANN - Chennai Anna Nagar' (its id when it does not exist). */
export async function branchLabel(db: Db, id: number): Promise<string> {
  const branch = await db
    .selectFrom('branches')
    .select(['code', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return branch ? `${branch.code} - ${branch.name}` : String(id);
}

/** Refuses a branch the caller does not work in, naming it. */
export async function mustWorkIn(db: Db, access: Access, branchId: number): Promise<void> {
  if (!access.worksIn(branchId))
    throw new Refusal(`You do not work in branch ${await branchLabel(db, branchId)}.`);
}

/** The branch a request names, by its id and code (what numbers a record); refused when none. */
export async function namedBranch(db: Db, id: number): Promise<{ id: number; code: string }> {
  const branch = await db
    .selectFrom('branches')
    .select(['id', 'code'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!branch) throw new Refusal('Branch does not exist.');
  return branch;
}
