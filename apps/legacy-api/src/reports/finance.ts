import { addMonths, formatPaise, type Paise, toPaise } from '@branch-assets/domain';
import type { FinanceReport } from '@branch-assets/legacy-contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PRINTED } from '../purchase-orders/rows.ts';

/*
 * The finance report over a period and branches (docs/reports.md, "Finance report"). Every part
 * is one aggregate in SQL over numeric columns, returned as numeric text and read into exact paise:
 * the company has hundreds of thousands of orders, and no amount ever passes through a float.
 */

export interface FinanceFilter {
  from: string;
  to: string;
  branches: readonly number[];
  vendor?: number | undefined;
  category?: number | undefined;
}

/**
 * The states of an approved order, what the company has committed to spend: an approved order on
 * through its receipt, the states that have the order's document.
 */
export const SPENT_STATES = PRINTED;

/** The most commitments listed; their total is over all of them. */
export const MOST_COMMITMENTS = 500;

export const ACCESSORIES = 'Accessories';
export const FREIGHT_AND_ROUND_OFF = 'Freight and round-off';

/** A numeric sum as text (null when nothing was summed) in paise. */
const paise = (text: string | null): Paise => toPaise(text ?? '0');
const money = (text: string | null): string => formatPaise(paise(text));

interface Amounts {
  orders: number;
  taxable: string | null;
  gst: string | null;
  total: string | null;
}

const spendOf = (row: Amounts | undefined) => ({
  Orders: row?.orders ?? 0,
  Taxable: money(row?.taxable ?? null),
  Gst: money(row?.gst ?? null),
  Total: money(row?.total ?? null),
});

/** The approved orders of the branches dated in the period (of the vendor): alias `po`. */
function spendOrders(filter: FinanceFilter): RawBuilder<boolean> {
  return sql<boolean>`po.billed_branch_id = any(${[...filter.branches]}::int[])
    and po.po_date between ${filter.from}::date and ${filter.to}::date
    and po.status = any(${[...SPENT_STATES]}::text[])
    ${filter.vendor === undefined ? sql`` : sql`and po.vendor_id = ${filter.vendor}`}`;
}

/** Each month from From's to To's, 'YYYY-MM'. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${from.slice(0, 7)}-01`; day.slice(0, 7) <= to.slice(0, 7); ) {
    months.push(day.slice(0, 7));
    day = addMonths(day, 1);
  }
  return months;
}

interface SpendRow extends Amounts {
  groupedBy: 'branch' | 'vendor' | 'month' | 'all';
  branchId: number | null;
  vendorId: number | null;
  vendorName: string | null;
  gstin: string | null;
  month: string | null;
  cgst: string | null;
  sgst: string | null;
  igst: string | null;
  /** Orders with freight or a round-off: the freight row's count. */
  withExtras: number;
}

/** The orders' amounts by branch, by vendor, by month and in all, in one pass (grouping sets). */
async function spendGroups(db: Db, filter: FinanceFilter): Promise<SpendRow[]> {
  const { rows } = await sql<SpendRow>`
    with g as (
      select
        case when grouping(po.billed_branch_id) = 0 then 'branch'
          when grouping(po.vendor_id) = 0 then 'vendor'
          when grouping(to_char(po.po_date, 'YYYY-MM')) = 0 then 'month'
          else 'all' end as grouped_by,
        po.billed_branch_id as branch_id,
        po.vendor_id,
        to_char(po.po_date, 'YYYY-MM') as month,
        count(*)::int as orders,
        (count(*) filter (where po.freight_amount <> 0 or po.round_off <> 0))::int as with_extras,
        sum(po.sub_total - po.discount + po.freight_amount)::text as taxable,
        sum(po.cgst_amount)::text as cgst,
        sum(po.sgst_amount)::text as sgst,
        sum(po.igst_amount)::text as igst,
        sum(po.cgst_amount + po.sgst_amount + po.igst_amount)::text as gst,
        sum(po.grand_total)::text as total
      from purchase_orders po
      where ${spendOrders(filter)}
      group by grouping sets ((po.billed_branch_id), (po.vendor_id), (to_char(po.po_date, 'YYYY-MM')), ())
    )
    select g.*, v.name as vendor_name, v.gstin
    from g left join vendors v on v.id = g.vendor_id`.execute(db);
  return rows;
}

