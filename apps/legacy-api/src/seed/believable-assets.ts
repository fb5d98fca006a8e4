import { ASSET_STATUSES } from '@branch-assets/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The asset types a patient's life can hang on: the demo calls each of them High. */
export const LIFE_SUPPORT_TYPES = [
  'Ventilator',
  'Defibrillator',
  'Multipara Monitor',
  'Infusion Pump',
  'Syringe Pump',
  'Anaesthesia Workstation',
] as const;

/**
 * What would make a seeded asset register unbelievable (or wrong), one sentence per kind of
 * problem with how many assets have it and one of them (none when all is well), for the assets
 * whose id is above `afterId`. Checked in SQL, so it serves the demo and SEED_SCALE alike:
 * - references: every type, brand, vendor, order, location, custodian and creator exists; the
 *   location is one of the asset's branch; the custodian works there; the creator may create
 *   assets there; an order is a completed order billed or shipped to the branch, from the
 *   asset's vendor on its purchase date; every completed order has an asset for each unit;
 * - an asset a goods receive note made (procurement) is its line's: a note not cancelled, of a
 *   received (partly, fully, or closed short) order of the asset's vendor, its product, at the
 *   line's delivery branch, bought on the day received, the note's number its reference; each
 *   such line has an asset for each unit it accepted;
 * - tags `<branch code>-<6 digits>`, numbered in each branch from 1, without a gap but those of
 *   the assets of cancelled notes (their numbers are not given again), and the branch's counter
 *   at the last; serial numbers unique in a brand, whatever their case;
 * - statuses from the closed list; a CREATED event (In stock or In use, or the note that received
 *   it, which leaves it In stock) at the asset's creation, status changes with reasons, the
 *   timeline ending in the current status, each Out-of-order mark in the audit log; in use with a
 *   put-to-use date, in stock in the store without one;
 * - dates in order and none in the future; a cost and a useful life (a note gives none: the
 *   branch adds it later); life-support equipment High.
 */
