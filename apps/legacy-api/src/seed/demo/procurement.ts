import { financialYear, financialYearRange, type PURCHASE_GST_RATES } from '@branch-assets/domain';
import {
  GoodsReceiptNoteSaveRequest,
  PurchaseOrderSaveRequest,
} from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { type Access, loadAccess } from '../../access/access.ts';
import type { Db } from '../../db/database.ts';
import { cancelGoodsReceipt } from '../../goods-receipts/cancel.ts';
import { saveGoodsReceipt } from '../../goods-receipts/save.ts';
import { closeOrder } from '../../purchase-orders/close.ts';
import { decide } from '../../purchase-orders/decisions.ts';
import { submitOrder } from '../../purchase-orders/submit.ts';
import { saveOrder } from '../../purchase-orders/write.ts';
import { REGISTER_FACTS, STORE } from '../asset-data.ts';
import { APPROVE_REASONS, COMPANY, VERIFY_REASONS } from '../demo-data.ts';
import { Random } from '../random.ts';
import type { ScalePlan } from '../scale.ts';
import { serialNumber } from './assets.ts';
import type { DemoAssetType } from './catalogue.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import type { InterleavedOrders } from './purchase-orders.ts';
import { DAY_MS, istMoment, required, type Trx } from './shared.ts';
import type { DemoVendor } from './vendors.ts';

/*
 * Procurement in the demo (docs/procurement.md): orders of three branches taken through the flow
 * by the product's own functions — saveOrder, submitOrder, decide, saveGoodsReceipt,
 * cancelGoodsReceipt, closeOrder — as the demo's users, so that numbers, totals, versions, the
 * history, and the assets and stock the goods receive notes make are what the product writes:
 * drafts, an order rejected at verification then revised and resubmitted (version 2), orders
 * partly and fully received, one closed short, a note cancelled and received again, an accessory
 * line received into stock, orders from other states and from a supplier without a GSTIN.
 *
 * The functions run inside the demo's one transaction (their own transactions become that one)
 * and stamp what they write with the moment they run; each step is then moved to the moment the
 * demo places it at (`stamp`), so an order is created on its date and its history reads as it
 * happened. Submitted orders are submitted while the demo's own orders are written, when the loop
 * reaches their date (InterleavedOrders), so that submitOrder's number is the next of the branch's
 * year; goods are received once the rooms, the asset register and the stock exist (`finish`).
 */

/** The most days before today a step is placed (the first order); fewer early in a year. */
const MAX_AGE = 110;

type Rate = (typeof PURCHASE_GST_RATES)[number];

interface AssetLine {
  type: string;
  brand: string;
  quantity: number;
  /** Rupees a unit. */
  rate: number;
  discountPercent?: number;
  /** Another branch than the billed one, where the line's goods go. */
  deliverTo?: string;
  warrantyMonths: number;
}

interface AccessoryLine {
  accessory: string;
  quantity: number;
  rate: number;
  taxRate: Rate;
}

type Line = AssetLine | AccessoryLine;

/** A step's day (days before today) and time of day in India. */
interface When {
  age: number;
  at: [number, number];
}

/** What a goods receive note takes of each line of its order (null: nothing of that line). */
interface ReceiptPlan extends When {
  invoiceDaysBefore: number;
  lines: ({ accepted: number; rejected?: number; reason?: string; unserialled?: number } | null)[];
  remarks?: string;
  /** Cancelled later (a mistake), its serial numbers received again by the next note. */
  cancelled?: When & { reason: string };
}

interface OrderPlan {
  branch: string;
  /** The username that raises and receives it: a demo user or the branch manager's login. */
  writer: string;
  vendor: string;
  /** The order's date and the moment its draft is saved. */
  created: When;
  lines: Line[];
  freight?: { rupees: number; taxRate: Rate };
  paymentTerms: string;
  /** Days from the order's date to the delivery expected. */
  deliveryDays: number;
  remarks: string;
  /** A draft, changed once later (its quantity on the first line). */
  draft?: { changed?: When & { quantity: number } };
  /** Rejected at verification, then revised (a rate, the delivery, the remarks) and resubmitted. */
  revised?: {
    rejected: When & { reason: string };
    revised: When & { rate: number; deliveryDays: number; remarks: string };
  };
  verified?: When;
  approved?: When;
  receipts?: ReceiptPlan[];
  closed?: When & { reason: string };
}

const at = (age: number, hour: number, minute: number): When => ({ age, at: [hour, minute] });

const NET_30 = '30 days from receipt of goods and invoice';

