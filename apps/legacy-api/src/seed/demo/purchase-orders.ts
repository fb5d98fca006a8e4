import {
  computePurchaseOrderTotals,
  financialYear,
  formatPaise,
  formatRupees,
  taxKind,
} from '@branch-assets/domain';
import { writeAudit } from '../../audit/audit.ts';
import type { PurchaseOrderStatus } from '../../db/schema.ts';
import { storedLine, storedTotals } from '../../purchase-orders/stored-totals.ts';
import { sanitizeRemarks } from '../../shared/html.ts';
import {
  APPROVE_REASONS,
  BRANCHES,
  CANCEL_REASONS,
  REJECT_REASONS,
  REMARKS,
  VERIFY_REASONS,
} from '../demo-data.ts';
import { simplePdf } from '../documents.ts';
import { distinctProduct, type Product } from '../products.ts';
import type { Random } from '../random.ts';
import type { ScalePlan } from '../scale.ts';
import type { DemoAssetType } from './catalogue.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { addDays, istMoment, required, type Trx } from './shared.ts';
import type { DemoVendor } from './vendors.ts';

/*
 * The demo's purchase orders: ORDERS_PER_BRANCH per branch over HISTORY_DAYS, in every state of
 * the flow, with their lines, a quotation now and then, and history. None has a stored PDF: the
 * gateway prints an approved order's document itself. The orders procurement's own functions
 * write (seed/demo/procurement.ts) are submitted among these, each when the loop reaches its
 * date, so that a branch's numbers follow its dates.
 */

export const ORDERS_PER_BRANCH = 30;
/** The demo's orders span the previous and the current financial year, up to yesterday. */
const HISTORY_DAYS = 540;

type Plan =
  | 'pending'
  | 'waiting'
  | 'approved'
  | 'completed'
  | 'rejected_verification'
  | 'rejected_approval'
  | 'cancelled_pending'
  | 'cancelled_waiting';

/** Older orders are mostly settled, recent ones still in the flow, so every state shows in every branch. */
function planFor(random: Random, index: number, count: number): Plan {
  const age = 1 - index / (count - 1);
  if (index >= count - 4) return 'pending';
  if (index >= count - 7)
    return random.pick(['waiting', 'waiting', 'pending', 'rejected_verification'] as const);
  if (index === 0) return 'cancelled_pending';
  if (index === 1) return 'rejected_approval';
  return random.weighted<Plan>({
    completed: 25 + 20 * age,
    approved: 30,
    rejected_verification: 6,
    rejected_approval: 5,
    cancelled_pending: 4,
    cancelled_waiting: 3,
    waiting: 4,
    pending: 3,
  });
}

const PLAN_STATE: Record<
  Plan,
  {
    status: PurchaseOrderStatus;
    verification: 'pending' | 'verified' | 'rejected';
    approval: 'not_started' | 'waiting' | 'approved' | 'rejected';
  }
> = {
  pending: { status: 'pending', verification: 'pending', approval: 'not_started' },
  waiting: { status: 'waiting_for_approval', verification: 'verified', approval: 'waiting' },
  approved: { status: 'approved', verification: 'verified', approval: 'approved' },
  completed: { status: 'completed', verification: 'verified', approval: 'approved' },
  rejected_verification: { status: 'rejected', verification: 'rejected', approval: 'not_started' },
  rejected_approval: { status: 'rejected', verification: 'verified', approval: 'rejected' },
  cancelled_pending: { status: 'cancelled', verification: 'pending', approval: 'not_started' },
  cancelled_waiting: { status: 'cancelled', verification: 'verified', approval: 'waiting' },
};

/** Orders written by the product's own functions, numbered among the demo's by date. */
export interface InterleavedOrders {
  /**
   * Submits the branch's orders dated up to `date` (all that are left when null), in date order,
   * each numbered `sequenceFor(its date)`: the number the demo's numbering gives it.
   */
  submitUpTo(
    branchCode: string,
    date: string | null,
    sequenceFor: (poDate: string) => number,
  ): Promise<void>;
}

export interface DemoOrderCounts {
  orderCount: number;
  lineCount: number;
  documentCount: number;
  auditCount: number;
}

