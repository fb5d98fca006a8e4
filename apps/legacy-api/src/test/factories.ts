import { computePurchaseOrderTotals, financialYear, makeGstin } from '@branch-assets/domain';
import type { MasterListName } from '@branch-assets/legacy-contract';
import { beforeAll } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import { storedLine, storedTotals } from '../purchase-orders/stored-totals.ts';
import { logoSvg, simplePdf } from '../seed/documents.ts';
import type { TestApi } from './test-api.ts';

/*
 * Small factories for tests that make their own data instead of leaning on the demo's names: each
 * makes one record (and what it cannot exist without) with values no other call of the same
 * factory repeats, and takes what a test cares about as options. They write rows directly, as the
 * seed does; the calls under test are what a test then exercises.
 */

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

const PAN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The GSTIN with another check character: well-formed, but not valid. */
export function withWrongCheck(gstin: string): string {
  return `${gstin.slice(0, 14)}${gstin.endsWith('A') ? 'B' : 'A'}`;
}

/** A well-formed PAN no other factory call gives: AAACT + four digits + a letter, counting up. */
export function aPan(holder = 'C'): string {
  const number = next();
  const letters = [...String(number).padStart(4, '0')]
    .map((digit) => PAN_LETTERS[Number(digit)])
    .join('');
  return `${letters.slice(0, 3)}${holder}${letters.charAt(3)}${String(number % 10_000).padStart(4, '0')}${PAN_LETTERS[number % 26]}`;
}

async function stateId(db: Db, gstCode: string): Promise<number> {
  const state = await db
    .selectFrom('states')
    .select('id')
    .where('gstCode', '=', gstCode)
    .executeTakeFirstOrThrow();
  return state.id;
}

/**
 * A company, with no GSTIN of its own unless `gstinState` (a GST state code) is given: then its
 * registered office's GSTIN, in that state and holding its PAN, as a company can record one.
 */
