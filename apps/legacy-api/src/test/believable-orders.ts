import { toPaise } from '@branch-assets/domain';
import type { Db } from '../db/database.ts';
import { ASSET_TYPES } from '../seed/demo-data.ts';

/** The date of a moment in India (the orders' dates are Indian dates). */
const indianDate = (moment: Date) =>
  new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * What would make a seeded purchase order unbelievable to someone reading the demo, one sentence
 * per problem (none when all is well), for the orders whose id is above `afterId`:
 * - the same product (asset type and brand, or item name) on two lines of one order;
 * - a line whose item is not that brand's model of that type, whose quantity is not a whole
 *   number from 1 to what a branch buys of the type at once, whose rate is outside the type's
 *   price range, or whose discount is more than 10 %;
 * - decisions out of order or in the future: created on the order's date, verified after it was
 *   created, approved after it was verified, cancelled after the last decision, goods received
 *   after the approval, each moment present exactly when the order's state says it happened, and
 *   its history written in that order.
 */
export async function unbelievableOrders(db: Db, afterId = 0, now = new Date()): Promise<string[]> {
  const orders = await db
    .selectFrom('purchaseOrders')
    .select([
      'id',
      'poNumber',
      'poDate',
      'status',
      'verificationStatus',
      'approvalStatus',
      'createdAt',
      'verifiedAt',
      'approvedAt',
      'cancelledAt',
      'updatedAt',
    ])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  const lines = await db
    .selectFrom('purchaseOrderLines as l')
    .innerJoin('assetTypes as t', 't.id', 'l.assetTypeId')
    .innerJoin('brands as b', 'b.id', 'l.brandId')
    .select([
      'l.purchaseOrderId',
      'l.lineNo',
      'l.itemName',
      'l.assetTypeId',
      'l.brandId',
      'l.quantity',
      'l.rate',
      'l.discountAmount',
      't.name as typeName',
      'b.name as brandName',
    ])
    .where('l.purchaseOrderId', '>', afterId)
    .orderBy('l.purchaseOrderId')
    .orderBy('l.lineNo')
    .execute();
  const history = await db
    .selectFrom('auditLog')
    .select(['entityId', 'at'])
    .where('entity', '=', 'purchase_order')
    .where('entityId', '>', afterId)
    .orderBy('entityId')
    .orderBy('id')
    .execute();
  const linesOf = Map.groupBy(lines, (line) => line.purchaseOrderId);
  const historyOf = Map.groupBy(history, (entry) => entry.entityId);
  const specs = new Map(ASSET_TYPES.map((spec) => [spec.type, spec]));

  const problems: string[] = [];
  for (const order of orders) {
    const problem = (text: string) => problems.push(`${order.poNumber}: ${text}`);
    const own = linesOf.get(order.id) ?? [];
    if (own.length === 0) problem('no lines');
    const products = new Set<string>();
    const items = new Set<string>();
    for (const line of own) {
      const at = `line ${line.lineNo} (${line.itemName})`;
      const product = `${line.assetTypeId}/${line.brandId}`;
      if (products.has(product) || items.has(line.itemName)) problem(`${at} repeats a product`);
      products.add(product);
      items.add(line.itemName);
      const spec = specs.get(line.typeName);
      const brandAt = spec?.brands.indexOf(line.brandName) ?? -1;
      if (!spec || brandAt < 0) {
        problem(`${at} is not a demo product`);
        continue;
      }
      const model = spec.models[brandAt % spec.models.length];
      if (line.itemName !== `${line.brandName} ${model} ${spec.type}`) {
        problem(`${at} is not ${line.brandName}'s ${spec.type}`);
      }
      const quantity = Number(line.quantity);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > spec.maxQuantity) {
        problem(`${at} quantity ${line.quantity}`);
      }
      const rate = toPaise(line.rate);
      if (rate < spec.price[0] * 100 || rate >= (spec.price[1] + 1) * 100) {
        problem(`${at} rate ${line.rate}`);
      }
      const discount = toPaise(line.discountAmount);
      if (discount < 0 || discount > Math.round(rate * quantity * 0.1)) {
        problem(`${at} discount ${line.discountAmount}`);
      }
    }

    const { createdAt, verifiedAt, approvedAt, cancelledAt } = order;
    const receivedAt = order.status === 'completed' ? order.updatedAt : null;
    if (indianDate(createdAt) !== order.poDate) problem(`created on another day (${createdAt})`);
    if ((verifiedAt !== null) !== (order.verificationStatus !== 'pending')) {
      problem(`verification ${order.verificationStatus} at ${verifiedAt}`);
    }
    const decided = order.approvalStatus === 'approved' || order.approvalStatus === 'rejected';
    if ((approvedAt !== null) !== decided)
      problem(`approval ${order.approvalStatus} at ${approvedAt}`);
    if ((cancelledAt !== null) !== (order.status === 'cancelled')) {
      problem(`${order.status}, cancelled at ${cancelledAt}`);
    }
    const after = (later: Date | null, earlier: Date | null, what: string) => {
      if (later && earlier && later <= earlier) problem(what);
    };
    after(verifiedAt, createdAt, 'verified before it was created');
    after(approvedAt, verifiedAt, 'approved before it was verified');
    after(cancelledAt, verifiedAt ?? createdAt, 'cancelled before its last decision');
    after(receivedAt, approvedAt, 'received before it was approved');
    for (const moment of [createdAt, verifiedAt, approvedAt, cancelledAt, order.updatedAt]) {
      if (moment && moment >= now) problem(`a moment in the future (${moment.toISOString()})`);
    }
    const moments = (historyOf.get(order.id) ?? []).map((entry) => entry.at.getTime());
    if (moments.some((moment, index) => index > 0 && moment <= (moments[index - 1] ?? 0))) {
      problem('history out of order');
    }
  }
  return problems;
}
