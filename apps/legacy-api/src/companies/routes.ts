import { gstinStateCode } from '@branch-assets/domain';
import type { CallRequest } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { galleryLogo } from '../branches/logo.ts';
import type { Db } from '../db/database.ts';
import type { CompaniesTable } from '../db/schema.ts';
import { fileUrl } from '../files/file-url.ts';
import { Refusal } from '../http/errors.ts';
import { checkGstin } from '../shared/gstin.ts';
import { activeByName, registerRecordCalls, valuesByRule } from '../shared/record-calls.ts';

const MODULE = 'company';

type StoredCompany = Selectable<CompaniesTable>;

type CompanyBody = CallRequest<'companyStore'>;

/**
 * The columns a store or update writes, checked: the name (regardless of case) and PAN are free,
 * the logo is a company logo of the gallery.
 */
async function companyValues(db: Db, body: CompanyBody, self: StoredCompany | null) {
  const named = await db
    .selectFrom('companies')
    .select('name')
    .where(sql<string>`lower(name)`, '=', body.CompanyName.toLowerCase())
    .where('id', '<>', self?.id ?? 0)
    .executeTakeFirst();
  if (named) throw new Refusal(`Company ${body.CompanyName} already exists.`);
  const holder = await db
    .selectFrom('companies')
    .select('name')
    .where('pan', '=', body.Pan)
    .where('id', '<>', self?.id ?? 0)
    .executeTakeFirst();
  if (holder) throw new Refusal(`PAN ${body.Pan} is already used by Company ${holder.name}.`);
  const gstin = await companyGstin(db, body, self);
  const logo = await galleryLogo(db, body.LogoPath, 'company_logo', self?.logoPath ?? null);
  return {
    ...valuesByRule('companyStore', 'Company', body, [
      'Gstin',
      'LogoPath',
      'PurchaseTerms',
      'GstInAssetCost',
    ]),
    // Procurement's settings: a new company's defaults, an update's unchanged when left out.
    ...(body.PurchaseTerms === undefined
      ? self
        ? {}
        : { purchaseTerms: '' }
      : { purchaseTerms: body.PurchaseTerms }),
    ...(body.GstInAssetCost === undefined ? {} : { gstInAssetCost: body.GstInAssetCost }),
    ...(gstin === undefined ? {} : { gstin }),
    ...(logo === undefined ? {} : { logoPath: logo }),
  };
}

/**
 * The registered office's GSTIN, checked: its check character, a state of the list, the company's
 * PAN inside it, no other company's. Left out, it stays as it is; empty removes it.
 */
async function companyGstin(
  db: Db,
  body: CompanyBody,
  self: StoredCompany | null,
): Promise<string | null | undefined> {
  if (body.Gstin === undefined) {
    // A new PAN must still be the one inside the GSTIN the company keeps.
    if (self?.gstin && self.gstin.slice(2, 12) !== body.Pan)
      throw new Refusal(`GSTIN ${self.gstin} does not hold the PAN of the company (${body.Pan}).`);
    return undefined;
  }
  if (body.Gstin === '') return null;
  const gstin = body.Gstin;
  const state = await db
    .selectFrom('states')
    .select(['id', 'name', 'gstCode'])
    .where('gstCode', '=', gstinStateCode(gstin))
    .executeTakeFirst();
  if (!state)
    throw new Refusal(
      `GSTIN ${gstin} names state code ${gstinStateCode(gstin)}, which is no state of the list.`,
    );
  checkGstin(gstin, state, {
    value: body.Pan,
    refusal: () => `GSTIN ${gstin} does not hold the PAN of the company (${body.Pan}).`,
  });
  const holder = await db
    .selectFrom('companies')
    .select('name')
    .where('gstin', '=', gstin)
    .where('id', '<>', self?.id ?? 0)
    .executeTakeFirst();
  if (holder) throw new Refusal(`GSTIN ${gstin} is already used by Company ${holder.name}.`);
  return gstin;
}

export async function companyRoutes(app: FastifyInstance) {
  registerRecordCalls(app, {
    prefix: 'company',
    module: MODULE,
    title: 'Company',
    plural: 'companies',
    table: 'companies',
    list: (db) => db.selectFrom('companies').selectAll().orderBy('name').orderBy('id').execute(),
    find: (db, id) =>
      db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst(),
    options: activeByName('companies'),
    label: (company) => company.name,
    active: (record) => record.active,
    ownRow: (company) => ({ LogoPath: fileUrl(company.logoPath) }),
    values: (trx, body, self) => companyValues(trx, body, self),
  });
}