export async function aCompany(
  db: Db,
  options: { gstinState?: string } = {},
): Promise<{ id: number; pan: string; name: string; gstin: string | null }> {
  const n = next();
  const pan = aPan('C');
  const name = `Test Company ${n}`;
  const gstin = options.gstinState === undefined ? null : makeGstin(options.gstinState, pan, '1');
  const { id } = await db
    .insertInto('companies')
    .values({
      name,
      legalName: `Test Company ${n} Private Limited`,
      pan,
      address: `${n} Test Road, Chennai`,
      gstin,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, pan, name, gstin };
}

/**
 * A city of a new district of the state with that GST code (Tamil Nadu unless said); answers both
 * and the state's code.
 */
export async function aCity(
  db: Db,
  options: { stateCode?: string } = {},
): Promise<{
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  stateCode: string;
}> {
  const n = next();
  const stateCode = options.stateCode ?? '33';
  const districtName = `Test District ${n}`;
  const name = `Test City ${n}`;
  const district = await db
    .insertInto('districts')
    .values({ stateId: await stateId(db, stateCode), name: districtName })
    .returning('id')
    .executeTakeFirstOrThrow();
  const city = await db
    .insertInto('cities')
    .values({ districtId: district.id, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: city.id, name, districtId: district.id, districtName, stateCode };
}

/**
 * A branch of a new company (or `company`), in the state with that GST code (Tamil Nadu), with no
 * logo unless `logo`: then an SVG of its code at branch-logos/<code>.svg, as the demo's branches
 * have (a logo belongs to no branch: any user may fetch it). Its code is TST-<n> and its name
 * Test Branch <n> unless `code` or `name` (a test that gives a code keeps it unique). It is in a
 * new city (or `city`, whose state then decides).
 */
export async function aBranch(
  db: Db,
  options: {
    company?: { id: number; pan: string };
    stateCode?: string;
    logo?: boolean;
    code?: string;
    name?: string;
    city?: { id: number; districtId: number; stateCode: string };
  } = {},
): Promise<{ id: number; code: string; name: string; gstin: string }> {
  const n = next();
  const company = options.company ?? (await aCompany(db));
  const city =
    options.city ?? (await aCity(db, options.stateCode ? { stateCode: options.stateCode } : {}));
  const { stateCode } = city;
  const state = await stateId(db, stateCode);
  const code = options.code ?? `TST-${n}`;
  const name = options.name ?? `Test Branch ${n}`;
  const logoPath = options.logo ? `branch-logos/${code}.svg` : null;
  if (logoPath) {
    await db
      .insertInto('documents')
      .values({
        path: logoPath,
        branchId: null,
        contentType: 'image/svg+xml',
        content: logoSvg(code, '#7367F0'),
      })
      .execute();
  }
  const gstin = makeGstin(stateCode, company.pan, String.fromCharCode(65 + (n % 26)));
  const { id } = await db
    .insertInto('branches')
    .values({
      companyId: company.id,
      code,
      name,
      address: `${n} Test Street`,
      stateId: state,
      districtId: city.districtId,
      cityId: city.id,
      pincode: '600001',
      gstin,
      phone: '044 2615 7788',
      email: `branch${n}@example.in`,
      logoPath,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, code, name, gstin };
}

/**
 * A gallery image of `kind` as the gallery's upload leaves it (its image and thumbnail documents,
 * of no branch, and its row), uploaded by `uploadedBy` (a user id); answers its id and image path.
 */
export async function aGalleryImage(
  db: Db,
  options: { kind: 'asset_photo' | 'branch_logo' | 'company_logo'; uploadedBy: number },
): Promise<{ id: number; imagePath: string; title: string }> {
  const n = next();
  const imagePath = `gallery/test-${n}.png`;
  const thumbnailPath = `gallery/test-${n}-thumb.png`;
  const title = `Test Image ${n}`;
  await db
    .insertInto('documents')
    .values(
      [imagePath, thumbnailPath].map((path) => ({
        path,
        branchId: null,
        contentType: 'image/png',
        content: new Uint8Array([1]),
      })),
    )
    .execute();
  const { id } = await db
    .insertInto('galleryImages')
    .values({
      title,
      kind: options.kind,
      imagePath,
      thumbnailPath,
      contentType: 'image/png',
      sizeBytes: 1,
      width: 1,
      height: 1,
      uploadedBy: options.uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, imagePath, title };
}

/** A designation no other call gives. */
export async function aDesignation(db: Db): Promise<{ id: number; name: string }> {
  const name = `Test Designation ${next()}`;
  const { id } = await db
    .insertInto('designations')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

/**
 * A staff member with no login, at home in `branches`' first and assigned to all of them, of a
 * new designation (or `designation`).
 */
export async function aStaffMember(
  db: Db,
  options: { branches: readonly number[]; designation?: number },
): Promise<{ id: number; code: string; name: string }> {
  const n = next();
  const [home, ...others] = options.branches;
  if (home === undefined) throw new Error('a staff member needs a branch');
  const designationId = options.designation ?? (await aDesignation(db)).id;
  const code = `T${n}`;
  const name = `Test Person ${n}`;
  const staff = await db
    .insertInto('staff')
    .values({
      branchId: home,
      code,
      name,
      designationId,
      phone: '9840011223',
      email: `person${n}@example.in`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('branchStaff')
    .values([home, ...others].map((branchId) => ({ branchId, staffId: staff.id })))
    .execute();
  return { id: staff.id, code, name };
}

export const FACTORY_PASSWORD = 'Factory123';

/** The password's hash, made once per file: scrypt is slow on purpose, and a login makes one. */
let factoryPasswordHash: Promise<string> | null = null;
function factoryHash(): Promise<string> {
  factoryPasswordHash ??= hashPassword(FACTORY_PASSWORD);
  return factoryPasswordHash;
}

/**
 * A staff member (see {@link aStaffMember}) with a login of `role` (a role code), working in
 * `branches` (the first is home, and the login's primary branch unless `primaryBranch` (another of
 * them) or `noPrimaryBranch`: a login that has not chosen one yet, as when the branch it had was
 * taken from it).
 */
export async function aLogin(
  db: Db,
  options: {
    role: string;
    branches: readonly number[];
    primaryBranch?: number;
    noPrimaryBranch?: boolean;
  },
): Promise<{ userId: number; staffId: number; name: string; username: string; password: string }> {
  const staff = await aStaffMember(db, { branches: options.branches });
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('code', '=', options.role)
    .executeTakeFirstOrThrow();
  const username = `test.${next()}`;
  const user = await db
    .insertInto('users')
    .values({
      staffId: staff.id,
      username,
      passwordHash: await factoryHash(),
      roleId: role.id,
      primaryBranchId: options.noPrimaryBranch
        ? null
        : (options.primaryBranch ?? options.branches[0] ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    userId: user.id,
    staffId: staff.id,
    name: staff.name,
    username,
    password: FACTORY_PASSWORD,
  };
}

/** GST state codes a factory handed out: each is a state's once it is stored. */
const handedOutGstCodes = new Set<string>();

/** A two-digit GST state code no state has and no earlier call gave. */
export async function aFreeGstStateCode(db: Db): Promise<string> {
  const taken = new Set(
    (await db.selectFrom('states').select('gstCode').execute()).map((row) => row.gstCode),
  );
  for (let code = 1; code < 100; code += 1) {
    const candidate = String(code).padStart(2, '0');
    if (!taken.has(candidate) && !handedOutGstCodes.has(candidate)) {
      handedOutGstCodes.add(candidate);
      return candidate;
    }
  }
  throw new Error('no GST state code is free');
}

/**
 * An active record of a master list (docs/master-data.md) with a name no other call gives, under
 * `parent` (the id of a record of its parent list) or, for a list with a parent, a new one — a
 * district under Tamil Nadu, not a new state, so that GST state codes last. A state has a free GST
 * state code, an asset type an 18 % rate, an accessory type a unit (Nos) and a minimum stock of 0.
 */
export async function aMasterRecord(
  db: Db,
  list: MasterListName,
  options: { parent?: number } = {},
): Promise<{ id: number; name: string; parentId: number | null }> {
  const name = `Test ${list} ${next()}`;
  const parentOf = async (parentList: MasterListName) =>
    options.parent ?? (await aMasterRecord(db, parentList)).id;
  const made = (id: number, parentId: number | null = null) => ({ id, name, parentId });
  switch (list) {
    case 'designation':
    case 'brand':
    case 'assetCategory': {
      const table = (
        { designation: 'designations', brand: 'brands', assetCategory: 'categories' } as const
      )[list];
      const row = await db
        .insertInto(table)
        .values({ name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id);
    }
    case 'subCategory': {
      const categoryId = await parentOf('assetCategory');
      const row = await db
        .insertInto('subCategories')
        .values({ categoryId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id, categoryId);
    }
    case 'assetType': {
      const subCategoryId = await parentOf('subCategory');
      const row = await db
        .insertInto('assetTypes')
        .values({ subCategoryId, name, taxRate: '18' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id, subCategoryId);
    }
    case 'state': {
      const row = await db
        .insertInto('states')
        .values({ name, gstCode: await aFreeGstStateCode(db) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id);
    }
    case 'district': {
      const state = options.parent ?? (await stateId(db, '33'));
      const row = await db
        .insertInto('districts')
        .values({ stateId: state, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id, state);
    }
    case 'city': {
      const districtId = await parentOf('district');
      const row = await db
        .insertInto('cities')
        .values({ districtId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id, districtId);
    }
    case 'accessoryType': {
      const row = await db
        .insertInto('accessoryTypes')
        .values({ name, unit: 'Nos', minimumStock: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return made(row.id);
    }
  }
}

export async function aVendor(db: Db, options: { stateCode?: string } = {}): Promise<number> {
  const n = next();
  const stateCode = options.stateCode ?? '33';
  const pan = aPan('F');
  const { id } = await db
    .insertInto('vendors')
    .values({
      code: `TV${String(n).padStart(4, '0')}`,
      name: `Test Vendor ${n}`,
      gstin: makeGstin(stateCode, pan, '1'),
      pan,
      stateId: await stateId(db, stateCode),
      address: `${n} Supply Lane`,
      contactPerson: `Contact ${n}`,
      phone: '9840011224',
      email: `vendor${n}@example.in`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An asset type (under a new category and sub-category) at 18 % GST, and a brand. */
export async function anAssetType(db: Db): Promise<{ id: number; brandId: number }> {
  const n = next();
  const category = await db
    .insertInto('categories')
    .values({ name: `Test Category ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sub = await db
    .insertInto('subCategories')
    .values({ categoryId: category.id, name: `Test Sub-category ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = await db
    .insertInto('assetTypes')
    .values({ subCategoryId: sub.id, name: `Test Asset Type ${n}`, taxRate: '18' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const brand = await db
    .insertInto('brands')
    .values({ name: `Test Brand ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: type.id, brandId: brand.id };
}

/** Every state a factory order can be in, in the order a branch's test orders cycle through them. */
export const FACTORY_ORDER_STATES = [
  'pending',
  'waiting_for_approval',
  'approved',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type FactoryOrderState = (typeof FACTORY_ORDER_STATES)[number];

/**
 * How far an order in each state went through the flow. A rejected order is one rejected at
 * verification, a cancelled one was cancelled while pending (by its creator), a completed one had
 * its goods received (by its creator) once approved.
 */
const ORDER_FLOW: Record<
  FactoryOrderState,
  {
    verification: 'pending' | 'verified' | 'rejected';
    approval: 'not_started' | 'waiting' | 'approved';
  }
> = {
  pending: { verification: 'pending', approval: 'not_started' },
  waiting_for_approval: { verification: 'verified', approval: 'waiting' },
  approved: { verification: 'verified', approval: 'approved' },
  completed: { verification: 'verified', approval: 'approved' },
  rejected: { verification: 'rejected', approval: 'not_started' },
  cancelled: { verification: 'pending', approval: 'not_started' },
};

/**
 * A purchase order billed to and shipped to `branch`, raised by `createdBy`, with one line, in
 * `state` (pending by default; decisions by `decidedBy`, the creator unless said), with its history
 * as the decisions would have written it (see ORDER_FLOW), all at this moment; or, given a
 * `poDate` (YYYY-MM-DD) in the past, dated that day, raised at 10:00 IST and each later step an hour
 * after the one before, so that lists by date and histories by time have an order to show. With
 * `documents`, it has its PDF and a quotation, as the demo's orders have: documents of the billed
 * branch (served only to those who work in it).
 */
export async function aPurchaseOrder(
  db: Db,
  options: {
    branch: number;
    createdBy: number;
    decidedBy?: number;
    state?: FactoryOrderState;
    poDate?: string;
    documents?: boolean;
  },
): Promise<{
  id: number;
  poNumber: string;
  billedBranchId: number;
  poPath: string | null;
  quotationPath: string | null;
}> {
  const n = next();
  const state = options.state ?? 'pending';
  const vendorId = await aVendor(db);
  const type = await anAssetType(db);
  const input = { quantity: 2, rate: 1_500_000, discount: 0, taxRate: 18 };
  const totals = computePurchaseOrderTotals([input], 0, 'intra');
  const poDate = options.poDate ?? new Date().toISOString().slice(0, 10);
  const fy = financialYear(poDate);
  const poNumber = `PO/TST/${fy}/${String(n).padStart(4, '0')}`;
  const decider = options.decidedBy ?? options.createdBy;
  const flow = ORDER_FLOW[state];
  const verified = flow.verification === 'verified';
  const rejected = flow.verification === 'rejected';
  const approved = flow.approval === 'approved';
  const cancelled = state === 'cancelled';
  const now = new Date();
  /** The moment of the order's step (0: raised, then each of its history entries in turn). */
  const at = (step: number) =>
    options.poDate ? new Date(Date.parse(`${poDate}T10:00:00+05:30`) + step * 3_600_000) : now;
  const stem = poNumber.replaceAll('/', '-');
  const poPath = options.documents ? `purchase-orders/${stem}.pdf` : null;
  const quotationPath = options.documents ? `quotations/Q-${stem}.pdf` : null;
  if (poPath && quotationPath) {
    await db
      .insertInto('documents')
      .values([
        {
          path: poPath,
          branchId: options.branch,
          contentType: 'application/pdf',
          content: simplePdf(`Purchase Order ${poNumber}`, [`Test Item ${n} x 2`]),
        },
        {
          path: quotationPath,
          branchId: options.branch,
          contentType: 'application/pdf',
          content: simplePdf(`Quotation for ${poNumber}`, [`Test Item ${n} x 2`]),
        },
      ])
      .execute();
  }
  const order = await db
    .insertInto('purchaseOrders')
    .values({
      poNumber,
      billedBranchId: options.branch,
      shippedBranchId: options.branch,
      vendorId,
      poDate,
      financialYear: fy,
      sequence: n,
      taxKind: 'intra',
      ...storedTotals(totals),
      remarksHtml: '',
      quotationPath,
      poPath,
      status: state,
      verificationStatus: flow.verification,
      verificationReason: verified ? 'Checked.' : rejected ? 'Rejected.' : null,
      verifiedBy: verified || rejected ? decider : null,
      verifiedAt: verified || rejected ? at(1) : null,
      approvalStatus: flow.approval,
      approvalReason: approved ? 'Approved.' : null,
      approvedBy: approved ? decider : null,
      approvedAt: approved ? at(2) : null,
      cancelReason: cancelled ? 'Cancelled.' : null,
      cancelledBy: cancelled ? options.createdBy : null,
      cancelledAt: cancelled ? at(1) : null,
      createdBy: options.createdBy,
      ...(options.poDate ? { createdAt: at(0) } : {}),
      updatedAt: at(state === 'completed' ? 3 : approved ? 2 : state === 'pending' ? 0 : 1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [line] = totals.lines;
  if (!line) throw new Error('no line');
  await db
    .insertInto('purchaseOrderLines')
    .values(
      storedLine(
        {
          purchaseOrderId: order.id,
          lineNo: 1,
          itemName: `Test Item ${n}`,
          assetTypeId: type.id,
          brandId: type.brandId,
          input,
        },
        line,
      ),
    )
    .execute();
  const history = [
    { action: 'Created', fromStatus: null, toStatus: 'pending', userId: options.createdBy },
    ...(verified
      ? [
          {
            action: 'Verified',
            fromStatus: 'pending',
            toStatus: 'waiting_for_approval',
            userId: decider,
          },
        ]
      : []),
    ...(rejected
      ? [
          {
            action: 'Rejected at verification',
            fromStatus: 'pending',
            toStatus: 'rejected',
            userId: decider,
          },
        ]
      : []),
    ...(approved
      ? [
          {
            action: 'Approved',
            fromStatus: 'waiting_for_approval',
            toStatus: 'approved',
            userId: decider,
          },
        ]
      : []),
    ...(state === 'completed'
      ? [
          {
            action: 'Goods received',
            fromStatus: 'approved',
            toStatus: 'completed',
            userId: options.createdBy,
          },
        ]
      : []),
    ...(cancelled
      ? [
          {
            action: 'Cancelled',
            fromStatus: 'pending',
            toStatus: 'cancelled',
            userId: options.createdBy,
          },
        ]
      : []),
  ];
  await db
    .insertInto('auditLog')
    .values(
      history.map((entry, step) => ({
        ...entry,
        ...(options.poDate ? { at: at(step) } : {}),
        entity: 'purchase_order',
        entityId: order.id,
        branchId: options.branch,
        reason: null,
        details: '{}',
      })),
    )
    .execute();
  return { id: order.id, poNumber, billedBranchId: options.branch, poPath, quotationPath };
}

/**
 * A new branch and a login of each of `roles` in it, made and logged in before the file's tests
 * (vitest's beforeAll); read them inside the tests.
 */
export function useBranchLogins<const Role extends string>(
  api: Pick<TestApi, 'db' | 'login'>,
  roles: readonly Role[],
) {
  let branch: number | null = null;
  const logins = new Map<Role, { userId: number; token: string }>();
  beforeAll(async () => {
    branch = (await aBranch(api.db)).id;
    for (const role of roles) {
      const login = await aLogin(api.db, { role, branches: [branch] });
      logins.set(role, {
        userId: login.userId,
        token: await api.login(login.username, login.password),
      });
    }
  });
  const loginOf = (role: Role) => {
    const login = logins.get(role);
    if (!login) throw new Error(`no ${role} login: the logins are made in beforeAll`);
    return login;
  };
  return {
    branch: () => {
      if (branch === null) throw new Error('the branch is made in beforeAll');
      return branch;
    },
    userId: (role: Role) => loginOf(role).userId,
    token: (role: Role) => loginOf(role).token,
  };
}

/** An installation's checklist with every check done: the demo's own. */
export { ALL_CHECKED as CHECKLIST_DONE } from '../seed/demo/installations.ts';

/** A location (a room) of the branch, named Test Room <n> unless `name`. */
export async function anAssetLocation(
  db: Db,
  options: { branch: number; name?: string; active?: boolean },
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `Test Room ${next()}`;
  const { id } = await db
    .insertInto('assetLocations')
    .values({ branchId: options.branch, name, active: options.active ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

/**
 * An asset of the branch, in a new location (or `location`), of a new type and brand (or `type`),
 * tagged <branch code>-9<5 digits> so that no tag the server gives (counting from 1) meets it.
 */
export async function anAsset(
  db: Db,
  options: {
    branch: number;
    location?: number;
    type?: { id: number; brandId: number };
    serialNumber?: string;
    status?: 'IN_STOCK' | 'IN_USE' | 'OUT_OF_ORDER' | 'UNDER_REPAIR';
    warrantyEnd?: string;
    custodian?: number;
  },
): Promise<{ id: number; tag: string; name: string }> {
  const n = next();
  const { code } = await db
    .selectFrom('branches')
    .select('code')
    .where('id', '=', options.branch)
    .executeTakeFirstOrThrow();
  const type = options.type ?? (await anAssetType(db));
  const location = options.location ?? (await anAssetLocation(db, { branch: options.branch })).id;
  const tag = `${code}-9${String(n).padStart(5, '0')}`;
  const name = `Test Asset ${n}`;
  const { id } = await db
    .insertInto('assets')
    .values({
      tag,
      name,
      assetTypeId: type.id,
      brandId: type.brandId,
      serialNumber: options.serialNumber ?? `SN-${n}`,
      branchId: options.branch,
      locationId: location,
      custodianId: options.custodian ?? null,
      criticality: 'MEDIUM',
      condition: 'GOOD',
      assetStatus: options.status ?? 'IN_USE',
      warrantyEnd: options.warrantyEnd ?? null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, tag, name };
}

/**
 * An active accessory of a new accessory type (counted in Nos, minimum `minimum`, 0 unless said)
 * and no brand, named Test Accessory <n>; with `stock`, that many received at `branch` (one RECEIVED
 * movement and its stock row, as the movement call writes them).
 */
export async function anAccessory(
  db: Db,
  options: { minimum?: number; stock?: { branch: number; onHand: number; userId?: number } } = {},
): Promise<{ id: number; name: string; accessoryTypeId: number }> {
  const n = next();
  const type = await db
    .insertInto('accessoryTypes')
    .values({ name: `Test Accessory Type ${n}`, unit: 'Nos', minimumStock: options.minimum ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const name = `Test Accessory ${n}`;
  const { id } = await db
    .insertInto('accessories')
    .values({ name, accessoryTypeId: type.id, unit: 'Nos' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { stock } = options;
  if (stock && stock.onHand > 0) {
    await db
      .insertInto('accessoryStock')
      .values({ accessoryId: id, branchId: stock.branch, onHand: stock.onHand })
      .execute();
    await db
      .insertInto('accessoryMovements')
      .values({
        accessoryId: id,
        branchId: stock.branch,
        reason: 'RECEIVED',
        quantity: stock.onHand,
        balance: stock.onHand,
        userId: stock.userId ?? null,
      })
      .execute();
  }
  return { id, name, accessoryTypeId: type.id };
}
