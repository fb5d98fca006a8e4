import { gstinStateCode, isValidGstin } from '@branch-assets/domain';
import type { CallRequest, TableHeader, VendorRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access, ActionCode } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { ACTIONS_HEADER, listPayload } from '../shared/list-payload.ts';

const MODULE = 'vendor';
const VERBS: Record<ActionCode, string> = {
  list: 'list',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  verify: 'verify',
  approve: 'approve',
  download: 'download',
};

function allow(access: Access, action: ActionCode): void {
  if (!access.can(MODULE, action))
    throw new Refusal(`You are not allowed to ${VERBS[action]} vendors.`);
}

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Code', value: 'VendorCode' },
  { text: 'Vendor', value: 'VendorName' },
  { text: 'GSTIN', value: 'Gstin' },
  { text: 'State', value: 'StateName' },
  { text: 'Contact Person', value: 'ContactPerson' },
  { text: 'Phone', value: 'Phone' },
  { text: 'Email', value: 'Email' },
  { text: 'Status', value: 'ActiveStatusTxt', align: 'center' },
];

function selectVendors(db: Db) {
  return db
    .selectFrom('vendors as v')
    .innerJoin('states as s', 's.id', 'v.stateId')
    .select([
      'v.id',
      'v.code',
      'v.name',
      'v.gstin',
      'v.pan',
      'v.stateId',
      's.name as stateName',
      'v.address',
      'v.contactPerson',
      'v.phone',
      'v.email',
      'v.bankName',
      'v.bankAccountNumber',
      'v.bankIfsc',
      'v.active',
    ]);
}

type StoredVendor = Awaited<
  ReturnType<ReturnType<typeof selectVendors>['executeTakeFirstOrThrow']>
>;

function toRow(vendor: StoredVendor, access: Access): VendorRow {
  return {
    VendorId: vendor.id,
    VendorCode: vendor.code,
    VendorName: vendor.name,
    Gstin: vendor.gstin,
    Pan: vendor.pan,
    StateId: vendor.stateId,
    StateName: vendor.stateName,
    Address: vendor.address,
    ContactPerson: vendor.contactPerson,
    Phone: vendor.phone,
    Email: vendor.email,
    BankName: vendor.bankName,
    BankAccountNumber: vendor.bankAccountNumber,
    BankIfsc: vendor.bankIfsc,
    ActiveStatus: vendor.active ? 1 : 0,
    ActiveStatusTxt: vendor.active ? 'Active' : 'InActive',
    EditFlag: access.can(MODULE, 'edit'),
    DeleteFlag: access.can(MODULE, 'delete'),
  };
}

async function findVendor(db: Db, id: number): Promise<StoredVendor> {
  const vendor = await selectVendors(db).where('v.id', '=', id).executeTakeFirst();
  if (!vendor) throw new Refusal(`Vendor ${id} does not exist.`);
  return vendor;
}

type VendorBody = CallRequest<'vendorStore'>;

/**
 * Writes take turns: the GSTIN check and the next code (V0001, …) then see every committed vendor,
 * so two writes cannot both pass the check or take one code.
 */
async function lockVendors(trx: Db): Promise<void> {
  await sql`lock table vendors in share row exclusive mode`.execute(trx);
}

/**
 * What a format cannot check: the GSTIN's check character, that it was issued in the chosen state
 * and holds the PAN, that no other vendor has it, and that bank details come whole.
 */
async function vendorValues(db: Db, body: VendorBody, self: number | null) {
  const state = await db
    .selectFrom('states')
    .select(['id', 'name', 'gstCode'])
    .where('id', '=', body.State)
    .executeTakeFirst();
  if (!state) throw new Refusal(`State ${body.State} does not exist.`);
  if (!isValidGstin(body.Gstin))
    throw new Refusal(`GSTIN ${body.Gstin} is not valid: its check character is wrong.`);
  if (gstinStateCode(body.Gstin) !== state.gstCode) {
    throw new Refusal(
      `GSTIN ${body.Gstin} belongs to state code ${gstinStateCode(body.Gstin)}, not to ${state.name} (${state.gstCode}).`,
    );
  }
  if (body.Gstin.slice(2, 12) !== body.Pan)
    throw new Refusal(
      `PAN ${body.Pan} is not the one in GSTIN ${body.Gstin} (${body.Gstin.slice(2, 12)}).`,
    );
  const holder = await db
    .selectFrom('vendors')
    .select('name')
    .where('gstin', '=', body.Gstin)
    .where('id', '<>', self ?? 0)
    .executeTakeFirst();
  if (holder)
    throw new Refusal(`A vendor with GSTIN ${body.Gstin} already exists: ${holder.name}.`);
  const bank = [body.BankName, body.BankAccountNumber, body.BankIfsc].map((value) => value || null);
  if (bank.some((value) => value !== null) && bank.some((value) => value === null))
    throw new Refusal('Give the bank name, account number and IFSC together, or none of them.');
  return {
    name: body.VendorName,
    gstin: body.Gstin,
    pan: body.Pan,
    stateId: state.id,
    address: body.Address,
    contactPerson: body.ContactPerson,
    phone: body.Phone,
    email: body.Email || null,
    bankName: bank[0] ?? null,
    bankAccountNumber: bank[1] ?? null,
    bankIfsc: bank[2] ?? null,
    ...(body.ActiveStatus === undefined
      ? self === null
        ? { active: true }
        : {}
      : { active: body.ActiveStatus === 1 }),
  };
}

