import { type RawBuilder, sql } from 'kysely';

/*
 * The set-based SQL behind SEED_SCALE (see scale.ts). Every choice is a deterministic
 * pseudo-random number made from the row number in SQL, so PostgreSQL and PGlite produce the same
 * orders and nothing travels row by row from JavaScript. Only numbers written by this module are
 * spliced into the text; every other value is a parameter.
 */

/** A safe integer as SQL text (refused otherwise: it is spliced into the statement). */
export function int(value: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not an integer`);
  return sql.raw(String(value));
}

/**
 * 0..2^32-1 from an integer key, as a bigint SQL expression: a multiplicative hash with two
 * xor-shift rounds (the same bits on every PostgreSQL, unlike the built-in hash functions).
 */
function mix(key: string): string {
  const a = `((${key}) * 2654435761 % 4294967296)`;
  const b = `((${a} # (${a} >> 15)) * 73244475 % 4294967296)`;
  return `(${b} # (${b} >> 13))`;
}

/** A draw from 0 to modulo - 1 for key and salt (0..63: one key gives 64 independent draws). */
export function draw(key: string, salt: number, modulo: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(salt) || salt < 0 || salt > 63) throw new RangeError('salt 0..63');
  if (!Number.isSafeInteger(modulo) || modulo < 1) throw new RangeError('modulo must be positive');
  return sql.raw(`(${mix(`(${key}) * 64 + ${salt}`)} % ${modulo})`);
}

/** Paise (a bigint expression) as numeric(14,2) rupees, exactly. */
function rupees(paise: string): RawBuilder<unknown> {
  return sql.raw(`((${paise})::numeric / 100)::numeric(14,2)`);
}

export interface OrderPlanInput {
  count: number;
  /** The first possible order date (ISO) and how many days from it, the last one being yesterday. */
  firstDate: string;
  days: number;
  now: Date;
  /** scale_branch.idx of the branch that is billed a third of the orders. */
  homeIndex: number;
  branchCount: number;
}

// Order draws use salts 0..31 of key n, line draws 32..63 of key n * 4 + line: never the same key.
const O = 'g.n';

/**
 * scale_order: one row per new order, with its branch, vendor, date, state and the
 * moments and people of every decision. The states follow the demo's weights (seed/demo.ts
 * planFor): settled more often the older the order, and the last days' orders still in the flow.
 */
export function orderPlanSql(input: OrderPlanInput): RawBuilder<unknown> {
  const { count, firstDate, days, now, homeIndex, branchCount } = input;
  const others = branchCount - 1;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const seconds = (days: RawBuilder<unknown>, second: RawBuilder<unknown>) =>
    sql`((${days}) * 86400 + ${second}) * interval '1 second'`;
  return sql`create temp table scale_order as
with d as materialized (
  select g.n,
    ${draw(O, 0, 1_000_000)} as r_plan,
    ${draw(O, 1, days)} as day,
    ${draw(O, 2, others)} as r_billed,
    ${draw(O, 3, 100)} as r_ship_same,
    ${draw(O, 4, branchCount)} as r_shipped,
    ${draw(O, 5, 100)} as r_vendor_local,
    ${draw(O, 6, 1_000_000)} as r_vendor,
    1 + ${draw(O, 7, 4)} as line_count,
    ${draw(O, 8, 100)} as r_freight,
    5 + ${draw(O, 9, 56)} as freight_hundreds,
    9 + ${draw(O, 10, 9)} as hour,
    ${draw(O, 11, 60)} as minute,
    1 + ${draw(O, 12, 3)} as verify_days,
    ${draw(O, 13, 86_400)} as verify_second,
    1 + ${draw(O, 14, 3)} as approve_days,
    ${draw(O, 15, 86_400)} as approve_second,
    1 + ${draw(O, 16, 4)} as cancel_days,
    7 + ${draw(O, 17, 14)} as receive_days,
    ${draw(O, 18, 1_000_000)} as r_verify_reason,
    ${draw(O, 19, 1_000_000)} as r_approve_reason,
    ${draw(O, 20, 1_000_000)} as r_cancel_reason,
    ${draw(O, 21, 1_000_000)} as r_remarks,
    ${draw(O, 22, 1_000_000)} as r_creator,
    ${draw(O, 23, 1_000_000)} as r_verifier,
    ${draw(O, 24, 1_000_000)} as r_approver
  from generate_series(1::bigint, ${int(count)}::bigint) as g(n)
),
placed as (
  select d.*, b.id as billed_id, b.code as billed_code, s.id as shipped_id, s.state as shipped_state,
    ${firstDate}::date + d.day::int as po_date,
    ${int(days)} - d.day as days_ago,
    d.r_plan::float8 / 1e6 * (80 + 20 * (1 - d.day::float8 / greatest(${int(days)} - 1, 1))) as roll,
    20 * (1 - d.day::float8 / greatest(${int(days)} - 1, 1)) as aged,
    case when d.r_vendor_local < 60 and cardinality(s.vendor_picks) > 0
      then s.vendor_picks[1 + d.r_vendor % cardinality(s.vendor_picks)]
      else 1 + d.r_vendor % cardinality(c.vendor_ids) end as vendor_pick,
    b.creators[1 + d.r_creator % cardinality(b.creators)] as creator,
    b.verifiers[1 + d.r_verifier % cardinality(b.verifiers)] as verifier,
    b.approvers[1 + d.r_approver % cardinality(b.approvers)] as approver,
    c.remarks[1 + d.r_remarks % cardinality(c.remarks)] as remarks,
    c.verify_reasons[1 + d.r_verify_reason % cardinality(c.verify_reasons)] as verify_reason,
    c.reject_reasons[1 + d.r_verify_reason % cardinality(c.reject_reasons)] as reject_verify_reason,
    c.approve_reasons[1 + d.r_approve_reason % cardinality(c.approve_reasons)] as approve_reason,
    c.reject_reasons[1 + d.r_approve_reason % cardinality(c.reject_reasons)] as reject_approve_reason,
    c.cancel_reasons[1 + d.r_cancel_reason % cardinality(c.cancel_reasons)] as cancel_reason
  from d
  join scale_branch b on b.idx = case when d.n % 3 = 0 then ${int(homeIndex)}
    when d.r_billed >= ${int(homeIndex)} then d.r_billed + 1 else d.r_billed end
  join scale_branch s on s.idx = case when d.r_ship_same < 85 then b.idx else d.r_shipped end
  cross join scale_catalogue c
),
planned as (
  select p.*, c.vendor_ids[p.vendor_pick] as vendor_id,
    case when c.vendor_states[p.vendor_pick] = p.shipped_state then 'intra' else 'inter' end as kind,
    case when p.r_freight < 50 then 0 else p.freight_hundreds * 10000 end as freight,
    (p.po_date + make_time(p.hour::int, p.minute::int, 0)) at time zone interval '05:30' as created_at,
    extract(year from p.po_date)::int - (extract(month from p.po_date) < 4)::int as fy_year,
    case
      when p.days_ago <= 2 then 'pending'
      when p.days_ago <= 9 then (array['waiting', 'waiting', 'pending', 'rejected_verification'])[1 + p.r_plan % 4]
      when p.roll < 25 + p.aged then 'completed'
      when p.roll < 55 + p.aged then 'approved'
      when p.roll < 61 + p.aged then 'rejected_verification'
      when p.roll < 66 + p.aged then 'rejected_approval'
      when p.roll < 70 + p.aged then 'cancelled_pending'
      when p.roll < 73 + p.aged then 'cancelled_waiting'
      when p.roll < 77 + p.aged then 'waiting'
      else 'pending'
    end as plan
  from placed p
  cross join scale_catalogue c
),
stated as (
  select p.*,
    case p.plan when 'pending' then 'pending' when 'waiting' then 'waiting_for_approval'
      when 'approved' then 'approved' when 'completed' then 'completed'
      when 'rejected_verification' then 'rejected' when 'rejected_approval' then 'rejected'
      else 'cancelled' end as status,
    case when p.plan in ('pending', 'cancelled_pending') then 'pending'
      when p.plan = 'rejected_verification' then 'rejected' else 'verified' end as verification,
    case when p.plan in ('pending', 'cancelled_pending', 'rejected_verification') then 'not_started'
      when p.plan in ('waiting', 'cancelled_waiting') then 'waiting'
      when p.plan = 'rejected_approval' then 'rejected' else 'approved' end as approval,
    p.fy_year || '-' || lpad(((p.fy_year + 1) % 100)::text, 2, '0') as fy
  from planned p
),
verified as (
  select s.*,
    case when s.verification = 'pending' then null else least(
      s.created_at + ${seconds(sql`s.verify_days`, sql`s.verify_second`)},
      ${nowAt} - interval '4 minutes') end as verified_at
  from stated s
),
approved as (
  select v.*,
    case when v.approval in ('approved', 'rejected') then least(
      v.verified_at + ${seconds(sql`v.approve_days`, sql`v.approve_second`)},
      ${nowAt} - interval '3 minutes') end as approved_at,
    case when v.status = 'cancelled' then least(
      coalesce(v.verified_at, v.created_at) + v.cancel_days * interval '1 day',
      ${nowAt} - interval '2 minutes') end as cancelled_at
  from verified v
),
received as (
  select a.*,
    case when a.status = 'completed' then least(
      a.approved_at + a.receive_days * interval '1 day', ${nowAt} - interval '1 minute')
    end as received_at
  from approved a
)
select n, billed_id, billed_code, shipped_id, vendor_id, kind, po_date, fy, line_count, freight,
  remarks, status, verification, approval,
  creator, verifier, approver, created_at, verified_at, approved_at, cancelled_at, received_at,
  case verification when 'verified' then verify_reason when 'rejected' then reject_verify_reason end
    as verification_reason,
  case approval when 'approved' then approve_reason when 'rejected' then reject_approve_reason end
    as approval_reason,
  case when status = 'cancelled' then cancel_reason end as cancel_reason
from received`;
}

/**
 * How many scaled orders each branch has in a financial year up to and including each day: the
 * demo numbers its own orders after those (seed/demo.ts), so that numbers follow dates.
 */
export const scaledUpToSql = sql<{
  billedId: number;
  fy: string;
  poDate: string;
  upTo: number;
}>`select billed_id, fy, po_date,
  (sum(count(*)) over (partition by billed_id, fy order by po_date))::int as up_to
from scale_order group by billed_id, fy, po_date order by billed_id, fy, po_date`;

/**
 * scale_number: each scaled order's id and number, once the demo's orders are in. Within a branch
 * and financial year all orders are numbered by date from 1, as the app numbers new ones
 * (PO/<branch>/<year>/<at least 4 digits>); on a day with both, the scaled ones come first, as
 * the demo counted them. Ids follow the moment of creation.
 */
export const numberSql = sql`create temp table scale_number as
with ranked as (
  select u.*, row_number() over (
    partition by u.billed_id, u.fy order by u.po_date, u.demo, u.ord, u.n) as seq
  from (
    select n, billed_id, billed_code, fy, po_date, false as demo,
      extract(epoch from created_at)::float8 as ord
    from scale_order
    union all
    select null, billed_branch_id, null, financial_year, po_date, true, sequence::float8
    from purchase_orders
  ) as u
)
select n, seq, (select coalesce(max(id), 0) from purchase_orders)
    + row_number() over (order by ord, n) as po_id,
  'PO/' || billed_code || '/' || fy || '/' || lpad(seq::text, greatest(4, length(seq::text)), '0')
    as po_number
from ranked
where not demo`;

const L = 'o.n * 4 + k.line_no';

/**
 * scale_line: the product lines of every order in paise, computed as seed/demo.ts does through
 * computePurchaseOrderTotals: gross = quantity × rate, an optional 2–10 % discount, and GST on
 * the taxable amount rounded half up — CGST and SGST each at half the rate within a state, IGST
 * across states. No order lists a product twice: in the few orders whose draws repeat a product,
 * line by line (a recursive step per line), a line whose drawn product is already on its order
 * takes the first of that product's candidates that is not (scale_product, seed/products.ts) —
 * another brand of the same type, as the demo does.
 */
export function linePlanSql(typeCount: number): RawBuilder<unknown> {
  return sql`create temp table scale_line as
with recursive d as materialized (
  select o.n, o.kind, k.line_no,
    ${draw(L, 32, typeCount)} as r_type,
    ${draw(L, 33, 1_000_000)} as r_brand,
    ${draw(L, 34, 1_000_000)} as r_quantity,
    ${draw(L, 35, 1_000_000_000)} as r_price,
    ${draw(L, 36, 100)} as r_paise_chance,
    1 + ${draw(L, 37, 99)} as paise,
    ${draw(L, 38, 100)} as r_discount,
    2 + ${draw(L, 39, 9)} as discount_percent
  from scale_order o
  cross join lateral generate_series(1, o.line_count) as k(line_no)
),
drawn as materialized (
  select d.*, p.idx as drawn, p.candidates,
    count(*) over (partition by d.n, p.idx) > 1 as repeated
  from d
  join scale_type t on t.idx = d.r_type
  join scale_product p on p.type_idx = d.r_type
    and p.brand_at = d.r_brand % cardinality(t.brand_ids)
),
clashing as materialized (
  select x.* from drawn x where x.n in (select n from drawn where repeated)
),
chosen (n, line_no, product, taken) as (
  select x.n, x.line_no, x.drawn, array[x.drawn]
  from clashing x where x.line_no = 1
  union all
  select x.n, x.line_no, q.product, c.taken || q.product
  from chosen c
  join clashing x on x.n = c.n and x.line_no = c.line_no + 1
  cross join lateral (select case when x.drawn <> all(c.taken) then x.drawn else (
      select u.product from unnest(x.candidates) with ordinality as u(product, at)
      where u.product <> all(c.taken) order by u.at limit 1) end as product) as q
),
priced as (
  select x.n, x.kind, x.line_no, t.type_id, t.tax_rate,
    t.brand_ids[1 + p.brand_at] as brand_id,
    t.item_names[1 + p.brand_at] as item_name,
    1 + x.r_quantity % t.max_quantity as quantity,
    (w.whole - w.whole % 10) * 100 + case when x.r_paise_chance < 20 then x.paise else 0 end as rate,
    x.r_discount, x.discount_percent
  from drawn x
  left join chosen c on c.n = x.n and c.line_no = x.line_no
  join scale_product p on p.idx = coalesce(c.product, x.drawn)
  join scale_type t on t.idx = p.type_idx
  cross join lateral (select t.price_min + x.r_price % (t.price_max - t.price_min + 1) as whole) as w
),
discounted as (
  select p.*, p.quantity * p.rate as gross,
    case when p.r_discount < 50 then 0
      else (p.quantity * p.rate * p.discount_percent + 50) / 100 end as discount
  from priced p
),
taxed as (
  select x.*, x.gross - x.discount as taxable,
    case when x.kind = 'intra' then ((x.gross - x.discount) * x.tax_rate * 100 + 10000) / 20000 else 0 end as cgst,
    case when x.kind = 'inter' then ((x.gross - x.discount) * x.tax_rate * 100 + 5000) / 10000 else 0 end as igst
  from discounted x
)
select n, line_no, type_id, brand_id, item_name, quantity, rate, tax_rate, gross, discount,
  taxable, cgst, cgst as sgst, igst, taxable + 2 * cgst + igst as total
from taxed`;
}

/** The orders themselves, their totals summed from their lines as computePurchaseOrderTotals does. */
export const insertOrdersSql = sql`insert into purchase_orders (id, po_number, billed_branch_id,
  shipped_branch_id, vendor_id, po_date, financial_year, sequence, tax_kind, sub_total, discount,
  freight_amount, cgst_amount, sgst_amount, igst_amount, round_off, grand_total, remarks_html,
  quotation_path, po_path, status, verification_status, verification_reason, verified_by,
  verified_at, approval_status, approval_reason, approved_by, approved_at, cancel_reason,
  cancelled_by, cancelled_at, created_by, created_at, updated_at)
overriding system value
select m.po_id, m.po_number, o.billed_id, o.shipped_id, o.vendor_id, o.po_date, o.fy, m.seq, o.kind,
  ${rupees('t.gross')}, ${rupees('t.discount')}, ${rupees('o.freight')},
  ${rupees('t.cgst')}, ${rupees('t.sgst')}, ${rupees('t.igst')},
  ${rupees('(r.before + 50) / 100 * 100 - r.before')}, ${rupees('(r.before + 50) / 100 * 100')},
  o.remarks, null, null, o.status, o.verification, o.verification_reason,
  case when o.verified_at is not null then o.verifier end, o.verified_at,
  o.approval, o.approval_reason,
  case when o.approved_at is not null then o.approver end, o.approved_at,
  o.cancel_reason, case when o.cancelled_at is not null then o.creator end, o.cancelled_at,
  o.creator, o.created_at,
  coalesce(o.received_at, o.cancelled_at, o.approved_at, o.verified_at, o.created_at)
from scale_order o
join scale_number m on m.n = o.n
join (select n, sum(gross)::bigint as gross, sum(discount)::bigint as discount,
    sum(cgst)::bigint as cgst, sum(sgst)::bigint as sgst, sum(igst)::bigint as igst
  from scale_line group by n) as t on t.n = o.n
cross join lateral (
  select t.gross - t.discount + o.freight + t.cgst + t.sgst + t.igst as before) as r
order by m.po_id`;

export const insertLinesSql = sql`insert into purchase_order_lines (purchase_order_id, line_no,
  item_name, asset_type_id, brand_id, quantity, rate, discount_amount, taxable_amount, tax_rate,
  cgst_amount, sgst_amount, igst_amount, total_amount)
select m.po_id, l.line_no, l.item_name, l.type_id, l.brand_id, l.quantity, ${rupees('l.rate')},
  ${rupees('l.discount')}, ${rupees('l.taxable')}, l.tax_rate, ${rupees('l.cgst')},
  ${rupees('l.sgst')}, ${rupees('l.igst')}, ${rupees('l.total')}
from scale_line l
join scale_number m on m.n = l.n
order by m.po_id, l.line_no`;

/** Each order's history, as the decisions write it (purchase-orders/decisions.ts), oldest first. */
export const insertHistorySql = sql`insert into audit_log (entity, entity_id, action, from_status,
  to_status, reason, user_id, branch_id, at)
select 'purchase_order', m.po_id, e.action, e.from_status, e.to_status, e.reason, e.user_id,
  o.billed_id, e.at
from scale_order o
join scale_number m on m.n = o.n
cross join lateral (values
  (1, 'Created', null, 'pending', o.creator, o.created_at, null),
  (2, case o.verification when 'verified' then 'Verified' else 'Rejected at verification' end,
    'pending', case o.verification when 'verified' then 'waiting_for_approval' else 'rejected' end,
    o.verifier, o.verified_at, o.verification_reason),
  (3, case o.approval when 'approved' then 'Approved' else 'Rejected at approval' end,
    'waiting_for_approval', case o.approval when 'approved' then 'approved' else 'rejected' end,
    o.approver, o.approved_at, o.approval_reason),
  (4, 'Cancelled', case o.approval when 'waiting' then 'waiting_for_approval' else 'pending' end,
    'cancelled', o.creator, o.cancelled_at, o.cancel_reason),
  (5, 'Goods received', 'approved', 'completed', o.creator, o.received_at, null)
) as e(step, action, from_status, to_status, user_id, at, reason)
where e.at is not null
order by m.po_id, e.step`;

/** The most assets a branch can number: its tags have six digits (domain ASSET_TAG_DIGITS). */
const LAST_TAG_NUMBER = 999_999;

// Unit draws: salts 40..63 of the unit's own number, k (order and line draws use 0..39).
const U = 'u.k';

/**
 * scale_unit_draw: every unit received on the completed scaled orders, numbered company-wide (k,
 * the key of its draws) and within the branch it was shipped to, in the order the goods arrived,
 * with its draws. A table of its own, analysed, so that the plan of the rest is made on its real
 * size.
 */
export const unitDrawSql = sql`create temp table scale_unit_draw as
-- Six draws a unit, each split below into the few small numbers it needs (a draw costs more
-- than splitting one).
select u.*, ${draw(U, 40, 1_000_000_000)} as r1, ${draw(U, 41, 1_000_000_000)} as r2,
  ${draw(U, 42, 1_000_000_000)} as r3, ${draw(U, 43, 1_000_000_000)} as r4,
  ${draw(U, 44, 1_000_000_000)} as r5, ${draw(U, 45, 1_000_000_000)} as r6
from (
  select o.n, m.po_id, o.po_date, o.shipped_id, o.vendor_id, o.received_at, l.line_no,
    l.type_id, l.brand_id, l.quantity, l.total, k.unit,
    (o.received_at at time zone 'Asia/Kolkata')::date as received_on,
    row_number() over (order by o.received_at, m.po_id, l.line_no, k.unit) as k,
    row_number() over (partition by o.shipped_id
      order by o.received_at, m.po_id, l.line_no, k.unit) as in_branch
  from scale_order o
  join scale_number m on m.n = o.n
  join scale_line l on l.n = o.n
  cross join lateral generate_series(1, l.quantity::int) as k(unit)
  where o.status = 'completed'
) as u
order by u.k`;

/**
 * scale_unit: an asset for every ordered unit of the scaled orders whose goods were received
 * (completed), in the branch they were shipped to, as the demo makes its own
 * (seed/demo/assets.ts): the order's vendor, date and a unit's share of its line's total as the
 * cost; installed in the first of its type's rooms the branch has (or another of them) some days
 * after delivery, or still In stock in the store when that day has not come; warranty from then
 * for the type's years (a few sold without one); custodians by the type's rule; the branch's tags
 * continuing after its last number (asset_tag_counters), in the order the goods arrived, up to
 * 999,999 a branch. About one in a hundred of those in use was marked Out of order since, and of
 * those some went for repair or, when old, were condemned.
 */
export function assetPlanSql(input: { now: Date; today: string }): RawBuilder<unknown> {
  const nowAt = sql`${input.now.toISOString()}::timestamptz`;
  const today = sql`${input.today}::date`;
  return sql`create temp table scale_unit as
with split as (
  select d.*, t.name as type_name, t.criticality, t.room_criticality, t.useful_life,
    t.custodian as custodian_rule, t.serial_numbered,
    t.models[array_position(t.brand_ids, d.brand_id)] as model,
    t.serial_prefixes[array_position(t.brand_ids, d.brand_id)] as serial_prefix,
    t.install_min + d.r1 % 1000 % (t.install_max - t.install_min + 1) as install_days,
    t.warranty_min + d.r1 / 1000 % 1000 % (t.warranty_max - t.warranty_min + 1) as warranty_years,
    d.r1 / 1000000 % 100 as r_room_first,
    d.r2 % 1000000 as r_room,
    d.r2 / 1000000 % 100 as r_spare,
    d.r3 % 10000 as r_broken,
    d.r3 / 10000 % 100 as r_next,
    d.r3 / 1000000 % 100 as r_condition,
    d.r4 % 100 as r_custodian,
    d.r4 / 100 % 10000 as r_staff,
    d.r4 / 1000000 % 1000 as r_creator,
    d.r5 % 100 as r_warranty,
    d.r5 / 100 % 1000 as r_marker,
    d.r5 / 100000 % 1000 as r_reason,
    (d.r6 % 10000)::float8 / 10000 as f_marked,
    (d.r6 / 10000 % 10000)::float8 / 10000 as f_later
  from scale_unit_draw d
  join scale_asset_type t on t.type_id = d.type_id
),
placed as (
  select d.*, r.location_ids[q.at] as room_id, r.location_names[q.at] as room_name,
    r.critical[q.at] as critical, d.received_on + d.install_days::int as installed_on,
    d.received_on + d.install_days::int >= ${today} or d.r_spare < 3 as in_stock,
    date_part('epoch', ${nowAt} - d.received_at) as seconds_since,
    (${today} - d.po_date)::float8 / 365.25 as age_years
  from split d
  join scale_room r on r.branch_id = d.shipped_id and r.type_id = d.type_id
  cross join lateral (select case when d.r_room_first < 60 then 1
    else 1 + d.r_room % cardinality(r.location_ids) end as at) as q
),
stated as (
  select p.*,
    case when p.in_stock then 'IN_STOCK'
      when p.r_broken >= 110 then 'IN_USE'
      when p.r_next >= 15 then 'OUT_OF_ORDER'
      when p.age_years > 5 and p.r_next < 7 then 'CONDEMNED'
      else 'UNDER_REPAIR' end as status,
    p.received_at + (p.line_no * 25 + p.unit) * least(10, p.seconds_since / 250)
      * interval '1 second' as created_at,
    case when p.in_stock then null else p.installed_on end as put_to_use,
    case when p.warranty_years = 0 or p.r_warranty < 4 then null
      else case when p.in_stock then p.received_on else p.installed_on end end as warranty_start,
    case when p.age_years < 2 then case when p.r_condition < 95 then 'GOOD' else 'FAIR' end
      when p.age_years < 5 then case when p.r_condition < 70 then 'GOOD'
        when p.r_condition < 97 then 'FAIR' else 'POOR' end
      else case when p.r_condition < 40 then 'GOOD' when p.r_condition < 85 then 'FAIR'
        else 'POOR' end end as condition
  from placed p
),
marked as (
  select s.*,
    case when s.status not in ('IN_STOCK', 'IN_USE') then
      greatest(s.created_at, ${nowAt} - interval '75 days') + (${nowAt} - interval '1 hour'
        - greatest(s.created_at, ${nowAt} - interval '75 days')) * s.f_marked
    end as marked_at
  from stated s
),
numbered as (
  select x.*, b.code, coalesce(c.last_number, 0) + x.in_branch as number,
    case when x.status in ('UNDER_REPAIR', 'CONDEMNED') then
      x.marked_at + (${nowAt} - interval '1 minute' - x.marked_at) * x.f_later
    end as later_at
  from marked x
  join branches b on b.id = x.shipped_id
  left join asset_tag_counters c on c.prefix = b.code
)
select (select coalesce(max(id), 0) from assets) + n.k as asset_id,
  n.code, n.code || '-' || lpad(n.number::text, 6, '0') as tag, n.number,
  n.type_name || ', ' || n.room_name as name, n.type_id, n.brand_id,
  n.model,
  case when n.serial_numbered then n.serial_prefix || '-'
    || lpad((date_part('year', n.po_date)::int % 100)::text, 2, '0') || lpad(n.k::text, greatest(7, length(n.k::text)), '0') end
    as serial_number,
  n.shipped_id as branch_id,
  case when n.in_stock then store.location_ids[1] else n.room_id end as location_id,
  case when n.in_stock then null
    when n.custodian_rule = 'user' then st.staff_ids[1 + n.r_staff % cardinality(st.staff_ids)]
    when n.custodian_rule = 'engineer' and n.r_custodian < 30 then st.engineer_id
    when n.custodian_rule = 'desk' and n.r_custodian < 30
      then st.staff_ids[1 + n.r_staff % cardinality(st.staff_ids)]
  end as custodian_id,
  n.vendor_id, n.po_id as purchase_order_id, n.po_date as purchase_date,
  ${rupees('(n.total + n.quantity::bigint / 2) / n.quantity::bigint')} as cost,
  n.put_to_use, n.warranty_start,
  (n.warranty_start + make_interval(years => n.warranty_years::int) - interval '1 day')::date
    as warranty_end,
  n.useful_life, case when n.critical and n.room_criticality is not null then n.room_criticality
    else n.criticality end as criticality,
  case when n.status = 'CONDEMNED' then 'POOR' when n.status in ('OUT_OF_ORDER', 'UNDER_REPAIR')
    then case n.condition when 'GOOD' then 'FAIR' else 'POOR' end else n.condition end
    as condition,
  n.status, case when n.in_stock then 'IN_STOCK' else 'IN_USE' end as first_status,
  b.creators[1 + n.r_creator % cardinality(b.creators)] as created_by, n.created_at,
  case when n.marked_at is not null then b.creators[1 + n.r_marker % cardinality(b.creators)]
    end as marked_by, n.marked_at, n.later_at,
  case when n.marked_at is not null then c.out_of_order[1 + n.r_reason % cardinality(c.out_of_order)]
    end as marked_reason,
  case n.status when 'UNDER_REPAIR' then c.under_repair[1 + n.r_reason % cardinality(c.under_repair)]
    when 'CONDEMNED' then c.condemned[1 + n.r_reason % cardinality(c.condemned)] end as later_reason
from numbered n
join scale_branch b on b.id = n.shipped_id
join scale_room store on store.branch_id = n.shipped_id and store.type_id = 0
left join scale_staff st on st.branch_id = n.shipped_id
cross join scale_asset_text c
where n.number <= ${int(LAST_TAG_NUMBER)}`;
}

export const insertAssetsSql = sql`insert into assets (id, tag, name, asset_type_id, brand_id, model,
  serial_number, branch_id, location_id, custodian_id, vendor_id, purchase_order_id,
  purchase_reference, purchase_date, cost, put_to_use_date, warranty_start, warranty_end,
  useful_life_years, criticality, condition, notes, asset_status, created_by, created_at,
  updated_at)
overriding system value
select asset_id, tag, name, type_id, brand_id, model, serial_number, branch_id, location_id,
  custodian_id, vendor_id, purchase_order_id, null, purchase_date, cost, put_to_use,
  warranty_start, warranty_end, useful_life, criticality, condition, null, status, created_by,
  created_at, coalesce(later_at, marked_at, created_at)
from scale_unit`;

/**
 * Every asset's CREATED event, then the STATUS events of those marked Out of order since (and
 * of those that went on for repair or were condemned): each asset's events in the order they
 * happened, as its timeline reads them.
 */
export const insertAssetEventsSql = sql`insert into asset_events (asset_id, kind, at, user_id,
  changes, reason)
select asset_id, 'CREATED', created_at, created_by,
  case first_status when 'IN_STOCK' then '{"AssetStatus": [null, "IN_STOCK"]}'::jsonb
    else '{"AssetStatus": [null, "IN_USE"]}'::jsonb end, null
from scale_unit
union all
select asset_id, 'STATUS', marked_at, marked_by,
  '{"AssetStatus": ["IN_USE", "OUT_OF_ORDER"]}'::jsonb, marked_reason
from scale_unit where marked_at is not null
union all
select asset_id, 'STATUS', later_at, marked_by,
  jsonb_build_object('AssetStatus', jsonb_build_array('OUT_OF_ORDER', status)), later_reason
from scale_unit where later_at is not null`;

/** The Out-of-order marks in the audit log, as api/asset/out-of-order writes them. */
export const insertAssetAuditSql = sql`insert into audit_log (entity, entity_id, action,
  from_status, to_status, reason, user_id, branch_id, at)
select 'asset', asset_id, 'out_of_order', 'IN_USE', 'OUT_OF_ORDER', marked_reason, marked_by,
  branch_id, marked_at
from scale_unit
where marked_at is not null
order by marked_at`;

/** Each branch's counter at its last tag, so that the app continues after them. */
export const updateTagCountersSql = sql`insert into asset_tag_counters (prefix, last_number)
select code, max(number) from scale_unit group by code
on conflict (prefix) do update set last_number = excluded.last_number`;
