import {
  addDays,
  computePurchaseOrderTotals,
  financialYear,
  formatPaise,
  isValidGstin,
  JOB_STATUSES,
  taxKind,
  toPaise,
} from '@branch-assets/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unbelievableOrders } from '../test/believable-orders.ts';
import { PURCHASE_ORDER_STATES, useTestApi } from '../test/test-api.ts';
import { ADMINISTRATION, BRANCH_SIZES, REGISTER_FACTS, ROOMS } from './asset-data.ts';
import { unbelievableAssets } from './believable-assets.ts';
import { ASSET_TYPES, BRANCHES, DEMO_USERS, UNORDERED_ASSET_TYPES } from './demo-data.ts';
import { distinctProduct, PRODUCTS, productCandidates } from './products.ts';

const api = useTestApi();

/** The branches whose orders procurement's own functions wrote (seed/demo/procurement.ts). */
const PROCUREMENT_BRANCHES = new Set(['CHN-ANN', 'CBE-RSP', 'BLR-JAY']);
/** The states procurement added to an order's flow. */
const PROCUREMENT_STATES = ['draft', 'partially_received', 'received', 'closed'] as const;
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
    // 25 registered vendors and one local supplier without a GSTIN.
    expect(await count('vendors')).toBe(26);
    expect(await count('purchaseOrders')).toBeGreaterThanOrEqual(300);
    const states = await api.db.selectFrom('branches').select('stateId').distinct().execute();
    expect(states.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every registered vendor and every branch a valid GSTIN of its own state', async () => {
    const rows = await api.db
      .selectFrom('vendors')
      .innerJoin('states', 'states.id', 'vendors.stateId')
      .select([sql<string>`vendors.gstin`.as('gstin'), 'states.gstCode'])
      .where('vendors.gstin', 'is not', null)
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

  it('puts orders in every state in every branch, and procurement’s in the main ones', async () => {
    const rows = await api.db
      .selectFrom('purchaseOrders')
      .innerJoin('branches', 'branches.id', 'purchaseOrders.billedBranchId')
      .select(['branches.code', 'purchaseOrders.status'])
      .distinct()
      .execute();
    for (const branch of BRANCHES) {
      const statuses = new Set(
        rows.filter((row) => row.code === branch.code).map((row) => row.status),
      );
      const expected = PROCUREMENT_BRANCHES.has(branch.code)
        ? [...PURCHASE_ORDER_STATES, 'partially_received', 'received']
        : PURCHASE_ORDER_STATES;
      for (const status of expected) expect(statuses, branch.code).toContain(status);
      for (const status of statuses)
        expect([...PURCHASE_ORDER_STATES, ...PROCUREMENT_STATES], branch.code).toContain(status);
    }
    // The demo manager's branch has them all, an order closed short among them.
    const own = rows.filter((row) => row.code === 'CHN-ANN').map((row) => row.status);
    expect(own).toEqual(expect.arrayContaining([...PURCHASE_ORDER_STATES, ...PROCUREMENT_STATES]));
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
      .where('po.status', '<>', 'draft')
      .orderBy('po.billedBranchId')
      .orderBy('po.financialYear')
      .orderBy('po.sequence')
      .execute();
    // A draft has no number, nor a year's sequence, until it is submitted.
    const drafts = await api.db
      .selectFrom('purchaseOrders')
      .select(['poNumber', 'financialYear', 'sequence'])
      .where('status', '=', 'draft')
      .execute();
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    for (const draft of drafts)
      expect(draft).toEqual({ poNumber: null, financialYear: null, sequence: null });
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
    const unregistered = new Set(
      (await api.db.selectFrom('vendors').select('id').where('gstin', 'is', null).execute()).map(
        (row) => row.id,
      ),
    );
    const orders = await api.db.selectFrom('purchaseOrders').selectAll().execute();
    const lines = await api.db
      .selectFrom('purchaseOrderLines')
      .selectAll()
      .orderBy('lineNo')
      .execute();
    let intra = 0;
    let inter = 0;
    for (const order of orders) {
      // An unregistered supplier charges no GST; the others by the place of supply.
      const kind = unregistered.has(order.vendorId)
        ? 'unregistered'
        : taxKind(vendorState(order.vendorId), branchState(order.shippedBranchId));
      expect(order.taxKind).toBe(kind);
      if (kind === 'intra') intra += 1;
      else if (kind === 'inter') inter += 1;
      const own = lines.filter((line) => line.purchaseOrderId === order.id);
      expect(own.length).toBeGreaterThan(0);
      const totals = computePurchaseOrderTotals(
        own.map((line) => ({
          quantity: Number(line.quantity),
          rate: toPaise(line.rate),
          discount: toPaise(line.discountAmount),
          taxRate: Number(line.taxRate),
        })),
        // Freight with a GST rate of its own (procurement's orders) is taxed as a line is.
        order.freightTaxRate === null
          ? toPaise(order.freightAmount)
          : { amount: toPaise(order.freightAmount), taxRate: Number(order.freightTaxRate) },
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
      else if (kind === 'inter')
        expect([order.cgstAmount, order.sgstAmount]).toEqual(['0.00', '0.00']);
      else
        expect([order.cgstAmount, order.sgstAmount, order.igstAmount]).toEqual([
          '0.00',
          '0.00',
          '0.00',
        ]);
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

/** How many of the demo's assets there are of each value of an expression over assets `a`. */
async function countsBy(expression: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ key: string; count: number }>`select ${sql.raw(expression)} as key,
      count(*)::int as count
    from assets a
    join branches b on b.id = a.branch_id
    join asset_locations l on l.id = a.location_id
    join asset_types t on t.id = a.asset_type_id
    group by 1`.execute(api.db);
  return new Map(rows.map((row) => [String(row.key), row.count]));
}

// In this order (never shuffled): the last test adds an asset through the app, which the checks of
// the register as seeded, before it, do not expect.
describe('the demo asset register', { shuffle: false }, () => {
  it('gives every branch the rooms a hospital of its size has, and about 3,000 assets', async () => {
    const rooms = await countsBy('b.code');
    const locations = await api.db
      .selectFrom('assetLocations as l')
      .innerJoin('branches as b', 'b.id', 'l.branchId')
      .select(['b.code', 'l.name'])
      .execute();
    for (const branch of BRANCHES) {
      const own = locations.filter((row) => row.code === branch.code).map((row) => row.name);
      expect(own.length, branch.code).toBeGreaterThanOrEqual(8);
      expect(own.length, branch.code).toBeLessThanOrEqual(14);
      expect(own, branch.code).toEqual(
        expect.arrayContaining(['Emergency', 'Radiology', 'Laboratory', 'Front office', 'Store']),
      );
      if (BRANCH_SIZES[branch.code] !== 'small')
        expect(own, branch.code).toEqual(expect.arrayContaining(['ICU', 'OT-1', 'Wards']));
      // A large branch has more than a small one.
      expect(rooms.get(branch.code), branch.code).toBeGreaterThanOrEqual(
        BRANCH_SIZES[branch.code] === 'large' ? 250 : 100,
      );
    }
    const total = [...rooms.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(2500);
    expect(total).toBeLessThanOrEqual(3600);
    // Every type of the catalogue is there, the ones only opening balances have among them.
    const types = await countsBy('t.name');
    for (const spec of [...ASSET_TYPES, ...UNORDERED_ASSET_TYPES])
      expect(types.get(spec.type), spec.type).toBeGreaterThan(0);
  });

  it('puts equipment in the rooms it belongs in, and the rest in the store', async () => {
    const placed = await countsBy(
      `t.name || ' in ' || case when a.asset_status = 'IN_STOCK' then 'stock' else l.name end`,
    );
    const allowed = new Map<string, Set<string>>();
    for (const room of [...ROOMS, ADMINISTRATION])
      for (const [type] of room.fitOut)
        allowed.set(type, (allowed.get(type) ?? new Set()).add(room.name));
    for (const [key, count] of placed) {
      const [type = '', room = ''] = key.split(' in ');
      if (room === 'stock') continue;
      const rooms = new Set([...(allowed.get(type) ?? []), ...(REGISTER_FACTS[type]?.rooms ?? [])]);
      expect(rooms.has(room), `${count} × ${key}`).toBe(true);
    }
    expect(placed.get('Ventilator in ICU')).toBeGreaterThan(20);
    expect(placed.get('Autoclave in CSSD')).toBeGreaterThan(0);
    expect(placed.get('Anaesthesia Workstation in Front office')).toBeUndefined();
  });

  it('is believable: references, tags, serials, orders, timelines and dates hold', async () => {
    expect(await unbelievableAssets(api.db)).toEqual([]);
  });

  it('ties the completed orders’ units to assets, and the rest are opening balances', async () => {
    const tied = await countsBy(
      `case when a.purchase_order_id is null then 'opening' else 'ordered' end`,
    );
    expect(tied.get('ordered')).toBeGreaterThan(500);
    expect(tied.get('opening')).toBeGreaterThan(1500);
    const references = await api.db
      .selectFrom('assets')
      .select(['purchaseReference', 'purchaseOrderId', 'goodsReceiptLineId'])
      .execute();
    for (const row of references) {
      if (row.purchaseOrderId === null)
        expect(row.purchaseReference).toMatch(
          /^(Invoice \d{4}\/\d{4}|[A-Z]{1,4}\/\d{4}-\d{2}\/\d{3}|Bill No\. \d{4} dt \d{2}\.\d{2}\.\d{4})$/,
        );
      // A goods receive note's assets name it (unbelievableAssets checks which).
      else if (row.goodsReceiptLineId !== null)
        expect(row.purchaseReference).toMatch(/^GRN\/[A-Z]{3}-[A-Z]{2,3}\/\d{4}-\d{2}\/\d{4}$/);
      else expect(row.purchaseReference).toBeNull();
    }
  });

  it('is mostly in use, some in stock, a few out of order each with its reason', async () => {
    const statuses = await countsBy('a.asset_status');
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(statuses.get('IN_USE') ?? 0).toBeGreaterThan(total * 0.9);
    expect(statuses.get('IN_STOCK')).toBeGreaterThanOrEqual(20);
    expect(statuses.get('OUT_OF_ORDER')).toBeGreaterThanOrEqual(10);
    expect(statuses.get('OUT_OF_ORDER')).toBeLessThanOrEqual(total * 0.03);
    const { rows } = await sql<{ tag: string; reason: string | null }>`select a.tag, e.reason
      from assets a join asset_events e on e.asset_id = a.id and e.kind = 'STATUS'
        and e.changes -> 'AssetStatus' ->> 1 = 'OUT_OF_ORDER'
      where a.asset_status = 'OUT_OF_ORDER'`.execute(api.db);
    expect(rows).toHaveLength(statuses.get('OUT_OF_ORDER') ?? -1);
    for (const row of rows) expect(row.reason, row.tag).toMatch(/\w{3,}/);
  });

  it('spreads warranties: expired, expiring within 90 days, later, and none', async () => {
    const warranty = await countsBy(`case when a.warranty_end is null then 'NONE'
      when a.warranty_end < (now() at time zone 'Asia/Kolkata')::date then 'EXPIRED'
      when a.warranty_end <= (now() at time zone 'Asia/Kolkata')::date + 90 then 'EXPIRING'
      when a.warranty_end <= (now() at time zone 'Asia/Kolkata')::date + 365 then 'THIS_YEAR'
      else 'LATER' end`);
    const total = [...warranty.values()].reduce((sum, count) => sum + count, 0);
    for (const [state, share] of [
      ['EXPIRED', 0.2],
      ['EXPIRING', 0.03],
      ['THIS_YEAR', 0.1],
      ['LATER', 0.1],
      ['NONE', 0.03],
    ] as const)
      expect(warranty.get(state) ?? 0, state).toBeGreaterThan(total * share);
    expect(warranty.get('EXPIRED') ?? 0).toBeLessThan(total * 0.6);
  });

  it('has custodians for some assets, each on a staff member of the branch', async () => {
    const held = await countsBy(`case when a.custodian_id is null then 'none' else 'held' end`);
    expect(held.get('held')).toBeGreaterThan(100);
    // unbelievableAssets checks that each works in the asset's branch.
  });

  it('lets the app number a new asset after the branch’s last demo tag', async () => {
    const token = await api.login('admin');
    const branch = await api.idOf('branches', 'code', 'CHN-ANN');
    const last = await api.db
      .selectFrom('assetTagCounters')
      .select('lastNumber')
      .where('prefix', '=', 'CHN-ANN')
      .executeTakeFirstOrThrow();
    const room = await api.idWhere('assetLocations', { branchId: branch, name: 'ICU' });
    const monitor = await api.idOf('assetTypes', 'name', 'Multipara Monitor');
    const philips = await api.idOf('brands', 'name', 'Philips');
    const stored = await api.call('assetStore', token, {
      UserInterface: 1,
      AssetName: 'Multipara Monitor, ICU spare',
      AssetType: monitor,
      Brand: philips,
      Branch: branch,
      Location: room,
      Criticality: 'HIGH',
      Condition: 'GOOD',
    });
    expect(stored.flag, stored.output).toBe(1);
    expect(stored.records?.AssetTag).toBe(
      `CHN-ANN-${String(last.lastNumber + 1).padStart(6, '0')}`,
    );
  });
});

describe('the demo accessories', () => {
  it('stocks most branches, each branch’s stock the sum of its ledger, some below minimum', async () => {
    expect(await api.count('accessories')).toBe(7);
    const { rows } = await sql<{
      accessoryId: number;
      branchId: number;
      onHand: number;
      ledger: number;
      lastBalance: number;
      minimum: number;
      movements: number;
    }>`select s.accessory_id, s.branch_id, s.on_hand,
        (select sum(m.quantity)::int from accessory_movements m
          where m.accessory_id = s.accessory_id and m.branch_id = s.branch_id) as ledger,
        (select m.balance from accessory_movements m
          where m.accessory_id = s.accessory_id and m.branch_id = s.branch_id
          order by m.id desc limit 1) as last_balance,
        coalesce((select n.minimum from accessory_minimums n
          where n.accessory_id = s.accessory_id and n.branch_id = s.branch_id),
          t.minimum_stock) as minimum,
        (select count(*)::int from accessory_movements m
          where m.accessory_id = s.accessory_id and m.branch_id = s.branch_id) as movements
      from accessory_stock s
      join accessories a on a.id = s.accessory_id
      join accessory_types t on t.id = a.accessory_type_id`.execute(api.db);
    expect(rows.length).toBeGreaterThanOrEqual(7 * 12 * 0.7);
    for (const row of rows) {
      expect(row.ledger, `${row.accessoryId} at ${row.branchId}`).toBe(row.onHand);
      expect(row.lastBalance).toBe(row.onHand);
      expect(row.movements).toBeGreaterThanOrEqual(3);
    }
    const below = rows.filter((row) => row.minimum > 0 && row.onHand < row.minimum);
    expect(below.length).toBeGreaterThanOrEqual(5);
    expect(below.length).toBeLessThan(rows.length / 2);
    // Every issue names a staff member of the branch it was issued at.
    const strays = await sql<{ id: string }>`select m.id from accessory_movements m
      join staff s on s.id = m.staff_id where s.branch_id <> m.branch_id`.execute(api.db);
    expect(strays.rows).toEqual([]);
  });
});

describe('the demo procurement', () => {
  it('has drafts, orders partly and fully received, and one closed short after a receipt', async () => {
    const { rows } = await sql<{ code: string; status: string; orders: number; notes: number }>`
      select b.code, po.status, count(distinct po.id)::int as orders,
        count(n.id) filter (where n.status = 'RECEIVED')::int as notes
      from purchase_orders po
      join branches b on b.id = po.billed_branch_id
      left join goods_receipt_notes n on n.purchase_order_id = po.id
      where po.status in ('draft', 'partially_received', 'received', 'closed')
      group by b.code, po.status`.execute(api.db);
    const of = (code: string, status: string) =>
      rows.find((row) => row.code === code && row.status === status);
    for (const code of PROCUREMENT_BRANCHES) {
      expect(of(code, 'partially_received')?.orders, code).toBeGreaterThanOrEqual(1);
      expect(of(code, 'received')?.orders, code).toBeGreaterThanOrEqual(1);
    }
    const drafts = rows.filter((row) => row.status === 'draft');
    expect(drafts.reduce((sum, row) => sum + row.orders, 0)).toBeGreaterThanOrEqual(2);
    expect(of('CHN-ANN', 'draft')?.orders).toBeGreaterThanOrEqual(1);
    // Received orders through notes; the one closed short had received some first.
    for (const row of rows.filter((row) => row.status !== 'draft'))
      expect(row.notes, `${row.code} ${row.status}`).toBeGreaterThanOrEqual(row.orders);
    expect(of('CHN-ANN', 'closed')?.orders).toBe(1);
    const closed = await api.db
      .selectFrom('purchaseOrders')
      .select(['id', 'closeReason', 'closedAt', 'closedBy'])
      .where('status', '=', 'closed')
      .executeTakeFirstOrThrow();
    expect(closed.closeReason).toMatch(/\w+ \w+ \w+/);
    expect(closed.closedBy).not.toBeNull();
    const history = await api.auditOf('purchase_order', closed.id);
    expect(history.map((entry) => entry.action)).toEqual([
      'Draft saved',
      'Submitted',
      'Verified',
      'Approved',
      'Goods received',
      'Closed short',
    ]);
    expect(history.at(-2)?.toStatus).toBe('partially_received');
  });

  it('has an order rejected at verification, revised and resubmitted as version 2', async () => {
    const versions = await api.db
      .selectFrom('purchaseOrderVersions')
      .select(['purchaseOrderId', 'version', 'changes'])
      .where('purchaseOrderId', 'in', (eb) =>
        eb.selectFrom('purchaseOrderVersions').select('purchaseOrderId').where('version', '=', 2),
      )
      .orderBy('purchaseOrderId')
      .orderBy('version')
      .execute();
    expect(versions.map((row) => row.version)).toEqual([1, 2]);
    const [first, second] = versions;
    expect(first?.changes).toEqual([]);
    expect(second?.changes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Line 1 rate: ₹[\d,.]+ → ₹[\d,.]+$/)]),
    );
    const id = second?.purchaseOrderId ?? 0;
    const order = await api.db
      .selectFrom('purchaseOrders')
      .select(['status', 'version', 'poNumber', 'verifiedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Waiting for its verification again, with the number it was given at first.
    expect(order).toMatchObject({ status: 'pending', version: 2, verifiedAt: null });
    expect(order.poNumber).toMatch(/^PO\/CHN-ANN\//);
    const history = await api.auditOf('purchase_order', id);
    expect(history.map((entry) => entry.action)).toEqual([
      'Draft saved',
      'Submitted',
      'Rejected at verification',
      'Revised',
      'Resubmitted',
    ]);
    expect(history[2]?.reason).toMatch(/\w+ \w+ \w+/);
    expect(history.at(-1)?.details).toEqual({ version: 2 });
    expect(history.at(-1)?.reason).toContain('Line 1 rate');
  });

  it('has a goods receive note cancelled, its assets gone, its goods received again', async () => {
    const cancelled = await api.db
      .selectFrom('goodsReceiptNotes')
      .select(['id', 'purchaseOrderId', 'cancelReason', 'cancelledAt', 'createdAt'])
      .where('status', '=', 'CANCELLED')
      .execute();
    expect(cancelled).toHaveLength(1);
    const [note] = cancelled;
    if (!note) throw new Error('no cancelled note');
    expect(note.cancelReason).toMatch(/\w+ \w+ \w+/);
    expect(note.cancelledAt?.getTime()).toBeGreaterThan(note.createdAt.getTime());
    const { rows } = await sql<{ assets: number; received: number; status: string }>`select
        (select count(*)::int from assets a join goods_receipt_lines gl on gl.id = a.goods_receipt_line_id
          where gl.note_id = ${note.id}) as assets,
        (select count(*)::int from goods_receipt_notes n where n.purchase_order_id = ${note.purchaseOrderId}
          and n.status = 'RECEIVED') as received,
        (select status from purchase_orders where id = ${note.purchaseOrderId}) as status`.execute(
      api.db,
    );
    expect(rows).toEqual([{ assets: 0, received: 1, status: 'received' }]);
    const actions = (await api.auditOf('purchase_order', note.purchaseOrderId)).map(
      (entry) => entry.action,
    );
    expect(actions.slice(-3)).toEqual([
      'Goods received',
      'Goods receipt cancelled',
      'Goods received',
    ]);
  });

  it('puts every asset a note received at its line’s delivery branch, in its store until installed', async () => {
    const { rows } = await sql<{
      tag: string;
      code: string;
      billedBranchId: number;
      branchId: number;
      deliveryBranchId: number;
      status: string;
      location: string;
      locationBranchId: number;
      vendorId: number;
      orderVendorId: number;
      purchaseOrderId: number;
      orderId: number;
      cost: string;
      warrantyStart: string | null;
      warrantyEnd: string | null;
      months: number | null;
      receivedDate: string;
      serialNumber: string | null;
      type: string;
      putToUseDate: string | null;
      installedIn: string | null;
      installedOn: string | null;
      warrantyFromInstallation: boolean | null;
    }>`select a.tag, b.code, po.billed_branch_id, a.branch_id,
        coalesce(l.delivery_branch_id, po.shipped_branch_id) as delivery_branch_id,
        a.asset_status as status, loc.name as location, loc.branch_id as location_branch_id,
        a.vendor_id, po.vendor_id as order_vendor_id, a.purchase_order_id, po.id as order_id,
        a.cost, a.warranty_start, a.warranty_end, l.warranty_months as months,
        n.received_date, a.serial_number, t.name as type, a.put_to_use_date,
        si.installed_in, si.installed_on, si.warranty_from_installation
      from assets a
      join goods_receipt_lines gl on gl.id = a.goods_receipt_line_id
      join goods_receipt_notes n on n.id = gl.note_id
      join purchase_order_lines l on l.id = gl.purchase_order_line_id
      join purchase_orders po on po.id = l.purchase_order_id
      join branches b on b.id = a.branch_id
      join asset_locations loc on loc.id = a.location_id
      join asset_types t on t.id = a.asset_type_id
      -- Its installation signed off (seed/demo/installations.ts): in use where it was installed.
      left join lateral (select l2.name as installed_in,
          (i.installed_at at time zone 'Asia/Kolkata')::date::text as installed_on,
          i.warranty_from_installation
        from asset_installation_items ii
        join asset_installations i on i.id = ii.installation_id
        join asset_locations l2 on l2.id = i.location_id
        where ii.asset_id = a.id and i.status = 'SIGNED_OFF') si on true`.execute(api.db);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((row) => row.installedIn !== null).length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.branchId, row.tag).toBe(row.deliveryBranchId);
      expect(row.tag.startsWith(`${row.code}-`), row.tag).toBe(true);
      expect([row.status, row.location, row.locationBranchId, row.putToUseDate], row.tag).toEqual(
        row.installedIn === null
          ? ['IN_STOCK', 'Store', row.branchId, null]
          : ['IN_USE', row.installedIn, row.branchId, row.installedOn],
      );
      expect([row.vendorId, row.purchaseOrderId], row.tag).toEqual([
        row.orderVendorId,
        row.orderId,
      ]);
      expect(Number(row.cost), row.tag).toBeGreaterThan(0);
      // The warranty from the delivery, or from the installation when the vendor's card says so.
      const start = row.warrantyFromInstallation ? (row.installedOn ?? '') : row.receivedDate;
      expect(row.warrantyStart, row.tag).toBe(start);
      const end = new Date(`${start}T00:00:00Z`);
      end.setUTCMonth(end.getUTCMonth() + (row.months ?? 0));
      end.setUTCDate(end.getUTCDate() - 1);
      expect(row.warrantyEnd, row.tag).toBe(end.toISOString().slice(0, 10));
    }
    // One line went to another branch than the one billed (the printers, to Velachery).
    expect(rows.some((row) => row.branchId !== row.billedBranchId)).toBe(true);
    // The maker's serial number on nearly every unit of a type that has one.
    const serialled = rows.filter((row) => REGISTER_FACTS[row.type]?.serialNumbered);
    const numbered = serialled.filter((row) => row.serialNumber !== null);
    expect(numbered.length).toBeGreaterThan(serialled.length * 0.9);
    expect(numbered.length).toBeLessThan(serialled.length);
  });

  it('receives an accessory line into the delivery branch’s stock, as the ledger’s last entry', async () => {
    const { rows } = await sql<{
      accepted: number;
      quantity: number;
      reference: string;
      grnNumber: string;
      movementBranch: number;
      deliveryBranch: number;
      vendorId: number;
      orderVendor: number;
      last: boolean;
    }>`select gl.accepted::int, m.quantity, m.reference, n.grn_number,
        m.branch_id as movement_branch,
        coalesce(l.delivery_branch_id, po.shipped_branch_id) as delivery_branch,
        m.vendor_id, po.vendor_id as order_vendor,
        not exists (select 1 from accessory_movements later where later.accessory_id = m.accessory_id
          and later.branch_id = m.branch_id and (later.at > m.at or later.id > m.id)) as last
      from accessory_movements m
      join goods_receipt_lines gl on gl.id = m.goods_receipt_line_id
      join goods_receipt_notes n on n.id = gl.note_id
      join purchase_order_lines l on l.id = gl.purchase_order_line_id
      join purchase_orders po on po.id = l.purchase_order_id
      where m.reason = 'RECEIVED'`.execute(api.db);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      expect(row.quantity).toBe(row.accepted);
      expect(row.reference).toBe(row.grnNumber);
      expect(row.movementBranch).toBe(row.deliveryBranch);
      expect(row.vendorId).toBe(row.orderVendor);
      expect(row.last).toBe(true);
    }
  });

  it('buys from another state (IGST) and from a local supplier without a GSTIN (no GST)', async () => {
    const { rows } = await sql<{ kind: string; gstin: string | null; received: number }>`select
        po.tax_kind as kind, v.gstin, count(*)::int as received
      from purchase_orders po join vendors v on v.id = po.vendor_id
      where po.status in ('partially_received', 'received', 'closed')
      group by 1, 2`.execute(api.db);
    expect(rows.some((row) => row.kind === 'inter')).toBe(true);
    expect(rows.filter((row) => row.kind === 'unregistered')).toEqual([
      { kind: 'unregistered', gstin: null, received: 1 },
    ]);
  });

  it('stores no order PDF (the gateway prints them), and keeps the quotations', async () => {
    expect(await api.count('purchaseOrders', { poPath: null })).toBe(
      await api.count('purchaseOrders'),
    );
    const { rows } = await sql<{ orders: number; quotations: number }>`select
        count(*) filter (where path like 'purchase-orders/%')::int as orders,
        count(*) filter (where path like 'quotations/%')::int as quotations
      from documents`.execute(api.db);
    expect(rows[0]?.orders).toBe(0);
    expect(rows[0]?.quotations).toBeGreaterThan(100);
  });

  it('gives the company its purchase terms, and claims the GST on assets as input credit', async () => {
    const company = await api.db
      .selectFrom('companies')
      .select(['purchaseTerms', 'gstInAssetCost'])
      .executeTakeFirstOrThrow();
    expect(company.gstInAssetCost).toBe(false);
    expect(company.purchaseTerms.split('\n').length).toBeGreaterThanOrEqual(5);
    expect(company.purchaseTerms).toMatch(/^1\. /);
    // The orders written since start from them.
    expect(
      await api.count('purchaseOrders', { termsText: company.purchaseTerms }),
    ).toBeGreaterThanOrEqual(10);
  });
});

/** The kinds of an asset's timeline, in order. */
async function kindsOf(assetId: number): Promise<string[]> {
  const events = await api.db
    .selectFrom('assetEvents')
    .select('kind')
    .where('assetId', '=', assetId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return events.map((event) => event.kind);
}

describe('the demo installations, condemnations and disposals', () => {
  const installations = async () =>
    (
      await sql<{
        id: number;
        number: string;
        code: string;
        status: 'PENDING' | 'SIGNED_OFF' | 'SENT_BACK';
        installerKind: 'VENDOR' | 'STAFF';
        warrantyFromInstallation: boolean;
        installedAt: Date;
        recordedAt: Date;
        decidedAt: Date | null;
        recordedBy: string;
        decidedBy: string | null;
        decisionRemarks: string | null;
        remarks: string;
        noteCreatedAt: Date;
        checks: boolean[];
        assetIds: number[];
        notes: number;
      }>`select i.id, i.installation_number as number, b.code, i.status, i.installer_kind,
          i.warranty_from_installation, i.installed_at, i.recorded_at, i.decided_at,
          ru.username as recorded_by, du.username as decided_by, i.decision_remarks, i.remarks,
          n.created_at as note_created_at,
          array[i.physical_condition_ok, i.power_earthing_ok, i.accessories_present, i.demo_given,
            i.staff_trained, i.manual_handed_over] as checks,
          array(select ii.asset_id from asset_installation_items ii where ii.installation_id = i.id
            order by ii.asset_id) as asset_ids,
          (select count(distinct gl.note_id)::int from asset_installation_items ii
            join assets a on a.id = ii.asset_id
            join goods_receipt_lines gl on gl.id = a.goods_receipt_line_id
            where ii.installation_id = i.id) as notes
        from asset_installations i
        join branches b on b.id = i.branch_id
        join goods_receipt_notes n on n.id = i.goods_receipt_note_id
        join users ru on ru.id = i.recorded_by
        left join users du on du.id = i.decided_by
        order by i.id`.execute(api.db)
    ).rows;

  it('installs notes’ assets in Anna Nagar (signed off, sent back, waiting) and in another branch', async () => {
    const rows = await installations();
    const of = (code: string, status: string) =>
      rows.filter((row) => row.code === code && row.status === status);
    expect(rows.filter((row) => row.code === 'CHN-ANN').map((row) => row.status)).toEqual([
      'SIGNED_OFF',
      'SENT_BACK',
      'PENDING',
    ]);
    // A batch of one note, by the vendor's engineer, its warranty from the installation.
    const [batch] = of('CHN-ANN', 'SIGNED_OFF');
    expect(batch?.assetIds.length).toBeGreaterThan(1);
    expect(batch).toMatchObject({ installerKind: 'VENDOR', warrantyFromInstallation: true });
    const [sentBack] = of('CHN-ANN', 'SENT_BACK');
    expect(sentBack?.decisionRemarks).toMatch(/\w+ \w+ \w+/);
    expect(sentBack?.checks).toContain(false);
    // Elsewhere, one signed off that a staff member installed.
    const elsewhere = rows.filter((row) => row.code !== 'CHN-ANN');
    expect(elsewhere.map((row) => [row.status, row.installerKind])).toContainEqual([
      'SIGNED_OFF',
      'STAFF',
    ]);
    const now = Date.now();
    for (const row of rows) {
      expect(row.number, row.number).toMatch(new RegExp(`^INS/${row.code}/\\d{4}-\\d{2}/\\d{4}$`));
      expect(row.notes, row.number).toBe(1);
      expect(row.remarks, row.number).toMatch(/\w+ \w+ \w+ \w+/);
      // Installed after the note received the goods, recorded after, decided later still.
      expect(row.installedAt.getTime(), row.number).toBeGreaterThan(row.noteCreatedAt.getTime());
      expect(row.recordedAt.getTime(), row.number).toBeGreaterThanOrEqual(
        row.installedAt.getTime(),
      );
      expect(row.recordedAt.getTime(), row.number).toBeLessThan(now);
      if (row.status === 'PENDING') expect([row.decidedBy, row.decidedAt]).toEqual([null, null]);
      else {
        expect(row.decidedAt?.getTime(), row.number).toBeGreaterThan(row.recordedAt.getTime());
        expect(row.decidedAt?.getTime(), row.number).toBeLessThan(now);
        // A second user decides.
        expect(row.decidedBy, row.number).not.toBe(row.recordedBy);
      }
    }
  });

  it('shows the demo’s manager the installation waiting for their sign-off', async () => {
    const token = await api.login('manager');
    const branch = await api.idOf('branches', 'code', 'CHN-ANN');
    const listed = await api.call('assetInstallationLists', token, { Branch: branch });
    expect(listed.flag, listed.output).toBe(1);
    const waiting = (listed.records?.TableData ?? []).filter((row) => row.StatusCode === 'PENDING');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.SignOffFlag).toBe(true);
  });

  it('leaves goods received in stock for the branches to install', async () => {
    const { rows } = await sql<{ code: string; waiting: number }>`select b.code,
        count(*)::int as waiting
      from assets a join branches b on b.id = a.branch_id
      where a.goods_receipt_line_id is not null and a.asset_status = 'IN_STOCK'
        and not exists (select 1 from asset_installation_items ii
          join asset_installations i on i.id = ii.installation_id
          where ii.asset_id = a.id and i.status = 'PENDING')
      group by b.code`.execute(api.db);
    const waiting = new Map(rows.map((row) => [row.code, row.waiting]));
    expect(waiting.get('CHN-ANN')).toBeGreaterThanOrEqual(5);
    expect(waiting.get('BLR-JAY')).toBeGreaterThanOrEqual(1);
  });

  it('puts each installation on its assets’ timelines', async () => {
    const expected = {
      PENDING: ['INSTALLATION_RECORDED'],
      SIGNED_OFF: ['INSTALLATION_RECORDED', 'INSTALLED'],
      SENT_BACK: ['INSTALLATION_RECORDED', 'INSTALLATION_SENT_BACK'],
    };
    for (const row of await installations())
      for (const assetId of row.assetIds) {
        const kinds = await kindsOf(assetId);
        expect(kinds[0], row.number).toBe('CREATED');
        expect(kinds.slice(1), row.number).toEqual(expected[row.status]);
        const asset = await api.db
          .selectFrom('assets')
          .select(['assetStatus'])
          .where('id', '=', assetId)
          .executeTakeFirstOrThrow();
        expect(asset.assetStatus, row.number).toBe(
          row.status === 'SIGNED_OFF' ? 'IN_USE' : 'IN_STOCK',
        );
      }
  });

  it('has transfers in every state: received, on the road, received short, waiting, rejected, cancelled', async () => {
    const { rows } = await sql<{
      number: string;
      status: string;
      fromCode: string;
      toCode: string;
      items: number;
      short: number;
      inTransit: number;
      atDestination: number;
    }>`select t.transfer_number as number, t.status, fb.code as from_code, tb.code as to_code,
        (select count(*)::int from asset_transfer_items ti where ti.transfer_id = t.id) as items,
        (select count(*)::int from asset_transfer_items ti where ti.transfer_id = t.id and ti.outcome = 'SHORT') as short,
        (select count(*)::int from asset_transfer_items ti join assets a on a.id = ti.asset_id
          where ti.transfer_id = t.id and a.asset_status = 'IN_TRANSIT') as in_transit,
        (select count(*)::int from asset_transfer_items ti join assets a on a.id = ti.asset_id
          where ti.transfer_id = t.id and a.branch_id = t.to_branch_id) as at_destination
      from asset_transfers t
      join branches fb on fb.id = t.from_branch_id
      join branches tb on tb.id = t.to_branch_id
      order by t.requested_at`.execute(api.db);
    expect(rows.map((row) => row.status).sort()).toEqual(
      ['CANCELLED', 'IN_TRANSIT', 'RECEIVED', 'RECEIVED_SHORT', 'REJECTED', 'REQUESTED'].sort(),
    );
    const byStatus = new Map(rows.map((row) => [row.status, row]));
    expect(byStatus.get('RECEIVED')).toMatchObject({ inTransit: 0, atDestination: 2 });
    expect(byStatus.get('IN_TRANSIT')).toMatchObject({
      fromCode: 'CHN-ANN',
      toCode: 'BLR-JAY',
      inTransit: 2,
      atDestination: 0,
    });
    expect(byStatus.get('RECEIVED_SHORT')).toMatchObject({
      short: 1,
      inTransit: 1,
      atDestination: 2,
    });
    for (const row of rows) expect(row.number).toMatch(new RegExp(`^TRF/${row.fromCode}/`));
    // Every step in the past, in order.
    const { rows: times } = await sql<{ wrong: number }>`select count(*)::int as wrong
      from asset_transfers where requested_at > now()
        or decided_at < requested_at or dispatched_at < decided_at or received_at < dispatched_at
        or cancelled_at < requested_at`.execute(api.db);
    expect(times[0]?.wrong).toBe(0);
  });

  it('has an old asset condemned by the committee, and another condemned and sold for scrap', async () => {
    const { rows } = await sql<{
      assetId: number;
      tag: string;
      status: string;
      previousStatus: string;
      purchaseDate: string;
      putToUseDate: string | null;
      condemnedOn: string;
      condemnedBy: string;
      committeeRemarks: string;
      method: string | null;
      disposedOn: string | null;
      amount: string | null;
      buyer: string | null;
      disposedBy: string | null;
      disposerRole: string | null;
    }>`select d.asset_id, a.tag, a.asset_status as status, d.previous_status, a.purchase_date,
        a.put_to_use_date, d.condemned_on, cu.username as condemned_by, d.committee_remarks,
        d.method, d.disposed_on, d.amount, d.buyer, du.username as disposed_by,
        r.code as disposer_role
      from asset_disposals d
      join assets a on a.id = d.asset_id
      join users cu on cu.id = d.condemned_by
      left join users du on du.id = d.disposed_by
      left join roles r on r.id = du.role_id
      where exists (select 1 from asset_events e where e.asset_id = d.asset_id and e.kind = 'CONDEMNED')
      order by d.id`.execute(api.db);
    expect(rows.map((row) => row.status).sort()).toEqual(['CONDEMNED', 'DISPOSED']);
    // Every condemned asset has its condemnation, those the register condemned before too.
    const { rows: unrecorded } = await sql<{ tag: string }>`select a.tag from assets a
      where a.asset_status in ('CONDEMNED', 'DISPOSED')
        and not exists (select 1 from asset_disposals d where d.asset_id = a.id)`.execute(api.db);
    expect(unrecorded).toEqual([]);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    for (const row of rows) {
      expect(row.condemnedBy, row.tag).toBe('admin');
      expect(['IN_USE', 'OUT_OF_ORDER'], row.tag).toContain(row.previousStatus);
      expect(row.committeeRemarks, row.tag).toMatch(/committee/);
      // Old, and condemned after it was put to use, before today.
      expect(row.purchaseDate < `${Number(today.slice(0, 4)) - 5}${today.slice(4)}`, row.tag).toBe(
        true,
      );
      expect(row.condemnedOn > (row.putToUseDate ?? ''), row.tag).toBe(true);
      expect(row.condemnedOn < today, row.tag).toBe(true);
      const kinds = await kindsOf(row.assetId);
      expect(kinds.slice(-2), row.tag).toEqual(
        row.status === 'DISPOSED' ? ['CONDEMNED', 'DISPOSED'] : [kinds.at(-2), 'CONDEMNED'],
      );
    }
    const disposed = rows.find((row) => row.status === 'DISPOSED');
    expect(disposed).toMatchObject({ method: 'SOLD', disposerRole: 'manager' });
    expect(Number(disposed?.amount)).toBeGreaterThan(0);
    expect(disposed?.buyer).toMatch(/Scrap/);
    expect((disposed?.disposedOn ?? '') > (disposed?.condemnedOn ?? '')).toBe(true);
    expect((disposed?.disposedOn ?? '') < today).toBe(true);
    // In the audit log at the moments of their events.
    for (const row of rows) {
      const { rows: missing } = await sql<{ kind: string }>`select e.kind from asset_events e
        where e.asset_id = ${row.assetId} and e.kind in ('CONDEMNED', 'DISPOSED')
          and not exists (select 1 from audit_log l where l.entity = 'asset'
            and l.entity_id = e.asset_id and l.action = lower(e.kind) and l.at = e.at)`.execute(
        api.db,
      );
      expect(missing, row.tag).toEqual([]);
    }
  });
});

describe('the demo maintenance', () => {
  /** Today in India, as the seed placed its dates. */
  const todayIso = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const listed = async (username: string, code: string) => {
    const token = await api.login(username);
    const branch = await api.idOf('branches', 'code', code);
    const answer = await api.call('jobOrderLists', token, { Branch: branch });
    expect(answer.flag, answer.output).toBe(1);
    return answer.records?.TableData ?? [];
  };

  it('has job orders in every state, all but one of them in the demo manager’s branch', async () => {
    const { rows } = await sql<{ code: string; status: string; jobs: number }>`select b.code,
        j.status, count(*)::int as jobs
      from job_orders j join branches b on b.id = j.branch_id group by b.code, j.status`.execute(
      api.db,
    );
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(JOB_STATUSES));
    const own = new Set(rows.filter((row) => row.code === 'CHN-ANN').map((row) => row.status));
    expect(JOB_STATUSES.filter((status) => !own.has(status))).toEqual(['WAITING_PARTS']);
    const total = rows.reduce((sum, row) => sum + row.jobs, 0);
    // Tens of jobs, not thousands: the demo seeds on every start.
    expect(total).toBeGreaterThanOrEqual(25);
    expect(total).toBeLessThanOrEqual(80);
  });

  it('has a P1 past its resolution target and one past its response target', async () => {
    const rows = await listed('manager', 'CHN-ANN');
    const open = rows.filter(
      (row) => !['CLOSED', 'CANCELLED', 'RESOLVED'].includes(row.StatusCode),
    );
    const p1 = open.filter((row) => row.Priority === 'P1');
    expect(p1.filter((row) => row.ResolutionBreached).length).toBeGreaterThanOrEqual(1);
    expect(
      p1.filter((row) => row.ResponseBreached && !row.ResolutionBreached).length,
    ).toBeGreaterThanOrEqual(1);
    // And one in the past, answered and resolved late.
    expect(
      rows.filter(
        (row) =>
          row.StatusCode === 'CLOSED' &&
          row.Priority === 'P1' &&
          row.ResponseBreached &&
          row.ResolutionBreached,
      ),
    ).toHaveLength(1);
  });

  it('shows the demo’s manager one quotation to approve, of a chargeable job', async () => {
    const rows = await listed('manager', 'CHN-ANN');
    const waiting = rows.filter((row) => row.AllowedSteps.includes('APPROVE_QUOTE'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      StatusCode: 'WAITING_APPROVAL',
      CoverageCode: 'CHARGEABLE',
    });
    // The branch's manager entered it, so only another user approves it.
    const theirs = await listed('vignesh.chn-ann', 'CHN-ANN');
    expect(theirs.filter((row) => row.AllowedSteps.includes('APPROVE_QUOTE'))).toEqual([]);
    // A job resolved yesterday waits for the branch to close it.
    expect(
      rows.filter((row) => row.StatusCode === 'RESOLVED' && row.AllowedSteps.includes('CLOSE')),
    ).toHaveLength(1);
  });

  it('has ten AMC and CMC contracts: two ending within 30 days, one ended, one renewed', async () => {
    const today = todayIso();
    const { rows } = await sql<{
      id: number;
      code: string;
      type: string;
      start: string;
      end: string;
      value: string;
      gstRate: string;
      visits: number;
      previous: number | null;
      renewed: boolean;
      covered: string;
      assets: number;
    }>`select c.id, b.code, c.contract_type as type, c.start_date::text as start,
        c.end_date::text as end, c.contract_value as value, c.gst_rate, c.visits_per_year as visits,
        c.previous_contract_id as previous,
        exists (select 1 from maintenance_contracts n where n.previous_contract_id = c.id) as renewed,
        (select sum(a.cost) from maintenance_contract_assets ca join assets a on a.id = ca.asset_id
          where ca.contract_id = c.id)::text as covered,
        (select count(*)::int from maintenance_contract_assets ca where ca.contract_id = c.id) as assets
      from maintenance_contracts c join branches b on b.id = c.branch_id order by c.id`.execute(
      api.db,
    );
    expect(rows).toHaveLength(10);
    const live = rows.filter((row) => !row.renewed);
    expect(live.filter((row) => row.end >= today && row.end <= addDays(today, 30))).toHaveLength(2);
    expect(live.filter((row) => row.end < today)).toHaveLength(1);
    expect(live.filter((row) => row.start > today)).toEqual([]);
    const renewals = rows.filter((row) => row.previous !== null);
    expect(renewals).toHaveLength(1);
    const old = rows.find((row) => row.id === renewals[0]?.previous);
    expect(old?.renewed).toBe(true);
    expect(renewals[0]?.start).toBe(addDays(old?.end ?? '', 1));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['AMC', 'CMC']));
    const byBranch = (code: string) => rows.filter((row) => row.code === code).length;
    expect(byBranch('CHN-ANN') + byBranch('BLR-JAY')).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(Number(row.gstRate), String(row.id)).toBe(18);
      expect(row.visits, String(row.id)).toBeGreaterThanOrEqual(2);
      expect(row.visits, String(row.id)).toBeLessThanOrEqual(4);
      expect(row.assets, String(row.id)).toBeGreaterThanOrEqual(1);
      // A year's AMC or CMC costs a few percent of what it covers.
      const share = Number(row.value) / Number(row.covered);
      expect(share, String(row.id)).toBeGreaterThan(0.01);
      expect(share, String(row.id)).toBeLessThan(0.15);
    }
  });

  it('has preventive jobs due this week, made by the scheduler, and the visits before done', async () => {
    const today = todayIso();
    const { rows } = await sql<{
      visit: number | null;
      schedule: number | null;
      due: string;
      status: string;
      raisedBy: number | null;
      coverage: string;
    }>`select visit_contract_id as visit, schedule_id as schedule, due_date::text as due, status,
        raised_by, coverage
      from job_orders where visit_contract_id is not null or schedule_id is not null`.execute(
      api.db,
    );
    const thisWeek = rows.filter((row) => row.due >= today && row.due <= addDays(today, 7));
    expect(thisWeek.filter((row) => row.visit !== null).length).toBeGreaterThanOrEqual(1);
    expect(thisWeek.filter((row) => row.schedule !== null).length).toBeGreaterThanOrEqual(1);
    for (const row of thisWeek) expect(['OPEN', 'ASSIGNED']).toContain(row.status);
    // The scheduler raised them all, the contracts' visits under the contract.
    for (const row of rows) expect(row.raisedBy).toBeNull();
    for (const row of rows.filter((job) => job.visit !== null))
      expect(row.coverage).toBe('CONTRACT');
    // Those due a while ago are done and closed.
    for (const row of rows.filter((job) => job.due < addDays(today, -4)))
      expect(row.status, row.due).toBe('CLOSED');
    const run = await api.db
      .selectFrom('schedulerRuns')
      .select(['runDate', 'error'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ runDate: today, error: null });
  });

  it('gives an asset resolved breakdowns over the past months: its MTBF and MTTR', async () => {
    const { rows } = await sql<{ assetId: number; failures: number }>`select ja.asset_id,
        count(*)::int as failures
      from job_order_assets ja join job_orders j on j.id = ja.job_order_id
      where j.job_type = 'BREAKDOWN' and j.status in ('RESOLVED', 'CLOSED')
      group by ja.asset_id having count(*) >= 2`.execute(api.db);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const token = await api.login('manager');
    const answer = await api.call('jobOrderReliability', token, { Asset: rows[0]?.assetId ?? 0 });
    expect(answer.flag, answer.output).toBe(1);
    expect(answer.records?.Failures).toBeGreaterThanOrEqual(2);
    expect(answer.records?.MtbfDays).toBeGreaterThan(14);
    expect(answer.records?.MttrMinutes).toBeGreaterThan(0);
  });

  it('numbers job orders per branch and financial year, in the order they were raised', async () => {
    const { rows } = await sql<{
      code: string;
      number: string;
      financialYear: string;
      sequence: number;
      raisedOn: string;
    }>`select b.code, j.job_number as number, j.financial_year, j.sequence,
        to_char(j.raised_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as raised_on
      from job_orders j join branches b on b.id = j.branch_id
      order by b.code, j.financial_year, j.sequence`.execute(api.db);
    const groups = new Map<string, typeof rows>();
    for (const row of rows) {
      expect(row.financialYear, row.number).toBe(financialYear(row.raisedOn));
      expect(row.number).toBe(
        `JOB/${row.code}/${row.financialYear}/${String(row.sequence).padStart(4, '0')}`,
      );
      const key = `${row.code}/${row.financialYear}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      expect(group.map((row) => row.sequence)).toEqual(group.map((_, index) => index + 1));
      const days = group.map((row) => row.raisedOn);
      expect(days).toEqual([...days].sort());
    }
  });

  it('keeps every job in time order, on assets in use then, with the coverage of its day', async () => {
    const { rows } = await sql<{ problem: string; count: number; example: string | null }>`
      with j as (select j.*, (j.raised_at at time zone 'Asia/Kolkata')::date as day from job_orders j),
      problems (problem, number) as (
        select 'a step out of order, or not at its job’s moments', j.job_number from j
          where j.raised_at <> (select min(s.at) from job_order_steps s where s.job_order_id = j.id)
            or exists (select 1 from job_order_steps s, job_order_steps t
              where s.job_order_id = j.id and t.job_order_id = j.id and s.id < t.id and s.at > t.at)
            or j.updated_at <> (select max(s.at) from job_order_steps s where s.job_order_id = j.id)
               and not exists (select 1 from job_order_lines l where l.job_order_id = j.id)
            or j.responded_at < j.raised_at or j.resolved_at < coalesce(j.responded_at, j.raised_at)
            or j.closed_at < j.resolved_at or j.quote_decided_at < j.quoted_at
            or greatest(j.raised_at, j.updated_at, j.resolved_at, j.closed_at) >= now()
        union all
        select 'an asset not in use when its job was raised', j.job_number from j
          join job_order_assets ja on ja.job_order_id = j.id
          join assets a on a.id = ja.asset_id
          where a.created_at >= j.raised_at or a.put_to_use_date > j.day
            or ja.previous_status not in ('IN_USE', 'OUT_OF_ORDER')
            or a.asset_status in ('CONDEMNED', 'DISPOSED', 'IN_TRANSIT')
            or exists (select 1 from asset_transfer_items ti where ti.asset_id = a.id)
            -- Out of order: marked so, with its reason, before the job was raised.
            or (ja.previous_status = 'OUT_OF_ORDER' and not exists (select 1 from asset_events e
              where e.asset_id = a.id and e.kind = 'STATUS' and e.at < j.raised_at
                and e.changes -> 'AssetStatus' ->> 1 = 'OUT_OF_ORDER'))
        union all
        select 'a job’s event away from its moments', j.job_number from j
          join job_order_assets ja on ja.job_order_id = j.id
          where not exists (select 1 from asset_events e where e.asset_id = ja.asset_id
              and e.kind = 'JOB_RAISED' and e.at = j.raised_at and e.reason like j.job_number || '%')
        union all
        select 'a coverage not of the day it was raised', j.job_number from j
          where (j.coverage = 'CONTRACT' and not exists (select 1 from maintenance_contracts c
              where c.id = j.contract_id and c.start_date <= j.day and c.end_date >= j.day))
            or (j.coverage = 'WARRANTY' and exists (select 1 from job_order_assets ja
              join assets a on a.id = ja.asset_id
              where ja.job_order_id = j.id and (a.warranty_end is null or a.warranty_end < j.day)))
            or (j.coverage = 'CHARGEABLE' and j.responded_at is not null
              and j.quote_decision is distinct from 'APPROVED')
      )
      select problem, count(*)::int as count, min(number) as example from problems
      group by problem order by problem`.execute(api.db);
    expect(rows.map((row) => `${row.problem}: ${row.count} (e.g. ${row.example})`)).toEqual([]);
    const coverages = await api.db.selectFrom('jobOrders').select('coverage').distinct().execute();
    expect(new Set(coverages.map((row) => row.coverage))).toEqual(
      new Set(['WARRANTY', 'CONTRACT', 'CHARGEABLE']),
    );
  });
});

describe('the demo physical audits', () => {
  it('has one signed off, one waiting for the manager with differences, one being counted', async () => {
    const branch = await api.idOf('branches', 'code', 'CHN-ANN');
    const token = await api.login('manager');
    const answer = await api.call('assetAuditLists', token, { Branch: branch });
    expect(answer.flag, answer.output).toBe(1);
    const rows = answer.records?.TableData ?? [];
    expect(rows.map((row) => row.StatusCode).sort()).toEqual([
      'IN_PROGRESS',
      'SIGNED_OFF',
      'SUBMITTED',
    ]);
    for (const row of rows) expect(row.AuditNumber).toMatch(/^AUD\/CHN-ANN\/\d{4}-\d{2}\/\d{4}$/);
    const signed = rows.find((row) => row.StatusCode === 'SIGNED_OFF');
    expect(signed).toMatchObject({ MissingCount: 1, UnresolvedCount: 0 });
    expect(signed?.SignedOffByName).toBeTruthy();
    const waiting = rows.find((row) => row.StatusCode === 'SUBMITTED');
    expect(waiting).toMatchObject({
      WrongLocationCount: 1,
      MissingCount: 1,
      UnexpectedCount: 1,
      UnresolvedCount: 3,
      ResolveFlag: true,
    });
    const counting = rows.find((row) => row.StatusCode === 'IN_PROGRESS');
    expect(counting?.FoundCount).toBeGreaterThan(0);
    expect(counting?.PendingCount).toBeGreaterThan(0);
    expect(counting?.ScanFlag).toBe(true);
    // The signed-off audit's found assets carry its day, and their timelines say so.
    const { rows: audited } = await sql<{ assets: number; events: number }>`select
        count(*)::int as assets,
        (select count(*)::int from asset_events e where e.kind = 'AUDITED') as events
      from assets where last_audited_on is not null`.execute(api.db);
    expect(audited[0]?.assets).toBe((signed?.FoundCount ?? 0) + (signed?.WrongLocationCount ?? 0));
    expect(audited[0]?.events).toBe(audited[0]?.assets);
  });
});
