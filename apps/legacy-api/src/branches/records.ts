import type { CallRequest } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { nameById } from '../db/name-by-id.ts';
import { fileUrl } from '../files/file-url.ts';
import { Refusal } from '../http/errors.ts';
import { checkGstin, findState } from '../shared/gstin.ts';
import { registerRecordCalls } from '../shared/record-calls.ts';
import { galleryLogo } from './logo.ts';

/*
 * Branch management (api/branch/records · show · store · update · destroy), built on the shared
 * record calls. The chooser's api/branch/lists and the selects' api/branch/options stay in
 * routes.ts with their binding shapes.
 */

const MODULE = 'branch';

function selectBranches(db: Db) {
  return db
    .selectFrom('branches as b')
    .selectAll('b')
    .select(({ ref }) => [
      nameById('companies', ref('b.companyId')).as('companyName'),
      nameById('states', ref('b.stateId')).as('stateName'),
      nameById('districts', ref('b.districtId')).as('districtName'),
      nameById('cities', ref('b.cityId')).as('cityName'),
    ]);
}

type StoredBranch = Awaited<
  ReturnType<ReturnType<typeof selectBranches>['executeTakeFirstOrThrow']>
>;

/**
 * Who may create branches manages the company's branches, inactive ones too; anyone else (a branch
 * manager, a viewer) sees and changes only the branches they work in.
 */
function inScope(access: Access, branch: { id: number }): boolean {
  return access.can(MODULE, 'create') || access.worksIn(branch.id);
}

type BranchBody = CallRequest<'branchRecordStore'>;

/**
 * The columns a store or update writes, checked: the code is free; the company exists (and is
 * active, unless the branch already belongs to it); the city lies in the district and the district
 * in the state; the GSTIN's check character, that it was issued in the state and holds the
 * company's PAN; a new logo is a branch logo of the gallery.
 */
async function branchValues(db: Db, body: BranchBody, self: StoredBranch | null) {
  const taken = await db
    .selectFrom('branches')
    .select('id')
    .where('code', '=', body.BranchCode)
    .where('id', '<>', self?.id ?? 0)
    .executeTakeFirst();
  if (taken) throw new Refusal(`Branch code ${body.BranchCode} already exists.`);

  const company = await db
    .selectFrom('companies')
    .select(['id', 'name', 'pan', 'active'])
    .where('id', '=', body.Company)
    .executeTakeFirst();
  if (!company) throw new Refusal(`Company ${body.Company} does not exist.`);
  if (!company.active && company.id !== self?.companyId)
    throw new Refusal(`Company ${company.name} is InActive: choose an active company.`);

  const state = await findState(db, body.State);
  const district = await db
    .selectFrom('districts')
    .select(['id', 'name', 'stateId'])
    .where('id', '=', body.District)
    .executeTakeFirst();
  if (!district) throw new Refusal(`District ${body.District} does not exist.`);
  if (district.stateId !== state.id)
    throw new Refusal(`District ${district.name} is not in State ${state.name}.`);
  const city = await db
    .selectFrom('cities')
    .select(['id', 'name', 'districtId'])
    .where('id', '=', body.City)
    .executeTakeFirst();
  if (!city) throw new Refusal(`City ${body.City} does not exist.`);
  if (city.districtId !== district.id)
    throw new Refusal(`City ${city.name} is not in District ${district.name}.`);

  const gstin = body.Gstin;
  checkGstin(gstin, state, {
    value: company.pan,
    refusal: () =>
      `GSTIN ${gstin} does not hold the PAN of Company ${company.name} (${company.pan}).`,
  });

  const logo = await galleryLogo(db, body.LogoPath, 'branch_logo', self?.logoPath ?? null);
  return {
    code: body.BranchCode,
    name: body.BranchName,
    companyId: company.id,
    address: body.Address,
    stateId: state.id,
    districtId: district.id,
    cityId: city.id,
    pincode: body.Pincode || null,
    gstin,
    phone: body.Phone,
    email: body.Email || null,
    ...(logo === undefined ? {} : { logoPath: logo }),
    updatedAt: sql`now()`,
  };
}

/** Registers the calls; returns them for the bulk upload. */
export function registerBranchRecords(app: FastifyInstance) {
  return registerRecordCalls(app, {
    prefix: 'branchRecord',
    module: MODULE,
    title: 'Branch',
    plural: 'branches',
    table: 'branches',
    // The state select of the list screen.
    filters: ['StateId'],
    columns: {
      BranchCode: 'Code',
      BranchName: 'Branch',
      CompanyName: 'Company',
      CityName: 'City',
      DistrictName: 'District',
      StateName: 'State',
      Gstin: 'GSTIN',
      Phone: 'Phone',
      Email: 'Email',
    },
    list: (db) => selectBranches(db).orderBy('b.code').execute(),
    find: (db, id) => selectBranches(db).where('b.id', '=', id).executeTakeFirst(),
    toRow: (branch) => ({
      BranchId: branch.id,
      BranchCode: branch.code,
      BranchName: branch.name,
      CompanyId: branch.companyId,
      CompanyName: branch.companyName,
      Address: branch.address,
      StateId: branch.stateId,
      StateName: branch.stateName,
      DistrictId: branch.districtId,
      DistrictName: branch.districtName,
      CityId: branch.cityId,
      CityName: branch.cityName,
      Pincode: branch.pincode,
      Gstin: branch.gstin,
      Phone: branch.phone,
      Email: branch.email,
      LogoPath: fileUrl(branch.logoPath),
    }),
    inScope,
    label: (branch) => `${branch.name} (${branch.code})`,
    active: (record) => record.active,
    values: (trx, body, self) => branchValues(trx, body, self),
  });
}