/** The demo's procurement, by branch: the demo manager's, Kavitha's, and one in Karnataka. */
const ORDERS: readonly OrderPlan[] = [
  // Chennai Anna Nagar: Priya Raghavan, the demo's manager.
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Bharat Diagnostics Systems Pvt Ltd',
    created: at(110, 11, 20),
    lines: [
      {
        type: 'Biochemistry Analyser',
        brand: 'Erba Mannheim',
        quantity: 1,
        rate: 685_000,
        discountPercent: 4,
        warrantyMonths: 24,
      },
      { type: 'Centrifuge', brand: 'Remi', quantity: 2, rate: 32_400, warrantyMonths: 12 },
    ],
    freight: { rupees: 4_500, taxRate: 18 },
    paymentTerms: '50% advance, balance after installation and demonstration',
    deliveryDays: 21,
    remarks:
      '<p>Laboratory upgrade: the analyser replaces the semi-automatic one. Installation and <strong>operator training</strong> included.</p>',
    verified: at(108, 15, 5),
    approved: at(106, 11, 40),
    receipts: [
      {
        ...at(92, 14, 30),
        invoiceDaysBefore: 2,
        lines: [{ accepted: 1 }, { accepted: 2 }],
        remarks: 'Received with the installation kit; engineer visit booked.',
      },
    ],
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Tanjore Air Conditioning Co',
    created: at(95, 10, 5),
    lines: [
      {
        type: 'Split Air Conditioner',
        brand: 'Voltas',
        quantity: 6,
        rate: 46_900,
        discountPercent: 4,
        warrantyMonths: 12,
      },
    ],
    freight: { rupees: 3_500, taxRate: 18 },
    paymentTerms: NET_30,
    deliveryDays: 10,
    remarks: '<p>For the wards and the day-care rooms before summer.</p>',
    verified: at(94, 12, 15),
    approved: at(93, 16, 45),
    receipts: [{ ...at(80, 11, 10), invoiceDaysBefore: 1, lines: [{ accepted: 4 }] }],
    closed: {
      ...at(45, 17, 20),
      reason:
        'The vendor cannot supply the last 2 units of this model; the balance will be ordered afresh.',
    },
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Chennai Computers & Peripherals',
    created: at(68, 10, 40),
    lines: [
      {
        type: 'Desktop Computer',
        brand: 'Dell',
        quantity: 6,
        rate: 56_400,
        discountPercent: 5,
        warrantyMonths: 36,
      },
      {
        type: 'Laser Printer',
        brand: 'HP',
        quantity: 2,
        rate: 18_750,
        deliverTo: 'CHN-VEL',
        warrantyMonths: 12,
      },
    ],
    freight: { rupees: 1_200, taxRate: 18 },
    paymentTerms: NET_30,
    deliveryDays: 14,
    remarks:
      '<p>Front office and pharmacy billing counters; the two printers are for Velachery.</p>',
    verified: at(67, 12, 30),
    approved: at(66, 10, 15),
    receipts: [
      {
        ...at(58, 15, 40),
        invoiceDaysBefore: 0,
        lines: [{ accepted: 4 }, { accepted: 2 }],
        remarks: 'Printers delivered to Velachery stores.',
      },
      { ...at(51, 12, 5), invoiceDaysBefore: 1, lines: [{ accepted: 2 }, null] },
    ],
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Chennai Computers & Peripherals',
    created: at(40, 11, 0),
    lines: [{ type: 'Laptop', brand: 'Lenovo', quantity: 4, rate: 71_800, warrantyMonths: 12 }],
    paymentTerms: NET_30,
    deliveryDays: 7,
    remarks: '<p>Laptops for the duty doctors and the branch manager.</p>',
    verified: at(39, 10, 50),
    approved: at(38, 15, 30),
    receipts: [
      {
        ...at(30, 11, 45),
        invoiceDaysBefore: 1,
        lines: [{ accepted: 4 }],
        cancelled: {
          ...at(30, 16, 10),
          reason: 'Entered against the wrong invoice; received again under the right one.',
        },
      },
      { ...at(30, 16, 25), invoiceDaysBefore: 1, lines: [{ accepted: 4 }] },
    ],
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Medline Equipments India Pvt Ltd',
    created: at(16, 12, 10),
    lines: [
      { type: 'ECG Machine', brand: 'Schiller', quantity: 3, rate: 118_500, warrantyMonths: 24 },
      { accessory: 'ECG thermal paper roll, 80 mm', quantity: 20, rate: 485, taxRate: 18 },
    ],
    paymentTerms: NET_30,
    deliveryDays: 12,
    remarks:
      '<p>One ECG machine each for the emergency, the wards and the health-check desk, with paper.</p>',
    verified: at(15, 11, 35),
    approved: at(14, 17, 5),
    receipts: [
      {
        ...at(1, 15, 30),
        invoiceDaysBefore: 1,
        lines: [{ accepted: 2 }, { accepted: 20 }],
        remarks: 'Third machine on back-order with the vendor.',
      },
    ],
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Cauvery Electricals',
    created: at(9, 10, 25),
    lines: [{ type: 'Online UPS', brand: 'APC', quantity: 2, rate: 148_000, warrantyMonths: 24 }],
    freight: { rupees: 2_000, taxRate: 18 },
    paymentTerms: '100% after installation',
    deliveryDays: 10,
    remarks: '<p>Backup for the laboratory analysers and the server room.</p>',
    revised: {
      rejected: {
        ...at(8, 14, 20),
        reason: 'Rates higher than the rate contract; ask for a revised quotation.',
      },
      revised: {
        ...at(6, 11, 5),
        rate: 136_500,
        deliveryDays: 14,
        remarks:
          '<p>Backup for the laboratory analysers and the server room. <em>Revised quotation at the rate-contract price.</em></p>',
      },
    },
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Kongu Furniture Works',
    created: at(3, 16, 40),
    lines: [
      {
        type: 'Hospital Bed',
        brand: 'Paramount',
        quantity: 4,
        rate: 48_500,
        discountPercent: 5,
        warrantyMonths: 12,
      },
    ],
    freight: { rupees: 3_000, taxRate: 18 },
    paymentTerms: NET_30,
    deliveryDays: 20,
    remarks: '<p>Day-care expansion: beds for the new bay.</p>',
    draft: { changed: { ...at(2, 11, 15), quantity: 5 } },
  },
  {
    branch: 'CHN-ANN',
    writer: 'manager',
    vendor: 'Kongu Furniture Works',
    created: at(1, 17, 25),
    lines: [
      { type: 'Office Chair', brand: 'Featherlite', quantity: 10, rate: 8_200, warrantyMonths: 12 },
      {
        type: 'Steel Almirah',
        brand: 'Godrej Interio',
        quantity: 2,
        rate: 17_900,
        warrantyMonths: 12,
      },
    ],
    paymentTerms: NET_30,
    deliveryDays: 15,
    remarks: '<p>Front office seating and medical records storage.</p>',
    draft: {},
  },
  // Coimbatore R.S. Puram: Kavitha Subramaniam.
  {
    branch: 'CBE-RSP',
    writer: 'kavitha',
    vendor: 'Sri Murugan Furniture Mart',
    created: at(50, 11, 30),
    lines: [
      { type: 'Office Chair', brand: 'Featherlite', quantity: 12, rate: 7_850, warrantyMonths: 12 },
      {
        type: 'Steel Almirah',
        brand: 'Godrej Interio',
        quantity: 2,
        rate: 16_400,
        warrantyMonths: 12,
      },
    ],
    paymentTerms: '100% against delivery',
    deliveryDays: 5,
    remarks:
      '<p>Waiting area and records room. Local supplier, <strong>not registered for GST</strong>: no tax on the bill.</p>',
    verified: at(49, 15, 10),
    approved: at(47, 10, 20),
    receipts: [
      { ...at(41, 12, 50), invoiceDaysBefore: 0, lines: [{ accepted: 12 }, { accepted: 2 }] },
    ],
  },
  {
    branch: 'CBE-RSP',
    writer: 'kavitha',
    vendor: 'Kongu Furniture Works',
    created: at(27, 10, 15),
    lines: [
      {
        type: 'Hospital Bed',
        brand: 'Paramount',
        quantity: 6,
        rate: 48_500,
        discountPercent: 5,
        warrantyMonths: 24,
      },
    ],
    freight: { rupees: 2_500, taxRate: 18 },
    paymentTerms: NET_30,
    deliveryDays: 14,
    remarks: '<p>Replacement of the manual beds in the general ward.</p>',
    verified: at(26, 12, 40),
    approved: at(25, 16, 10),
    receipts: [
      {
        ...at(12, 11, 20),
        invoiceDaysBefore: 1,
        lines: [
          {
            accepted: 3,
            rejected: 1,
            reason: 'Side rail bent in transit; returned to the vendor.',
          },
        ],
        remarks: 'Two more beds to follow next week.',
      },
    ],
  },
  {
    branch: 'CBE-RSP',
    writer: 'kavitha',
    vendor: 'Vaigai Biomedical Services',
    created: at(2, 15, 55),
    lines: [
      { type: 'Centrifuge', brand: 'Eppendorf', quantity: 1, rate: 112_000, warrantyMonths: 24 },
    ],
    paymentTerms: NET_30,
    deliveryDays: 15,
    remarks: '<p>Second centrifuge for the laboratory.</p>',
    draft: {},
  },
  // Bengaluru Jayanagar: its branch manager, Manjunath Gowda.
  {
    branch: 'BLR-JAY',
    writer: 'manjunath.blr-jay',
    vendor: 'Mumbai Imaging Solutions Pvt Ltd',
    created: at(75, 11, 50),
    lines: [
      {
        type: 'Ultrasound Scanner',
        brand: 'Samsung Medison',
        quantity: 1,
        rate: 1_480_000,
        discountPercent: 3,
        warrantyMonths: 36,
      },
    ],
    freight: { rupees: 6_000, taxRate: 18 },
    paymentTerms: '40% advance, 60% after installation and demonstration',
    deliveryDays: 30,
    remarks: '<p>Radiology: second ultrasound for the obstetrics clinic.</p>',
    verified: at(73, 10, 35),
    approved: at(71, 15, 50),
    receipts: [
      {
        ...at(57, 13, 15),
        invoiceDaysBefore: 3,
        lines: [{ accepted: 1 }],
        remarks: 'Installation and demonstration on the same day.',
      },
    ],
  },
  {
    branch: 'BLR-JAY',
    writer: 'manjunath.blr-jay',
    vendor: 'Deccan IT Solutions',
    created: at(22, 10, 30),
    lines: [
      { type: 'Desktop Computer', brand: 'HP', quantity: 8, rate: 52_900, warrantyMonths: 36 },
      { type: 'Network Switch', brand: 'TP-Link', quantity: 1, rate: 14_600, warrantyMonths: 36 },
    ],
    paymentTerms: NET_30,
    deliveryDays: 10,
    remarks: '<p>New billing and pharmacy terminals, and a switch for the second floor.</p>',
    verified: at(21, 16, 20),
    approved: at(19, 11, 5),
    receipts: [
      {
        ...at(8, 12, 35),
        invoiceDaysBefore: 0,
        lines: [{ accepted: 5, unserialled: 1 }, { accepted: 1 }],
      },
    ],
  },
];

