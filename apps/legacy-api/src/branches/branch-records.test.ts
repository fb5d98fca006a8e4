import { makeGstin } from '@branch-assets/domain';
import { type CallInput, legacyCalls } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES, COMPANY } from '../seed/demo-data.ts';
import {
  branchIdsByCode,
  DEMO_ROLES,
  expectExactKeys,
  unchangedUpdate,
  useTestApi,
} from '../test/test-api.ts';

const api = useTestApi({ login: DEMO_ROLES });
const { token } = api;
let idOf: (code: string) => number;
/** Ids of the places the tests use. */
const place = {
  tamilNadu: 0,
  karnataka: 0,
  chennaiDistrict: 0,
  maduraiDistrict: 0,
  bengaluruDistrict: 0,
  chennaiCity: 0,
  maduraiCity: 0,
};
let companyId = 0;
const BRANCH_LOGO = 'gallery/test-branch-logo.png';
const COMPANY_LOGO = 'gallery/test-company-logo.png';

const districtId = (name: string, stateId: number) => api.idWhere('districts', { name, stateId });
const cityId = (name: string, districtId: number) => api.idWhere('cities', { name, districtId });

/** A gallery image as the gallery's upload leaves it: two documents and a row. */
async function galleryImage(path: string, kind: 'branch_logo' | 'company_logo') {
  const admin = await api.idOf('users', 'username', 'admin');
  const thumbnail = path.replace('.png', '-thumb.png');
  await api.db
    .insertInto('documents')
    .values(
      [path, thumbnail].map((p) => ({
        path: p,
        branchId: null,
        contentType: 'image/png',
        content: new Uint8Array([1]),
      })),
    )
    .execute();
  await api.db
    .insertInto('galleryImages')
    .values({
      title: kind,
      kind,
      imagePath: path,
      thumbnailPath: thumbnail,
      contentType: 'image/png',
      sizeBytes: 1,
      width: 1,
      height: 1,
      uploadedBy: admin,
    })
    .execute();
}

beforeAll(async () => {
  idOf = await branchIdsByCode(api.db);
  const stateId = (gstCode: string) => api.idOf('states', 'gstCode', gstCode);
  place.tamilNadu = await stateId('33');
  place.karnataka = await stateId('29');
  place.chennaiDistrict = await districtId('Chennai', place.tamilNadu);
  place.maduraiDistrict = await districtId('Madurai', place.tamilNadu);
  place.bengaluruDistrict = await districtId('Bengaluru Urban', place.karnataka);
  place.chennaiCity = await cityId('Chennai', place.chennaiDistrict);
  place.maduraiCity = await cityId('Madurai', place.maduraiDistrict);
  companyId = await api.idOf('companies', 'pan', COMPANY.pan);
  await galleryImage(BRANCH_LOGO, 'branch_logo');
  await galleryImage(COMPANY_LOGO, 'company_logo');
});

/** A complete, valid branch in Madurai. */
function newBranch(overrides: Record<string, unknown> = {}): CallInput<'branchRecordStore'> {
  return {
    UserInterface: 1,
    BranchCode: 'br001',
    BranchName: 'Madurai Anna Nagar',
    Company: companyId,
    Address: '12, 80 Feet Road, Anna Nagar',
    State: place.tamilNadu,
    District: place.maduraiDistrict,
    City: place.maduraiCity,
    Pincode: '625020',
    Gstin: makeGstin('33', COMPANY.pan, '1'),
    Phone: '0452 253 1100',
    Email: 'br001@sundaramhealthcare.in',
    ...overrides,
  } as CallInput<'branchRecordStore'>;
}

describe('branch records: the binding calls keep their paths', () => {
  it('gives the management list its own path; the chooser and options stay where they were', () => {
    expect(legacyCalls.branchRecordLists.path).toBe('api/branch/records');
    expect(legacyCalls.branchRecordStore.path).toBe('api/branch/store');
    expect(legacyCalls.branchLists.path).toBe('api/branch/lists');
    expect(legacyCalls.branchOptions.path).toBe('api/branch/options');
    expect('branchRecordOptions' in legacyCalls).toBe(false);
  });
});

