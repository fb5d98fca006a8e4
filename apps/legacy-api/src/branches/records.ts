import type { CallRequest } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { nameById } from '../db/name-by-id.ts';
import { fileUrl } from '../files/file-url.ts';
import { everyProblem, FIRST_REFUSAL, type Findings, type ReadRow } from '../shared/findings.ts';
import { gstinProblems, noSuchState, stateById } from '../shared/gstin.ts';
import { registerRecordCalls, valuesByRule } from '../shared/record-calls.ts';
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
 * What a format cannot check: the code is free; the company exists (and is active, unless the
 * branch already belongs to it); the city lies in the district and the district in the state; the
 * GSTIN's check character, that it was issued in the state and holds the company's PAN. Each rule
 * is checked when its fields are given (a bulk upload's row may lack some): a store is refused at
 * the first broken rule, a bulk upload's row hears of every one. Answers what it found.
 */
async function branchChecks(
  db: Db,
  body: Partial<BranchBody>,
  self: StoredBranch | null,
  findings: Findings,
) {
  if (body.BranchCode !== undefined) {
    const taken = await db
      .selectFrom('branches')
      .select('id')
      .where('code', '=', body.BranchCode)
      .where('id', '<>', self?.id ?? 0)
      .executeTakeFirst();
    if (taken) findings.refuse(`Branch code ${body.BranchCode} already exists.`);
  }

  const company =
    body.Company === undefined
      ? undefined
      : await db
          .selectFrom('companies')
          .select(['id', 'name', 'pan', 'active'])
          .where('id', '=', body.Company)
          .executeTakeFirst();
  if (body.Company !== undefined && !company)
    findings.refuse(`Company ${body.Company} does not exist.`);
  if (company && !company.active && company.id !== self?.companyId)
    findings.refuse(`Company ${company.name} is InActive: choose an active company.`);

  const state = body.State === undefined ? undefined : await stateById(db, body.State);
  if (body.State !== undefined && !state) findings.refuse(noSuchState(body.State));
  const district =
    body.District === undefined
      ? undefined
      : await db
          .selectFrom('districts')
          .select(['id', 'name', 'stateId'])
          .where('id', '=', body.District)
          .executeTakeFirst();
  if (body.District !== undefined && !district)
    findings.refuse(`District ${body.District} does not exist.`);
  if (district && state && district.stateId !== state.id)
    findings.refuse(`District ${district.name} is not in State ${state.name}.`);
  const city =
    body.City === undefined
      ? undefined
      : await db
          .selectFrom('cities')
          .select(['id', 'name', 'districtId'])
          .where('id', '=', body.City)
          .executeTakeFirst();
  if (body.City !== undefined && !city) findings.refuse(`City ${body.City} does not exist.`);
  if (city && district && city.districtId !== district.id)
    findings.refuse(`City ${city.name} is not in District ${district.name}.`);

  const gstin = body.Gstin;
  if (gstin !== undefined) {
    const problems = gstinProblems(
      gstin,
      state ?? null,
      company
        ? {
            value: company.pan,
            refusal: () =>
              `GSTIN ${gstin} does not hold the PAN of Company ${company.name} (${company.pan}).`,
          }
        : null,
    );
    for (const problem of problems) findings.refuse(problem);
  }
  return { company, state, district, city };
}

/** Every rule a bulk upload's row breaks, on the fields it could read. */
export async function branchRowProblems(
  db: Db,
  row: ReadRow<BranchBody>,
): Promise<readonly string[]> {
  const findings = everyProblem();
  await branchChecks(db, row.fields, null, findings);
  return findings.messages;
}

/**
 * The columns a store or update writes, once branchChecks finds nothing wrong; a new logo is a
 * branch logo of the gallery.
 */
async function branchValues(db: Db, body: BranchBody, self: StoredBranch | null) {
  const { company, state, district, city } = await branchChecks(db, body, self, FIRST_REFUSAL);
  if (!company || !state || !district || !city)
    throw new Error('branch checks passed without a company or a place');
  const logo = await galleryLogo(db, body.LogoPath, 'branch_logo', self?.logoPath ?? null);
  return {
    ...valuesByRule('branchRecordStore', 'Branch', body, ['LogoPath']),
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
    list: (db) => selectBranches(db).orderBy('b.code').execute(),
    find: (db, id) => selectBranches(db).where('b.id', '=', id).executeTakeFirst(),
    ownRow: (branch) => ({ LogoPath: fileUrl(branch.logoPath) }),
    inScope,
    label: (branch) => `${branch.name} (${branch.code})`,
    active: (record) => record.active,
    values: (trx, body, self) => branchValues(trx, body, self),
  });
}