interface CategoryRow extends Amounts {
  categoryId: number | null;
  categoryName: string | null;
}

/** The order lines by their asset type's category; accessory lines have none (null). */
async function lineCategories(db: Db, filter: FinanceFilter): Promise<CategoryRow[]> {
  const { rows } = await sql<CategoryRow>`
    select c.id as category_id, c.name as category_name,
      count(distinct l.purchase_order_id)::int as orders,
      sum(l.taxable_amount)::text as taxable,
      sum(l.cgst_amount + l.sgst_amount + l.igst_amount)::text as gst,
      sum(l.total_amount)::text as total
    from purchase_orders po
    join purchase_order_lines l on l.purchase_order_id = po.id
    left join asset_types t on t.id = l.asset_type_id
    left join sub_categories s on s.id = t.sub_category_id
    left join categories c on c.id = s.category_id
    where ${spendOrders(filter)}
      ${filter.category === undefined ? sql`` : sql`and c.id = ${filter.category}`}
    group by c.id, c.name
    order by sum(l.total_amount) desc, c.name`.execute(db);
  return rows;
}

interface RateRow {
  /** As text: a numeric's JavaScript form differs between the drivers. */
  rateText: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
}

/**
 * GST by rate: each line at its rate, and each order's freight at the freight's rate with what
 * the order's taxes hold beyond its lines' (the freight's own GST). An unregistered supplier's
 * purchases carry no GST whatever rates its lines name: rate 0.
 */
async function gstRates(db: Db, filter: FinanceFilter): Promise<RateRow[]> {
  const { rows } = await sql<RateRow>`
    with o as (
      select po.id, po.freight_amount, po.cgst_amount, po.sgst_amount, po.igst_amount,
        case when po.tax_kind = 'unregistered' then 0 else coalesce(po.freight_tax_rate, 0) end
          as freight_rate,
        po.tax_kind = 'unregistered' as unregistered
      from purchase_orders po
      where ${spendOrders(filter)}
    ),
    parts as (
      select case when o.unregistered then 0 else l.tax_rate end as rate, l.taxable_amount as taxable,
        l.cgst_amount as cgst, l.sgst_amount as sgst, l.igst_amount as igst
      from o join purchase_order_lines l on l.purchase_order_id = o.id
      union all
      select o.freight_rate, o.freight_amount, o.cgst_amount, o.sgst_amount, o.igst_amount from o
      union all
      select o.freight_rate, 0, -l.cgst_amount, -l.sgst_amount, -l.igst_amount
      from o join purchase_order_lines l on l.purchase_order_id = o.id
    )
    select rate::text as rate_text, sum(taxable)::text as taxable, sum(cgst)::text as cgst,
      sum(sgst)::text as sgst, sum(igst)::text as igst
    from parts
    group by rate
    having sum(taxable) <> 0 or sum(cgst) <> 0 or sum(sgst) <> 0 or sum(igst) <> 0
    order by rate`.execute(db);
  return rows;
}

interface CapitalisedRow {
  branchId: number;
  branchCode: string;
  categoryId: number;
  categoryName: string;
  assets: number;
  cost: string;
}

/** Assets put to use in the period, by their branch now and their type's category, at cost. */
async function capitalised(db: Db, filter: FinanceFilter): Promise<CapitalisedRow[]> {
  const { rows } = await sql<CapitalisedRow>`
    select b.id as branch_id, b.code as branch_code, c.id as category_id, c.name as category_name,
      count(*)::int as assets, coalesce(sum(a.cost), 0)::text as cost
    from assets a
    join branches b on b.id = a.branch_id
    join asset_types t on t.id = a.asset_type_id
    join sub_categories s on s.id = t.sub_category_id
    join categories c on c.id = s.category_id
    where a.branch_id = any(${[...filter.branches]}::int[])
      and a.put_to_use_date between ${filter.from}::date and ${filter.to}::date
      ${filter.category === undefined ? sql`` : sql`and c.id = ${filter.category}`}
    group by b.id, b.code, c.id, c.name
    order by b.code, c.name`.execute(db);
  return rows;
}

