import {
  computePurchaseOrderTotals,
  type Freight,
  formatPaise,
  jobCost,
  type PurchaseOrderTotals,
  type Supply,
  toPaise,
} from '@branch-assets/domain';
import type { FinanceReport } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedLine, storedTotals } from '../purchase-orders/stored-totals.ts';
import { aBranch, aLogin, anAccessory, anAsset, anAssetType, aVendor } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * The finance report (docs/reports.md): the file makes its own branches, vendors, orders, receipts,
 * assets, job orders and contracts on a reference-only database, dated in 2031, and checks every
 * section against sums computed here from the inputs (with the order arithmetic of packages/domain,
 * never the report's SQL), and a few amounts worked by hand.
 */

const api = useTestApi({ reference: true });

const FROM = '2031-04-01';
const TO = '2031-06-30';
const ist = (moment: string) => new Date(`${moment}+05:30`);

type OrderState = 'pending' | 'approved' | 'partially_received' | 'received' | 'closed';
type OrderLine = { type?: { id: number; brandId: number }; accessory?: number } & {
  quantity: number;
  rate: string;
  discount?: string;
  taxRate: number;
};

interface World {
  user: number;
  staff: number;
  branches: { id: number; code: string; name: string }[];
  elsewhere: number;
  vendors: { intra: number; inter: number; unregistered: number };
  types: { first: { id: number; brandId: number }; second: { id: number; brandId: number } };
  categories: { first: number; second: number };
  accessory: number;
}

let world: World;
let serial = 0;

/** An order as the report sees it: where it was billed, to whom, when, and what it came to. */
interface Made {
  id: number;
  branch: number;
  vendor: number;
  month: string;
  kind: Supply;
  freightRate: number | null;
  lines: readonly OrderLine[];
  lineIds: number[];
  totals: PurchaseOrderTotals;
}

/** An order written as the order form and its decisions leave it (totals from packages/domain). */
async function order(options: {
  branch: number;
  vendor: number;
  kind: Supply;
  poDate: string;
  lines: OrderLine[];
  freight?: Freight;
  state?: OrderState | 'cancelled' | 'rejected';
  approvedAt?: Date;
  closedAt?: Date;
}): Promise<Made> {
  serial += 1;
  const state = options.state ?? 'approved';
  const inputs = options.lines.map((line) => ({
    quantity: line.quantity,
    rate: toPaise(line.rate),
    discount: toPaise(line.discount ?? '0'),
    taxRate: line.taxRate,
  }));
  const freight = options.freight ?? 0;
  const totals = computePurchaseOrderTotals(inputs, freight, options.kind);
  const undecided = state === 'pending' || state === 'cancelled';
  const approved = !undecided && state !== 'rejected';
  const raised = ist(`${options.poDate}T10:00:00`);
  const row = await api.db
    .insertInto('purchaseOrders')
    .values({
      poNumber: `PO/FIN/2031-32/${serial}`,
      billedBranchId: options.branch,
      shippedBranchId: options.branch,
      vendorId: options.vendor,
      poDate: options.poDate,
      financialYear: '2031-32',
      sequence: serial,
      taxKind: options.kind,
      ...storedTotals(totals),
      freightTaxRate: typeof freight === 'number' ? null : String(freight.taxRate),
      remarksHtml: '',
      status: state,
      verificationStatus: undecided ? 'pending' : state === 'rejected' ? 'rejected' : 'verified',
      verifiedBy: undecided ? null : world.user,
      verifiedAt: undecided ? null : raised,
      approvalStatus: approved ? 'approved' : 'not_started',
      approvedBy: approved ? world.user : null,
      approvedAt: approved ? (options.approvedAt ?? ist(`${options.poDate}T12:00:00`)) : null,
      cancelledBy: state === 'cancelled' ? world.user : null,
      cancelledAt: state === 'cancelled' ? raised : null,
      closeReason: state === 'closed' ? 'Closed short.' : null,
      closedBy: state === 'closed' ? world.user : null,
      closedAt: state === 'closed' ? (options.closedAt ?? raised) : null,
      createdBy: world.user,
      updatedAt: raised,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  for (const [index, line] of options.lines.entries()) {
    const computed = totals.lines[index];
    const input = inputs[index];
    if (!computed || !input) throw new Error('no line');
    const stored = await api.db
      .insertInto('purchaseOrderLines')
      .values({
        ...storedLine(
          {
            purchaseOrderId: row.id,
            lineNo: index + 1,
            itemName: `Finance item ${serial}.${index + 1}`,
            assetTypeId: line.type?.id ?? null,
            brandId: line.type?.brandId ?? null,
            input,
          },
          computed,
        ),
        accessoryId: line.accessory ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(stored.id);
  }
  return {
    id: row.id,
    branch: options.branch,
    vendor: options.vendor,
    month: options.poDate.slice(0, 7),
    kind: options.kind,
    freightRate: typeof freight === 'number' ? null : freight.taxRate,
    lines: options.lines,
    lineIds,
    totals,
  };
}

/** A goods receive note taking in `accepted` units of one line. */
async function receipt(
  made: Made,
  line: number,
  accepted: number,
  receivedDate: string,
  cancelled = false,
) {
  serial += 1;
  const note = await api.db
    .insertInto('goodsReceiptNotes')
    .values({
      grnNumber: `GRN/FIN/2031-32/${serial}`,
      purchaseOrderId: made.id,
      branchId: made.branch,
      financialYear: '2031-32',
      sequence: serial,
      receivedDate,
      invoiceNumber: `INV-${serial}`,
      invoiceDate: receivedDate,
      receivedBy: world.staff,
      status: cancelled ? 'CANCELLED' : 'RECEIVED',
      cancelReason: cancelled ? 'Entered against the wrong order.' : null,
      cancelledBy: cancelled ? world.user : null,
      cancelledAt: cancelled ? ist(`${receivedDate}T18:00:00`) : null,
      createdBy: world.user,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('goodsReceiptLines')
    .values({
      noteId: note.id,
      purchaseOrderLineId: made.lineIds[line] ?? 0,
      received: String(accepted),
      accepted: String(accepted),
      rejected: '0',
    })
    .execute();
}

async function categoryOf(type: { id: number }) {
  const row = await api.db
    .selectFrom('assetTypes as t')
    .innerJoin('subCategories as s', 's.id', 't.subCategoryId')
    .innerJoin('categories as c', 'c.id', 's.categoryId')
    .select(['c.id', 'c.name'])
    .where('t.id', '=', type.id)
    .executeTakeFirstOrThrow();
  return row;
}

async function asset(
  branch: number,
  type: { id: number; brandId: number },
  cost: string | null,
  putToUse: string | null,
) {
  const made = await anAsset(api.db, { branch, type });
  await api.db
    .updateTable('assets')
    .set({ cost, putToUseDate: putToUse })
    .where('id', '=', made.id)
    .execute();
}

async function job(
  branch: number,
  coverage: 'CHARGEABLE' | 'WARRANTY',
  resolvedAt: Date,
  lines: { quantity: string; rate: string; gstRate: number; chargeable: boolean }[],
) {
  serial += 1;
  const row = await api.db
    .insertInto('jobOrders')
    .values({
      jobNumber: `JO/FIN/2031-32/${serial}`,
      branchId: branch,
      financialYear: '2031-32',
      sequence: serial,
      jobType: 'BREAKDOWN',
      priority: 'P3',
      problem: 'Does not start.',
      status: 'RESOLVED',
      coverage,
      raisedBy: world.user,
      raisedAt: new Date(resolvedAt.getTime() - 86_400_000),
      resolvedAt,
      updatedAt: resolvedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('jobOrderLines')
    .values(
      lines.map((line) => ({
        jobOrderId: row.id,
        kind: 'PART' as const,
        description: 'Part',
        quantity: line.quantity,
        rate: line.rate,
        gstRate: String(line.gstRate),
        chargeable: line.chargeable,
      })),
    )
    .execute();
  return lines;
}

async function contract(branch: number, startDate: string, contractValue: string, gstRate: number) {
  serial += 1;
  await api.db
    .insertInto('maintenanceContracts')
    .values({
      branchId: branch,
      vendorId: world.vendors.intra,
      contractNumber: `AMC/FIN/${serial}`,
      contractType: 'AMC',
      startDate,
      endDate: `${Number(startDate.slice(0, 4)) + 1}${startDate.slice(4)}`,
      contractValue,
      gstRate: String(gstRate),
      paymentSchedule: 'ANNUAL_ADVANCE',
      visitsPerYear: 0,
      responseHours: 24,
      noticeDays: 30,
      renewal: 'MANUAL',
      createdBy: world.user,
      updatedAt: new Date(),
    })
    .execute();
}

let token = '';
let managerToken = '';
/** The orders the report counts as spend: approved, dated in the period, of the three branches. */
let spent: Made[] = [];
/** The orders the tests name: five of spend, and one approved before the period. */
let o: Record<'o1' | 'o2' | 'o3' | 'o4' | 'late' | 'before', Made>;
let jobLines: Parameters<typeof jobCost>[0] = [];

beforeAll(async () => {
  const a = await aBranch(api.db);
  const b = await aBranch(api.db);
  const c = await aBranch(api.db);
  const elsewhere = await aBranch(api.db);
  const approver = await aLogin(api.db, { role: 'approver', branches: [a.id, b.id, c.id] });
  const manager = await aLogin(api.db, { role: 'manager', branches: [a.id, b.id, c.id] });
  const unregistered = await aVendor(api.db);
  await api.db.updateTable('vendors').set({ gstin: null }).where('id', '=', unregistered).execute();
  const first = await anAssetType(api.db);
  const second = await anAssetType(api.db);
  world = {
    user: approver.userId,
    staff: approver.staffId,
    branches: [a, b, c]
      .map(({ id, code, name }) => ({ id, code, name }))
      .sort((x, y) => (x.code < y.code ? -1 : 1)),
    elsewhere: elsewhere.id,
    vendors: {
      intra: await aVendor(api.db),
      inter: await aVendor(api.db, { stateCode: '29' }),
      unregistered,
    },
    types: { first, second },
    categories: { first: (await categoryOf(first)).id, second: (await categoryOf(second)).id },
    accessory: (await anAccessory(api.db)).id,
  };
  token = await api.login(approver.username, approver.password);
  managerToken = await api.login(manager.username, manager.password);
  const { intra, inter } = world.vendors;

  // Spend: intra-state with an accessory line and taxed freight; inter-state with untaxed freight,
  // partly received; unregistered (no GST) on the period's last day; closed short on its first;
  // approved after the period (India's time) though dated in it.
  const o1 = await order({
    branch: a.id,
    vendor: intra,
    kind: 'intra',
    poDate: '2031-04-10',
    lines: [
      { type: first, quantity: 2, rate: '1000.00', taxRate: 18 },
      { accessory: world.accessory, quantity: 5, rate: '99.99', taxRate: 12 },
    ],
    freight: { amount: toPaise('500.00'), taxRate: 18 },
  });
  const o2 = await order({
    branch: a.id,
    vendor: inter,
    kind: 'inter',
    poDate: '2031-06-05',
    lines: [{ type: second, quantity: 3, rate: '333.33', discount: '10.00', taxRate: 12 }],
    freight: toPaise('250.00'),
    state: 'partially_received',
  });
  const o3 = await order({
    branch: b.id,
    vendor: unregistered,
    kind: 'unregistered',
    poDate: '2031-06-30',
    lines: [{ type: first, quantity: 1, rate: '45678.90', taxRate: 18 }],
    state: 'received',
  });
  const o4 = await order({
    branch: a.id,
    vendor: intra,
    kind: 'intra',
    poDate: '2031-04-01',
    lines: [{ type: second, quantity: 1, rate: '10000.00', taxRate: 5 }],
    state: 'closed',
    closedAt: ist('2031-05-15T11:00:00'),
  });
  const late = await order({
    branch: a.id,
    vendor: inter,
    kind: 'inter',
    poDate: '2031-06-29',
    lines: [{ type: first, quantity: 1, rate: '100.00', taxRate: 28 }],
    approvedAt: ist('2031-07-01T00:30:00'),
  });
  spent = [o1, o2, o3, o4, late];
  // Not spend: undecided, cancelled, rejected, dated outside the period, of another branch.
  const line = { type: first, quantity: 1, rate: '777.00', taxRate: 18 };
  for (const state of ['pending', 'cancelled', 'rejected'] as const)
    await order({
      branch: a.id,
      vendor: intra,
      kind: 'intra',
      poDate: '2031-04-15',
      lines: [line],
      state,
    });
  const before = await order({
    branch: a.id,
    vendor: inter,
    kind: 'inter',
    poDate: '2031-03-31',
    lines: [{ type: first, quantity: 2, rate: '100.05', taxRate: 5 }],
  });
  o = { o1, o2, o3, o4, late, before };
  await order({ branch: a.id, vendor: intra, kind: 'intra', poDate: '2031-07-01', lines: [line] });
  await order({
    branch: elsewhere.id,
    vendor: intra,
    kind: 'intra',
    poDate: '2031-05-01',
    lines: [line],
  });

  // Receipts by the end of the period: one of o2's three (another on a cancelled note, another
  // after the period), all of o3's, one of the earlier order's two.
  await receipt(o.o2, 0, 1, '2031-06-10');
  await receipt(o.o2, 0, 1, '2031-06-12', true);
  await receipt(o.o2, 0, 1, '2031-07-05');
  await receipt(o.o3, 0, 1, '2031-06-30');
  await receipt(o.before, 0, 1, '2031-06-30');

  // Assets put to use in the period, and some not.
  await asset(a.id, first, '1000.00', '2031-04-01');
  await asset(a.id, first, '2500.50', '2031-06-30');
  await asset(a.id, second, null, '2031-05-05');
  await asset(b.id, first, '700.00', '2031-06-01');
  await asset(a.id, first, '9.99', '2031-03-31');
  await asset(a.id, first, '9.99', null);
  await asset(elsewhere.id, first, '5.00', '2031-05-01');

  // Chargeable jobs resolved in the period (India's dates), a warranty job, and one resolved at
  // 01:30 on 1 July in India; contracts starting in the period and outside it.
  jobLines = (
    await job(a.id, 'CHARGEABLE', ist('2031-05-10T15:00:00'), [
      { quantity: '2', rate: '1234.56', gstRate: 18, chargeable: true },
      { quantity: '1.5', rate: '333.33', gstRate: 18, chargeable: true },
      { quantity: '1', rate: '100.00', gstRate: 12, chargeable: false },
    ])
  ).map((one) => ({
    quantity: Number(one.quantity),
    rate: toPaise(one.rate),
    gstRate: one.gstRate,
    chargeable: one.chargeable,
  }));
  const labour = [{ quantity: '1', rate: '1000.00', gstRate: 18, chargeable: true }];
  await job(b.id, 'CHARGEABLE', ist('2031-04-01T00:30:00'), labour);
  await job(a.id, 'CHARGEABLE', new Date('2031-06-30T20:00:00Z'), labour);
  await job(a.id, 'WARRANTY', ist('2031-05-10T15:00:00'), labour);
  await contract(a.id, '2031-04-01', '12345.67', 18);
  await contract(a.id, '2031-06-30', '1000.00', 0);
  await contract(b.id, '2031-07-01', '5000.00', 18);
  await contract(b.id, '2031-03-31', '5000.00', 18);
});

const money = (paise: number) => formatPaise(paise);
const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
const gstOf = (totals: PurchaseOrderTotals) => totals.cgst + totals.sgst + totals.igst;
const taxableOf = (totals: PurchaseOrderTotals) =>
  totals.subTotal - totals.discount + totals.freight;
/** Spend as the report writes it, of some of the orders, summed here from their totals. */
const spendOf = (orders: readonly Made[]) => ({
  Orders: orders.length,
  Taxable: money(total(orders.map((one) => taxableOf(one.totals)))),
  Gst: money(total(orders.map((one) => gstOf(one.totals)))),
  Total: money(total(orders.map((one) => one.totals.grandTotal))),
});

async function report(body: Record<string, unknown> = {}): Promise<FinanceReport> {
  const answer = await api.call('financeReport', token, {
    From: FROM,
    To: TO,
    Branches: world.branches.map((branch) => branch.id),
    ...body,
  });
  expect(answer.flag, answer.output).toBe(1);
  if (!answer.records) throw new Error('no report');
  return answer.records;
}

describe('the finance report', () => {
  it('sums approved spend by branch, vendor and month, every month and branch shown', async () => {
    const seen = await report();
    const [a, b, c] = world.branches.map((branch) => branch.id);
    expect(seen.SpendTotal).toEqual(spendOf(spent));
    // Worked by hand: 3,510 + 1,359 + 45,679 + 10,500 + 128; 0.36 of round-off on top.
    expect(seen.SpendTotal).toEqual({
      Orders: 5,
      Taxable: '60018.84',
      Gst: '1156.80',
      Total: '61176.00',
    });
    expect(seen.SpendByBranch).toEqual(
      world.branches.map((branch) => ({
        BranchId: branch.id,
        BranchCode: branch.code,
        BranchName: branch.name,
        ...spendOf(spent.filter((one) => one.branch === branch.id)),
      })),
    );
    expect(seen.SpendByBranch.find((row) => row.BranchId === c)).toMatchObject({
      Orders: 0,
      Total: '0.00',
    });
    expect(
      [a, b].map((id) => seen.SpendByBranch.find((row) => row.BranchId === id)?.Total),
    ).toEqual(['15497.00', '45679.00']);
    expect(seen.SpendByMonth).toEqual(
      ['2031-04', '2031-05', '2031-06'].map((month) => ({
        Month: month,
        ...spendOf(spent.filter((one) => one.month === month)),
      })),
    );
    expect(seen.SpendByMonth[1]).toEqual({
      Month: '2031-05',
      Orders: 0,
      Taxable: '0.00',
      Gst: '0.00',
      Total: '0.00',
    });
    const { intra, inter, unregistered } = world.vendors;
    expect(seen.SpendByVendor.map((row) => [row.VendorId, row.Gstin === null, row.Total])).toEqual([
      [unregistered, true, '45679.00'],
      [intra, false, '14010.00'],
      [inter, false, '1487.00'],
    ]);
    for (const row of seen.SpendByVendor)
      expect(row).toMatchObject(spendOf(spent.filter((one) => one.vendor === row.VendorId)));
  });

  it('splits spend by category, accessories and a row of freight and round-off that makes up the total', async () => {
    const seen = await report();
    const cents = (text: string) => toPaise(text);
    const linesOf = (belongs: (line: OrderLine) => boolean) => {
      const picked = spent.flatMap((one) =>
        one.lines.flatMap((line, index) => {
          const computed = one.totals.lines[index];
          return belongs(line) && computed ? [{ order: one.id, computed }] : [];
        }),
      );
      return {
        Orders: new Set(picked.map((one) => one.order)).size,
        Taxable: money(total(picked.map((one) => one.computed.taxable))),
        Gst: money(
          total(picked.map((one) => one.computed.cgst + one.computed.sgst + one.computed.igst)),
        ),
        Total: money(total(picked.map((one) => one.computed.total))),
      };
    };
    const { first, second } = world.types;
    expect(seen.SpendByCategory).toEqual([
      {
        CategoryId: world.categories.first,
        CategoryName: expect.any(String),
        ...linesOf((line) => line.type === first),
      },
      {
        CategoryId: world.categories.second,
        CategoryName: expect.any(String),
        ...linesOf((line) => line.type === second),
      },
      {
        CategoryId: null,
        CategoryName: 'Accessories',
        ...linesOf((line) => line.accessory !== undefined),
      },
      // Freight 500 + 250, its GST 45 + 45 (o1's at 18 %), round-off 0.05 + 0.21 + 0.10.
      {
        CategoryId: null,
        CategoryName: 'Freight and round-off',
        Orders: 3,
        Taxable: '750.00',
        Gst: '90.00',
        Total: '840.36',
      },
    ]);
    for (const key of ['Taxable', 'Gst', 'Total'] as const)
      expect(money(total(seen.SpendByCategory.map((row) => cents(row[key]))))).toBe(
        seen.SpendTotal[key],
      );
  });

  it('gives GST input by rate and by vendor: CGST and SGST within the state, IGST across, none unregistered', async () => {
    const seen = await report();
    const byRate = new Map<number, [number, number, number, number]>();
    const add = (rate: number, amounts: [number, number, number, number]) => {
      const before = byRate.get(rate) ?? [0, 0, 0, 0];
      byRate.set(rate, [
        before[0] + amounts[0],
        before[1] + amounts[1],
        before[2] + amounts[2],
        before[3] + amounts[3],
      ]);
    };
    for (const one of spent) {
      const unregistered = one.kind === 'unregistered';
      one.lines.forEach((line, index) => {
        const c = one.totals.lines[index];
        if (c) add(unregistered ? 0 : line.taxRate, [c.taxable, c.cgst, c.sgst, c.igst]);
      });
      const tax = one.totals.freightTax;
      if (one.totals.freight > 0)
        add(unregistered ? 0 : (one.freightRate ?? 0), [
          one.totals.freight,
          tax.cgst,
          tax.sgst,
          tax.igst,
        ]);
    }
    expect(seen.GstByRate).toEqual(
      [...byRate.entries()]
        .sort(([x], [y]) => x - y)
        .map(([Rate, [taxable, cgst, sgst, igst]]) => ({
          Rate,
          Taxable: money(taxable),
          Cgst: money(cgst),
          Sgst: money(sgst),
          Igst: money(igst),
        })),
    );
    // By hand: untaxed freight and the unregistered purchase at 0; 5 % intra; 12 % both kinds.
    expect(
      seen.GstByRate.map((row) => [row.Rate, row.Taxable, row.Cgst, row.Sgst, row.Igst]),
    ).toEqual([
      [0, '45928.90', '0.00', '0.00', '0.00'],
      [5, '10000.00', '250.00', '250.00', '0.00'],
      [12, '1489.94', '30.00', '30.00', '118.80'],
      [18, '2500.00', '225.00', '225.00', '0.00'],
      [28, '100.00', '0.00', '0.00', '28.00'],
    ]);
    expect(seen.GstTotal).toEqual({
      Taxable: '60018.84',
      Cgst: '505.00',
      Sgst: '505.00',
      Igst: '146.80',
    });
    const { intra, inter, unregistered } = world.vendors;
    expect(
      seen.GstByVendor.map((row) => [
        row.VendorId,
        row.Gstin === null,
        row.Taxable,
        row.Cgst,
        row.Sgst,
        row.Igst,
      ]),
    ).toEqual([
      [unregistered, true, '45678.90', '0.00', '0.00', '0.00'],
      [intra, false, '12999.95', '505.00', '505.00', '0.00'],
      [inter, false, '1339.99', '0.00', '0.00', '146.80'],
    ]);
  });

  it('lists assets put to use in the period by branch and category at cost', async () => {
    const seen = await report();
    const [a, b] = world.branches;
    const rows = [
      [a?.id, world.categories.first, 2, '3500.50'],
      [a?.id, world.categories.second, 1, '0.00'],
      [b?.id, world.categories.first, 1, '700.00'],
    ];
    expect(
      seen.Capitalised.map((row) => [row.BranchId, row.CategoryId, row.Assets, row.Cost]),
    ).toEqual(expect.arrayContaining(rows));
    expect(seen.Capitalised).toHaveLength(3);
    expect(seen.CapitalisedTotal).toEqual({ Assets: 4, Cost: '4200.50' });
  });

  it('lists commitments at the end of the period: received on notes not cancelled, by then', async () => {
    const seen = await report();
    const ordered = (made: Made) => total(made.totals.lines.map((line) => line.total));
    // Of a line's total, the accepted share rounded half up to the paisa (integers only).
    const share = (lineTotal: number, accepted: number, quantity: number) =>
      Math.floor((2 * accepted * lineTotal + quantity) / (2 * quantity));
    const o2Received = share(ordered(o.o2), 1, 3);
    const beforeReceived = share(ordered(o.before), 1, 2);
    expect([o2Received, beforeReceived]).toEqual([36960, 10506]); // 369.5966…, 105.055
    expect(
      seen.Commitments.map((row) => [
        row.PurchaseOrderId,
        row.Ordered,
        row.Received,
        row.Outstanding,
      ]),
    ).toEqual([
      [o.o1.id, money(ordered(o.o1)), '0.00', money(ordered(o.o1))],
      [o.o2.id, '1108.79', '369.60', '739.19'],
      [o.before.id, '210.11', '105.06', '105.05'],
    ]);
    expect(seen.Commitments[0]).toMatchObject({
      PoDate: '2031-04-10',
      BranchCode: world.branches[0]?.code,
    });
    expect(seen.CommitmentsTotal).toEqual({
      Ordered: money(ordered(o.o1) + ordered(o.o2) + ordered(o.before)),
      Received: money(o2Received + beforeReceived),
      Outstanding: money(
        ordered(o.o1) + ordered(o.o2) + ordered(o.before) - o2Received - beforeReceived,
      ),
    });
    // A month later o2's third unit has come too, and the late-approved order is committed.
    const later = await report({ To: '2031-07-31' });
    expect(later.Commitments.find((row) => row.PurchaseOrderId === o.o2.id)).toMatchObject({
      Received: '739.19',
      Outstanding: '369.60',
    });
    expect(later.Commitments.map((row) => row.PurchaseOrderId)).toContain(o.late.id);
  });

  it('costs chargeable jobs resolved in the period and contracts starting in it, every branch shown', async () => {
    const seen = await report();
    const chargeable = jobCost(jobLines).chargeableTotal;
    expect(money(chargeable)).toBe('3503.56'); // 2,469.12 + 444.44 + 500.00 (499.995) + 90.00
    const [a, b, c] = world.branches;
    expect(seen.JobCosts).toEqual([
      {
        BranchId: a?.id,
        BranchCode: a?.code,
        ChargeableJobs: 1,
        ChargeableCost: money(chargeable),
        Contracts: 2,
        ContractValue: '15567.89',
        Total: money(chargeable + 1_556_789),
      },
      {
        BranchId: b?.id,
        BranchCode: b?.code,
        ChargeableJobs: 1,
        ChargeableCost: '1180.00',
        Contracts: 0,
        ContractValue: '0.00',
        Total: '1180.00',
      },
      {
        BranchId: c?.id,
        BranchCode: c?.code,
        ChargeableJobs: 0,
        ChargeableCost: '0.00',
        Contracts: 0,
        ContractValue: '0.00',
        Total: '0.00',
      },
    ]);
    expect(seen.JobCostsTotal).toEqual({
      ChargeableJobs: 2,
      ChargeableCost: '4683.56',
      Contracts: 2,
      ContractValue: '15567.89',
      Total: '20251.45',
    });
  });

  it('narrows to one vendor or one category', async () => {
    const byVendor = await report({ Vendor: world.vendors.inter });
    expect(byVendor.SpendTotal).toEqual(spendOf([o.o2, o.late]));
    expect(byVendor.SpendByVendor.map((row) => row.VendorId)).toEqual([world.vendors.inter]);
    expect(byVendor.Commitments.map((row) => row.PurchaseOrderId)).toEqual([o.o2.id, o.before.id]);
    const byCategory = await report({ Category: world.categories.second });
    expect(byCategory.SpendTotal).toEqual(spendOf(spent));
    expect(byCategory.SpendByCategory).toEqual([
      {
        CategoryId: world.categories.second,
        CategoryName: expect.any(String),
        Orders: 2,
        Taxable: '10989.99',
        Gst: '618.80',
        Total: '11608.79',
      },
    ]);
    expect(byCategory.Capitalised.map((row) => [row.CategoryId, row.Assets])).toEqual([
      [world.categories.second, 1],
    ]);
  });

  it('is refused for a branch not the user’s, a role without it, and a bad period', async () => {
    const body = { From: FROM, To: TO, Branches: world.branches.map((branch) => branch.id) };
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('financeReport', managerToken, body),
        'Your role may not see the finance report.',
      ],
      [
        () =>
          api.call('financeReport', token, {
            ...body,
            Branches: [...body.Branches, world.elsewhere],
          }),
        'You do not work in that branch.',
      ],
      [
        () => api.call('financeReport', token, { ...body, From: '2031-07-01' }),
        /From must not be after To/,
        422,
      ],
      [
        () => api.call('financeReport', token, { ...body, From: '2025-04-01', To: '2031-03-31' }),
        /A report covers at most five financial years\./,
        422,
      ],
    ]);
    // Five whole financial years are one report.
    expect((await report({ From: '2026-04-01', To: '2031-03-31' })).SpendByMonth).toHaveLength(60);
  });
});
