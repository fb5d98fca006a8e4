import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';

/**
 * The vendor a request names (an installer, an assignee, a contract's or a receipt's vendor), by
 * its name and whether it is active; refused when there is none. Whether an inactive vendor may
 * still be named is the caller's rule.
 */
export async function namedVendor(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; active: boolean }> {
  const vendor = await db
    .selectFrom('vendors')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!vendor) throw new Refusal(`Vendor ${id} does not exist.`);
  return vendor;
}