export async function unbelievableAssets(db: Db, afterId = 0, now = new Date()): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone 'Asia/Kolkata')::date`;
  const { rows } = await sql<{ problem: string; count: number; example: string | null }>`
    with a as (select * from assets where id > ${afterId}),
    -- Where an asset was registered: a transfer moves it and keeps its tag (docs/workflows.md).
    home as (
      select a.id, coalesce((select t.from_branch_id from asset_transfer_items ti
          join asset_transfers t on t.id = ti.transfer_id
          where ti.asset_id = a.id and ti.outcome in ('RECEIVED', 'DAMAGED')
          order by t.requested_at limit 1), a.branch_id) as branch_id
      from a
    ),
    created as (
      select e.asset_id, count(*) as count, min(e.at) as at, min(e.changes::text) as changes
      from asset_events e join a on a.id = e.asset_id
      where e.kind = 'CREATED' group by e.asset_id
    ),
    latest as (
      select distinct on (e.asset_id) e.asset_id, e.changes -> 'AssetStatus' ->> 1 as status
      from asset_events e join a on a.id = e.asset_id
      where e.changes ? 'AssetStatus'
      order by e.asset_id, e.at desc, e.id desc
    ),
    received as (
      select gl.id, gl.accepted, n.status as note_status, n.grn_number, n.received_date,
        l.asset_type_id, l.brand_id, po.id as order_id, po.status as order_status, po.vendor_id,
        coalesce(l.delivery_branch_id, po.shipped_branch_id) as delivery_branch_id
      from goods_receipt_lines gl
      join goods_receipt_notes n on n.id = gl.note_id
      join purchase_order_lines l on l.id = gl.purchase_order_line_id
      join purchase_orders po on po.id = l.purchase_order_id
    ),
    -- The tags of the assets of cancelled notes: deleted with their note, never given again.
    withdrawn as (
      select b.code as prefix, sum(r.accepted)::int as count
      from received r join branches b on b.id = r.delivery_branch_id
      where r.note_status = 'CANCELLED' and r.asset_type_id is not null
      group by b.code
    ),
    problems (problem, tag) as (
      select 'a reference that does not exist', a.tag from a
        where not exists (select 1 from asset_types t where t.id = a.asset_type_id)
          or not exists (select 1 from brands b where b.id = a.brand_id)
          or not exists (select 1 from branches b where b.id = a.branch_id)
          or (a.vendor_id is not null and not exists (select 1 from vendors v where v.id = a.vendor_id))
          or (a.created_by is not null and not exists (select 1 from users u where u.id = a.created_by))
          or (a.purchase_order_id is not null
            and not exists (select 1 from purchase_orders po where po.id = a.purchase_order_id))
      union all
      select 'a location of another branch', a.tag from a
        left join asset_locations l on l.id = a.location_id
        where l.branch_id is distinct from a.branch_id
      union all
      select 'a custodian who does not work in the branch', a.tag from a
        where a.custodian_id is not null and not exists (select 1 from staff s
          where s.id = a.custodian_id and (s.branch_id = a.branch_id or exists (select 1
            from branch_staff bs where bs.staff_id = s.id and bs.branch_id = a.branch_id)))
      union all
      select 'created by a user who may not create assets in the branch', a.tag from a
        join home h on h.id = a.id
        where not exists (select 1 from users u
          join role_grants g on g.role_id = u.role_id
          join modules m on m.id = g.module_id and m.code = 'asset'
          join actions x on x.id = g.action_id and x.code = 'create'
          join branch_staff bs on bs.staff_id = u.staff_id and bs.branch_id = h.branch_id
          where u.id = a.created_by)
      union all
      select 'an order that is not a completed order of the branch from its vendor', a.tag from a
        join purchase_orders po on po.id = a.purchase_order_id
        where a.goods_receipt_line_id is null and (po.status <> 'completed'
          or a.branch_id not in (po.billed_branch_id, po.shipped_branch_id)
          or a.vendor_id is distinct from po.vendor_id or a.purchase_date <> po.po_date
          or not exists (select 1 from purchase_order_lines l where l.purchase_order_id = po.id
            and l.asset_type_id = a.asset_type_id and l.brand_id = a.brand_id))
      union all
      select 'a received asset that is not what its goods receipt line received', a.tag from a
        join received r on r.id = a.goods_receipt_line_id
        where r.note_status <> 'RECEIVED'
          or r.order_status not in ('partially_received', 'received', 'closed')
          or a.purchase_order_id is distinct from r.order_id
          or a.branch_id <> r.delivery_branch_id or a.vendor_id is distinct from r.vendor_id
          or a.asset_type_id is distinct from r.asset_type_id or a.brand_id is distinct from r.brand_id
          or a.purchase_date <> r.received_date
          or a.purchase_reference is distinct from r.grn_number
      union all
      select 'a goods receipt line with more or fewer assets than it accepted', min(r.grn_number)
        from received r
        where r.asset_type_id is not null
          and (case when r.note_status = 'RECEIVED' then r.accepted else 0 end)
            <> (select count(*) from assets x where x.goods_receipt_line_id = r.id)
        group by r.id
      union all
      select 'an ordered product with more or fewer assets than units', min(po.po_number)
        from purchase_order_lines l
        join purchase_orders po on po.id = l.purchase_order_id
        where po.status = 'completed'
          and l.quantity <> (select count(*) from assets x where x.purchase_order_id = po.id
            and x.asset_type_id = l.asset_type_id and x.brand_id = l.brand_id)
        group by l.id
      union all
      select 'a tag that is not its branch code and six digits', a.tag from a
        join home h on h.id = a.id
        join branches b on b.id = h.branch_id
        where a.tag !~ '^[A-Z]{3}-[A-Z]{2,3}-[0-9]{6}$' or left(a.tag, length(b.code) + 1) <> b.code || '-'
      union all
      select 'a branch whose numbers have a gap or repeat', min(x.prefix) from (
          select left(tag, length(tag) - 7) as prefix, right(tag, 6)::int as number from assets
        ) as x left join withdrawn w on w.prefix = x.prefix
        group by x.prefix
        having count(*) + coalesce(min(w.count), 0) <> max(x.number)
          or count(distinct x.number) <> count(*)
      union all
      select 'a branch whose counter is not at its last number', x.prefix from (
          select left(tag, length(tag) - 7) as prefix, max(right(tag, 6)::int) as last from assets
          group by 1) as x
        left join asset_tag_counters c on c.prefix = x.prefix
        where c.last_number is distinct from x.last
      union all
      select 'a serial number twice in a brand', min(tag) from assets
        where serial_number is not null group by brand_id, lower(trim(serial_number))
        having count(*) > 1
      union all
      select 'a status outside the closed list', a.tag from a
        where a.asset_status <> all(array[${sql.join([...ASSET_STATUSES])}]::text[])
      union all
      select 'no single CREATED event, In stock or In use, when it was created', a.tag from a
        left join created c on c.asset_id = a.id
        where c.count is distinct from 1 or c.at <> a.created_at
          or c.changes not in ('{"AssetStatus": [null, "IN_USE"]}', '{"AssetStatus": [null, "IN_STOCK"]}',
            jsonb_build_object('AssetStatus', jsonb_build_array(null, 'IN_STOCK'),
              'goodsReceiptNote', jsonb_build_array(null, a.purchase_reference))::text)
          or (c.changes not like '{"AssetStatus"%' and a.goods_receipt_line_id is null)
      union all
      select 'a timeline that does not end in its status', a.tag from a
        left join latest l on l.asset_id = a.id
        where coalesce(l.status, case when a.goods_receipt_line_id is not null then 'IN_STOCK' end)
          is distinct from a.asset_status
      union all
      select 'a status change without a reason, or before the asset was created', a.tag from a
        join asset_events e on e.asset_id = a.id
        where e.kind = 'STATUS' and (e.reason is null or e.at < a.created_at)
      union all
      select 'an Out-of-order mark missing from the audit log', a.tag from a
        join asset_events e on e.asset_id = a.id
        where e.kind = 'STATUS' and e.changes -> 'AssetStatus' ->> 1 = 'OUT_OF_ORDER'
          and not exists (select 1 from audit_log l where l.entity = 'asset'
            and l.entity_id = a.id and l.action = 'out_of_order' and l.at = e.at)
      union all
      select 'in use without a put-to-use date', a.tag from a
        where a.asset_status <> 'IN_STOCK' and a.put_to_use_date is null
      union all
      select 'in stock but installed, or not in the store', a.tag from a
        join asset_locations l on l.id = a.location_id
        where a.asset_status = 'IN_STOCK' and (a.put_to_use_date is not null or l.name <> 'Store')
      union all
      select 'dates out of order', a.tag from a
        where a.put_to_use_date < a.purchase_date or a.warranty_start < a.purchase_date
          or a.warranty_end < a.warranty_start or a.updated_at < a.created_at
          or (a.warranty_end is null) <> (a.warranty_start is null)
      union all
      select 'a date or moment in the future', a.tag from a
        where a.purchase_date > ${today} or a.put_to_use_date > ${today}
          or a.created_at >= ${at} or a.updated_at >= ${at}
          or exists (select 1 from asset_events e where e.asset_id = a.id and e.at >= ${at})
      union all
      select 'no cost, or no useful life', a.tag from a
        where a.cost is null or a.cost <= 0
          or (a.useful_life_years is null and a.goods_receipt_line_id is null)
      union all
      select 'life-support equipment that is not High', a.tag from a
        join asset_types t on t.id = a.asset_type_id
        where t.name = any(array[${sql.join([...LIFE_SUPPORT_TYPES])}]::text[])
          and a.criticality <> 'HIGH'
    )
    select problem, count(*)::int as count, min(tag) as example from problems
    group by problem order by problem`.execute(db);
  return rows.map((row) => `${row.problem}: ${row.count} (e.g. ${row.example})`);
}