describe('branch records: lists and scope', () => {
  it('gives the admin every branch with the list payload and download', async () => {
    const answer = await api.call('branchRecordLists', token('admin'), { UserInterface: 1 });
    expect(answer.flag).toBe(1);
    const rows = answer.records?.TableData ?? [];
    expect(rows.map((row) => row.BranchCode)).toEqual(BRANCHES.map((b) => b.code).sort());
    const first = rows.find((row) => row.BranchCode === 'CHN-HO');
    expectExactKeys(first ?? {}, Object.keys(legacyCalls.branchRecordShow.records.shape));
    expect(first).toMatchObject({
      BranchName: 'Chennai Head Office',
      CompanyName: COMPANY.name,
      StateName: 'Tamil Nadu',
      DistrictName: 'Chennai',
      CityName: 'Chennai',
      Gstin: makeGstin('33', COMPANY.pan, '1'),
      LogoPath: 'files/branch-logos/CHN-HO.svg',
      ActiveStatusTxt: 'Active',
      EditFlag: true,
      DeleteFlag: true,
    });
    expect(answer.records?.TableOptions).toMatchObject({
      ItemKey: 'BranchId',
      DownloadFlag: true,
      ExcelFields: { '0': 'BranchCode', '1': 'BranchName', '2': 'CompanyName' },
    });
    expect(answer.records?.TableOptions.ExcelFileName).toMatch(
      /^Branches_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
  });

  it('gives a manager only the branches they work in, read only', async () => {
    const answer = await api.call('branchRecordLists', token('manager'), { UserInterface: 1 });
    expect(answer.records?.TableData.map((row) => row.BranchCode)).toEqual(['CHN-ANN', 'CHN-VEL']);
    expect(answer.records?.TableData.every((row) => !row.EditFlag && !row.DeleteFlag)).toBe(true);
    expect(answer.records?.TableOptions.DownloadFlag).toBe(false);
    const own = await api.call('branchRecordShow', token('manager'), { Branch: idOf('CHN-VEL') });
    expect(own.records?.BranchName).toBe('Chennai Velachery');
    const other = await api.call('branchRecordShow', token('manager'), { Branch: idOf('CHN-HO') });
    expect([other.flag, other.output]).toEqual([0, `Branch ${idOf('CHN-HO')} does not exist.`]);
    const viewer = await api.call('branchRecordLists', token('viewer'), { UserInterface: 1 });
    const viewerCodes = viewer.records?.TableData.map((row) => row.BranchCode);
    expect(viewerCodes).toEqual(['BLR-JAY', 'BLR-WHF', 'CHN-HO', 'HYD-BHL', 'MYS-VVM']);
  });

  it('refuses what a role is not granted, changing nothing', async () => {
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('branchRecordStore', token('manager'), newBranch()),
        'You are not allowed to create branches.',
      ],
      [
        () =>
          api.call('branchRecordUpdate', token('viewer'), {
            ...newBranch(),
            Branch: idOf('CHN-HO'),
          }),
        'You are not allowed to edit branches.',
      ],
      [
        () => api.call('branchRecordDestroy', token('verifier'), { Branch: idOf('CHN-HO') }),
        'You are not allowed to delete branches.',
      ],
      [
        () => api.call('branchRecordStore', token('approver'), newBranch()),
        'You are not allowed to create branches.',
      ],
    ]);
  });
});