export async function vendorRoutes(app: FastifyInstance) {
  registerCall(app, 'vendorLists', async ({ db, session }) => {
    allow(session.access, 'list');
    const vendors = await selectVendors(db).orderBy('v.name').orderBy('v.id').execute();
    return {
      output: `${vendors.length} vendors.`,
      records: listPayload({
        rows: vendors.map((vendor) => toRow(vendor, session.access)),
        headers: HEADERS,
        itemKey: 'VendorId',
        canDownload: session.access.can(MODULE, 'download'),
        excelFileName: 'Vendors',
      }),
    };
  });

  registerCall(app, 'vendorShow', async ({ db, session, body }) => {
    allow(session.access, 'list');
    const vendor = await findVendor(db, body.Vendor);
    return { output: vendor.name, records: toRow(vendor, session.access) };
  });

  registerCall(app, 'vendorOptions', async ({ db, session }) => {
    allow(session.access, 'list');
    const vendors = await db
      .selectFrom('vendors')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('name')
      .execute();
    return {
      output: `${vendors.length} vendors.`,
      records: vendors.map((vendor) => ({ value: vendor.id, text: vendor.name })),
    };
  });

  registerCall(app, 'vendorStore', async ({ db, session, body }) => {
    allow(session.access, 'create');
    const vendor = await db.transaction().execute(async (trx) => {
      await lockVendors(trx);
      const values = await vendorValues(trx, body, null);
      const last = await trx
        .selectFrom('vendors')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      const code = `V${String(Number(last?.max ?? 0) + 1).padStart(4, '0')}`;
      const { id } = await trx
        .insertInto('vendors')
        .values({ ...values, code, active: values.active ?? true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await findVendor(trx, id);
      await writeAudit(trx, {
        entity: 'vendor',
        entityId: id,
        action: 'create',
        userId: session.user.userId,
        toStatus: stored.active ? 'Active' : 'InActive',
        details: { after: toRow(stored, session.access) },
      });
      return stored;
    });
    return {
      output: `Vendor ${vendor.name} created.`,
      records: toRow(vendor, session.access),
    };
  });

  registerCall(app, 'vendorUpdate', async ({ db, session, body }) => {
    allow(session.access, 'edit');
    const vendor = await db.transaction().execute(async (trx) => {
      await lockVendors(trx);
      const before = await findVendor(trx, body.Vendor);
      const values = await vendorValues(trx, body, body.Vendor);
      await trx.updateTable('vendors').set(values).where('id', '=', body.Vendor).execute();
      const after = await findVendor(trx, body.Vendor);
      await writeAudit(trx, {
        entity: 'vendor',
        entityId: body.Vendor,
        action: 'edit',
        userId: session.user.userId,
        fromStatus: before.active ? 'Active' : 'InActive',
        toStatus: after.active ? 'Active' : 'InActive',
        details: { before: toRow(before, session.access), after: toRow(after, session.access) },
      });
      return after;
    });
    return { output: `Vendor ${vendor.name} updated.`, records: toRow(vendor, session.access) };
  });

  registerCall(app, 'vendorDestroy', async ({ db, session, body }) => {
    allow(session.access, 'delete');
    const name = await db.transaction().execute(async (trx) => {
      const vendor = await findVendor(trx, body.Vendor);
      const uses = await trx
        .selectFrom('purchaseOrders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('vendorId', '=', body.Vendor)
        .executeTakeFirstOrThrow();
      const count = Number(uses.n);
      if (count > 0) {
        throw new Refusal(
          `Cannot delete Vendor ${vendor.name}: it is used by ${count} purchase order${count === 1 ? '' : 's'}.`,
        );
      }
      await trx.deleteFrom('vendors').where('id', '=', body.Vendor).execute();
      await writeAudit(trx, {
        entity: 'vendor',
        entityId: body.Vendor,
        action: 'delete',
        userId: session.user.userId,
        details: { before: toRow(vendor, session.access) },
      });
      return vendor.name;
    });
    return { output: `Vendor ${name} deleted.`, records: null };
  });
}
