import {
  computePurchaseOrderTotals,
  financialYear,
  formatPaise,
  taxKind,
  toPaise,
} from '@branch-assets/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { unbelievableOrders } from '../test/believable-orders.ts';
import { useTestApi } from '../test/test-api.ts';
import { unbelievableAssets } from './believable-assets.ts';
import { PROCUREMENT_ORDERS } from './demo/procurement.ts';
import { ORDERS_PER_BRANCH, type SeedSummary, seedDemo } from './demo.ts';
import { SCALE_FINANCIAL_YEARS, SCALE_HOME_BRANCH } from './scale.ts';

const SCALE = 600;
const api = useTestApi({ empty: true });
const today = new Date();
const todayIso = today.toISOString().slice(0, 10);
let summary: SeedSummary;
/** Orders with a higher id are SEED_SCALE's; the demo's own come first. */
let demoOrders = 0;

beforeAll(async () => {
  summary = await seedDemo(api.db, today, { scale: SCALE });
  demoOrders = summary.purchaseOrders - SCALE;
});

interface ScaledOrder {
  id: number;
  poNumber: string;
  branch: string;
  poDate: string;
  financialYear: string;
  sequence: number;
  status: string;
  verificationStatus: string;
  approvalStatus: string;
}

const scaledOrders = async () =>
  (
    await sql<ScaledOrder>`select po.id, po.po_number, b.code as branch, po.po_date,
      po.financial_year, po.sequence, po.status, po.verification_status, po.approval_status
    from purchase_orders po join branches b on b.id = po.billed_branch_id
    where po.id > ${demoOrders} order by po.id`.execute(api.db)
  ).rows;