describe('branch records: store, update, destroy', () => {
  let created = 0;

  it('stores a branch with an upper-cased code, active by default, and an audit row', async () => {
    const answer = await api.call('branchRecordStore', token('admin'), newBranch());
    expect([answer.flag, answer.output]).toEqual([1, 'Branch Madurai Anna Nagar (BR001) created.']);
    expect(answer.records).toMatchObject({
      BranchCode: 'BR001',
      CityName: 'Madurai',
      LogoPath: null,
      ActiveStatus: 1,
    });
    created = answer.records?.BranchId ?? 0;
    const audit = await api.auditOf('branch', created);
    expect(audit).toMatchObject([{ action: 'create', toStatus: 'Active' }]);
  });

  it('refuses, changing nothing: a code taken, unknown or mismatched places, a wrong GSTIN, a logo not of the gallery', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ BranchCode: 'br 001' }, 'Branch code BR001 already exists.'],
      [{ BranchCode: 'chn-ho' }, 'Branch code CHN-HO already exists.'],
      [{ Company: 999 }, 'Company 999 does not exist.'],
      [{ State: 999 }, 'State 999 does not exist.'],
      [{ District: 99999 }, 'District 99999 does not exist.'],
      [
        { District: place.bengaluruDistrict },
        'District Bengaluru Urban is not in State Tamil Nadu.',
      ],
      [{ City: 99999 }, 'City 99999 does not exist.'],
      [{ City: place.chennaiCity }, 'City Chennai is not in District Madurai.'],
      [
        { Gstin: `${makeGstin('33', COMPANY.pan, '1').slice(0, 14)}0` },
        `GSTIN ${makeGstin('33', COMPANY.pan, '1').slice(0, 14)}0 is not valid: its check character is wrong.`,
      ],
      [
        { Gstin: makeGstin('29', COMPANY.pan, '1') },
        `GSTIN ${makeGstin('29', COMPANY.pan, '1')} belongs to state code 29, not to Tamil Nadu (33).`,
      ],
      [
        { Gstin: makeGstin('33', 'AAKCZ1111Z', '1') },
        `GSTIN ${makeGstin('33', 'AAKCZ1111Z', '1')} does not hold the PAN of Company ${COMPANY.name} (${COMPANY.pan}).`,
      ],
      [
        { LogoPath: `files/${COMPANY_LOGO}` },
        `Logo files/${COMPANY_LOGO} is not a branch logo of the gallery.`,
      ],
      [
        { LogoPath: 'files/branch-logos/CHN-HO.svg' },
        'Logo files/branch-logos/CHN-HO.svg is not a branch logo of the gallery.',
      ],
    ];
    await api.expectCasesRefusedWithoutChange(
      (change) =>
        api.call(
          'branchRecordStore',
          token('admin'),
          newBranch({ BranchCode: 'BR002', ...change }),
        ),
      cases,
    );
    await api.expectRefusedWithoutChange(
      () =>
        api.call('branchRecordUpdate', token('admin'), {
          ...newBranch({ BranchCode: 'CHN-VEL' }),
          Branch: created,
        }),
      { output: 'Branch code CHN-VEL already exists.' },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('branchRecordUpdate', token('admin'), { ...newBranch(), Branch: 9999 }),
      { output: 'Branch 9999 does not exist.' },
    );
  });

  it('validates formats with 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { BranchCode: 'x' },
        'BranchCode must be 2 to 20 capital letters, digits or dashes, like CHN-HO',
      ],
      [
        { BranchCode: 'BR_01' },
        'BranchCode must be 2 to 20 capital letters, digits or dashes, like CHN-HO',
      ],
      [{ BranchName: ' ' }, 'BranchName is required'],
      [{ City: '' }, 'City is required'],
      [{ Gstin: 'ABC' }, 'Gstin must be a GSTIN like 33AAPFU0939F1Z5'],
      [{ Pincode: '12345' }, 'Pincode must be a PIN code of 6 digits'],
      [{ Phone: '12' }, 'Phone must be a phone number of 8 to 15 digits'],
      [{ Email: 'not-mail' }, 'Email must be an e-mail address'],
      [
        { LogoPath: 'https://example.com/x.png' },
        'LogoPath must be a gallery image link like files/gallery/….png',
      ],
      [{ ActiveStatus: 2 }, 'ActiveStatus must be 1 or 0'],
    ];
    await api.expectCasesRefusedWithoutChange(
      (change) =>
        api.call(
          'branchRecordStore',
          token('admin'),
          newBranch({ BranchCode: 'BR003', ...change }),
        ),
      cases,
      { status: 422 },
    );
  });

  it('updates: a gallery logo, kept when left out; InActive with the status in the audit row', async () => {
    const logo = await api.call('branchRecordUpdate', token('admin'), {
      ...newBranch({ BranchName: 'Madurai K.K. Nagar', LogoPath: `files/${BRANCH_LOGO}` }),
      Branch: created,
    });
    expect([logo.flag, logo.output]).toEqual([1, 'Branch Madurai K.K. Nagar (BR001) updated.']);
    expect(logo.records?.LogoPath).toBe(`files/${BRANCH_LOGO}`);
    const off = await api.call('branchRecordUpdate', token('admin'), {
      ...newBranch({ BranchName: 'Madurai K.K. Nagar', ActiveStatus: 0 }),
      Branch: created,
    });
    expect(off.records).toMatchObject({
      LogoPath: `files/${BRANCH_LOGO}`,
      ActiveStatus: 0,
      ActiveStatusTxt: 'InActive',
    });
    const audit = (await api.auditOf('branch', created)).at(-1);
    expect(audit).toMatchObject({ action: 'edit', fromStatus: 'Active', toStatus: 'InActive' });
    // The chooser lists only active branches the user works in: nothing of its shape changed.
    const chooser = await api.call('branchLists', token('admin'), { AppFlag: true });
    expect((chooser.records ?? []).some((branch) => branch.BranchCode === 'BR001')).toBe(false);
  });

  it('keeps a logo a branch already has (the demo logos predate the gallery)', async () => {
    const id = idOf('CHN-VEL');
    const shown = await api.call('branchRecordShow', token('admin'), { Branch: id });
    const row = shown.records;
    if (!row) throw new Error('no CHN-VEL');
    const answer = await api.call(
      'branchRecordUpdate',
      token('admin'),
      unchangedUpdate('branchRecordUpdate', row),
    );
    expect(answer.flag).toBe(1);
    expect(answer.records).toEqual({ ...row });
  });

  it('refuses to delete a branch still referred to, naming what refers to it', async () => {
    await api.expectRefusedWithoutChange(
      () => api.call('branchRecordDestroy', token('admin'), { Branch: idOf('CHN-ANN') }),
      {
        output:
          /^Cannot delete Branch Chennai Anna Nagar \(CHN-ANN\): it is used by \d+ staff members, \d+ staff assignments, \d+ purchase orders, \d+ users \(primary branch\)/,
      },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('branchRecordDestroy', token('manager'), { Branch: idOf('CHN-ANN') }),
      { output: 'You are not allowed to delete branches.' },
    );
  });

  it('deletes a branch nothing refers to, with an audit row', async () => {
    const answer = await api.call('branchRecordDestroy', token('admin'), { Branch: created });
    expect([answer.flag, answer.output]).toEqual([1, 'Branch Madurai K.K. Nagar (BR001) deleted.']);
    const audit = (await api.auditOf('branch', created)).at(-1);
    expect(audit).toMatchObject({ action: 'delete', fromStatus: 'InActive' });
    const again = await api.call('branchRecordShow', token('admin'), { Branch: created });
    expect(again.output).toBe(`Branch ${created} does not exist.`);
  });
});