export async function seedPurchaseOrders(
  trx: Trx,
  random: Random,
  parts: {
    organisation: DemoOrganisation;
    people: DemoPeople;
    vendors: DemoVendor[];
    types: DemoAssetType[];
    scale: ScalePlan | null;
    interleaved?: InterleavedOrders;
  },
  today: Date,
): Promise<DemoOrderCounts> {
  const { branchId, branchState } = parts.organisation;
  const { userId, raisedBy, verifierBranches } = parts.people;
  const { vendors, types, scale, interleaved } = parts;
  const todayIso = today.toISOString().slice(0, 10);
  const firstDay = addDays(new Date(`${todayIso}T00:00:00Z`), -HISTORY_DAYS);
  let orderCount = 0;
  let lineCount = 0;
  let documentCount = BRANCHES.length;
  let auditCount = 0;
  for (const branch of BRANCHES) {
    const days = Array.from({ length: ORDERS_PER_BRANCH }, () =>
      random.int(0, HISTORY_DAYS - 1),
    ).sort((a, b) => a - b);
    const sequences = new Map<string, number>();
    /** The next number of the branch's financial year of `date`, after SEED_SCALE's up to it. */
    const sequenceFor = (date: string) => {
      const fy = financialYear(date);
      const own = (sequences.get(fy) ?? 0) + 1;
      sequences.set(fy, own);
      return own + (scale?.scaledUpTo(branchId(branch.code), fy, date) ?? 0);
    };
    for (const [index, day] of days.entries()) {
      const poDate = addDays(firstDay, day).toISOString().slice(0, 10);
      await interleaved?.submitUpTo(branch.code, poDate, sequenceFor);
      const fy = financialYear(poDate);
      const sequence = sequenceFor(poDate);
      const poNumber = `PO/${branch.code}/${fy}/${String(sequence).padStart(4, '0')}`;
      const shippedCode = random.chance(0.85) ? branch.code : random.pick(BRANCHES).code;
      const shippedState = required(branchState.get(shippedCode), 'state');
      const vendorPool = vendors.filter((vendor) => vendor.stateCode === shippedState);
      const vendor =
        random.chance(0.6) && vendorPool.length > 0
          ? random.pick(vendorPool)
          : random.pick(vendors);
      // GST follows the place of supply: the branch the goods are shipped to.
      const kind = taxKind(vendor.stateCode, shippedState);

      // One product per line: a draw that repeats a product already on the order takes another
      // brand of the same type (seed/products.ts), from the same draws, so nothing after it moves.
      const taken: Product[] = [];
      const lineSpecs = Array.from({ length: random.int(1, 4) }, () => {
        const drawnType = random.int(0, types.length - 1);
        const drawnBrand = random.int(0, required(types[drawnType], 'type').brandIds.length - 1);
        const product = distinctProduct({ type: drawnType, brand: drawnBrand }, taken);
        taken.push(product);
        const type = required(types[product.type], 'type');
        const brandIndex = product.brand;
        const quantity = random.int(1, type.spec.maxQuantity);
        const rupees = random.int(type.spec.price[0], type.spec.price[1]);
        const rate = (rupees - (rupees % 10)) * 100 + (random.chance(0.2) ? random.int(1, 99) : 0);
        const gross = rate * quantity;
        const discount = random.chance(0.5) ? 0 : Math.round((gross * random.int(2, 10)) / 100);
        return {
          type,
          brandId: required(type.brandIds[brandIndex], 'brand'),
          itemName: `${required(type.spec.brands[brandIndex], 'brand')} ${required(type.spec.models[brandIndex % type.spec.models.length], 'model')} ${type.spec.type}`,
          input: { quantity, rate, discount, taxRate: type.spec.taxRate },
        };
      });
      const freight = random.chance(0.5) ? 0 : random.int(5, 60) * 100 * 100;
      const totals = computePurchaseOrderTotals(
        lineSpecs.map((line) => line.input),
        freight,
        kind,
      );

      const plan = planFor(random, index, days.length);
      const state = PLAN_STATE[plan];
      const createdAt = istMoment(poDate, random.int(9, 17), random.int(0, 59));
      const creator = required(raisedBy.get(branch.code), 'creator');
      const verifier = verifierBranches.has(branch.code) ? userId('verifier') : userId('admin');
      const approver = userId('approver');
      const now = today.getTime();
      // Nothing happens in the future; a step that would is placed a few minutes ago, each step
      // a minute after the one before (as SEED_SCALE does), so the steps stay in order.
      const clamp = (moment: Date, minutesAgo: number) =>
        new Date(Math.min(moment.getTime(), now - minutesAgo * 60_000));
      const verifiedAt =
        state.verification === 'pending'
          ? null
          : clamp(addDays(createdAt, random.int(1, 3) + random.next()), 4);
      const approvedAt =
        verifiedAt && (state.approval === 'approved' || state.approval === 'rejected')
          ? clamp(addDays(verifiedAt, random.int(1, 3) + random.next()), 3)
          : null;
      const cancelledAt =
        state.status === 'cancelled'
          ? clamp(addDays(verifiedAt ?? createdAt, random.int(1, 4)), 2)
          : null;
      const receivedAt =
        state.status === 'completed' && approvedAt
          ? clamp(addDays(approvedAt, random.int(7, 20)), 1)
          : null;
      const verificationReason =
        state.verification === 'verified'
          ? random.pick(VERIFY_REASONS)
          : state.verification === 'rejected'
            ? random.pick(REJECT_REASONS)
            : null;
      const approvalReason =
        state.approval === 'approved'
          ? random.pick(APPROVE_REASONS)
          : state.approval === 'rejected'
            ? random.pick(REJECT_REASONS)
            : null;
      const cancelReason = cancelledAt ? random.pick(CANCEL_REASONS) : null;

      const fileStem = poNumber.replaceAll('/', '-');
      // The draw that once chose whether an undecided order had a stored PDF: kept, so that
      // every draw after it, and the demo with them, stays as it was.
      if (state.approval !== 'approved') random.chance(0.4);
      const hasQuotation = random.chance(0.6);
      const vendorName = vendor.name;
      const summaryLines = [
        `Date: ${poDate}    Billed to: ${branch.name}    Shipped to: ${shippedCode}`,
        `Vendor: ${vendorName}`,
        '',
        ...totals.lines.map((line, lineIndex) => {
          const spec = required(lineSpecs[lineIndex], 'line');
          return `${lineIndex + 1}. ${spec.itemName} x ${spec.input.quantity} @ Rs. ${formatPaise(spec.input.rate)}  = Rs. ${formatPaise(line.total)}`;
        }),
        '',
        `Grand total: ${formatRupees(totals.grandTotal).replace('₹', 'Rs. ')}`,
      ];
      if (hasQuotation) {
        await trx
          .insertInto('documents')
          .values({
            path: `quotations/Q-${fileStem}.pdf`,
            branchId: branchId(branch.code),
            contentType: 'application/pdf',
            content: simplePdf(`Quotation from ${vendorName}`, [
              `For ${poNumber}`,
              ...summaryLines.slice(2),
            ]),
          })
          .execute();
        documentCount += 1;
      }

      const order = await trx
        .insertInto('purchaseOrders')
        .values({
          poNumber,
          billedBranchId: branchId(branch.code),
          shippedBranchId: branchId(shippedCode),
          vendorId: vendor.id,
          poDate,
          financialYear: fy,
          sequence,
          taxKind: kind,
          ...storedTotals(totals),
          remarksHtml: sanitizeRemarks(random.pick(REMARKS)),
          quotationPath: hasQuotation ? `quotations/Q-${fileStem}.pdf` : null,
          poPath: null,
          status: state.status,
          verificationStatus: state.verification,
          verificationReason,
          verifiedBy: verifiedAt ? verifier : null,
          verifiedAt,
          approvalStatus: state.approval,
          approvalReason,
          approvedBy: approvedAt ? approver : null,
          approvedAt,
          cancelReason,
          cancelledBy: cancelledAt ? creator : null,
          cancelledAt,
          createdBy: creator,
          createdAt,
          updatedAt: receivedAt ?? cancelledAt ?? approvedAt ?? verifiedAt ?? createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orderCount += 1;

      const lines = totals.lines.map((line, lineIndex) => {
        const spec = required(lineSpecs[lineIndex], 'line');
        return storedLine(
          {
            purchaseOrderId: order.id,
            lineNo: lineIndex + 1,
            itemName: spec.itemName,
            assetTypeId: spec.type.id,
            brandId: spec.brandId,
            input: spec.input,
          },
          line,
        );
      });
      await trx.insertInto('purchaseOrderLines').values(lines).execute();
      lineCount += lines.length;

      // The order's history, as the decisions would have written it.
      const audit = (
        action: string,
        fromStatus: string | null,
        toStatus: string,
        user: number,
        at: Date,
        reason: string | null,
      ) =>
        writeAudit(trx, {
          entity: 'purchase_order',
          entityId: order.id,
          action,
          fromStatus,
          toStatus,
          reason,
          userId: user,
          branchId: branchId(branch.code),
          at,
        }).then(() => {
          auditCount += 1;
        });
      await audit('Created', null, 'pending', creator, createdAt, null);
      if (verifiedAt) {
        const accepted = state.verification === 'verified';
        await audit(
          accepted ? 'Verified' : 'Rejected at verification',
          'pending',
          accepted ? 'waiting_for_approval' : 'rejected',
          verifier,
          verifiedAt,
          verificationReason,
        );
      }
      if (approvedAt) {
        const accepted = state.approval === 'approved';
        await audit(
          accepted ? 'Approved' : 'Rejected at approval',
          'waiting_for_approval',
          accepted ? 'approved' : 'rejected',
          approver,
          approvedAt,
          approvalReason,
        );
      }
      if (cancelledAt) {
        const from =
          state.approval === 'waiting'
            ? 'waiting_for_approval'
            : state.verification === 'rejected'
              ? 'rejected'
              : 'pending';
        await audit('Cancelled', from, 'cancelled', creator, cancelledAt, cancelReason);
      }
      if (receivedAt)
        await audit('Goods received', 'approved', 'completed', creator, receivedAt, null);
    }
    await interleaved?.submitUpTo(branch.code, null, sequenceFor);
  }

  return { orderCount, lineCount, documentCount, auditCount };
}
