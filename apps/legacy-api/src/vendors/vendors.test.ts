import { makeGstin } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { aPurchaseOrder, aVendor, useBranchLogins, withWrongCheck } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * The file starts from the reference data and makes the vendors it reads (test/factories.ts); the
 * ones it stores have PANs (AAPF…) no factory gives.
 */

const api = useTestApi({ reference: true });
const { token, branch, userId } = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);

const stateOf = (gstCode: string) => api.idOf('states', 'gstCode', gstCode);

/** A complete, valid vendor in Tamil Nadu (33), with its PAN inside its GSTIN. */
async function newVendor(overrides: Record<string, unknown> = {}) {
  const pan = 'AAPFB1234C';
  return {
    UserInterface: 1,
    VendorName: 'Bharani Biomedicals',
    Gstin: makeGstin('33', pan, '1'),
    Pan: pan,
    State: await stateOf('33'),
    Address: '12 Anna Salai, Chennai 600002',
    ContactPerson: 'R. Bharani',
    Phone: '+91 98400 12345',
    Email: 'sales@bharani.in',
    BankName: 'State Bank of India',
    BankAccountNumber: '30012345678',
    BankIfsc: 'sbin0001234',
    ...overrides,
  };
}

describe('vendors', () => {
  it('lists every vendor with the legacy list payload; the viewer may not download or edit', async () => {
    await aVendor(api.db);
    await aVendor(api.db, { stateCode: '29' });
    const admin = await api.call('vendorLists', token('admin'), { UserInterface: 1 });
    expect(admin.flag).toBe(1);
    expect(admin.records?.TableData.length).toBe(await api.count('vendors'));
    expect(admin.records?.TableData.length).toBeGreaterThanOrEqual(2);
    expect(admin.records?.TableOptions.DownloadFlag).toBe(true);
    expect(admin.records?.TableOptions.ExcelFields['0']).toBe('VendorCode');
    // A registered vendor (the file's other tests add unregistered ones, which may sort first).
    const registered = admin.records?.TableData.find((row) => row.Gstin);
    expect(registered?.Gstin?.slice(2, 12)).toBe(registered?.Pan);
    const viewer = await api.call('vendorLists', token('viewer'), { UserInterface: 1 });
    expect(viewer.records?.TableOptions.DownloadFlag).toBe(false);
    expect(viewer.records?.TableData[0]).toMatchObject({ EditFlag: false, DeleteFlag: false });
  });

  it('stores a vendor with the next code, upper-cased identifiers, and an audit row', async () => {
    // The next code follows the last vendor's id: V0001 after none, V0026 after the 25th.
    const last = await aVendor(api.db);
    const answer = await api.call('vendorStore', token('admin'), await newVendor());
    expect([answer.flag, answer.output]).toEqual([1, 'Vendor Bharani Biomedicals created.']);
    expect(answer.records).toMatchObject({
      VendorCode: `V${String(last + 1).padStart(4, '0')}`,
      BankIfsc: 'SBIN0001234',
      StateName: 'Tamil Nadu',
      ActiveStatus: 1,
    });
    const audit = await api.auditOf('vendor', answer.records?.VendorId ?? 0);
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('refuses, changing nothing: a wrong check character, another state, another PAN, a GSTIN taken, half the bank details', async () => {
    // Not the vendor the test above stored: only the rule under test may refuse.
    const good = await newVendor({ Gstin: makeGstin('33', 'AAPFD5678E', '1'), Pan: 'AAPFD5678E' });
    const gstin = String(good.Gstin);
    const wrongCheck = withWrongCheck(gstin);
    const kerala = await stateOf('32');
    const taken = await api.db
      .selectFrom('vendors')
      .select(['gstin', 'name', 'pan', 'stateId'])
      .where('id', '=', await aVendor(api.db))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ Gstin: wrongCheck }, `GSTIN ${wrongCheck} is not valid: its check character is wrong.`],
      [{ State: kerala }, `GSTIN ${gstin} belongs to state code 33, not to Kerala (32).`],
      [{ Pan: 'AAPFB9999C' }, `PAN AAPFB9999C is not the one in GSTIN ${gstin} (AAPFD5678E).`],
      [
        { Gstin: taken.gstin, Pan: taken.pan, State: taken.stateId },
        `A vendor with GSTIN ${taken.gstin} already exists: ${taken.name}.`,
      ],
      [{ BankIfsc: '' }, 'Give the bank name, account number and IFSC together, or none of them.'],
      [{ State: 999 }, 'State 999 does not exist.'],
    ];
    await api.expectCasesRefusedWithoutChange(
      (change) => api.call('vendorStore', token('admin'), { ...good, ...change }),
      cases,
    );
  });

  it('validates formats with 422 naming the field', async () => {
    const good = await newVendor();
    const cases: [Record<string, unknown>, string][] = [
      [{ VendorName: '' }, 'VendorName is required'],
      [{ Gstin: '33ABC' }, 'Gstin must be a GSTIN like 33AAPFU0939F1Z5'],
      [{ Pan: 'ABC' }, 'Pan must be a PAN like AAPFU0939F'],
      [{ Phone: 'call me' }, 'Phone must be a phone number of 8 to 15 digits'],
      [{ Email: 'not-mail' }, 'Email must be an e-mail address'],
      [{ BankAccountNumber: '12ab' }, 'BankAccountNumber must be 9 to 18 digits'],
      [{ BankIfsc: 'SBIN1234' }, 'BankIfsc must be an IFSC like SBIN0001234'],
    ];
    await api.expectCasesRefusedWithoutChange(
      (change) => api.call('vendorStore', token('admin'), { ...good, ...change }),
      cases,
      { status: 422 },
    );
  });

  it('updates and deactivates; a vendor on purchase orders cannot be deleted, an unused one can', async () => {
    const stored = await api.call(
      'vendorStore',
      token('admin'),
      await newVendor({
        Gstin: makeGstin('33', 'AAPFC4321D', '1'),
        Pan: 'AAPFC4321D',
        VendorName: 'Chola Lab Supplies',
        BankName: '',
        BankAccountNumber: '',
        BankIfsc: '',
      }),
    );
    expect(stored.records).toMatchObject({ BankName: null, BankIfsc: null });
    const id = stored.records?.VendorId ?? 0;
    const updated = await api.call('vendorUpdate', token('admin'), {
      ...(await newVendor({
        Gstin: makeGstin('33', 'AAPFC4321D', '1'),
        Pan: 'AAPFC4321D',
        VendorName: 'Chola Lab Supplies Pvt Ltd',
      })),
      Vendor: id,
      ActiveStatus: 0,
    });
    expect(updated.records).toMatchObject({
      VendorName: 'Chola Lab Supplies Pvt Ltd',
      ActiveStatus: 0,
      ActiveStatusTxt: 'InActive',
    });
    const options = await api.call('vendorOptions', token('admin'), { UserInterface: 1 });
    expect(options.records?.some((option) => option.value === id)).toBe(false);

    const order = await aPurchaseOrder(api.db, { branch: branch(), createdBy: userId('admin') });
    const used = await api.db
      .selectFrom('purchaseOrders')
      .select('vendorId')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const usedName = (
      await api.db
        .selectFrom('vendors')
        .select('name')
        .where('id', '=', used.vendorId)
        .executeTakeFirstOrThrow()
    ).name;
    await api.expectRefusedWithoutChange(
      () => api.call('vendorDestroy', token('admin'), { UserInterface: 1, Vendor: used.vendorId }),
      { output: `Cannot delete Vendor ${usedName}: it is used by 1 purchase order.` },
    );
    const deleted = await api.call('vendorDestroy', token('admin'), {
      UserInterface: 1,
      Vendor: id,
    });
    expect([deleted.flag, deleted.output]).toEqual([
      1,
      'Vendor Chola Lab Supplies Pvt Ltd deleted.',
    ]);
  });

  it('follows the grants: the manager and the viewer only list', async () => {
    const vendor = await aVendor(api.db);
    for (const user of ['manager', 'viewer'] as const) {
      await api.expectEachRefusedWithoutChange([
        [
          async () =>
            api.call('vendorStore', token(user), await newVendor({ VendorName: `By ${user}` })),
          'You are not allowed to create vendors.',
        ],
        [
          () => api.call('vendorDestroy', token(user), { UserInterface: 1, Vendor: vendor }),
          'You are not allowed to delete vendors.',
        ],
      ]);
    }
    expect(
      (await api.call('vendorShow', token('viewer'), { UserInterface: 1, Vendor: vendor })).flag,
    ).toBe(1);
  });

  it('stores unregistered suppliers without a GSTIN, as many as there are', async () => {
    const names = ['Anna Nagar Carpentry', 'Velachery Glass House'];
    for (const [index, name] of names.entries()) {
      const stored = await api.call(
        'vendorStore',
        token('admin'),
        await newVendor({ VendorName: name, Gstin: '', Pan: `AAPFU100${index}C` }),
      );
      expect(stored.flag, stored.output).toBe(1);
      expect(stored.records).toMatchObject({ VendorName: name, Gstin: null });
    }
    const rows = await api.db
      .selectFrom('vendors')
      .select(['name', 'gstin'])
      .where('name', 'in', names)
      .execute();
    expect(rows.map((row) => row.gstin)).toEqual([null, null]);
  });
});
