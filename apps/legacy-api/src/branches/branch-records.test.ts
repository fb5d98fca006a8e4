import { makeGstin } from '@branch-assets/domain';
import { type CallInput, legacyCalls } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aBranch,
  aCity,
  aCompany,
  aGalleryImage,
  aLogin,
  aPurchaseOrder,
  withWrongCheck,
} from '../test/factories.ts';
import {
  DEMO_ROLES,
  type DemoRole,
  expectExactKeys,
  unchangedUpdate,
  useTestApi,
} from '../test/test-api.ts';

/*
 * The file starts from the reference data and makes its own company, places, gallery logos and a
 * login of each role (test/factories.ts); each test makes the branches it reads or changes. The
 * branches it stores are coded BR<nnn>, codes no factory gives.
 */

const api = useTestApi({ reference: true });

type Login = Awaited<ReturnType<typeof aLogin>>;
type City = Awaited<ReturnType<typeof aCity>>;
const tokens = new Map<DemoRole, string>();
const logins = new Map<DemoRole, Login>();
let company: Awaited<ReturnType<typeof aCompany>>;
/** A city of Tamil Nadu the stored branches are in, another of Tamil Nadu, and one of Karnataka. */
let madurai: City;
let chennai: City;
let bengaluru: City;
let tamilNadu = 0;
let branchLogo = '';
let companyLogo = '';

function token(role: DemoRole): string {
  const value = tokens.get(role);
  if (!value) throw new Error(`no ${role} login: the logins are made in beforeAll`);
  return value;
}

function loginOf(role: DemoRole): Login {
  const login = logins.get(role);
  if (!login) throw new Error(`no ${role} login: the logins are made in beforeAll`);
  return login;
}

beforeAll(async () => {
  company = await aCompany(api.db);
  madurai = await aCity(api.db);
  chennai = await aCity(api.db);
  bengaluru = await aCity(api.db, { stateCode: '29' });
  tamilNadu = await api.idOf('states', 'gstCode', '33');
  // Each login works in a branch of its own; the administrator works in every branch anyway.
  for (const role of DEMO_ROLES) {
    const home = await aBranch(api.db, { company, logo: true });
    const login = await aLogin(api.db, { role, branches: [home.id] });
    logins.set(role, login);
    tokens.set(role, await api.login(login.username, login.password));
  }
  const admin = loginOf('admin').userId;
  branchLogo = (await aGalleryImage(api.db, { kind: 'branch_logo', uploadedBy: admin })).imagePath;
  companyLogo = (await aGalleryImage(api.db, { kind: 'company_logo', uploadedBy: admin }))
    .imagePath;
});

/** A new branch of the file's company, with its logo. */
const aCompanyBranch = (options: Parameters<typeof aBranch>[1] = {}) =>
  aBranch(api.db, { company, logo: true, ...options });

let serial = 0;
/** A code no branch has yet: BR<nnn>. */
function aCode(): string {
  serial += 1;
  return `BR${String(serial).padStart(3, '0')}`;
}

/** A complete, valid branch in the Madurai city (a city of Tamil Nadu), coded `code`. */
function newBranch(
  code: string,
  overrides: Record<string, unknown> = {},
): CallInput<'branchRecordStore'> {
  return {
    UserInterface: 1,
    BranchCode: code.toLowerCase(),
    BranchName: 'Madurai Anna Nagar',
    Company: company.id,
    Address: '12, 80 Feet Road, Anna Nagar',
    State: tamilNadu,
    District: madurai.districtId,
    City: madurai.id,
    Pincode: '625020',
    Gstin: makeGstin('33', company.pan, '1'),
    Phone: '0452 253 1100',
    Email: 'br001@sundaramhealthcare.in',
    ...overrides,
  } as CallInput<'branchRecordStore'>;
}

