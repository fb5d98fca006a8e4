import type { CallRequest } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { byName, registerBulkUpload } from '../bulk-upload/bulk-upload.ts';
import type { Db } from '../db/database.ts';
import { nameById } from '../db/name-by-id.ts';
import { Refusal } from '../http/errors.ts';
import { checkGstin, findState } from '../shared/gstin.ts';
import { activeByName, registerRecordCalls } from '../shared/record-calls.ts';

const MODULE = 'vendor';

function selectVendors(db: Db) {
  return db
    .selectFrom('vendors as v')
    .selectAll('v')
    .select(({ ref }) => nameById('states', ref('v.stateId')).as('stateName'));
}

type VendorBody = CallRequest<'vendorStore'>;

/**
 * What a format cannot check: the GSTIN's check character, that it was issued in the chosen state
 * and holds the PAN, that no other vendor has it, and that bank details come whole.
 */
async function vendorValues(db: Db, body: VendorBody, self: number | null) {
  const state = await findState(db, body.State);
  checkGstin(body.Gstin, state, {
    value: body.Pan,
    refusal: (inGstin) => `PAN ${body.Pan} is not the one in GSTIN ${body.Gstin} (${inGstin}).`,
  });
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
  };
}

export async function vendorRoutes(app: FastifyInstance) {
  const calls = registerRecordCalls(app, {
    prefix: 'vendor',
    module: MODULE,
    title: 'Vendor',
    plural: 'vendors',
    table: 'vendors',
    // The state select of the list screen.
    filters: ['StateId'],
    columns: {
      VendorCode: 'Code',
      VendorName: 'Vendor',
      Gstin: 'GSTIN',
      StateName: 'State',
      ContactPerson: 'Contact Person',
      Phone: 'Phone',
      Email: 'Email',
    },
    list: (db) => selectVendors(db).orderBy('v.name').orderBy('v.id').execute(),
    find: (db, id) => selectVendors(db).where('v.id', '=', id).executeTakeFirst(),
    options: activeByName('vendors'),
    label: (vendor) => vendor.name,
    active: (record) => record.active,
    toRow: (vendor) => ({
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
    }),
    values: (trx, body, self) => vendorValues(trx, body, self?.id ?? null),
    // The next code (V0001, …) is safe to take: store holds the table lock.
    insert: async (trx, values) => {
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
      return id;
    },
  });
  // api/vendor/bulk-upload: the rows of a spreadsheet, each through the same create as store.
  registerBulkUpload(app, calls, {
    call: 'vendorBulkUpload',
    references: { state: byName('states') },
  });
}
