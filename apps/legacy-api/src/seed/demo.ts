import {
  computePurchaseOrderTotals,
  financialYear,
  formatPaise,
  formatRupees,
  makeGstin,
  taxKind,
} from '@branch-assets/domain';
import type { Insertable, Kysely } from 'kysely';
import { writeAudit } from '../audit/audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database, PurchaseOrderLinesTable, PurchaseOrderStatus } from '../db/schema.ts';
import { sanitizeRemarks } from '../shared/html.ts';
import {
  APPROVE_REASONS,
  ASSET_TYPES,
  BRANCH_STAFF_DESIGNATIONS,
  BRANCHES,
  CANCEL_REASONS,
  COMPANY,
  DEMO_PASSWORD,
  DEMO_USERS,
  DESIGNATIONS,
  REJECT_REASONS,
  REMARKS,
  STAFF_BY_BRANCH,
  VENDORS,
  VERIFY_REASONS,
} from './demo-data.ts';
import { logoSvg, simplePdf } from './documents.ts';
import { Random } from './random.ts';
import { seedReferenceData } from './reference.ts';
import { planScale, type ScaleSummary, settleScale } from './scale.ts';

export const ORDERS_PER_BRANCH = 30;
const DAY_MS = 86_400_000;
/** The demo's orders span the previous and the current financial year, up to yesterday. */
const HISTORY_DAYS = 540;

const STATE_COLORS: Record<string, string> = {
  '33': '#7367F0',
  '29': '#00BAD1',
  '32': '#28C76F',
  '36': '#FF9F43',
};

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: missing ${what}`);
  return value;
}

function pan(random: Random, holder: string, name: string): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const initial =
    name
      .replace(/[^A-Z]/gi, '')
      .charAt(0)
      .toUpperCase() || 'X';
  const three = Array.from({ length: 3 }, () => random.pick([...letters])).join('');
  return `${three}${holder}${initial}${String(random.int(1000, 9999))}${random.pick([...letters])}`;
}

function istMoment(date: string, hour: number, minute: number): Date {
  return new Date(
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`,
  );
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

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

export interface SeedSummary {
  branches: number;
  staff: number;
  users: number;
  vendors: number;
  purchaseOrders: number;
  purchaseOrderLines: number;
  documents: number;
  auditEntries: number;
  /** SEED_SCALE's orders, added to the counts above. */
  scale?: ScaleSummary;
}

export interface SeedDemoOptions {
  /** SEED_SCALE: purchase orders added to the demo's history (seed/scale.ts). */
  scale?: number;
}

/**
 * Seeds the demo company into an empty database in one transaction, with `options.scale` orders
 * more (SEED_SCALE, seed/scale.ts; the tables they fill are vacuumed after the commit).
 * Deterministic: the same data on every machine, except that dates are placed relative to `today`.
 */