interface CommitmentRow {
  purchaseOrderId: number;
  poNumber: string;
  branchCode: string;
  vendorName: string;
  poDate: string;
  ordered: string;
  received: string;
  outstanding: string;
  allOrdered: string;
  allReceived: string;
  allOutstanding: string;
}

/**
 * Orders approved by the end of To, neither cancelled nor closed short by then, with goods still
 * to come then: a line's goods received by then are its accepted units on notes not cancelled,
 * valued at the line's total ÷ its quantity, rounded half up to the paisa in integer arithmetic
 * (div is exact). Legacy 'completed' orders were received before notes existed: nothing to come.
 * The totals are window sums over every such order, taken before the limit.
 */
async function commitments(db: Db, filter: FinanceFilter): Promise<CommitmentRow[]> {
  const { rows } = await sql<CommitmentRow>`
    with o as (
      select po.id, po.po_number, po.billed_branch_id, po.vendor_id, po.po_date
      from purchase_orders po
      where po.billed_branch_id = any(${[...filter.branches]}::int[])
        and po.approval_status = 'approved'
        and po.status not in ('cancelled', 'completed')
        and (po.approved_at at time zone 'Asia/Kolkata')::date <= ${filter.to}::date
        and (po.closed_at is null or (po.closed_at at time zone 'Asia/Kolkata')::date > ${filter.to}::date)
        -- An order received in full by To has nothing to come: only those still open, closed
        -- after To, or with goods received after To can (the history is mostly received).
        and (po.status in ('approved', 'partially_received')
          or (po.closed_at at time zone 'Asia/Kolkata')::date > ${filter.to}::date
          or exists (select 1 from goods_receipt_notes late where late.purchase_order_id = po.id
            and late.status <> 'CANCELLED' and late.received_date > ${filter.to}::date))
        ${filter.vendor === undefined ? sql`` : sql`and po.vendor_id = ${filter.vendor}`}
    ),
    -- Receipts by line, read once through the orders' notes (not once per line).
    taken as (
      select gl.purchase_order_line_id, sum(gl.accepted) as accepted
      from goods_receipt_notes n join goods_receipt_lines gl on gl.note_id = n.id
      where n.purchase_order_id in (select id from o) and n.status <> 'CANCELLED'
        and n.received_date <= ${filter.to}::date
      group by gl.purchase_order_line_id
    ),
    lines as (
      select l.purchase_order_id, l.total_amount,
        round(div(200 * coalesce(taken.accepted, 0) * l.total_amount + l.quantity, 2 * l.quantity) / 100, 2)
          as received
      from o
      join purchase_order_lines l on l.purchase_order_id = o.id
      left join taken on taken.purchase_order_line_id = l.id
    ),
    c as (
      select o.id, o.po_number, o.billed_branch_id, o.vendor_id, o.po_date,
        sum(lines.total_amount) as ordered, sum(lines.received) as received
      from o join lines on lines.purchase_order_id = o.id
      group by o.id, o.po_number, o.billed_branch_id, o.vendor_id, o.po_date
      having sum(lines.total_amount) > sum(lines.received)
    )
    select c.id as purchase_order_id, c.po_number, b.code as branch_code, v.name as vendor_name,
      c.po_date::text as po_date, c.ordered::text, c.received::text,
      (c.ordered - c.received)::text as outstanding,
      (sum(c.ordered) over ())::text as all_ordered,
      (sum(c.received) over ())::text as all_received,
      (sum(c.ordered - c.received) over ())::text as all_outstanding
    from c join branches b on b.id = c.billed_branch_id join vendors v on v.id = c.vendor_id
    order by c.ordered - c.received desc, c.po_date, c.id
    limit ${MOST_COMMITMENTS}`.execute(db);
  return rows;
}

interface JobCostRow {
  branchId: number;
  branchCode: string;
  jobs: number;
  jobCost: string;
  contracts: number;
  contractValue: string;
}

/**
 * Per branch (each requested one, by code): chargeable job orders resolved in the period (India's
 * date) at what the branch pays — each chargeable line's quantity × rate rounded to the paisa plus
 * its GST rounded to the paisa, as jobCost in packages/domain computes it — and maintenance
 * contracts starting in the period at their value plus GST rounded to the paisa.
 */