// In this order (never shuffled): the later tests decide scaled orders that the earlier ones read
// as the seed left them, and seeding the file's database again for each would take minutes.
describe('SEED_SCALE', { shuffle: false }, () => {
  it('adds N orders with their lines and history, and says how many', async () => {
    expect(summary.scale).toMatchObject({ purchaseOrders: SCALE });
    expect(demoOrders).toBe(12 * ORDERS_PER_BRANCH + PROCUREMENT_ORDERS);
    expect(await api.count('purchaseOrders')).toBe(summary.purchaseOrders);
    expect(await api.count('purchaseOrderLines')).toBe(summary.purchaseOrderLines);
    expect(await api.count('auditLog')).toBe(summary.auditEntries);
    const scaled = await scaledOrders();
    expect(scaled).toHaveLength(SCALE);
    expect(scaled.filter((order) => order.branch === SCALE_HOME_BRANCH)).toHaveLength(SCALE / 3);
    // The rest spread over every other branch.
    expect(new Set(scaled.map((order) => order.branch)).size).toBe(12);
  });

  it('puts them in every state of the flow, settled more often than not', async () => {
    const scaled = await scaledOrders();
    const byState = new Map<string, number>();
    for (const order of scaled) {
      const key = `${order.status}/${order.verificationStatus}/${order.approvalStatus}`;
      byState.set(key, (byState.get(key) ?? 0) + 1);
    }
    expect([...byState.keys()].sort()).toEqual([
      'approved/verified/approved',
      'cancelled/pending/not_started',
      'cancelled/verified/waiting',
      'completed/verified/approved',
      'pending/pending/not_started',
      'rejected/rejected/not_started',
      'rejected/verified/rejected',
      'waiting_for_approval/verified/waiting',
    ]);
    const settled =
      (byState.get('approved/verified/approved') ?? 0) +
      (byState.get('completed/verified/approved') ?? 0);
    expect(settled / SCALE).toBeGreaterThan(0.55);
    expect(settled / SCALE).toBeLessThan(0.85);
  });

  it('dates them within their financial years, over several, none in the future', async () => {
    const scaled = await scaledOrders();
    const years = new Set(scaled.map((order) => order.financialYear));
    expect(years.size).toBe(SCALE_FINANCIAL_YEARS);
    expect(years).toContain(financialYear(todayIso));
    for (const order of scaled) {
      expect(order.financialYear, order.poNumber).toBe(financialYear(order.poDate));
      expect(order.poDate < todayIso, order.poNumber).toBe(true);
    }
    const { rows } = await sql<{ late: number; early: number }>`select
      count(*) filter (where greatest(created_at, verified_at, approved_at, cancelled_at, updated_at)
        > ${today.toISOString()}::timestamptz)::int as late,
      count(*) filter (where (created_at at time zone 'Asia/Kolkata')::date <> po_date
        or verified_at < created_at or approved_at < verified_at
        or cancelled_at < coalesce(verified_at, created_at))::int as early
      from purchase_orders`.execute(api.db);
    expect(rows).toEqual([{ late: 0, early: 0 }]);
  });

  it('is believable as the demo is: no product twice on an order, decisions in order', async () => {
    // The demo's orders and the scaled ones (unbelievableOrders: the rules of demo.test.ts).
    expect(await unbelievableOrders(api.db, 0, today)).toEqual([]);
  });

  it('numbers every order of a branch and year by date from 1, the demo among them', async () => {
    const { rows } = await sql<{
      poNumber: string;
      code: string;
      financialYear: string;
      sequence: number;
      poDate: string;
      billedBranchId: number;
    }>`select po.po_number, b.code, po.financial_year, po.sequence, po.po_date, po.billed_branch_id
      from purchase_orders po join branches b on b.id = po.billed_branch_id
      where po.status <> 'draft'
      order by po.billed_branch_id, po.financial_year, po.sequence`.execute(api.db);
    expect(new Set(rows.map((row) => row.poNumber)).size).toBe(rows.length);
    const groups = new Map<string, typeof rows>();
    for (const row of rows) {
      expect(row.poNumber).toMatch(/^PO\/[A-Z]{3}-[A-Z]{2,3}\/\d{4}-\d{2}\/\d{4,}$/);
      expect(row.poNumber).toBe(
        `PO/${row.code}/${row.financialYear}/${String(row.sequence).padStart(4, '0')}`,
      );
      const key = `${row.billedBranchId}/${row.financialYear}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      expect(group.map((row) => row.sequence)).toEqual(group.map((_, index) => index + 1));
      const dates = group.map((row) => row.poDate);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('has money that adds up, line by line, with GST by the place of supply', async () => {
    const orders = await sql<{
      id: number;
      vendorState: string;
      shippedState: string;
      taxKind: string;
      freightAmount: string;
      subTotal: string;
      discount: string;
      cgstAmount: string;
      sgstAmount: string;
      igstAmount: string;
      roundOff: string;
      grandTotal: string;
    }>`select po.id, vs.gst_code as vendor_state, ss.gst_code as shipped_state, po.tax_kind,
        po.freight_amount, po.sub_total, po.discount, po.cgst_amount, po.sgst_amount,
        po.igst_amount, po.round_off, po.grand_total
      from purchase_orders po
      join vendors v on v.id = po.vendor_id join states vs on vs.id = v.state_id
      join branches s on s.id = po.shipped_branch_id join states ss on ss.id = s.state_id
      where po.id > ${demoOrders}`.execute(api.db);
    const lines = await api.db
      .selectFrom('purchaseOrderLines')
      .selectAll()
      .where('purchaseOrderId', '>', demoOrders)
      .orderBy('lineNo')
      .execute();
    const kinds = new Set<string>();
    for (const order of orders.rows) {
      const kind = taxKind(order.vendorState, order.shippedState);
      kinds.add(kind);
      expect(order.taxKind).toBe(kind);
      const own = lines.filter((line) => line.purchaseOrderId === order.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(4);
      const totals = computePurchaseOrderTotals(
        own.map((line) => ({
          quantity: Number(line.quantity),
          rate: toPaise(line.rate),
          discount: toPaise(line.discountAmount),
          taxRate: Number(line.taxRate),
        })),
        toPaise(order.freightAmount),
        kind,
      );
      for (const [index, line] of own.entries()) {
        const computed = totals.lines[index];
        expect([line.taxableAmount, line.cgstAmount, line.sgstAmount, line.igstAmount]).toEqual(
          [computed?.taxable, computed?.cgst, computed?.sgst, computed?.igst].map((paise) =>
            formatPaise(paise ?? -1),
          ),
        );
        expect(line.totalAmount).toBe(formatPaise(computed?.total ?? -1));
      }
      expect([
        order.subTotal,
        order.discount,
        order.cgstAmount,
        order.sgstAmount,
        order.igstAmount,
        order.roundOff,
        order.grandTotal,
      ]).toEqual(
        [
          totals.subTotal,
          totals.discount,
          totals.cgst,
          totals.sgst,
          totals.igst,
          totals.roundOff,
          totals.grandTotal,
        ].map(formatPaise),
      );
    }
    expect(kinds).toEqual(new Set(['intra', 'inter']));
  });

  it('writes each history as the decisions do, by users whose role allows it there', async () => {
    const { rows } = await sql<{ problem: string; count: number }>`
      with entry as (
        select a.*, po.status, po.billed_branch_id, po.created_by, po.verified_by, po.approved_by,
          row_number() over (partition by a.entity_id order by a.at desc, a.id desc) as latest,
          exists (select 1 from users u
            join role_grants g on g.role_id = u.role_id
            join modules m on m.id = g.module_id and m.code = 'purchase_order'
            join actions x on x.id = g.action_id
            join branch_staff bs on bs.staff_id = u.staff_id and bs.branch_id = po.billed_branch_id
            where u.id = a.user_id and x.code = case a.action
              when 'Verified' then 'verify' when 'Rejected at verification' then 'verify'
              when 'Approved' then 'approve' when 'Rejected at approval' then 'approve'
              when 'Cancelled' then 'delete' else 'create' end) as allowed
        from audit_log a join purchase_orders po on po.id = a.entity_id
        where a.entity = 'purchase_order' and po.id > ${demoOrders}
      )
      select 'not allowed' as problem, count(*)::int as count from entry where not allowed
      union all
      select 'ends elsewhere', count(*)::int from entry where latest = 1 and to_status <> status
      union all
      select 'no reason', count(*)::int from entry
        where action not in ('Created', 'Goods received') and reason is null
      union all
      select 'other branch', count(*)::int from entry where branch_id <> billed_branch_id
      union all
      select 'without history', count(*)::int from purchase_orders po
        where po.id > ${demoOrders} and not exists (select 1 from audit_log a
          where a.entity = 'purchase_order' and a.entity_id = po.id and a.action = 'Created')
    `.execute(api.db);
    expect(rows).toEqual(
      ['not allowed', 'ends elsewhere', 'no reason', 'other branch', 'without history'].map(
        (problem) => ({ problem, count: 0 }),
      ),
    );
  });

  it('shows a scaled order with its products and history, and lets it be decided', async () => {
    const token = await api.login('verifier');
    const order = await api.db
      .selectFrom('purchaseOrders')
      .innerJoin('branches', 'branches.id', 'purchaseOrders.billedBranchId')
      .select(['purchaseOrders.id', 'poNumber', 'billedBranchId'])
      .where('purchaseOrders.id', '>', demoOrders)
      .where('branches.code', '=', SCALE_HOME_BRANCH)
      .where('status', '=', 'pending')
      .orderBy('purchaseOrders.id')
      .executeTakeFirstOrThrow();
    const key = { PurchaseOrder: order.id, PurchaseOrderNumber: order.poNumber };
    const shown = await api.call('purchaseOrderShow', token, {
      ...key,
      Branch: order.billedBranchId,
    });
    expect(shown.flag).toBe(1);
    expect(shown.records?.Products?.length).toBeGreaterThan(0);
    expect(shown.records?.History?.map((entry) => entry.Action)).toEqual(['Created']);
    expect(shown.records?.FilePathFlag).toBe(false);
    const verified = await api.call('purchaseOrderVerify', token, {
      ...key,
      BilledBranch: order.billedBranchId,
      Status: 1,
      Reason: 'Rates checked',
    });
    expect(verified.flag, verified.output).toBe(1);
  });

  it('adds an asset for every unit received on its completed orders, and says how many', async () => {
    const { rows } = await sql<{ units: number; assets: number; demoAssets: number }>`select
        (select sum(l.quantity)::int from purchase_order_lines l
          join purchase_orders po on po.id = l.purchase_order_id
          where po.id > ${demoOrders} and po.status = 'completed') as units,
        (select count(*)::int from assets where purchase_order_id > ${demoOrders}) as assets,
        (select count(*)::int from assets
          where purchase_order_id is null or purchase_order_id <= ${demoOrders}) as demo_assets`.execute(
      api.db,
    );
    const [counts] = rows;
    expect(counts?.units).toBeGreaterThan(500);
    expect(counts?.assets).toBe(counts?.units);
    expect(summary.scale?.assets).toBe(counts?.assets);
    expect(summary.assets).toBe((counts?.assets ?? 0) + (counts?.demoAssets ?? 0));
    expect(await api.count('assets')).toBe(summary.assets);
    expect(await api.count('assetEvents')).toBe(summary.assetEvents);
  });

  it('makes them as believable as the demo’s, references and indexes whole', async () => {
    // References, tags and counters, serials, orders, timelines, dates: of every asset, the
    // demo's and the scaled ones (written without row-by-row foreign-key checks, so each
    // reference is checked here).
    expect(await unbelievableAssets(api.db, 0, today)).toEqual([]);
    const { rows } = await sql<{ name: string; valid: boolean }>`select c.relname as name,
        i.indisvalid as valid
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid in ('assets'::regclass, 'asset_events'::regclass)`.execute(api.db);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'assets_pkey',
        'assets_tag_key',
        'assets_brand_serial_ci',
        'assets_branch',
        'assets_location',
        'assets_type',
        'assets_custodian',
        'assets_status',
        'assets_warranty',
        'assets_serial_ci',
        'assets_purchase_order',
        'asset_events_asset',
      ]),
    );
    expect(rows.filter((row) => !row.valid)).toEqual([]);
  });

  it('continues each branch’s tags after the demo’s', async () => {
    const { rows } = await sql<{ code: string; demoLast: number; firstScaled: number | null }>`
      select b.code,
        max(right(a.tag, 6)::int) filter (where a.purchase_order_id is null
          or a.purchase_order_id <= ${demoOrders}) as demo_last,
        min(right(a.tag, 6)::int) filter (where a.purchase_order_id > ${demoOrders}) as first_scaled
      from assets a join branches b on b.id = a.branch_id group by b.code`.execute(api.db);
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row.firstScaled, row.code).toBe(row.demoLast + 1);
  });

  it('spreads their statuses and warranties as the demo does', async () => {
    const { rows } = await sql<{ key: string; count: number }>`select key, count(*)::int as count
      from assets a
      cross join lateral (values (a.asset_status), (case when a.warranty_end is null then 'NONE'
        when a.warranty_end < ${todayIso}::date then 'EXPIRED'
        when a.warranty_end <= ${todayIso}::date + 90 then 'EXPIRING' else 'LATER' end)) as k(key)
      where a.purchase_order_id > ${demoOrders} group by key`.execute(api.db);
    const counts = new Map(rows.map((row) => [row.key, row.count]));
    const total = summary.scale?.assets ?? 0;
    expect(counts.get('IN_USE') ?? 0).toBeGreaterThan(total * 0.9);
    for (const key of ['IN_STOCK', 'OUT_OF_ORDER', 'EXPIRED', 'EXPIRING', 'LATER', 'NONE'])
      expect(counts.get(key) ?? 0, key).toBeGreaterThan(0);
    expect(counts.get('OUT_OF_ORDER') ?? 0).toBeLessThan(total * 0.03);
  });
});
