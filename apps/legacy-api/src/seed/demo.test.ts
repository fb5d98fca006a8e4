import {
  computePurchaseOrderTotals,
  financialYear,
  formatPaise,
  isValidGstin,
  taxKind,
  toPaise,
} from '@branch-assets/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unbelievableOrders } from '../test/believable-orders.ts';
import { PURCHASE_ORDER_STATES, useTestApi } from '../test/test-api.ts';
import { ASSET_TYPES, DEMO_USERS } from './demo-data.ts';
import { distinctProduct, PRODUCTS, productCandidates } from './products.ts';

const api = useTestApi();
const count = (table: 'branches' | 'staff' | 'vendors' | 'purchaseOrders' | 'users') =>
  api.count(table);

/** The GST state code of each vendor or branch (where it is registered), by its id. */
async function stateCodes(table: 'vendors' | 'branches'): Promise<(id: number) => string> {
  const { rows } = await sql<{ id: number; code: string }>`select t.id, s.gst_code as code
    from ${sql.table(table)} t join states s on s.id = t.state_id`.execute(api.db);
  const codes = new Map(rows.map((row) => [row.id, row.code]));
  return (id) => {
    const code = codes.get(id);
    if (code === undefined) throw new Error(`${table} ${id} has no state`);
    return code;
  };
}