/** A branch stored through the call, as the administrator; answers its id and code. */
async function storedBranch(overrides: Record<string, unknown> = {}) {
  const code = aCode();
  const answer = await api.call('branchRecordStore', token('admin'), newBranch(code, overrides));
  if (answer.flag !== 1 || !answer.records) throw new Error(answer.output);
  return { id: answer.records.BranchId, code };
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
    const branch = await aCompanyBranch({ city: chennai });
    const closed = await aCompanyBranch();
    await api.db
      .updateTable('branches')
      .set({ active: false })
      .where('id', '=', closed.id)
      .execute();
    const answer = await api.call('branchRecordLists', token('admin'), { UserInterface: 1 });
    expect(answer.flag).toBe(1);
    const rows = answer.records?.TableData ?? [];
    const every = await api.db.selectFrom('branches').select('code').execute();
    expect(rows.map((row) => row.BranchCode)).toEqual(every.map((row) => row.code).sort());
    expect(rows.map((row) => row.BranchCode)).toEqual(
      expect.arrayContaining([branch.code, closed.code]),
    );
    const first = rows.find((row) => row.BranchCode === branch.code);
    expectExactKeys(first ?? {}, Object.keys(legacyCalls.branchRecordShow.records.shape));
    expect(first).toMatchObject({
      BranchName: branch.name,
      CompanyName: company.name,
      StateName: 'Tamil Nadu',
      DistrictName: chennai.districtName,
      CityName: chennai.name,
      Gstin: branch.gstin,
      LogoPath: `files/branch-logos/${branch.code}.svg`,
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
    const theirs = [await aCompanyBranch(), await aCompanyBranch()];
    const other = await aCompanyBranch();
    const manager = await aLogin(api.db, { role: 'manager', branches: theirs.map((b) => b.id) });
    const managerToken = await api.login(manager.username, manager.password);
    const answer = await api.call('branchRecordLists', managerToken, { UserInterface: 1 });
    expect(answer.records?.TableData.map((row) => row.BranchCode)).toEqual(
      theirs.map((branch) => branch.code).sort(),
    );
    expect(answer.records?.TableData.every((row) => !row.EditFlag && !row.DeleteFlag)).toBe(true);
    expect(answer.records?.TableOptions.DownloadFlag).toBe(false);
    const [, second] = theirs;
    const own = await api.call('branchRecordShow', managerToken, { Branch: second?.id ?? 0 });
    expect(own.records?.BranchName).toBe(second?.name);
    const shown = await api.call('branchRecordShow', managerToken, { Branch: other.id });
    expect([shown.flag, shown.output]).toEqual([0, `Branch ${other.id} does not exist.`]);
    const viewerBranches = [await aCompanyBranch(), await aCompanyBranch(), await aCompanyBranch()];
    const viewer = await aLogin(api.db, {
      role: 'viewer',
      branches: viewerBranches.map((b) => b.id),
    });
    const viewerAnswer = await api.call(
      'branchRecordLists',
      await api.login(viewer.username, viewer.password),
      { UserInterface: 1 },
    );
    const viewerCodes = viewerAnswer.records?.TableData.map((row) => row.BranchCode);
    expect(viewerCodes).toEqual(viewerBranches.map((branch) => branch.code).sort());
  });

  it('refuses what a role is not granted, changing nothing', async () => {
    const branch = await aCompanyBranch();
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('branchRecordStore', token('manager'), newBranch(aCode())),
        'You are not allowed to create branches.',
      ],
      [
        () =>
          api.call('branchRecordUpdate', token('viewer'), {
            ...newBranch(aCode()),
            Branch: branch.id,
          }),
        'You are not allowed to edit branches.',
      ],
      [
        () => api.call('branchRecordDestroy', token('verifier'), { Branch: branch.id }),
        'You are not allowed to delete branches.',
      ],
      [
        () => api.call('branchRecordStore', token('approver'), newBranch(aCode())),
        'You are not allowed to create branches.',
      ],
    ]);
  });
});

