import {
  computePurchaseOrderTotals,
  type Freight,
  formatRupees,
  type LineDiscount,
  type PurchaseOrderTotals,
  type Supply,
  supplyOf,
  toPaise,
} from '@branch-assets/domain';
import type { PurchaseOrderSaveRequest } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { sanitizeRemarks } from '../shared/html.ts';
import { MODULE } from './rows.ts';
import { storedLine, storedTotals } from './stored-totals.ts';

/*
 * Writing an order (docs/procurement.md): a new draft, or a change to a draft or a rejected order
 * (which becomes a draft again: its verification and approval start over when it is submitted).
 * Every reference is checked here, the money is computed here with the domain's rules (the form
 * shows the same numbers as the user types; these are the ones stored), and the header and its
 * lines are written in one transaction.
 */

export const NOT_YOUR_BRANCH = 'You do not work in that branch.';
export const ORDER_NOT_FOUND = 'Purchase order not found.';
const MAY_NOT_WRITE = 'Your role may not write purchase orders.';

/**
 * The billed branch of the order `id`, which the caller must work in; `given`, when sent, must be
 * it. An order the caller may not see is not found, as one that does not exist.
 */
export async function billedBranchOf(
  db: Db,
  access: Access,
  id: number,
  given: number | undefined,
): Promise<number> {
  if (given !== undefined && !access.worksIn(given)) throw new Refusal(NOT_YOUR_BRANCH);
  const order = await db
    .selectFrom('purchaseOrders')
    .select(['billedBranchId', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (
    !order ||
    (given !== undefined && order.billedBranchId !== given) ||
    !access.worksIn(order.billedBranchId) ||
    (order.status === 'draft' && !writesOrders(access))
  )
    throw new Refusal(ORDER_NOT_FOUND);
  return order.billedBranchId;
}

/** Whether the user writes orders: sees drafts, saves and submits them. */
export function writesOrders(access: Access): boolean {
  return access.can(MODULE, 'create') || access.can(MODULE, 'edit');
}

interface ResolvedLine {
  assetTypeId: number | null;
  accessoryId: number | null;
  brandId: number | null;
  unit: 'Nos' | 'Set' | 'Pair' | 'Box' | 'Metre';
}

async function activeName(
  trx: Db,
  table: 'vendors' | 'branches' | 'brands' | 'assetTypes' | 'accessories',
  id: number,
  what: string,
): Promise<string> {
  const row = await trx
    .selectFrom(table)
    .select(['name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new Refusal(`${what} ${id} does not exist.`);
  if (!row.active) throw new Refusal(`${what} ${row.name} is InActive: choose another.`);
  return row.name;
}

/** The billed branch's GST state and the vendor's GSTIN decide how the order is taxed. */
export async function supplyFor(
  trx: Db,
  billedBranchId: number,
  vendorId: number,
): Promise<Supply> {
  const [branch, vendor] = await Promise.all([
    trx
      .selectFrom('branches')
      .innerJoin('states', 'states.id', 'branches.stateId')
      .select('states.gstCode')
      .where('branches.id', '=', billedBranchId)
      .executeTakeFirstOrThrow(),
    trx.selectFrom('vendors').select('gstin').where('id', '=', vendorId).executeTakeFirstOrThrow(),
  ]);
  return supplyOf(vendor.gstin || null, branch.gstCode);
}

interface Named {
  id: number;
  name: string;
  active: boolean;
}

/** The rows of `table` a request names, read once for all its lines (100 lines, 4 queries). */
async function namedRows(
  trx: Db,
  table: 'brands' | 'assetTypes' | 'branches',
  ids: readonly (number | undefined)[],
): Promise<Map<number, Named>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== undefined))];
  if (wanted.length === 0) return new Map();
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'name', 'active'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

function mustBeActive(rows: Map<number, Named>, id: number, what: string): void {
  const row = rows.get(id);
  if (!row) throw new Refusal(`${what} ${id} does not exist.`);
  if (!row.active) throw new Refusal(`${what} ${row.name} is InActive: choose another.`);
}

async function resolveLines(trx: Db, lines: PurchaseOrderSaveRequest['Lines']) {
  const [types, brands, branches, accessories] = await Promise.all([
    namedRows(
      trx,
      'assetTypes',
      lines.map((line) => line.AssetType),
    ),
    namedRows(
      trx,
      'brands',
      lines.map((line) => line.Brand),
    ),
    namedRows(
      trx,
      'branches',
      lines.map((line) => line.DeliveryBranch),
    ),
    (async () => {
      const ids = [...new Set(lines.flatMap((line) => line.Accessory ?? []))];
      if (ids.length === 0) return new Map<number, never>();
      const rows = await trx
        .selectFrom('accessories')
        .select(['id', 'name', 'active', 'unit', 'brandId'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    })(),
  ]);
  return lines.map((line, index): ResolvedLine => {
    try {
      if (line.DeliveryBranch !== undefined)
        mustBeActive(branches, line.DeliveryBranch, 'Delivery branch');
      if (line.AssetType !== undefined) {
        mustBeActive(types, line.AssetType, 'Asset type');
        mustBeActive(brands, line.Brand ?? 0, 'Brand');
        return {
          assetTypeId: line.AssetType,
          accessoryId: null,
          brandId: line.Brand ?? null,
          unit: line.Unit ?? 'Nos',
        };
      }
      const accessory = accessories.get(line.Accessory ?? 0);
      if (!accessory) throw new Refusal(`Accessory ${line.Accessory} does not exist.`);
      if (!accessory.active)
        throw new Refusal(`Accessory ${accessory.name} is InActive: choose another.`);
      if (line.Brand !== undefined) mustBeActive(brands, line.Brand, 'Brand');
      return {
        assetTypeId: null,
        accessoryId: accessory.id,
        brandId: line.Brand ?? accessory.brandId,
        unit: accessory.unit,
      };
    } catch (error) {
      if (error instanceof Refusal) throw new Refusal(`Line ${index + 1}: ${error.message}`);
      throw error;
    }
  });
}

function discountOf(line: PurchaseOrderSaveRequest['Lines'][number]): LineDiscount {
  if (line.DiscountPercent !== undefined) return { percent: line.DiscountPercent };
  return toPaise(line.DiscountAmount ?? '0');
}

export function totalsOf(body: PurchaseOrderSaveRequest, supply: Supply): PurchaseOrderTotals {
  const freightAmount = toPaise(body.FreightAmount ?? '0');
  const freight: Freight =
    body.FreightTaxRate === undefined
      ? freightAmount
      : { amount: freightAmount, taxRate: body.FreightTaxRate };
  try {
    return computePurchaseOrderTotals(
      body.Lines.map((line) => ({
        quantity: line.Quantity,
        rate: toPaise(line.Rate),
        discount: discountOf(line),
        taxRate: line.TaxRate,
      })),
      freight,
      supply,
    );
  } catch (error) {
    // The contract checked each figure; what is left is a discount beyond its line's amount.
    const beyond =
      error instanceof RangeError &&
      /^line (\d+): discount (\d+) exceeds the gross amount (\d+)/.exec(error.message);
    if (beyond) {
      const [, line, discount, gross] = beyond;
      throw new Refusal(
        `Line ${line}: the discount (${formatRupees(Number(discount))}) is more than the line's amount (${formatRupees(Number(gross))}).`,
      );
    }
    if (error instanceof RangeError)
      throw new Refusal(`${error.message.replace(/^line/, 'Line')}.`);
    throw error;
  }
}

/** Saves a draft: a new one (no PurchaseOrder) or a change. Returns the order's id. */
export async function saveOrder(
  db: Db,
  access: Access,
  userId: number,
  body: PurchaseOrderSaveRequest,
): Promise<number> {
  const creating = body.PurchaseOrder === undefined;
  if (!access.can(MODULE, creating ? 'create' : 'edit')) throw new Refusal(MAY_NOT_WRITE);
  if (!access.worksIn(body.BilledBranch)) throw new Refusal(NOT_YOUR_BRANCH);
  if (body.ExpectedDeliveryDate !== undefined && body.ExpectedDeliveryDate < body.PurchaseOrderDate)
    throw new Refusal('ExpectedDeliveryDate cannot be before the order date.');

  return db.transaction().execute(async (trx) => {
    await activeName(trx, 'branches', body.BilledBranch, 'Branch');
    await activeName(trx, 'branches', body.ShippedBranch, 'Shipped-to branch');
    await activeName(trx, 'vendors', body.Vendor, 'Vendor');
    const resolved = await resolveLines(trx, body.Lines);
    const supply = await supplyFor(trx, body.BilledBranch, body.Vendor);
    const totals = totalsOf(body, supply);
    const at = new Date();
    const header = {
      billedBranchId: body.BilledBranch,
      shippedBranchId: body.ShippedBranch,
      vendorId: body.Vendor,
      poDate: body.PurchaseOrderDate,
      expectedDeliveryDate: body.ExpectedDeliveryDate ?? null,
      paymentTerms: body.PaymentTerms ?? '',
      remarksHtml: sanitizeRemarks(body.Remarks ?? ''),
      termsText: body.Terms ?? '',
      freightTaxRate: body.FreightTaxRate === undefined ? null : String(body.FreightTaxRate),
      taxKind: supply,
      ...storedTotals(totals),
      updatedAt: at,
    };

    let id: number;
    let fromStatus: string | null = null;
    if (creating) {
      ({ id } = await trx
        .insertInto('purchaseOrders')
        .values({
          ...header,
          status: 'draft',
          verificationStatus: 'pending',
          approvalStatus: 'not_started',
          createdBy: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      const order = await trx
        .selectFrom('purchaseOrders')
        .select(['id', 'status', 'billedBranchId', 'poNumber'])
        .where('id', '=', body.PurchaseOrder ?? 0)
        .forUpdate()
        .executeTakeFirst();
      if (!order || !access.worksIn(order.billedBranchId)) throw new Refusal(ORDER_NOT_FOUND);
      if (order.status !== 'draft' && order.status !== 'rejected')
        throw new Refusal(
          `Order ${order.poNumber ?? order.id} is ${order.status.replaceAll('_', ' ')}: only a draft or a rejected order can be edited.`,
        );
      if (order.billedBranchId !== body.BilledBranch && order.poNumber !== null)
        throw new Refusal('A numbered order keeps its billed branch.');
      id = order.id;
      fromStatus = order.status;
      // A rejected order becomes a draft again; its decisions stay in the history and versions.
      await trx
        .updateTable('purchaseOrders')
        .set({
          ...header,
          status: 'draft',
          verificationStatus: 'pending',
          verificationReason: null,
          verifiedBy: null,
          verifiedAt: null,
          approvalStatus: 'not_started',
          approvalReason: null,
          approvedBy: null,
          approvedAt: null,
        })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('purchaseOrderLines').where('purchaseOrderId', '=', id).execute();
    }
    await trx
      .insertInto('purchaseOrderLines')
      .values(
        body.Lines.map((line, index) => {
          const computed = totals.lines[index];
          const ref = resolved[index];
          if (!computed || !ref) throw new Error('a line without its totals');
          return {
            ...storedLine(
              {
                purchaseOrderId: id,
                lineNo: index + 1,
                itemName: line.ItemName,
                assetTypeId: ref.assetTypeId,
                brandId: ref.brandId,
                input: {
                  quantity: line.Quantity,
                  rate: toPaise(line.Rate),
                  discount: discountOf(line),
                  taxRate: line.TaxRate,
                },
              },
              computed,
            ),
            accessoryId: ref.accessoryId,
            model: line.Model || null,
            unit: ref.unit,
            discountPercent:
              line.DiscountPercent === undefined ? null : String(line.DiscountPercent),
            deliveryBranchId:
              line.DeliveryBranch === undefined || line.DeliveryBranch === body.ShippedBranch
                ? null
                : line.DeliveryBranch,
            warrantyMonths: line.WarrantyMonths ?? null,
          };
        }),
      )
      .execute();
    await writeAudit(trx, {
      entity: 'purchase_order',
      entityId: id,
      action: creating ? 'Draft saved' : fromStatus === 'rejected' ? 'Revised' : 'Draft changed',
      fromStatus,
      toStatus: 'draft',
      userId,
      branchId: body.BilledBranch,
      at,
    });
    return id;
  });
}
