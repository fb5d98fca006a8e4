import {
  ASSET_TAG_DIGITS,
  addDays,
  addMonths,
  assetTag,
  financialYear,
  formatPaise,
  indianDate,
  lineCosts,
  toPaise,
  unitCosts,
} from '@branch-assets/domain';
import type { GoodsReceiptNoteSaveRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import {
  type LineReceipt,
  lineReceipts,
  RECEIVING,
  receivedStatus,
} from '../purchase-orders/receipt.ts';
import { documentNumber, nextSequence } from '../purchase-orders/submit.ts';
import { staffInBranches } from '../staff/in-branches.ts';

/*
 * A goods receive note (docs/procurement.md): what arrived against an approved order, line by
 * line, and what it becomes — one asset per accepted unit of an asset line, IN_STOCK at the line's
 * delivery branch, or stock of an accessory — all in one transaction with the note. The order's
 * row is locked first, so two notes saved at once take turns and the second counts the first's
 * quantities: never more received in all than ordered. Assets are written set-based (one insert
 * per thousand), their tags taken from the branch's counter in one step.
 */

export const MODULE = 'goods_receive_note';

/** Rows per insert: well under PostgreSQL's 65,535 parameters at ~20 columns a row. */
const CHUNK = 1000;

interface Planned {
  line: LineReceipt;
  input: GoodsReceiptNoteSaveRequest['Lines'][number];
}

function checkLines(body: GoodsReceiptNoteSaveRequest, lines: readonly LineReceipt[]): Planned[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  const planned: Planned[] = [];
  for (const input of body.Lines) {
    const line = byId.get(input.PurchaseOrderLine);
    if (!line) throw new Refusal(`Line ${input.PurchaseOrderLine} is not a line of this order.`);
    const at = `Line ${line.lineNo} (${line.itemName}):`;
    if (seen.has(line.id)) throw new Refusal(`${at} given twice.`);
    seen.add(line.id);
    if (input.Received === 0) continue;
    if (line.received + input.Received > line.ordered)
      throw new Refusal(
        `${at} ${line.received + input.Received} received in all would exceed the ${line.ordered} ordered (${line.received} received before).`,
      );
    const serials = input.SerialNumbers ?? [];
    if (line.kind === 'ACCESSORY' && serials.length > 0)
      throw new Refusal(`${at} an accessory line takes no serial numbers.`);
    if (serials.length > input.Accepted)
      throw new Refusal(
        `${at} ${serials.length} serial numbers for ${input.Accepted} accepted units.`,
      );
    if (line.kind === 'ASSET' && input.Accepted > 0 && input.Location === undefined)
      throw new Refusal(`${at} Location is required: where the accepted assets stand.`);
    planned.push({ line, input });
  }
  if (planned.length === 0)
    throw new Refusal('Nothing received: give a quantity on at least one line.');
  return planned;
}

async function checkSerials(trx: Db, planned: readonly Planned[]): Promise<void> {
  const all = planned.flatMap(({ line, input }) =>
    (input.SerialNumbers ?? []).map((serial) => ({ line, serial, brand: line.brandId ?? 0 })),
  );
  const keys = new Set<string>();
  for (const { line, serial, brand } of all) {
    const key = `${brand}:${serial.toLowerCase()}`;
    if (keys.has(key))
      throw new Refusal(`Line ${line.lineNo}: serial number ${serial} is given twice.`);
    keys.add(key);
  }
  if (all.length === 0) return;
  const taken = await trx
    .selectFrom('assets')
    .select(['tag', 'serialNumber', 'brandId'])
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple('brandId', sql<string>`lower(serial_number)`),
        'in',
        all.map(({ brand, serial }) => tuple(brand, serial.toLowerCase())),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  if (taken)
    throw new Refusal(
      `Serial number ${taken.serialNumber} of this brand is already asset ${taken.tag}.`,
    );
}

async function checkLocations(trx: Db, planned: readonly Planned[]): Promise<void> {
  for (const { line, input } of planned) {
    if (input.Location === undefined || line.kind !== 'ASSET') continue;
    const location = await trx
      .selectFrom('assetLocations')
      .select(['branchId', 'active', 'name'])
      .where('id', '=', input.Location)
      .executeTakeFirst();
    if (!location || location.branchId !== line.deliveryBranchId)
      throw new Refusal(
        `Line ${line.lineNo}: location ${input.Location} is not a location of ${line.deliveryBranchName}.`,
      );
    if (!location.active)
      throw new Refusal(`Line ${line.lineNo}: location ${location.name} is InActive.`);
  }
}

/**
 * The last day of a warranty of `months` from `start`: the day before the same day `months` later,
 * a month's end when that month is shorter (from 31 January, one month ends on 27 or 28 February).
 */
export function warrantyEnd(start: string, months: number): string {
  return addDays(addMonths(start, months), -1);
}

export async function saveGoodsReceipt(
  db: Db,
  access: Access,
  userId: number,
  body: GoodsReceiptNoteSaveRequest,
): Promise<number> {
  if (!access.can(MODULE, 'create'))
    throw new Refusal('Your role may not record goods receive notes.');
  if (body.BilledBranch !== undefined && !access.worksIn(body.BilledBranch))
    throw new Refusal('You do not work in that branch.');
  if (body.InvoiceDate > body.ReceivedDate)
    throw new Refusal('InvoiceDate cannot be after the received date.');
  if (body.ReceivedDate > indianDate(new Date()))
    throw new Refusal('ReceivedDate cannot be in the future.');

  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('purchaseOrders as po')
      .innerJoin('branches as b', 'b.id', 'po.billedBranchId')
      .innerJoin('companies as c', 'c.id', 'b.companyId')
      .select([
        'po.id',
        'po.poNumber',
        'po.poDate',
        'po.status',
        'po.vendorId',
        'po.billedBranchId',
        'po.freightAmount',
        'po.cgstAmount',
        'po.sgstAmount',
        'po.igstAmount',
        'b.code',
        'c.gstInAssetCost',
      ])
      .where('po.id', '=', body.PurchaseOrder)
      .$if(body.BilledBranch !== undefined, (query) =>
        query.where('po.billedBranchId', '=', body.BilledBranch ?? 0),
      )
      .forUpdate('po')
      .executeTakeFirst();
    if (!order || order.poNumber === null || !access.worksIn(order.billedBranchId))
      throw new Refusal('Purchase order not found.');
    if (!RECEIVING.includes(order.status))
      throw new Refusal(
        `Order ${order.poNumber} is ${order.status.replaceAll('_', ' ')}: goods are received against an approved order with goods pending.`,
      );
    if (body.ReceivedDate < order.poDate)
      throw new Refusal('ReceivedDate cannot be before the order date.');
    const receiver = await trx
      .selectFrom('staff as s')
      .select('s.id')
      .where('s.id', '=', body.ReceivedBy)
      .where(staffInBranches([order.billedBranchId]))
      .executeTakeFirst();
    if (!receiver) throw new Refusal('ReceivedBy must be a staff member of the branch.');

    const lines = await lineReceipts(trx, order.id);
    const planned = checkLines(body, lines);
    await checkLocations(trx, planned);
    await checkSerials(trx, planned);

    const fy = financialYear(body.ReceivedDate);
    const sequence = await nextSequence(
      trx,
      'goods_receipt_notes',
      'branch_id',
      order.billedBranchId,
      fy,
    );
    const number = documentNumber('GRN', order.code, fy, sequence);
    const at = new Date();
    const note = await trx
      .insertInto('goodsReceiptNotes')
      .values({
        grnNumber: number,
        purchaseOrderId: order.id,
        branchId: order.billedBranchId,
        financialYear: fy,
        sequence,
        receivedDate: body.ReceivedDate,
        invoiceNumber: body.InvoiceNumber,
        invoiceDate: body.InvoiceDate,
        receivedBy: body.ReceivedBy,
        remarks: body.Remarks ?? '',
        createdBy: userId,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const noteLines = await trx
      .insertInto('goodsReceiptLines')
      .values(
        planned.map(({ line, input }) => ({
          noteId: note.id,
          purchaseOrderLineId: line.id,
          received: String(input.Received),
          accepted: String(input.Accepted),
          rejected: String(input.Rejected),
          rejectionReason: input.Rejected > 0 ? (input.RejectionReason ?? null) : null,
        })),
      )
      .returning(['id', 'purchaseOrderLineId'])
      .execute();
    const noteLineOf = new Map(noteLines.map((row) => [row.purchaseOrderLineId, row.id]));

    const costs = lineCosts({
      lines: lines.map((line) => ({
        quantity: line.ordered,
        taxable: toPaise(line.taxable),
        tax: toPaise(line.tax),
      })),
      freight: toPaise(order.freightAmount),
      freightTax: freightTaxOf(order, lines),
      gstInCost: order.gstInAssetCost,
    });
    const costOf = new Map(lines.map((line, index) => [line.id, costs[index] ?? 0]));

    for (const { line, input } of planned) {
      const noteLineId = noteLineOf.get(line.id) ?? 0;
      if (input.Accepted === 0) continue;
      if (line.kind === 'ASSET') {
        await createAssets(trx, {
          line,
          input,
          noteLineId,
          costs: unitCosts(costOf.get(line.id) ?? 0, line.ordered, line.accepted, input.Accepted),
          order: { id: order.id, vendorId: order.vendorId },
          receivedDate: body.ReceivedDate,
          reference: number,
          userId,
          at,
        });
      } else {
        await receiveStock(trx, {
          line,
          quantity: input.Accepted,
          noteLineId,
          vendorId: order.vendorId,
          reference: number,
          userId,
          at,
        });
      }
    }

    const after = await lineReceipts(trx, order.id);
    const status = receivedStatus(after, false);
    await trx
      .updateTable('purchaseOrders')
      .set({ status, updatedAt: at })
      .where('id', '=', order.id)
      .execute();
    const accepted = planned.reduce((sum, { input }) => sum + input.Accepted, 0);
    await writeAudit(trx, {
      entity: 'goods_receipt_note',
      entityId: note.id,
      action: 'Received',
      toStatus: 'RECEIVED',
      userId,
      branchId: order.billedBranchId,
      details: { purchaseOrder: order.poNumber, accepted },
      at,
    });
    // Every receipt is in the order's history, a second partial one too (its status unchanged).
    await writeAudit(trx, {
      entity: 'purchase_order',
      entityId: order.id,
      action: 'Goods received',
      reason: number,
      fromStatus: order.status,
      toStatus: status,
      userId,
      branchId: order.billedBranchId,
      at,
    });
    return note.id;
  });
}

/**
 * The order's freight GST: the order's taxes less its lines' (freight is the only other taxed
 * amount), so no rate needs computing again.
 */
function freightTaxOf(
  order: { cgstAmount: string; sgstAmount: string; igstAmount: string },
  lines: readonly LineReceipt[],
): number {
  const orderTax =
    toPaise(order.cgstAmount) + toPaise(order.sgstAmount) + toPaise(order.igstAmount);
  return Math.max(0, orderTax - lines.reduce((sum, line) => sum + toPaise(line.tax), 0));
}

async function createAssets(
  trx: Db,
  job: {
    line: LineReceipt;
    input: GoodsReceiptNoteSaveRequest['Lines'][number];
    noteLineId: number;
    costs: number[];
    order: { id: number; vendorId: number };
    receivedDate: string;
    reference: string;
    userId: number;
    at: Date;
  },
): Promise<void> {
  const { line, input } = job;
  const count = input.Accepted;
  const { code } = await trx
    .selectFrom('branches')
    .select('code')
    .where('id', '=', line.deliveryBranchId)
    .executeTakeFirstOrThrow();
  // The branch's numbers left, read under the counter's row lock (the update below would only
  // break its check constraint, a failure without words).
  const counter = await trx
    .selectFrom('assetTagCounters')
    .select('lastNumber')
    .where('prefix', '=', code)
    .forUpdate()
    .executeTakeFirst();
  const left = 10 ** ASSET_TAG_DIGITS - 1 - (counter?.lastNumber ?? 0);
  if (left < count)
    throw new Refusal(
      `Branch ${code} has ${left} asset numbers left, fewer than the ${count} units accepted on line ${line.lineNo}.`,
    );
  const { lastNumber } = await trx
    .insertInto('assetTagCounters')
    .values({ prefix: code, lastNumber: count })
    .onConflict((conflict) =>
      conflict
        .column('prefix')
        .doUpdateSet({ lastNumber: sql`asset_tag_counters.last_number + ${count}` }),
    )
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  const first = lastNumber - count + 1;
  const serials = input.SerialNumbers ?? [];
  const months = line.warrantyMonths ?? 0;
  const rows = Array.from({ length: count }, (_, k) => ({
    tag: assetTag(code, first + k),
    name: line.itemName,
    assetTypeId: line.assetTypeId ?? 0,
    brandId: line.brandId ?? 0,
    model: line.model,
    serialNumber: serials[k] ?? null,
    branchId: line.deliveryBranchId,
    locationId: input.Location ?? 0,
    vendorId: job.order.vendorId,
    purchaseOrderId: job.order.id,
    goodsReceiptLineId: job.noteLineId,
    purchaseReference: job.reference,
    purchaseDate: job.receivedDate,
    cost: formatPaise(job.costs[k] ?? 0),
    warrantyStart: months > 0 ? job.receivedDate : null,
    warrantyEnd: months > 0 ? warrantyEnd(job.receivedDate, months) : null,
    criticality: 'MEDIUM' as const,
    condition: 'GOOD' as const,
    createdBy: job.userId,
    createdAt: job.at,
    updatedAt: job.at,
  }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const created = await trx
      .insertInto('assets')
      .values(rows.slice(start, start + CHUNK))
      .returning('id')
      .execute();
    await trx
      .insertInto('assetEvents')
      .values(
        created.map(({ id }) => ({
          assetId: id,
          kind: 'CREATED',
          at: job.at,
          userId: job.userId,
          changes: JSON.stringify({
            AssetStatus: [null, 'IN_STOCK'],
            goodsReceiptNote: [null, job.reference],
          }),
        })),
      )
      .execute();
  }
}

async function receiveStock(
  trx: Db,
  job: {
    line: LineReceipt;
    quantity: number;
    noteLineId: number;
    vendorId: number;
    reference: string;
    userId: number;
    at: Date;
  },
): Promise<void> {
  const accessoryId = job.line.accessoryId ?? 0;
  const branchId = job.line.deliveryBranchId;
  await trx
    .insertInto('accessoryStock')
    .values({ accessoryId, branchId, onHand: 0 })
    .onConflict((conflict) => conflict.columns(['accessoryId', 'branchId']).doNothing())
    .execute();
  const { onHand } = await trx
    .updateTable('accessoryStock')
    .set({ onHand: sql`on_hand + ${job.quantity}` })
    .where('accessoryId', '=', accessoryId)
    .where('branchId', '=', branchId)
    .returning('onHand')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('accessoryMovements')
    .values({
      accessoryId,
      branchId,
      reason: 'RECEIVED',
      quantity: job.quantity,
      balance: onHand,
      vendorId: job.vendorId,
      reference: job.reference,
      assetId: null,
      staffId: null,
      note: null,
      userId: job.userId,
      at: job.at,
      goodsReceiptLineId: job.noteLineId,
    })
    .execute();
}
