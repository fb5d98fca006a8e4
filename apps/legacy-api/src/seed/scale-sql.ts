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
