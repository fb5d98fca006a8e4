import type { CallRequest } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { byName, registerBulkUpload } from '../bulk-upload/bulk-upload.ts';
import type { Db } from '../db/database.ts';
import { nameById } from '../db/name-by-id.ts';
import type { VendorsTable } from '../db/schema.ts';
import { everyProblem, FIRST_REFUSAL, type Findings } from '../shared/findings.ts';
import { gstinProblems, noSuchState, type State, stateById } from '../shared/gstin.ts';
import { activeByName, registerRecordCalls, valuesByRule } from '../shared/record-calls.ts';

const MODULE = 'vendor';

function selectVendors(db: Db) {
  return db
    .selectFrom('vendors as v')
    .selectAll('v')
    .select(({ ref }) => nameById('states', ref('v.stateId')).as('stateName'));
}

type VendorBody = CallRequest<'vendorStore'>;

const BANK_FIELDS = ['BankName', 'BankAccountNumber', 'BankIfsc'] as const;

/**
 * What a format cannot check: the GSTIN's check character, that it was issued in the chosen state
 * and holds the PAN, that no other vendor has it, and that bank details come whole. Each rule is
 * checked when its fields are given (a bulk upload's row may lack some): a store is refused at the
 * first broken rule, a bulk upload's row hears of every one. Answers the state, when it exists.
 */
async function vendorChecks(
  db: Db,
  body: Partial<VendorBody>,
  self: number | null,
  findings: Findings,
  unread: ReadonlySet<string> = new Set(),
): Promise<State | undefined> {
  const state = body.State === undefined ? undefined : await stateById(db, body.State);
  if (body.State !== undefined && !state) findings.refuse(noSuchState(body.State));
  const { Gstin: gstin, Pan: pan } = body;
  // No GSTIN: an unregistered supplier, whose PAN is checked by its format alone.
  if (gstin) {
    const problems = gstinProblems(
      gstin,
      state ?? null,
      pan === undefined
        ? null
        : {
            value: pan,
            refusal: (inGstin) => `PAN ${pan} is not the one in GSTIN ${gstin} (${inGstin}).`,
          },
    );
    for (const problem of problems) findings.refuse(problem);
    const holder = await db
      .selectFrom('vendors')
      .select('name')
      .where('gstin', '=', gstin)
      .where('id', '<>', self ?? 0)
      .executeTakeFirst();
    if (holder) findings.refuse(`A vendor with GSTIN ${gstin} already exists: ${holder.name}.`);
  }
  // Whole or none: not to be judged while one of them could not be read.
  if (!BANK_FIELDS.some((field) => unread.has(field))) {
    const bank = BANK_FIELDS.map((field) => body[field] || null);
    if (bank.some((value) => value !== null) && bank.some((value) => value === null))
      findings.refuse('Give the bank name, account number and IFSC together, or none of them.');
  }
  return state;
}

/** The columns a store or update writes, once vendorChecks finds nothing wrong. */
async function vendorValues(db: Db, body: VendorBody, self: number | null) {
  const state = await vendorChecks(db, body, self, FIRST_REFUSAL);
  if (!state) throw new Error('vendor checks passed without a state');
  return valuesByRule('vendorStore', 'Vendor', body);
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
    list: (db) => selectVendors(db).orderBy('v.name').orderBy('v.id').execute(),
    find: (db, id) => selectVendors(db).where('v.id', '=', id).executeTakeFirst(),
    options: activeByName('vendors'),
    label: (vendor) => vendor.name,
    active: (record) => record.active,
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
        // The columns by the contract's rule (valuesByRule), which the vendor tests read back.
        .values({ ...(values as Insertable<VendorsTable>), code, active: values.active ?? true })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  });
  // api/vendor/bulk-upload: the rows of a spreadsheet, each through the same create as store.
  registerBulkUpload(app, calls, {
    call: 'vendorBulkUpload',
    references: { state: byName('states') },
    // Every rule a row breaks, not only the first: the row's report names them all at once.
    checks: async (trx, row) => {
      const findings = everyProblem();
      await vendorChecks(trx, row.fields, null, findings, row.unread);
      return findings.messages;
    },
  });
}
