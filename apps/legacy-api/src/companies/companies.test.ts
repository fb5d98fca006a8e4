import { makeGstin } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { aBranch, aCompany, useBranchLogins, withWrongCheck } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * The file starts from the reference data and makes the companies it reads (test/factories.ts);
 * the ones it stores have names and PANs (AAKC…) no factory gives.
 */

const api = useTestApi({ reference: true });
const { token } = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);

/** The ids of every company, in the list's order (by name). */
async function everyCompany(): Promise<number[]> {
  const rows = await api.db
    .selectFrom('companies')
    .select('id')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A complete, valid company. */
function newCompany(overrides: Record<string, unknown> = {}) {
  return {
    UserInterface: 1,
    CompanyName: 'Kaveri Diagnostics',
    LegalName: 'Kaveri Diagnostics Private Limited',
    Pan: 'aakck1234m',
    Address: '5 Mount Road, Chennai 600002',
    ...overrides,
  };
}

describe('companies', () => {
  it('lists every company with the legacy list payload; the viewer may not download or edit', async () => {
    const company = await aCompany(api.db);
    const admin = await api.call('companyLists', token('admin'), { UserInterface: 1 });
    expect(admin.flag).toBe(1);
    expect(admin.records?.TableData.map((row) => row.CompanyId)).toEqual(await everyCompany());
    expect(admin.records?.TableData.find((row) => row.CompanyId === company.id)).toMatchObject({
      CompanyName: company.name,
      Pan: company.pan,
      ActiveStatus: 1,
      ActiveStatusTxt: 'Active',
      EditFlag: true,
      DeleteFlag: true,
    });
    expect(admin.records?.TableOptions).toMatchObject({
      ItemKey: 'CompanyId',
      DownloadFlag: true,
      ExcelFields: { '0': 'CompanyName', '1': 'LegalName', '2': 'Pan' },
    });
    const viewer = await api.call('companyLists', token('viewer'), { UserInterface: 1 });
    expect(viewer.records?.TableOptions.DownloadFlag).toBe(false);
    expect(viewer.records?.TableData.find((row) => row.CompanyId === company.id)).toMatchObject({
      EditFlag: false,
      DeleteFlag: false,
    });
  });

  it('stores a company with an upper-cased PAN, active by default, and an audit row', async () => {
    const answer = await api.call('companyStore', token('admin'), newCompany());
    expect([answer.flag, answer.output]).toEqual([1, 'Company Kaveri Diagnostics created.']);
    expect(answer.records).toMatchObject({ Pan: 'AAKCK1234M', ActiveStatus: 1 });
    const audit = await api.auditOf('company', answer.records?.CompanyId ?? 0);
    expect(audit).toMatchObject([{ action: 'create', toStatus: 'Active' }]);
    const options = await api.call('companyOptions', token('admin'), { UserInterface: 1 });
    const active = await api.db
      .selectFrom('companies')
      .select('name')
      .where('active', '=', true)
      .orderBy('name')
      .execute();
    expect(active.map((row) => row.name)).toContain('Kaveri Diagnostics');
    expect(options.records?.map((option) => option.text)).toEqual(active.map((row) => row.name));
  });

  it('refuses, changing nothing: a name taken regardless of case, a PAN taken, an unknown company', async () => {
    const taken = await aCompany(api.db);
    const otherCase = taken.name.toUpperCase().replace('TEST', 'test');
    const cases: [
      ['companyStore' | 'companyUpdate' | 'companyDestroy', Record<string, unknown>],
      string,
    ][] = [
      [
        ['companyStore', newCompany({ CompanyName: otherCase, Pan: 'AAKCZ1111Z' })],
        `Company ${otherCase} already exists.`,
      ],
      [
        ['companyStore', newCompany({ CompanyName: 'Another', Pan: taken.pan.toLowerCase() })],
        `PAN ${taken.pan} is already used by Company ${taken.name}.`,
      ],
      [
        ['companyUpdate', newCompany({ Company: 999, Pan: 'AAKCZ1111Z' })],
        'Company 999 does not exist.',
      ],
      [['companyDestroy', { UserInterface: 1, Company: 999 }], 'Company 999 does not exist.'],
    ];
    await api.expectCasesRefusedWithoutChange(
      ([name, body]) => api.call(name, token('admin'), body),
      cases,
    );
  });

  it("keeps the registered office GSTIN: checked, holding the PAN, no other company's, removable", async () => {
    const other = await aCompany(api.db, { gstinState: '33' });
    const list = await api.call('companyLists', token('admin'), { UserInterface: 1 });
    expect(list.records?.TableData.find((row) => row.CompanyId === other.id)).toMatchObject({
      Gstin: makeGstin('33', other.pan, '1'),
    });
    const gstin = makeGstin('29', 'AAKCG2222G', '1');
    const stored = await api.call(
      'companyStore',
      token('admin'),
      newCompany({
        CompanyName: 'Ganga Clinics',
        Pan: 'AAKCG2222G',
        Gstin: ` ${gstin.toLowerCase()} `,
      }),
    );
    expect([stored.flag, stored.records?.Gstin]).toEqual([1, gstin]);
    const id = stored.records?.CompanyId ?? 0;
    const wrongCheck = withWrongCheck(gstin);
    const cases: [Record<string, unknown>, string][] = [
      [{ Gstin: wrongCheck }, `GSTIN ${wrongCheck} is not valid: its check character is wrong.`],
      [
        { Gstin: makeGstin('99', 'AAKCG2222G', '1') },
        `GSTIN ${makeGstin('99', 'AAKCG2222G', '1')} names state code 99, which is no state of the list.`,
      ],
      [
        { Gstin: makeGstin('29', 'AAKCX9999X', '1') },
        `GSTIN ${makeGstin('29', 'AAKCX9999X', '1')} does not hold the PAN of the company (AAKCG2222G).`,
      ],
      [
        { Gstin: other.gstin, Pan: other.pan, CompanyName: 'Ganga Clinics' },
        `PAN ${other.pan} is already used by Company ${other.name}.`,
      ],
      // Changing the PAN while keeping the GSTIN would leave a GSTIN of another PAN.
      [
        { Gstin: undefined, Pan: 'AAKCH3333H' },
        `GSTIN ${gstin} does not hold the PAN of the company (AAKCH3333H).`,
      ],
    ];
    await api.expectCasesRefusedWithoutChange(
      (change) =>
        api.call('companyUpdate', token('admin'), {
          ...newCompany({ CompanyName: 'Ganga Clinics', Pan: 'AAKCG2222G' }),
          Company: id,
          ...change,
        }),
      cases,
    );
    const twin = await api.call(
      'companyStore',
      token('admin'),
      newCompany({ CompanyName: 'Ganga Twin', Pan: 'AAKCG2222G', Gstin: gstin }),
    );
    expect(twin.output).toBe('PAN AAKCG2222G is already used by Company Ganga Clinics.');
    await api.expectRefusedWithoutChange(
      () =>
        api.call('companyStore', token('admin'), {
          ...newCompany({ CompanyName: 'Bad Format', Pan: 'AAKCB1234B' }),
          Gstin: '33AAKCB1234B',
        }),
      { status: 422, output: 'Gstin must be a GSTIN like 33AAPFU0939F1Z5' },
    );
    // Left out, it stays; empty removes it.
    const kept = await api.call('companyUpdate', token('admin'), {
      ...newCompany({ CompanyName: 'Ganga Clinics', Pan: 'AAKCG2222G' }),
      Company: id,
    });
    expect(kept.records?.Gstin).toBe(gstin);
    const removed = await api.call('companyUpdate', token('admin'), {
      ...newCompany({ CompanyName: 'Ganga Clinics', Pan: 'AAKCG2222G' }),
      Company: id,
      Gstin: '',
    });
    expect([removed.flag, removed.records?.Gstin]).toEqual([1, null]);
  });

  it('validates formats with 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ CompanyName: '' }, 'CompanyName is required'],
      [{ LegalName: ' ' }, 'LegalName is required'],
      [{ Pan: 'ABC' }, 'Pan must be a PAN like AAPFU0939F'],
      [{ Pan: '1234567890' }, 'Pan must be a PAN like AAPFU0939F'],
      [{ Address: '' }, 'Address is required'],
      [{ ActiveStatus: 2 }, 'ActiveStatus must be 1 or 0'],
    ];
    await api.expectCasesRefusedWithoutChange(
      (change) =>
        api.call('companyStore', token('admin'), {
          ...newCompany({ CompanyName: 'Format Check', Pan: 'AAKCF1234F' }),
          ...change,
        }),
      cases,
      { status: 422 },
    );
  });

  it('updates and deactivates; the company of the branches cannot be deleted, an unused one can', async () => {
    const stored = await api.call(
      'companyStore',
      token('admin'),
      newCompany({ CompanyName: 'Chola Labs', Pan: 'AAKCC4321D' }),
    );
    const id = stored.records?.CompanyId ?? 0;
    const updated = await api.call('companyUpdate', token('admin'), {
      ...newCompany({ CompanyName: 'Chola Labs Pvt Ltd', Pan: 'AAKCC4321D' }),
      Company: id,
      ActiveStatus: 0,
    });
    expect([updated.flag, updated.output]).toEqual([1, 'Company Chola Labs Pvt Ltd updated.']);
    expect(updated.records).toMatchObject({ ActiveStatus: 0, ActiveStatusTxt: 'InActive' });
    // Its own name in another case is not a duplicate of itself.
    const renamed = await api.call('companyUpdate', token('admin'), {
      ...newCompany({ CompanyName: 'CHOLA LABS PVT LTD', Pan: 'AAKCC4321D' }),
      Company: id,
    });
    expect(renamed.records).toMatchObject({ CompanyName: 'CHOLA LABS PVT LTD', ActiveStatus: 0 });
    const options = await api.call('companyOptions', token('admin'), { UserInterface: 1 });
    expect(options.records?.some((option) => option.value === id)).toBe(false);

    const used = await aCompany(api.db);
    await aBranch(api.db, { company: used });
    await aBranch(api.db, { company: used });
    await api.expectRefusedWithoutChange(
      () => api.call('companyDestroy', token('admin'), { UserInterface: 1, Company: used.id }),
      { output: `Cannot delete Company ${used.name}: it is used by 2 branches.` },
    );
    const deleted = await api.call('companyDestroy', token('admin'), {
      UserInterface: 1,
      Company: id,
    });
    expect([deleted.flag, deleted.output]).toEqual([1, 'Company CHOLA LABS PVT LTD deleted.']);
    const audit = await api.auditOf('company', id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'edit', 'edit', 'delete']);
  });

  it('follows the grants: the manager does not see companies, the viewer only lists', async () => {
    const company = await aCompany(api.db);
    await api.expectRefusedWithoutChange(
      () => api.call('companyLists', token('manager'), { UserInterface: 1 }),
      { output: 'You are not allowed to list companies.' },
    );
    for (const user of ['manager', 'viewer'] as const) {
      await api.expectEachRefusedWithoutChange([
        [
          () =>
            api.call(
              'companyStore',
              token(user),
              newCompany({ CompanyName: `By ${user}`, Pan: 'AAKCV1234V' }),
            ),
          'You are not allowed to create companies.',
        ],
        [
          () =>
            api.call('companyUpdate', token(user), {
              ...newCompany({ Pan: 'AAKCV1234V' }),
              Company: company.id,
            }),
          'You are not allowed to edit companies.',
        ],
        [
          () => api.call('companyDestroy', token(user), { UserInterface: 1, Company: company.id }),
          'You are not allowed to delete companies.',
        ],
      ]);
    }
    const shown = await api.call('companyShow', token('viewer'), {
      UserInterface: 1,
      Company: company.id,
    });
    expect([shown.flag, shown.records?.CompanyName]).toEqual([1, company.name]);
  });

  it('keeps its purchase terms and GST-in-cost setting, unchanged by an update that leaves them out', async () => {
    const stored = await api.call(
      'companyStore',
      token('admin'),
      newCompany({
        CompanyName: 'Terms Hospitals',
        Pan: 'AAKCT7777T',
        PurchaseTerms: '1. Deliver to the stores.',
        GstInAssetCost: 1,
      }),
    );
    expect(stored.records).toMatchObject({
      PurchaseTerms: '1. Deliver to the stores.',
      GstInAssetCost: true,
    });
    const id = stored.records?.CompanyId ?? 0;
    const updated = await api.call('companyUpdate', token('admin'), {
      ...newCompany({ CompanyName: 'Terms Hospitals', Pan: 'AAKCT7777T' }),
      Company: id,
    });
    expect(updated.records).toMatchObject({
      PurchaseTerms: '1. Deliver to the stores.',
      GstInAssetCost: true,
    });
  });
});
