import { sql } from 'kysely';
import type { Trx } from './demo/shared.ts';

/*
 * The demo's and SEED_SCALE's register condemns a few old assets by a status event, as a register
 * kept before the condemnation workflow would have; the workflow keeps a condemnation row for every
 * condemned asset (assets/disposal.ts), which disposing of it reads. This writes that row from the
 * asset's last event that condemned it: its date, reason and user.
 */
export async function recordEarlierCondemnations(trx: Trx): Promise<number> {
  const { numAffectedRows } = await sql`insert into asset_disposals (asset_id, branch_id,
      previous_status, condemned_on, reason, condition, committee_remarks, condemned_by, condemned_at)
    select a.id, a.branch_id, coalesce(e.changes -> 'AssetStatus' ->> 0, 'OUT_OF_ORDER'),
      (e.at at time zone 'Asia/Kolkata')::date, coalesce(e.reason, 'Condemned'), a.condition,
      'Condemned before the committee''s decisions were recorded here.',
      coalesce(e.user_id, (select u.id from users u join roles r on r.id = u.role_id
        where r.code = 'admin' order by u.id limit 1)), e.at
    from assets a
    join lateral (select e.changes, e.at, e.reason, e.user_id from asset_events e
      where e.asset_id = a.id and e.changes -> 'AssetStatus' ->> 1 = 'CONDEMNED'
      order by e.id desc limit 1) e on true
    where a.asset_status = 'CONDEMNED'
      and not exists (select 1 from asset_disposals d where d.asset_id = a.id)`.execute(trx);
  return Number(numAffectedRows ?? 0);
}
