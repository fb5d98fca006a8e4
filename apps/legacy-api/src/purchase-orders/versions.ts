import { formatRupees, toPaise } from '@branch-assets/domain';
import type { PurchaseOrderVersion } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';

/*
 * A submitted version of an order as it was, in the words a reader compares: names, not ids, and
 * money as the order shows it. What changed between two versions is worded from these, so a
 * renamed vendor does not show as a change of vendor, and a version reads the same years later.
 */

export interface LineSnapshot {
  item: string;
  kind: string;
  brand: string;
  model: string;
  quantity: number;
  unit: string;
  rate: string;
  discount: string;
  taxRate: number;
  deliverTo: string;
}

export interface OrderSnapshot {
  vendor: string;
  shippedTo: string;
  date: string;
  expectedDelivery: string;
  paymentTerms: string;
  freight: string;
  freightTaxRate: string;
  grandTotal: string;
  terms: string;
  lines: LineSnapshot[];
}

const rupees = (amount: string) => formatRupees(toPaise(amount));

export async function snapshotOf(trx: Db, orderId: number): Promise<OrderSnapshot> {
  const order = await trx
    .selectFrom('purchaseOrders as po')
    .innerJoin('vendors as v', 'v.id', 'po.vendorId')
    .innerJoin('branches as s', 's.id', 'po.shippedBranchId')
    .select([
      'v.name as vendor',
      's.name as shippedTo',
      'po.poDate',
      'po.expectedDeliveryDate',
      'po.paymentTerms',
      'po.freightAmount',
      'po.freightTaxRate',
      'po.grandTotal',
      'po.termsText',
    ])
    .where('po.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom('purchaseOrderLines as l')
    .leftJoin('assetTypes as t', 't.id', 'l.assetTypeId')
    .leftJoin('accessories as a', 'a.id', 'l.accessoryId')
    .leftJoin('brands as b', 'b.id', 'l.brandId')
    .leftJoin('branches as d', 'd.id', 'l.deliveryBranchId')
    .select([
      'l.itemName',
      't.name as typeName',
      'a.name as accessoryName',
      'b.name as brandName',
      'l.model',
      'l.quantity',
      'l.unit',
      'l.rate',
      'l.discountAmount',
      'l.discountPercent',
      'l.taxRate',
      'd.name as deliverTo',
    ])
    .where('l.purchaseOrderId', '=', orderId)
    .orderBy('l.lineNo')
    .execute();
  return {
    vendor: order.vendor,
    shippedTo: order.shippedTo,
    date: order.poDate,
    expectedDelivery: order.expectedDeliveryDate ?? '',
    paymentTerms: order.paymentTerms,
    freight: rupees(order.freightAmount),
    freightTaxRate: order.freightTaxRate === null ? '' : `${Number(order.freightTaxRate)} %`,
    grandTotal: rupees(order.grandTotal),
    terms: order.termsText,
    lines: lines.map((line) => ({
      item: line.itemName,
      kind: line.typeName ?? `Accessory ${line.accessoryName ?? ''}`.trim(),
      brand: line.brandName ?? '',
      model: line.model ?? '',
      quantity: Number(line.quantity),
      unit: line.unit,
      rate: rupees(line.rate),
      discount:
        line.discountPercent === null
          ? rupees(line.discountAmount)
          : `${Number(line.discountPercent)} %`,
      taxRate: Number(line.taxRate),
      deliverTo: line.deliverTo ?? '',
    })),
  };
}

/** An order's submitted versions, newest first, with what changed from the one before. */
export async function versionsOf(db: Db, orderId: number): Promise<PurchaseOrderVersion[]> {
  const versions = await db
    .selectFrom('purchaseOrderVersions as pv')
    .innerJoin('users as u', 'u.id', 'pv.submittedBy')
    .innerJoin('staff as s', 's.id', 'u.staffId')
    .select(['pv.version', 'pv.snapshot', 'pv.changes', 'pv.submittedAt', 's.name'])
    .where('pv.purchaseOrderId', '=', orderId)
    .orderBy('pv.version', 'desc')
    .execute();
  return versions.map((version) => ({
    Version: version.version,
    SubmittedBy: version.name,
    SubmittedAt: version.submittedAt.toISOString(),
    GrandTotal: (version.snapshot as Partial<OrderSnapshot>).grandTotal ?? '',
    Changes: Array.isArray(version.changes) ? version.changes.map(String) : [],
  }));
}

const HEADER_WORDS: Record<Exclude<keyof OrderSnapshot, 'lines'>, string> = {
  vendor: 'Vendor',
  shippedTo: 'Shipped to',
  date: 'Order date',
  expectedDelivery: 'Expected delivery',
  paymentTerms: 'Payment terms',
  freight: 'Freight',
  freightTaxRate: 'Freight GST',
  grandTotal: 'Grand total',
  terms: 'Terms and conditions',
};

const LINE_WORDS: Record<keyof LineSnapshot, string> = {
  item: 'item',
  kind: 'type',
  brand: 'brand',
  model: 'model',
  quantity: 'quantity',
  unit: 'unit',
  rate: 'rate',
  discount: 'discount',
  taxRate: 'GST %',
  deliverTo: 'delivery branch',
};

const shown = (value: string | number) => (value === '' ? '—' : String(value));

/** "Vendor: A → B", "Line 2 quantity: 3 → 4", "Line 3 added: Syringe pump × 4", … */
export function changesBetween(before: OrderSnapshot, after: OrderSnapshot): string[] {
  const changes: string[] = [];
  for (const [key, word] of Object.entries(HEADER_WORDS) as [keyof typeof HEADER_WORDS, string][]) {
    if (key === 'terms') {
      if (before.terms !== after.terms) changes.push(`${word} changed`);
    } else if (before[key] !== after[key]) {
      changes.push(`${word}: ${shown(before[key])} → ${shown(after[key])}`);
    }
  }
  const count = Math.max(before.lines.length, after.lines.length);
  for (let index = 0; index < count; index += 1) {
    const was = before.lines[index];
    const now = after.lines[index];
    const label = `Line ${index + 1}`;
    if (!was && now) changes.push(`${label} added: ${now.item} × ${now.quantity}`);
    else if (was && !now) changes.push(`${label} removed: ${was.item} × ${was.quantity}`);
    else if (was && now) {
      for (const [key, word] of Object.entries(LINE_WORDS) as [keyof LineSnapshot, string][]) {
        if (was[key] !== now[key])
          changes.push(`${label} ${word}: ${shown(was[key])} → ${shown(now[key])}`);
      }
    }
  }
  return changes;
}