describe('branch records: store, update, destroy', () => {
  it('stores a branch with an upper-cased code, active by default, and an audit row', async () => {
    const code = aCode();
    const answer = await api.call('branchRecordStore', token('admin'), newBranch(code));
    expect([answer.flag, answer.output]).toEqual([
      1,
      `Branch Madurai Anna Nagar (${code}) created.`,
    ]);
    expect(answer.records).toMatchObject({
      BranchCode: code,
      CityName: madurai.name,
      LogoPath: null,
      ActiveStatus: 1,
    });
    const created = answer.records?.BranchId ?? 0;
    const audit = await api.auditOf('branch', created);
    expect(audit).toMatchObject([{ action: 'create', toStatus: 'Active' }]);
  });

  it('refuses, changing nothing: a code taken, unknown or mismatched places, a wrong GSTIN, a logo not of the gallery', async () => {
    const created = await storedBranch();
    const other = await aCompanyBranch();
    const spaced = `${created.code.slice(0, 2)} ${created.code.slice(2)}`.toLowerCase();
    const cases: [Record<string, unknown>, string][] = [
      [{ BranchCode: spaced }, `Branch code ${created.code} already exists.`],
      [{ BranchCode: other.code.toLowerCase() }, `Branch code ${other.code} already exists.`],
      [{ Company: 999 }, 'Company 999 does not exist.'],
      [{ State: 999 }, 'State 999 does not exist.'],
      [{ District: 99999 }, 'District 99999 does not exist.'],
      [
        { District: bengaluru.districtId },
        `District ${bengaluru.districtName} is not in State Tamil Nadu.`,
      ],
      [{ City: 99999 }, 'City 99999 does not exist.'],
      [{ City: chennai.id }, `City ${chennai.name} is not in District ${madurai.districtName}.`],
      // Another check character than the right one (a fixed one is right for one PAN in 36).
      [
        { Gstin: withWrongCheck(makeGstin('33', company.pan, '1')) },
        `GSTIN ${withWrongCheck(makeGstin('33', company.pan, '1'))} is not valid: its check character is wrong.`,
      ],
      [
        { Gstin: makeGstin('29', company.pan, '1') },
        `GSTIN ${makeGstin('29', company.pan, '1')} belongs to state code 29, not to Tamil Nadu (33).`,
      ],
      [
        { Gstin: makeGstin('33', 'AAKCZ1111Z', '1') },
        `GSTIN ${makeGstin('33', 'AAKCZ1111Z', '1')} does not hold the PAN of Company ${company.name} (${company.pan}).`,
      ],
      [
        { LogoPath: `files/${companyLogo}` },
        `Logo files/${companyLogo} is not a branch logo of the gallery.`,
      ],
      [
        { LogoPath: `files/branch-logos/${other.code}.svg` },
        `Logo files/branch-logos/${other.code}.svg is not a branch logo of the gallery.`,
      ],
    ];
    const code = aCode();
    await api.expectCasesRefusedWithoutChange(
      (change) => api.call('branchRecordStore', token('admin'), newBranch(code, change)),
      cases,
    );
    await api.expectRefusedWithoutChange(
      () =>
        api.call('branchRecordUpdate', token('admin'), {
          ...newBranch(other.code),
          Branch: created.id,
        }),
      { output: `Branch code ${other.code} already exists.` },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('branchRecordUpdate', token('admin'), { ...newBranch(aCode()), Branch: 9999 }),
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
      (change) => api.call('branchRecordStore', token('admin'), newBranch(aCode(), change)),
      cases,
      { status: 422 },
    );
  });

  it('updates: a gallery logo, kept when left out; InActive with the status in the audit row', async () => {
    const { id: created, code } = await storedBranch();
    const logo = await api.call('branchRecordUpdate', token('admin'), {
      ...newBranch(code, { BranchName: 'Madurai K.K. Nagar', LogoPath: `files/${branchLogo}` }),
      Branch: created,
    });
    expect([logo.flag, logo.output]).toEqual([1, `Branch Madurai K.K. Nagar (${code}) updated.`]);
    expect(logo.records?.LogoPath).toBe(`files/${branchLogo}`);
    const off = await api.call('branchRecordUpdate', token('admin'), {
      ...newBranch(code, { BranchName: 'Madurai K.K. Nagar', ActiveStatus: 0 }),
      Branch: created,
    });
    expect(off.records).toMatchObject({
      LogoPath: `files/${branchLogo}`,
      ActiveStatus: 0,
      ActiveStatusTxt: 'InActive',
    });
    const audit = (await api.auditOf('branch', created)).at(-1);
    expect(audit).toMatchObject({ action: 'edit', fromStatus: 'Active', toStatus: 'InActive' });
    // The chooser lists only active branches the user works in: nothing of its shape changed.
    const chooser = await api.call('branchLists', token('admin'), { AppFlag: true });
    expect(chooser.flag).toBe(1);
    expect((chooser.records ?? []).some((branch) => branch.BranchCode === code)).toBe(false);
  });

  it('keeps a logo a branch already has (the demo logos predate the gallery)', async () => {
    const { id } = await aCompanyBranch();
    const shown = await api.call('branchRecordShow', token('admin'), { Branch: id });
    const row = shown.records;
    if (!row) throw new Error(shown.output);
    expect(row.LogoPath).toMatch(/^files\/branch-logos\//);
    const answer = await api.call(
      'branchRecordUpdate',
      token('admin'),
      unchangedUpdate('branchRecordUpdate', row),
    );
    expect(answer.flag).toBe(1);
    expect(answer.records).toEqual({ ...row });
  });

  it('refuses to delete a branch still referred to, naming what refers to it', async () => {
    const used = await aCompanyBranch();
    // Two staff members with logins at home there, each of whom raised one of its orders.
    for (let index = 0; index < 2; index += 1) {
      const raiser = await aLogin(api.db, { role: 'manager', branches: [used.id] });
      await aPurchaseOrder(api.db, { branch: used.id, createdBy: raiser.userId });
    }
    await api.expectRefusedWithoutChange(
      () => api.call('branchRecordDestroy', token('admin'), { Branch: used.id }),
      {
        output: new RegExp(
          `^Cannot delete Branch ${used.name} \\(${used.code}\\): it is used by 2 staff members, 2 staff assignments, 2 purchase orders, 2 users \\(primary branch\\)`,
        ),
      },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('branchRecordDestroy', token('manager'), { Branch: used.id }),
      { output: 'You are not allowed to delete branches.' },
    );
  });

  it('deletes a branch nothing refers to, with an audit row', async () => {
    const { id: created, code } = await storedBranch({ BranchName: 'Madurai K.K. Nagar' });
    const off = await api.call('branchRecordUpdate', token('admin'), {
      ...newBranch(code, { BranchName: 'Madurai K.K. Nagar', ActiveStatus: 0 }),
      Branch: created,
    });
    expect(off.records?.ActiveStatus).toBe(0);
    const answer = await api.call('branchRecordDestroy', token('admin'), { Branch: created });
    expect([answer.flag, answer.output]).toEqual([
      1,
      `Branch Madurai K.K. Nagar (${code}) deleted.`,
    ]);
    const audit = (await api.auditOf('branch', created)).at(-1);
    expect(audit).toMatchObject({ action: 'delete', fromStatus: 'InActive' });
    const again = await api.call('branchRecordShow', token('admin'), { Branch: created });
    expect(again.output).toBe(`Branch ${created} does not exist.`);
  });
});

describe('company logos', () => {
  const companyBody = () => ({
    UserInterface: 1,
    CompanyName: company.name,
    LegalName: `${company.name} Private Limited`,
    Pan: company.pan,
    Address: '1 Test Road, Chennai',
  });

  it('takes a company logo of the gallery and refuses any other image, changing nothing', async () => {
    await api.expectRefusedWithoutChange(
      () =>
        api.call('companyUpdate', token('admin'), {
          ...companyBody(),
          Company: company.id,
          LogoPath: `files/${branchLogo}`,
        }),
      { output: `Logo files/${branchLogo} is not a company logo of the gallery.` },
    );
    const answer = await api.call('companyUpdate', token('admin'), {
      ...companyBody(),
      Company: company.id,
      LogoPath: `files/${companyLogo}`,
    });
    expect(answer.records?.LogoPath).toBe(`files/${companyLogo}`);
    const kept = await api.call('companyUpdate', token('admin'), {
      ...companyBody(),
      Company: company.id,
    });
    expect(kept.records?.LogoPath).toBe(`files/${companyLogo}`);
    const cleared = await api.call('companyUpdate', token('admin'), {
      ...companyBody(),
      Company: company.id,
      LogoPath: '',
    });
    expect(cleared.records?.LogoPath).toBeNull();
  });
});