async function jobCosts(db: Db, filter: FinanceFilter): Promise<JobCostRow[]> {
  const { rows } = await sql<JobCostRow>`
    with jobs as (
      select j.branch_id, count(distinct j.id)::int as jobs,
        coalesce(sum(round(l.quantity * l.rate, 2) + round(round(l.quantity * l.rate, 2) * l.gst_rate / 100, 2))
          filter (where l.chargeable), 0) as cost
      from job_orders j left join job_order_lines l on l.job_order_id = j.id
      where j.branch_id = any(${[...filter.branches]}::int[])
        and j.coverage = 'CHARGEABLE' and j.status <> 'CANCELLED'
        and (j.resolved_at at time zone 'Asia/Kolkata')::date between ${filter.from}::date and ${filter.to}::date
      group by j.branch_id
    ),
    contracts as (
      select mc.branch_id, count(*)::int as contracts,
        sum(mc.contract_value + round(mc.contract_value * mc.gst_rate / 100, 2)) as value
      from maintenance_contracts mc
      where mc.branch_id = any(${[...filter.branches]}::int[])
        and mc.start_date between ${filter.from}::date and ${filter.to}::date
      group by mc.branch_id
    )
    select b.id as branch_id, b.code as branch_code,
      coalesce(jobs.jobs, 0) as jobs, coalesce(jobs.cost, 0)::text as job_cost,
      coalesce(contracts.contracts, 0) as contracts,
      coalesce(contracts.value, 0)::text as contract_value
    from branches b
    left join jobs on jobs.branch_id = b.id
    left join contracts on contracts.branch_id = b.id
    where b.id = any(${[...filter.branches]}::int[])
    order by b.code`.execute(db);
  return rows;
}

const sumOf = (values: readonly Paise[]): Paise =>
  values.reduce((total, value) => total + value, 0);

export async function financeReport(db: Db, filter: FinanceFilter): Promise<FinanceReport> {
  const [branches, spend, lines, rates, assets, committed, jobs] = await Promise.all([
    db
      .selectFrom('branches')
      .select(['id', 'code', 'name'])
      .where('id', 'in', [...filter.branches])
      .orderBy('code')
      .execute(),
    spendGroups(db, filter),
    lineCategories(db, filter),
    gstRates(db, filter),
    capitalised(db, filter),
    commitments(db, filter),
    jobCosts(db, filter),
  ]);
  const of = (groupedBy: SpendRow['groupedBy']) =>
    spend.filter((row) => row.groupedBy === groupedBy);
  const all = of('all')[0];
  const taxesOf = (row: SpendRow | undefined) => ({
    Taxable: money(row?.taxable ?? null),
    Cgst: money(row?.cgst ?? null),
    Sgst: money(row?.sgst ?? null),
    Igst: money(row?.igst ?? null),
  });
  const vendors = of('vendor').sort(
    (a, b) =>
      paise(b.total) - paise(a.total) || (a.vendorName ?? '').localeCompare(b.vendorName ?? ''),
  );
  return {
    From: filter.from,
    To: filter.to,
    SpendByBranch: branches.map((branch) => ({
      BranchId: branch.id,
      BranchCode: branch.code,
      BranchName: branch.name,
      ...spendOf(of('branch').find((row) => row.branchId === branch.id)),
    })),
    SpendByVendor: vendors.map((row) => ({
      VendorId: row.vendorId ?? 0,
      VendorName: row.vendorName ?? '',
      Gstin: row.gstin,
      ...spendOf(row),
    })),
    SpendByCategory: spendByCategory(lines, all, filter.category !== undefined),
    SpendByMonth: monthsOf(filter.from, filter.to).map((month) => ({
      Month: month,
      ...spendOf(of('month').find((row) => row.month === month)),
    })),
    SpendTotal: spendOf(all),
    GstByRate: rates.map((row) => ({
      Rate: Number(row.rateText),
      Taxable: money(row.taxable),
      Cgst: money(row.cgst),
      Sgst: money(row.sgst),
      Igst: money(row.igst),
    })),
    GstByVendor: vendors.map((row) => ({
      VendorId: row.vendorId ?? 0,
      VendorName: row.vendorName ?? '',
      Gstin: row.gstin,
      ...taxesOf(row),
    })),
    GstTotal: taxesOf(all),
    ...capitalisedPart(assets),
    ...commitmentsPart(committed),
    ...jobCostsPart(jobs),
  };
}