describe('company logos', () => {
  const company = {
    UserInterface: 1,
    CompanyName: 'Sundaram Healthcare',
    LegalName: COMPANY.legalName,
    Pan: COMPANY.pan,
    Address: COMPANY.address,
  };

  it('takes a company logo of the gallery and refuses any other image, changing nothing', async () => {
    await api.expectRefusedWithoutChange(
      () =>
        api.call('companyUpdate', token('admin'), {
          ...company,
          Company: companyId,
          LogoPath: `files/${BRANCH_LOGO}`,
        }),
      { output: `Logo files/${BRANCH_LOGO} is not a company logo of the gallery.` },
    );
    const answer = await api.call('companyUpdate', token('admin'), {
      ...company,
      Company: companyId,
      LogoPath: `files/${COMPANY_LOGO}`,
    });
    expect(answer.records?.LogoPath).toBe(`files/${COMPANY_LOGO}`);
    const kept = await api.call('companyUpdate', token('admin'), {
      ...company,
      Company: companyId,
    });
    expect(kept.records?.LogoPath).toBe(`files/${COMPANY_LOGO}`);
    const cleared = await api.call('companyUpdate', token('admin'), {
      ...company,
      Company: companyId,
      LogoPath: '',
    });
    expect(cleared.records?.LogoPath).toBeNull();
  });
});