export async function seedDemo(
  db: Kysely<Database>,
  today: Date = new Date(),
  options: SeedDemoOptions = {},
): Promise<SeedSummary> {
  const random = new Random(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx);
    const stateRows = await trx.selectFrom('states').select(['id', 'gstCode']).execute();
    const stateId = (code: string) =>
      required(stateRows.find((row) => row.gstCode === code)?.id, `state ${code}`);
    const roleRows = await trx.selectFrom('roles').select(['id', 'code']).execute();
    const roleId = (code: string) =>
      required(roleRows.find((row) => row.code === code)?.id, `role ${code}`);

    const company = await trx
      .insertInto('companies')
      // The registered office is in Chennai: the company's Tamil Nadu registration.
      .values({ ...COMPANY, gstin: makeGstin('33', COMPANY.pan, '1') })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Places and branches, each with its logo.
    const branchIds = new Map<string, number>();
    const branchState = new Map<string, string>();
    for (const branch of BRANCHES) {
      const district =
        (await trx
          .selectFrom('districts')
          .select('id')
          .where('stateId', '=', stateId(branch.stateCode))
          .where('name', '=', branch.district)
          .executeTakeFirst()) ??
        (await trx
          .insertInto('districts')
          .values({ stateId: stateId(branch.stateCode), name: branch.district })
          .returning('id')
          .executeTakeFirstOrThrow());
      const city =
        (await trx
          .selectFrom('cities')
          .select('id')
          .where('districtId', '=', district.id)
          .where('name', '=', branch.city)
          .executeTakeFirst()) ??
        (await trx
          .insertInto('cities')
          .values({ districtId: district.id, name: branch.city })
          .returning('id')
          .executeTakeFirstOrThrow());
      const logoPath = `branch-logos/${branch.code}.svg`;
      await trx
        .insertInto('documents')
        .values({
          path: logoPath,
          branchId: null,
          contentType: 'image/svg+xml',
          content: logoSvg(branch.code, required(STATE_COLORS[branch.stateCode], 'colour')),
        })
        .execute();
      const { id } = await trx
        .insertInto('branches')
        .values({
          companyId: company.id,
          code: branch.code,
          name: branch.name,
          address: `${branch.address}, ${branch.city} ${branch.pincode}`,
          stateId: stateId(branch.stateCode),
          districtId: district.id,
          cityId: city.id,
          pincode: branch.pincode,
          gstin: makeGstin(branch.stateCode, COMPANY.pan, '1'),
          phone: branch.phone,
          email: `${branch.code.toLowerCase()}@sundaramhealthcare.in`,
          logoPath,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      branchIds.set(branch.code, id);
      branchState.set(branch.code, branch.stateCode);
    }
    const branchId = (code: string) => required(branchIds.get(code), `branch ${code}`);

    const designations = await trx
      .insertInto('designations')
      .values(DESIGNATIONS.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
    const designationId = (name: string) =>
      required(designations.find((row) => row.name === name)?.id, `designation ${name}`);

    // Staff: four at every branch, plus the demo users, each working in their home branch.
    const staffCounter = new Map<string, number>();
    const addStaff = async (homeBranch: string, name: string, designation: string) => {
      const number = (staffCounter.get(homeBranch) ?? 0) + 1;
      staffCounter.set(homeBranch, number);
      const [first = name] = name.toLowerCase().split(' ');
      const { id } = await trx
        .insertInto('staff')
        .values({
          branchId: branchId(homeBranch),
          code: `${homeBranch.split('-')[0]}${String(number).padStart(3, '0')}`,
          name,
          designationId: designationId(designation),
          phone: `9${random.int(100000000, 999999999)}`,
          email: `${first}.${homeBranch.toLowerCase()}@sundaramhealthcare.in`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('branchStaff')
        .values({ branchId: branchId(homeBranch), staffId: id })
        .execute();
      return id;
    };
    const branchManagers = new Map<string, number>();
    for (const branch of BRANCHES) {
      const names = required(STAFF_BY_BRANCH[branch.code], `staff of ${branch.code}`);
      for (const [index, name] of names.entries()) {
        const staffId = await addStaff(
          branch.code,
          name,
          required(BRANCH_STAFF_DESIGNATIONS[index], 'designation'),
        );
        if (index === 0) branchManagers.set(branch.code, staffId);
      }
    }

    const userIds = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const staffId = await addStaff(user.homeBranch, user.name, user.designation);
      const others = (
        user.branches === 'all' ? BRANCHES.map((branch) => branch.code) : user.branches
      ).filter((code) => code !== user.homeBranch);
      if (others.length > 0) {
        await trx
          .insertInto('branchStaff')
          .values(others.map((code) => ({ branchId: branchId(code), staffId })))
          .execute();
      }
      const { id } = await trx
        .insertInto('users')
        .values({
          staffId,
          username: user.username,
          passwordHash,
          roleId: roleId(user.role),
          primaryBranchId: user.primaryBranch ? branchId(user.primaryBranch) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(user.username, id);
    }
    // Every branch manager can log in too (same demo password), and raises their branch's orders.
    const raisedBy = new Map<string, number>();
    for (const branch of BRANCHES) {
      const staffId = required(branchManagers.get(branch.code), 'manager');
      const [first = 'manager'] = required(STAFF_BY_BRANCH[branch.code], 'staff')[0]
        .toLowerCase()
        .split(' ');
      const { id } = await trx
        .insertInto('users')
        .values({
          staffId,
          username: `${first}.${branch.code.toLowerCase()}`,
          passwordHash,
          roleId: roleId('manager'),
          primaryBranchId: branchId(branch.code),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      raisedBy.set(branch.code, id);
    }
    const userId = (username: string) => required(userIds.get(username), `user ${username}`);
    const verifierBranches = new Set(
      required(
        DEMO_USERS.find((user) => user.username === 'verifier'),
        'verifier',
      ).branches,
    );

    // Vendors.
    const vendors: { id: number; stateCode: string; name: string }[] = [];
    for (const [index, vendor] of VENDORS.entries()) {
      const vendorPan = pan(random, vendor.holder, vendor.name);
      const { id } = await trx
        .insertInto('vendors')
        .values({
          code: `V${String(index + 1).padStart(4, '0')}`,
          name: vendor.name,
          gstin: makeGstin(vendor.stateCode, vendorPan, String(random.int(1, 3))),
          pan: vendorPan,
          stateId: stateId(vendor.stateCode),
          address: vendor.address,
          contactPerson: vendor.contactPerson,
          phone: vendor.phone,
          email: `sales@${vendor.name
            .toLowerCase()
            .replace(/[^a-z]+/g, '')
            .slice(0, 18)}.in`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      vendors.push({ id, stateCode: vendor.stateCode, name: vendor.name });
    }

    // Categories, types and brands.
    const types: { id: number; spec: (typeof ASSET_TYPES)[number]; brandIds: number[] }[] = [];
    const brandIds = new Map<string, number>();
    for (const spec of ASSET_TYPES) {
      const category =
        (await trx
          .selectFrom('categories')
          .select('id')
          .where('name', '=', spec.category)
          .executeTakeFirst()) ??
        (await trx
          .insertInto('categories')
          .values({ name: spec.category })
          .returning('id')
          .executeTakeFirstOrThrow());
      const sub =
        (await trx
          .selectFrom('subCategories')
          .select('id')
          .where('categoryId', '=', category.id)
          .where('name', '=', spec.subCategory)
          .executeTakeFirst()) ??
        (await trx
          .insertInto('subCategories')
          .values({ categoryId: category.id, name: spec.subCategory })
          .returning('id')
          .executeTakeFirstOrThrow());
      const type = await trx
        .insertInto('assetTypes')
        .values({ subCategoryId: sub.id, name: spec.type, taxRate: String(spec.taxRate) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const brand of spec.brands) {
        let id = brandIds.get(brand);
        if (id === undefined) {
          id = (
            await trx
              .insertInto('brands')
              .values({ name: brand })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          brandIds.set(brand, id);
        }
        ids.push(id);
      }
      types.push({ id: type.id, spec, brandIds: ids });
    }

    // SEED_SCALE's orders are planned first, so that the demo's own are numbered among them.
    const scale = (options.scale ?? 0) > 0 ? await planScale(trx, options.scale ?? 0, today) : null;

    // Purchase orders.
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
      for (const [index, day] of days.entries()) {
        const poDate = addDays(firstDay, day).toISOString().slice(0, 10);
        const fy = financialYear(poDate);
        const own = (sequences.get(fy) ?? 0) + 1;
        sequences.set(fy, own);
        const sequence = own + (scale?.scaledUpTo(branchId(branch.code), fy, poDate) ?? 0);
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

        const lineSpecs = Array.from({ length: random.int(1, 4) }, () => {
          const type = random.pick(types);
          const brandIndex = random.int(0, type.brandIds.length - 1);
          const quantity = random.int(1, type.spec.maxQuantity);
          const rupees = random.int(type.spec.price[0], type.spec.price[1]);
          const rate =
            (rupees - (rupees % 10)) * 100 + (random.chance(0.2) ? random.int(1, 99) : 0);
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
        const clamp = (moment: Date) => new Date(Math.min(moment.getTime(), now - 60_000));
        const verifiedAt =
          state.verification === 'pending'
            ? null
            : clamp(addDays(createdAt, random.int(1, 3) + random.next()));
        const approvedAt =
          verifiedAt && (state.approval === 'approved' || state.approval === 'rejected')
            ? clamp(addDays(verifiedAt, random.int(1, 3) + random.next()))
            : null;
        const cancelledAt =
          state.status === 'cancelled'
            ? clamp(addDays(verifiedAt ?? createdAt, random.int(1, 4)))
            : null;
        const receivedAt =
          state.status === 'completed' && approvedAt
            ? clamp(addDays(approvedAt, random.int(7, 20)))
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
        const hasPoDocument = state.approval === 'approved' || random.chance(0.4);
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
        if (hasPoDocument) {
          await trx
            .insertInto('documents')
            .values({
              path: `purchase-orders/${fileStem}.pdf`,
              branchId: branchId(branch.code),
              contentType: 'application/pdf',
              content: simplePdf(`Purchase Order ${poNumber}`, summaryLines),
            })
            .execute();
          documentCount += 1;
        }
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
            subTotal: formatPaise(totals.subTotal),
            discount: formatPaise(totals.discount),
            freightAmount: formatPaise(totals.freight),
            cgstAmount: formatPaise(totals.cgst),
            sgstAmount: formatPaise(totals.sgst),
            igstAmount: formatPaise(totals.igst),
            roundOff: formatPaise(totals.roundOff),
            grandTotal: formatPaise(totals.grandTotal),
            remarksHtml: sanitizeRemarks(random.pick(REMARKS)),
            quotationPath: hasQuotation ? `quotations/Q-${fileStem}.pdf` : null,
            poPath: hasPoDocument ? `purchase-orders/${fileStem}.pdf` : null,
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

        const lines: Insertable<PurchaseOrderLinesTable>[] = totals.lines.map((line, lineIndex) => {
          const spec = required(lineSpecs[lineIndex], 'line');
          return {
            purchaseOrderId: order.id,
            lineNo: lineIndex + 1,
            itemName: spec.itemName,
            assetTypeId: spec.type.id,
            brandId: spec.brandId,
            quantity: String(spec.input.quantity),
            rate: formatPaise(spec.input.rate),
            discountAmount: formatPaise(line.discount),
            taxableAmount: formatPaise(line.taxable),
            taxRate: String(spec.input.taxRate),
            cgstAmount: formatPaise(line.cgst),
            sgstAmount: formatPaise(line.sgst),
            igstAmount: formatPaise(line.igst),
            totalAmount: formatPaise(line.total),
          };
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
    }

    const summary: SeedSummary = {
      branches: BRANCHES.length,
      staff: BRANCHES.length * 4 + DEMO_USERS.length,
      users: DEMO_USERS.length + BRANCHES.length,
      vendors: vendors.length,
      purchaseOrders: orderCount,
      purchaseOrderLines: lineCount,
      documents: documentCount,
      auditEntries: auditCount,
    };
    if (!scale) return summary;
    const scaled = await scale.insert();
    return {
      ...summary,
      purchaseOrders: orderCount + scaled.purchaseOrders,
      purchaseOrderLines: lineCount + scaled.purchaseOrderLines,
      auditEntries: auditCount + scaled.auditEntries,
      scale: scaled,
    };
  });
  return seeded.scale ? { ...seeded, scale: await settleScale(db, seeded.scale) } : seeded;
}