/**
 * The categories' rows, then the accessories', then (over all categories only) the orders'
 * freight, its GST and round-off: what the orders hold beyond their lines, so that the rows add
 * up to the total exactly.
 */
function spendByCategory(
  lines: readonly CategoryRow[],
  all: SpendRow | undefined,
  oneCategory: boolean,
): FinanceReport['SpendByCategory'] {
  const categories = lines
    .filter((row) => row.categoryId !== null)
    .map((row) => ({
      CategoryId: row.categoryId,
      CategoryName: row.categoryName ?? '',
      ...spendOf(row),
    }));
  const accessories = lines.find((row) => row.categoryId === null);
  const rows = accessories
    ? [...categories, { CategoryId: null, CategoryName: ACCESSORIES, ...spendOf(accessories) }]
    : categories;
  if (oneCategory || !all) return rows;
  const beyond = (key: 'taxable' | 'gst' | 'total') =>
    formatPaise(paise(all[key]) - sumOf(lines.map((row) => paise(row[key]))));
  const extras = {
    CategoryId: null,
    CategoryName: FREIGHT_AND_ROUND_OFF,
    Orders: all.withExtras,
    Taxable: beyond('taxable'),
    Gst: beyond('gst'),
    Total: beyond('total'),
  };
  const nothing = [extras.Taxable, extras.Gst, extras.Total].every((amount) => amount === '0.00');
  return nothing ? rows : [...rows, extras];
}

function capitalisedPart(rows: readonly CapitalisedRow[]) {
  return {
    Capitalised: rows.map((row) => ({
      BranchId: row.branchId,
      BranchCode: row.branchCode,
      CategoryId: row.categoryId,
      CategoryName: row.categoryName,
      Assets: row.assets,
      Cost: money(row.cost),
    })),
    CapitalisedTotal: {
      Assets: sumOf(rows.map((row) => row.assets)),
      Cost: formatPaise(sumOf(rows.map((row) => paise(row.cost)))),
    },
  };
}

function commitmentsPart(rows: readonly CommitmentRow[]) {
  const first = rows[0];
  return {
    Commitments: rows.map((row) => ({
      PurchaseOrderId: row.purchaseOrderId,
      PoNumber: row.poNumber,
      BranchCode: row.branchCode,
      VendorName: row.vendorName,
      PoDate: row.poDate,
      Ordered: money(row.ordered),
      Received: money(row.received),
      Outstanding: money(row.outstanding),
    })),
    CommitmentsTotal: {
      Ordered: money(first?.allOrdered ?? null),
      Received: money(first?.allReceived ?? null),
      Outstanding: money(first?.allOutstanding ?? null),
    },
  };
}

function jobCostsPart(rows: readonly JobCostRow[]) {
  const costed = rows.map((row) => {
    const cost = paise(row.jobCost);
    const value = paise(row.contractValue);
    return {
      BranchId: row.branchId,
      BranchCode: row.branchCode,
      ChargeableJobs: row.jobs,
      ChargeableCost: cost,
      Contracts: row.contracts,
      ContractValue: value,
    };
  });
  const cost = sumOf(costed.map((row) => row.ChargeableCost));
  const value = sumOf(costed.map((row) => row.ContractValue));
  return {
    JobCosts: costed.map((row) => ({
      ...row,
      ChargeableCost: formatPaise(row.ChargeableCost),
      ContractValue: formatPaise(row.ContractValue),
      Total: formatPaise(row.ChargeableCost + row.ContractValue),
    })),
    JobCostsTotal: {
      ChargeableJobs: sumOf(costed.map((row) => row.ChargeableJobs)),
      ChargeableCost: formatPaise(cost),
      Contracts: sumOf(costed.map((row) => row.Contracts)),
      ContractValue: formatPaise(value),
      Total: formatPaise(cost + value),
    },
  };
}
