import { makeGstin } from '@branch-assets/domain';
import { BRANCHES, COMPANY } from '../demo-data.ts';
import { logoSvg } from '../documents.ts';
import { required, type Trx } from './shared.ts';

/*
 * The demo's organisation: the company (registered in Chennai) and its branches in four states,
 * with the districts and cities they are in and a logo each.
 */

const STATE_COLORS: Record<string, string> = {
  '33': '#7367F0',
  '29': '#00BAD1',
  '32': '#28C76F',
  '36': '#FF9F43',
};

export interface DemoOrganisation {
  branchId(code: string): number;
  /** A branch's state, by its GST code. */
  branchState: ReadonlyMap<string, string>;
}

export async function seedOrganisation(trx: Trx): Promise<DemoOrganisation> {
  const stateRows = await trx.selectFrom('states').select(['id', 'gstCode']).execute();
  const stateId = (code: string) =>
    required(stateRows.find((row) => row.gstCode === code)?.id, `state ${code}`);
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

  return { branchId, branchState };
}
