import type { CallRequest, CompanyRow, TableHeader } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access, ActionCode } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { ACTIONS_HEADER, listPayload } from '../shared/list-payload.ts';

const MODULE = 'company';

function allow(access: Access, action: ActionCode): void {
  if (!access.can(MODULE, action)) throw new Refusal(`You are not allowed to ${action} companies.`);
}

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Company', value: 'CompanyName' },
  { text: 'Legal Name', value: 'LegalName' },
  { text: 'PAN', value: 'Pan' },
  { text: 'Address', value: 'Address' },
  { text: 'Status', value: 'ActiveStatusTxt', align: 'center' },
];

function selectCompanies(db: Db) {
  return db
    .selectFrom('companies as c')
    .select(['c.id', 'c.name', 'c.legalName', 'c.pan', 'c.address', 'c.active']);
}

type StoredCompany = Awaited<
  ReturnType<ReturnType<typeof selectCompanies>['executeTakeFirstOrThrow']>
>;

function toRow(company: StoredCompany, access: Access): CompanyRow {
  return {
    CompanyId: company.id,
    CompanyName: company.name,
    LegalName: company.legalName,
    Pan: company.pan,
    Address: company.address,
    ActiveStatus: company.active ? 1 : 0,
    ActiveStatusTxt: company.active ? 'Active' : 'InActive',
    EditFlag: access.can(MODULE, 'edit'),
    DeleteFlag: access.can(MODULE, 'delete'),
  };
}

async function findCompany(db: Db, id: number): Promise<StoredCompany> {
  const company = await selectCompanies(db).where('c.id', '=', id).executeTakeFirst();
  if (!company) throw new Refusal(`Company ${id} does not exist.`);
  return company;
}

type CompanyBody = CallRequest<'companyStore'>;

/** Writes take turns, so two writes cannot both find a name or a PAN free. */
async function lockCompanies(trx: Db): Promise<void> {
  await sql`lock table companies in share row exclusive mode`.execute(trx);
}

/** The columns a store or update writes, checked: the name (regardless of case) and PAN are free. */
async function companyValues(db: Db, body: CompanyBody, self: number | null) {
  const named = await db
    .selectFrom('companies')
    .select('name')
    .where(sql<string>`lower(name)`, '=', body.CompanyName.toLowerCase())
    .where('id', '<>', self ?? 0)
    .executeTakeFirst();
  if (named) throw new Refusal(`Company ${body.CompanyName} already exists.`);
  const holder = await db
    .selectFrom('companies')
    .select('name')
    .where('pan', '=', body.Pan)
    .where('id', '<>', self ?? 0)
    .executeTakeFirst();
  if (holder) throw new Refusal(`PAN ${body.Pan} is already used by Company ${holder.name}.`);
  return {
    name: body.CompanyName,
    legalName: body.LegalName,
    pan: body.Pan,
    address: body.Address,
    ...(body.ActiveStatus === undefined
      ? self === null
        ? { active: true }
        : {}
      : { active: body.ActiveStatus === 1 }),
  };
}

const statusText = (company: StoredCompany) => (company.active ? 'Active' : 'InActive');

export async function companyRoutes(app: FastifyInstance) {
  registerCall(app, 'companyLists', async ({ db, session }) => {
    allow(session.access, 'list');
    const companies = await selectCompanies(db).orderBy('c.name').orderBy('c.id').execute();
    return {
      output: `${companies.length} companies.`,
      records: listPayload({
        rows: companies.map((company) => toRow(company, session.access)),
        headers: HEADERS,
        itemKey: 'CompanyId',
        canDownload: session.access.can(MODULE, 'download'),
        excelFileName: 'Companies',
      }),
    };
  });

  registerCall(app, 'companyShow', async ({ db, session, body }) => {
    allow(session.access, 'list');
    const company = await findCompany(db, body.Company);
    return { output: company.name, records: toRow(company, session.access) };
  });

  registerCall(app, 'companyOptions', async ({ db, session }) => {
    allow(session.access, 'list');
    const companies = await db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('name')
      .execute();
    return {
      output: `${companies.length} companies.`,
      records: companies.map((company) => ({ value: company.id, text: company.name })),
    };
  });

  registerCall(app, 'companyStore', async ({ db, session, body }) => {
    allow(session.access, 'create');
    const company = await db.transaction().execute(async (trx) => {
      await lockCompanies(trx);
      const values = await companyValues(trx, body, null);
      const { id } = await trx
        .insertInto('companies')
        .values({ ...values, active: values.active ?? true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await findCompany(trx, id);
      await writeAudit(trx, {
        entity: 'company',
        entityId: id,
        action: 'create',
        userId: session.user.userId,
        toStatus: statusText(stored),
        details: { after: toRow(stored, session.access) },
      });
      return stored;
    });
    return {
      output: `Company ${company.name} created.`,
      records: toRow(company, session.access),
    };
  });

  registerCall(app, 'companyUpdate', async ({ db, session, body }) => {
    allow(session.access, 'edit');
    const company = await db.transaction().execute(async (trx) => {
      await lockCompanies(trx);
      const before = await findCompany(trx, body.Company);
      const values = await companyValues(trx, body, body.Company);
      await trx.updateTable('companies').set(values).where('id', '=', body.Company).execute();
      const after = await findCompany(trx, body.Company);
      await writeAudit(trx, {
        entity: 'company',
        entityId: body.Company,
        action: 'edit',
        userId: session.user.userId,
        fromStatus: statusText(before),
        toStatus: statusText(after),
        details: { before: toRow(before, session.access), after: toRow(after, session.access) },
      });
      return after;
    });
    return { output: `Company ${company.name} updated.`, records: toRow(company, session.access) };
  });

  registerCall(app, 'companyDestroy', async ({ db, session, body }) => {
    allow(session.access, 'delete');
    const name = await db.transaction().execute(async (trx) => {
      await lockCompanies(trx);
      const company = await findCompany(trx, body.Company);
      const uses = await trx
        .selectFrom('branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('companyId', '=', body.Company)
        .executeTakeFirstOrThrow();
      const count = Number(uses.n);
      if (count > 0) {
        throw new Refusal(
          `Cannot delete Company ${company.name}: it is used by ${count} branch${count === 1 ? '' : 'es'}.`,
        );
      }
      await trx.deleteFrom('companies').where('id', '=', body.Company).execute();
      await writeAudit(trx, {
        entity: 'company',
        entityId: body.Company,
        action: 'delete',
        userId: session.user.userId,
        details: { before: toRow(company, session.access) },
      });
      return company.name;
    });
    return { output: `Company ${name} deleted.`, records: null };
  });
}