/** How many orders the demo's procurement writes (drafts among them). */
export const PROCUREMENT_ORDERS = ORDERS.length;

/** Invoice numbers as each vendor writes them. */
const INVOICE_PREFIX: Readonly<Record<string, string>> = {
  'Bharat Diagnostics Systems Pvt Ltd': 'BDS/INV',
  'Tanjore Air Conditioning Co': 'TAC',
  'Chennai Computers & Peripherals': 'CCP',
  'Medline Equipments India Pvt Ltd': 'MEI/TN',
  'Sri Murugan Furniture Mart': 'SMFM',
  'Kongu Furniture Works': 'KFW',
  'Mumbai Imaging Solutions Pvt Ltd': 'MIS/KA',
  'Deccan IT Solutions': 'DITS',
};

export interface DemoProcurementCounts {
  purchaseOrders: number;
  purchaseOrderLines: number;
  goodsReceiptNotes: number;
  auditEntries: number;
  assets: number;
  assetEvents: number;
}

export interface DemoProcurement extends InterleavedOrders {
  /** Saves the drafts and receives the goods (after the register and the stock exist). */
  finish(): Promise<DemoProcurementCounts>;
}

/** The date in India of a moment. */
const indianDate = (moment: number) => new Date(moment + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The seeding transaction as the product's functions take a database: a transaction they open is
 * the seeding one (a Kysely transaction cannot open another).
 */
function within(trx: Trx): Db {
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction')
        return () => ({ execute: <T>(work: (inner: Db) => Promise<T>) => work(target) });
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Db;
}

function isAsset(line: Line): line is AssetLine {
  return 'type' in line;
}

export async function planProcurement(
  trx: Trx,
  parts: {
    organisation: DemoOrganisation;
    people: DemoPeople;
    vendors: DemoVendor[];
    unregistered: DemoVendor;
    types: DemoAssetType[];
    scale: ScalePlan | null;
  },
  today: Date,
): Promise<DemoProcurement> {
  const { branchId } = parts.organisation;
  // A sequence of its own, so the rest of the demo draws what it did before procurement.
  const random = new Random(20261126);
  const db = within(trx);
  const now = today.getTime();
  const todayIso = indianDate(now);
  const yearStart = financialYearRange(financialYear(todayIso)).start;
  const intoYear = (Date.parse(todayIso) - Date.parse(yearStart)) / DAY_MS;
  // Early in a financial year the steps are drawn closer together, to stay within it.
  const factor = intoYear > MAX_AGE ? 1 : intoYear >= 30 ? (intoYear - 1) / MAX_AGE : 1;
  const dayOf = (age: number) =>
    new Date(Date.parse(todayIso) - Math.max(1, Math.round(age * factor)) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  // Each order's steps, one after another: a step drawn closer to the one before than it was
  // planned (early in a year) comes ten minutes after it.
  const lastStep = new Map<OrderPlan, number>();
  const momentOf = (plan: OrderPlan, when: When) => {
    const planned = istMoment(dayOf(when.age), ...when.at).getTime();
    const previous = lastStep.get(plan) ?? 0;
    const moment = planned > previous ? planned : previous + 10 * 60_000;
    lastStep.set(plan, moment);
    return new Date(moment);
  };
  const minutesAfter = (plan: OrderPlan, moment: Date, minutes: number) => {
    const next = moment.getTime() + minutes * 60_000;
    lastStep.set(plan, next);
    return new Date(next);
  };

  const vendorNamed = (name: string) =>
    required(
      [...parts.vendors, parts.unregistered].find((vendor) => vendor.name === name),
      `vendor ${name}`,
    );
  const typeNamed = (name: string) =>
    required(
      parts.types.find((type) => type.spec.type === name),
      `asset type ${name}`,
    );
  const userNamed = (username: string) =>
    username.includes('.')
      ? required(
          parts.people.raisedBy.get(username.split('.')[1]?.toUpperCase() ?? ''),
          `login ${username}`,
        )
      : parts.people.userId(username);
  const accesses = new Map<number, Promise<Access>>();
  const accessOf = (userId: number) => {
    const access = accesses.get(userId) ?? loadAccess(trx, userId);
    accesses.set(userId, access);
    return access;
  };
  const verifierOf = (branch: string) =>
    parts.people.userId(parts.people.verifierBranches.has(branch) ? 'verifier' : 'admin');

  const counts: DemoProcurementCounts = {
    purchaseOrders: 0,
    purchaseOrderLines: 0,
    goodsReceiptNotes: 0,
    auditEntries: 0,
    assets: 0,
    assetEvents: 0,
  };

  /**
   * Runs one step of the product on an order, then moves what it wrote at the moment it ran
   * (every function stamps all its rows with one moment, its audit entries too) to `moment`.
   */
  async function stamp<T>(
    moment: Date,
    work: () => Promise<T>,
    orderOf: (result: T) => number,
    created = false,
  ): Promise<T> {
    if (moment.getTime() >= now)
      throw new Error(`demo procurement: a step in the future (${moment.toISOString()})`);
    const { last } = await trx
      .selectFrom('auditLog')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('last'))
      .executeTakeFirstOrThrow();
    const result = await work();
    const order = orderOf(result);
    const { rows } = await sql<{ written: Date | null; entries: number; moments: number }>`
      select min(at) as written, count(*)::int as entries, count(distinct at)::int as moments
      from audit_log where id > ${last}`.execute(trx);
    const { written, entries, moments } = required(rows[0], 'audit');
    if (!written || moments !== 1) throw new Error('demo procurement: a step without one moment');
    counts.auditEntries += entries;
    const to = sql`${moment.toISOString()}::timestamptz`;
    const from = sql`${written.toISOString()}::timestamptz`;
    const moved = (column: string) =>
      sql`${sql.ref(column)} = case when ${sql.ref(column)} = ${from} then ${to} else ${sql.ref(column)} end`;
    const noteLines = sql`(select gl.id from goods_receipt_lines gl
      join goods_receipt_notes n on n.id = gl.note_id where n.purchase_order_id = ${order})`;
    // One statement: each part updates a table of its own.
    await sql`with
      orders as (update purchase_orders set
          created_at = case when ${created} then ${to} else created_at end,
          ${sql.join(
            [
              'updated_at',
              'submitted_at',
              'verified_at',
              'approved_at',
              'cancelled_at',
              'closed_at',
            ].map(moved),
          )}
        where id = ${order}),
      versions as (update purchase_order_versions set submitted_at = ${to}
        where purchase_order_id = ${order} and submitted_at = ${from}),
      notes as (update goods_receipt_notes set ${sql.join(['created_at', 'cancelled_at'].map(moved))}
        where purchase_order_id = ${order}),
      events as (update asset_events set at = ${to} where at = ${from}
        and asset_id in (select id from assets where purchase_order_id = ${order})),
      assets as (update assets set ${sql.join(['created_at', 'updated_at'].map(moved))}
        where purchase_order_id = ${order}),
      movements as (update accessory_movements set at = ${to}
        where at = ${from} and goods_receipt_line_id in ${noteLines})
      update audit_log set at = ${to} where id > ${last}`.execute(trx);
    return result;
  }

  function bodyOf(
    plan: OrderPlan,
    changes: { quantity?: number; rate?: number; deliveryDays?: number; remarks?: string } = {},
  ) {
    const poDate = dayOf(plan.created.age);
    const delivery = new Date(
      Date.parse(poDate) + (changes.deliveryDays ?? plan.deliveryDays) * DAY_MS,
    );
    return PurchaseOrderSaveRequest.parse({
      BilledBranch: branchId(plan.branch),
      ShippedBranch: branchId(plan.branch),
      Vendor: vendorNamed(plan.vendor).id,
      PurchaseOrderDate: poDate,
      ExpectedDeliveryDate: delivery.toISOString().slice(0, 10),
      PaymentTerms: plan.paymentTerms,
      Remarks: changes.remarks ?? plan.remarks,
      // The company's terms, as the form starts a new order with them.
      Terms: COMPANY.purchaseTerms,
      ...(plan.freight
        ? { FreightAmount: plan.freight.rupees.toFixed(2), FreightTaxRate: plan.freight.taxRate }
        : {}),
      Lines: plan.lines.map((line, index) => {
        const first = index === 0;
        if (!isAsset(line))
          return {
            Accessory: required(accessoryIds.get(line.accessory), `accessory ${line.accessory}`),
            ItemName: line.accessory,
            Quantity: line.quantity,
            Rate: line.rate.toFixed(2),
            TaxRate: line.taxRate,
          };
        const type = typeNamed(line.type);
        const brandAt = type.spec.brands.indexOf(line.brand);
        const model = required(type.spec.models[brandAt % type.spec.models.length], 'model');
        return {
          AssetType: type.id,
          Brand: required(type.brandIds[brandAt], `brand ${line.brand} of ${line.type}`),
          ItemName: `${line.brand} ${model} ${line.type}`,
          Model: model,
          Quantity: first && changes.quantity !== undefined ? changes.quantity : line.quantity,
          Rate: (first && changes.rate !== undefined ? changes.rate : line.rate).toFixed(2),
          ...(line.discountPercent !== undefined ? { DiscountPercent: line.discountPercent } : {}),
          TaxRate: type.spec.taxRate,
          ...(line.deliverTo ? { DeliveryBranch: branchId(line.deliverTo) } : {}),
          WarrantyMonths: line.warrantyMonths,
        };
      }),
    });
  }

  // Accessories are made after the orders' loop; their ids are read when first needed.
  const accessoryIds = new Map<string, number>();
  const readAccessories = async () => {
    if (accessoryIds.size > 0) return;
    const rows = await trx.selectFrom('accessories').select(['id', 'name']).execute();
    for (const row of rows) accessoryIds.set(row.name, row.id);
  };

  const orderIds = new Map<OrderPlan, number>();

  /** A submitted order's way up to its approval (or its second version), numbered `sequence`. */
  async function raise(plan: OrderPlan, sequence: number) {
    await readAccessories();
    const writer = userNamed(plan.writer);
    const writerAccess = await accessOf(writer);
    const billedBranchId = branchId(plan.branch);
    const created = momentOf(plan, plan.created);
    const id = await stamp(
      created,
      () => saveOrder(db, writerAccess, writer, bodyOf(plan)),
      (id) => id,
      true,
    );
    orderIds.set(plan, id);
    counts.purchaseOrders += 1;
    await stamp(
      minutesAfter(plan, created, random.int(15, 50)),
      () => submitOrder(db, writerAccess, writer, { id, billedBranchId }),
      () => id,
    );
    const order = await trx
      .selectFrom('purchaseOrders')
      .select(['poNumber', 'financialYear', 'sequence'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (order.sequence !== sequence) {
      // SEED_SCALE's orders of the year are written later, numbered by date around the demo's:
      // this one takes the number it will have among them.
      if (!parts.scale)
        throw new Error(`demo procurement: ${order.poNumber} is not number ${sequence}`);
      await trx
        .updateTable('purchaseOrders')
        .set({
          sequence,
          poNumber: `PO/${plan.branch}/${order.financialYear}/${String(sequence).padStart(4, '0')}`,
        })
        .where('id', '=', id)
        .execute();
    }
    const number = async () =>
      (
        await trx
          .selectFrom('purchaseOrders')
          .select('poNumber')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).poNumber ?? '';
    const decision = async (
      kind: 'verify' | 'approve',
      user: number,
      when: When,
      accept: boolean,
      reason: string,
    ) => {
      const access = await accessOf(user);
      const purchaseOrderNumber = await number();
      await stamp(
        momentOf(plan, when),
        () =>
          decide(db, access, user, kind, {
            purchaseOrderId: id,
            purchaseOrderNumber,
            billedBranchId,
            accept,
            reason,
          }),
        () => id,
      );
    };
    if (plan.revised) {
      const { rejected, revised } = plan.revised;
      await decision('verify', verifierOf(plan.branch), rejected, false, rejected.reason);
      const revisedAt = momentOf(plan, revised);
      await stamp(
        revisedAt,
        () =>
          saveOrder(db, writerAccess, writer, {
            ...bodyOf(plan, revised),
            PurchaseOrder: id,
          }),
        () => id,
      );
      await stamp(
        minutesAfter(plan, revisedAt, random.int(10, 30)),
        () => submitOrder(db, writerAccess, writer, { id, billedBranchId }),
        () => id,
      );
      return;
    }
    if (plan.verified)
      await decision(
        'verify',
        verifierOf(plan.branch),
        plan.verified,
        true,
        random.pick(VERIFY_REASONS),
      );
    if (plan.approved)
      await decision(
        'approve',
        parts.people.userId('approver'),
        plan.approved,
        true,
        random.pick(APPROVE_REASONS),
      );
  }

  const submitted = ORDERS.filter((plan) => !plan.draft);
  const raised = new Set<OrderPlan>();

  return {
    async submitUpTo(branchCode, date, sequenceFor) {
      const due = submitted
        .filter((plan) => plan.branch === branchCode && !raised.has(plan))
        .map((plan) => ({ plan, poDate: dayOf(plan.created.age) }))
        .filter(({ poDate }) => date === null || poDate <= date)
        .sort((a, b) => a.poDate.localeCompare(b.poDate));
      for (const { plan, poDate } of due) {
        raised.add(plan);
        await raise(plan, sequenceFor(poDate));
      }
    },

    async finish() {
      if (raised.size !== submitted.length)
        throw new Error('demo procurement: orders not submitted');
      await readAccessories();
      // Serial numbers already in the register, by brand: a unit's must be new to its brand.
      const taken = new Map<number, Set<string>>();
      for (const row of await trx
        .selectFrom('assets')
        .select(['brandId', 'serialNumber'])
        .where('serialNumber', 'is not', null)
        .execute()) {
        const set = taken.get(row.brandId) ?? new Set<string>();
        set.add((row.serialNumber ?? '').toLowerCase());
        taken.set(row.brandId, set);
      }
      const freshSerial = (brandId: number, brand: string, year: number) => {
        const set = taken.get(brandId) ?? new Set<string>();
        taken.set(brandId, set);
        for (;;) {
          const serial = serialNumber(random, brand, year);
          if (!set.has(serial.toLowerCase())) {
            set.add(serial.toLowerCase());
            return serial;
          }
        }
      };
      const storekeeperOf = async (code: string) =>
        (
          await trx
            .selectFrom('staff as s')
            .innerJoin('designations as d', 'd.id', 's.designationId')
            .select('s.id')
            .where('s.branchId', '=', branchId(code))
            .where('d.name', '=', 'Store Keeper')
            .orderBy('s.id')
            .executeTakeFirstOrThrow()
        ).id;
      const storeOf = async (deliveryBranchId: number) =>
        (
          await trx
            .selectFrom('assetLocations')
            .select('id')
            .where('branchId', '=', deliveryBranchId)
            .where('name', '=', STORE)
            .executeTakeFirstOrThrow()
        ).id;

      /**
       * A goods receive note of the order as `receipt` plans it, its units in the delivery
       * branch's store with their serial numbers (`again`: those of the cancelled note before
       * it). Answers the serial numbers it took when it is to be cancelled.
       */
      const receive = async (
        plan: OrderPlan,
        id: number,
        receipt: ReceiptPlan,
        moment: Date,
        again: Map<number, string[]> | null,
      ): Promise<Map<number, string[]> | null> => {
        const writer = userNamed(plan.writer);
        const receivedDate = indianDate(moment.getTime());
        const lines = await trx
          .selectFrom('purchaseOrderLines as l')
          .innerJoin('purchaseOrders as po', 'po.id', 'l.purchaseOrderId')
          .select([
            'l.id',
            'l.brandId',
            sql<number>`coalesce(l.delivery_branch_id, po.shipped_branch_id)`.as(
              'deliveryBranchId',
            ),
            'po.poDate',
          ])
          .where('l.purchaseOrderId', '=', id)
          .orderBy('l.lineNo')
          .execute();
        const poDate = required(lines[0], 'line').poDate;
        const invoiceDate = new Date(Date.parse(receivedDate) - receipt.invoiceDaysBefore * DAY_MS)
          .toISOString()
          .slice(0, 10);
        const invoiceNumber = `${required(INVOICE_PREFIX[plan.vendor], 'invoice prefix')}/${financialYear(receivedDate).slice(2)}/${String(random.int(120, 2400)).padStart(4, '0')}`;
        const taken = new Map<number, string[]>();
        const noteLines: Record<string, unknown>[] = [];
        for (const [index, taking] of receipt.lines.entries()) {
          const line = lines[index];
          const spec = plan.lines[index];
          if (!taking || !line || !spec) continue;
          const rejected = taking.rejected ?? 0;
          const noteLine = {
            PurchaseOrderLine: line.id,
            Received: taking.accepted + rejected,
            Accepted: taking.accepted,
            Rejected: rejected,
            ...(taking.reason ? { RejectionReason: taking.reason } : {}),
          };
          if (!isAsset(spec)) {
            noteLines.push(noteLine);
            continue;
          }
          const serialled = required(REGISTER_FACTS[spec.type], spec.type).serialNumbered;
          const serials =
            again?.get(line.id) ??
            Array.from(
              { length: serialled ? taking.accepted - (taking.unserialled ?? 0) : 0 },
              () => freshSerial(line.brandId ?? 0, spec.brand, Number(receivedDate.slice(0, 4))),
            );
          taken.set(line.id, serials);
          noteLines.push({
            ...noteLine,
            Location: await storeOf(line.deliveryBranchId),
            ...(serials.length > 0 ? { SerialNumbers: serials } : {}),
          });
        }
        const body = GoodsReceiptNoteSaveRequest.parse({
          PurchaseOrder: id,
          BilledBranch: branchId(plan.branch),
          ReceivedDate: receivedDate,
          InvoiceNumber: invoiceNumber,
          InvoiceDate: invoiceDate < poDate ? poDate : invoiceDate,
          ReceivedBy: await storekeeperOf(plan.branch),
          ...(receipt.remarks ? { Remarks: receipt.remarks } : {}),
          Lines: noteLines,
        });
        const access = await accessOf(writer);
        await stamp(
          moment,
          () => saveGoodsReceipt(db, access, writer, body),
          () => id,
        );
        counts.goodsReceiptNotes += 1;
        return receipt.cancelled ? taken : null;
      };

      // Every step left, of every order, in the order they happened: notes are numbered so.
      const steps: { moment: Date; run: () => Promise<void> }[] = [];
      for (const plan of ORDERS) {
        const writer = userNamed(plan.writer);
        const billedBranchId = branchId(plan.branch);
        if (plan.draft) {
          const created = momentOf(plan, plan.created);
          const { changed } = plan.draft;
          steps.push({
            moment: created,
            run: async () => {
              const access = await accessOf(writer);
              const id = await stamp(
                created,
                () => saveOrder(db, access, writer, bodyOf(plan)),
                (id) => id,
                true,
              );
              orderIds.set(plan, id);
              counts.purchaseOrders += 1;
            },
          });
          if (changed) {
            const moment = momentOf(plan, changed);
            steps.push({
              moment,
              run: async () => {
                const id = required(orderIds.get(plan), 'draft');
                await stamp(
                  moment,
                  async () =>
                    saveOrder(db, await accessOf(writer), writer, {
                      ...bodyOf(plan, { quantity: changed.quantity }),
                      PurchaseOrder: id,
                    }),
                  () => id,
                );
              },
            });
          }
          continue;
        }
        // The serial numbers of a cancelled note's units, received again by the next note.
        let again: Map<number, string[]> | null = null;
        for (const receipt of plan.receipts ?? []) {
          const moment = momentOf(plan, receipt);
          steps.push({
            moment,
            run: async () => {
              const id = required(orderIds.get(plan), 'order');
              again = await receive(plan, id, receipt, moment, again);
            },
          });
          const { cancelled } = receipt;
          if (!cancelled) continue;
          const cancelledAt = momentOf(plan, cancelled);
          steps.push({
            moment: cancelledAt,
            run: async () => {
              const id = required(orderIds.get(plan), 'order');
              const note = await trx
                .selectFrom('goodsReceiptNotes')
                .select('id')
                .where('purchaseOrderId', '=', id)
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              const access = await accessOf(writer);
              await stamp(
                cancelledAt,
                () =>
                  cancelGoodsReceipt(db, access, writer, { id: note.id, reason: cancelled.reason }),
                () => id,
              );
            },
          });
        }
        const { closed } = plan;
        if (closed) {
          const closedAt = momentOf(plan, closed);
          steps.push({
            moment: closedAt,
            run: async () => {
              const id = required(orderIds.get(plan), 'order');
              const { poNumber } = await trx
                .selectFrom('purchaseOrders')
                .select('poNumber')
                .where('id', '=', id)
                .executeTakeFirstOrThrow();
              const access = await accessOf(writer);
              await stamp(
                closedAt,
                () =>
                  closeOrder(db, access, writer, {
                    id,
                    number: poNumber ?? undefined,
                    billedBranchId,
                    reason: closed.reason,
                  }),
                () => id,
              );
            },
          });
        }
      }
      steps.sort((a, b) => a.moment.getTime() - b.moment.getTime());
      for (const step of steps) await step.run();

      const ids = [...orderIds.values()];
      const { rows } = await sql<{ lines: number; assets: number; events: number }>`select
          (select count(*)::int from purchase_order_lines where purchase_order_id = any(${ids})) as lines,
          (select count(*)::int from assets where goods_receipt_line_id is not null) as assets,
          (select count(*)::int from asset_events e join assets a on a.id = e.asset_id
            where a.goods_receipt_line_id is not null) as events`.execute(trx);
      const made = required(rows[0], 'counts');
      return {
        ...counts,
        purchaseOrderLines: made.lines,
        assets: made.assets,
        assetEvents: made.events,
      };
    },
  };
}