describe('the demo seed', () => {
  it('has the size the demo needs', async () => {
    expect(await count('branches')).toBeGreaterThanOrEqual(12);
    expect(await count('staff')).toBeGreaterThanOrEqual(40);
    expect(await count('vendors')).toBe(25);
    expect(await count('purchaseOrders')).toBeGreaterThanOrEqual(300);
    const states = await api.db.selectFrom('branches').select('stateId').distinct().execute();
    expect(states.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every vendor and branch a valid GSTIN of its own state', async () => {
    const rows = await api.db
      .selectFrom('vendors')
      .innerJoin('states', 'states.id', 'vendors.stateId')
      .select(['vendors.gstin', 'states.gstCode'])
      .unionAll(
        api.db
          .selectFrom('branches')
          .innerJoin('states', 'states.id', 'branches.stateId')
          .select([sql<string>`coalesce(branches.gstin, '')`.as('gstin'), 'states.gstCode']),
      )
      .execute();
    for (const row of rows) {
      expect(isValidGstin(row.gstin), row.gstin).toBe(true);
      expect(row.gstin.slice(0, 2)).toBe(row.gstCode);
    }
  });

  it('puts orders in every state in every branch', async () => {
    const rows = await api.db
      .selectFrom('purchaseOrders')
      .select(['billedBranchId', 'status'])
      .distinct()
      .execute();
    const branches = await api.db.selectFrom('branches').select('id').execute();
    for (const branch of branches) {
      const statuses = new Set(
        rows.filter((row) => row.billedBranchId === branch.id).map((row) => row.status),
      );
      expect(statuses, `branch ${branch.id}`).toEqual(new Set(PURCHASE_ORDER_STATES));
    }
  });

  it('numbers orders per branch and financial year, without gaps', async () => {
    const orders = await api.db
      .selectFrom('purchaseOrders as po')
      .innerJoin('branches', 'branches.id', 'po.billedBranchId')
      .select([
        'po.poNumber',
        'po.poDate',
        'po.financialYear',
        'po.sequence',
        'branches.code',
        'po.billedBranchId',
      ])
      .orderBy('po.billedBranchId')
      .orderBy('po.financialYear')
      .orderBy('po.sequence')
      .execute();
    const groups = new Map<string, typeof orders>();
    for (const order of orders) {
      expect(order.financialYear).toBe(financialYear(order.poDate));
      expect(order.poNumber).toBe(
        `PO/${order.code}/${order.financialYear}/${String(order.sequence).padStart(4, '0')}`,
      );
      const key = `${order.billedBranchId}/${order.financialYear}`;
      groups.set(key, [...(groups.get(key) ?? []), order]);
    }
    for (const group of groups.values()) {
      expect(group.map((order) => order.sequence)).toEqual(group.map((_, index) => index + 1));
      const dates = group.map((order) => order.poDate);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('has money that adds up: lines, GST by place of supply, freight, round off, grand total', async () => {
    const [vendorState, branchState] = await Promise.all([
      stateCodes('vendors'),
      stateCodes('branches'),
    ]);
    const orders = await api.db.selectFrom('purchaseOrders').selectAll().execute();
    const lines = await api.db
      .selectFrom('purchaseOrderLines')
      .selectAll()
      .orderBy('lineNo')
      .execute();
    let intra = 0;
    let inter = 0;
    for (const order of orders) {
      const kind = taxKind(vendorState(order.vendorId), branchState(order.shippedBranchId));
      expect(order.taxKind).toBe(kind);
      if (kind === 'intra') intra += 1;
      else inter += 1;
      const own = lines.filter((line) => line.purchaseOrderId === order.id);
      expect(own.length).toBeGreaterThan(0);
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
      expect({
        subTotal: order.subTotal,
        discount: order.discount,
        cgst: order.cgstAmount,
        sgst: order.sgstAmount,
        igst: order.igstAmount,
        roundOff: order.roundOff,
        grandTotal: order.grandTotal,
      }).toEqual({
        subTotal: formatPaise(totals.subTotal),
        discount: formatPaise(totals.discount),
        cgst: formatPaise(totals.cgst),
        sgst: formatPaise(totals.sgst),
        igst: formatPaise(totals.igst),
        roundOff: formatPaise(totals.roundOff),
        grandTotal: formatPaise(totals.grandTotal),
      });
      if (kind === 'intra') expect(order.igstAmount).toBe('0.00');
      else expect([order.cgstAmount, order.sgstAmount]).toEqual(['0.00', '0.00']);
    }
    expect(intra).toBeGreaterThan(50);
    expect(inter).toBeGreaterThan(50);
  });

  it('is believable: no product twice on an order, sensible lines, decisions in order', async () => {
    // Each order lists a product once; quantities, rates and discounts are what a branch pays for
    // the type; every step comes after the one before it and none in the future.
    expect(await unbelievableOrders(api.db)).toEqual([]);
    const { rows } = await sql<{ repeated: number }>`select count(*)::int as repeated from (
        select 1 from purchase_order_lines group by purchase_order_id, asset_type_id, brand_id
        having count(*) > 1) as twice`.execute(api.db);
    expect(rows).toEqual([{ repeated: 0 }]);
  });

  it('gives a line that draws a product already on its order another brand of the same type', () => {
    const switches = ASSET_TYPES.findIndex((spec) => spec.type === 'Network Switch');
    const tpLink = { type: switches, brand: 2 };
    expect(distinctProduct(tpLink, [])).toEqual(tpLink);
    expect(distinctProduct(tpLink, [tpLink])).toEqual({ type: switches, brand: 0 });
    expect(distinctProduct(tpLink, [tpLink, { type: switches, brand: 0 }])).toEqual({
      type: switches,
      brand: 1,
    });
    // Every brand of the type on the order already: the next type's.
    const all = [0, 1, 2].map((brand) => ({ type: switches, brand }));
    expect(distinctProduct(tpLink, all)).toEqual({ type: switches + 1, brand: 2 });
    // Whatever is drawn, every product is a candidate exactly once, the one drawn first.
    for (const product of PRODUCTS) {
      const candidates = productCandidates(product);
      expect(candidates[0]).toEqual(product);
      expect(new Set(candidates.map(({ type, brand }) => `${type}/${brand}`)).size).toBe(
        PRODUCTS.length,
      );
    }
  });

  it('lets every demo user log in; kavitha has no primary branch yet', async () => {
    for (const user of DEMO_USERS) {
      const answer = await api.call('login', null, {
        UserName: user.username,
        Password: 'Demo@1234',
      });
      expect(answer.flag, user.username).toBe(1);
      expect(answer.records?.User.Role).toBe(user.role);
      expect(answer.records?.User.PrimaryBranch?.BranchCode ?? null).toBe(user.primaryBranch);
    }
  });

  it('has a history for every order that ends in its current status', async () => {
    const rows = await sql<{ id: number; status: string; last: string | null }>`
      select po.id, po.status,
        (select a.to_status from audit_log a where a.entity = 'purchase_order' and a.entity_id = po.id
          order by a.at desc, a.id desc limit 1) as last
      from purchase_orders po`.execute(api.db);
    for (const row of rows.rows) expect(row.last, `order ${row.id}`).toBe(row.status);
  });
});
