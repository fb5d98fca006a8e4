import { beforeAll, describe, expect, it } from 'vitest';
import { BRANCHES } from '../seed/demo-data.ts';
import {
  branchIdsByCode,
  DEMO_USERS,
  type DemoUser,
  expectExactKeys,
  useTestApi,
} from '../test/test-api.ts';

const ALL_CODES = BRANCHES.map((branch) => branch.code).sort();
const NAME_OF = new Map(BRANCHES.map((branch) => [branch.code, branch.name]));

const api = useTestApi({ login: DEMO_USERS });
const { token } = api;
let idOf: (code: string) => number;
beforeAll(async () => {
  idOf = await branchIdsByCode(api.db);
});

/** Runs `check` with the branch made inactive, and makes it active again whatever happens. */
async function whileInactive(code: string, check: () => Promise<void>): Promise<void> {
  const setActive = (active: boolean) =>
    api.db.updateTable('branches').set({ active }).where('code', '=', code).execute();
  await setActive(false);
  try {
    await check();
  } finally {
    await setActive(true);
  }
}

async function userRow(username: string) {
  return api.db
    .selectFrom('users')
    .select(['id', 'staffId', 'primaryBranchId'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

/** The id of the assignment of a staff member (by name) to a branch (by code). */
type Assignment = Awaited<ReturnType<typeof assignment>>;

/** The body that removes the assignment. */
const removal = (target: Assignment) => ({
  BranchStaff: target.branchStaffId,
  Branch: target.branchId,
  Staff: target.staffId,
});

async function assignment(staffName: string, branchCode: string) {
  return api.db
    .selectFrom('branchStaff')
    .innerJoin('staff', 'staff.id', 'branchStaff.staffId')
    .select(['branchStaff.id as branchStaffId', 'branchStaff.staffId', 'branchStaff.branchId'])
    .where('staff.name', '=', staffName)
    .where('branchStaff.branchId', '=', idOf(branchCode))
    .executeTakeFirstOrThrow();
}

describe('branch/lists', () => {
  const expected: Record<DemoUser, string[]> = {
    admin: ALL_CODES,
    approver: ALL_CODES,
    verifier: [
      'CBE-RSP',
      'CHN-ANN',
      'CHN-HO',
      'CHN-VEL',
      'COK-EDP',
      'MDU-KKN',
      'TRY-CNT',
      'TVM-PTM',
    ],
    manager: ['CHN-ANN', 'CHN-VEL'],
    viewer: ['BLR-JAY', 'BLR-WHF', 'CHN-HO', 'HYD-BHL', 'MYS-VVM'],
    kavitha: ['CBE-RSP', 'MDU-KKN', 'TRY-CNT'],
  };

  it.each(DEMO_USERS)('gives %s exactly their branches, sorted by code', async (user) => {
    const answer = await api.call('branchLists', token(user), { AppFlag: true });
    expect(answer.status).toBe(200);
    expect(answer.flag).toBe(1);
    const codes = expected[user];
    expect(answer.output).toBe(`${codes.length} branches.`);
    expect(answer.raw).toEqual(
      codes.map((code) => ({
        BranchId: idOf(code),
        BranchCode: code,
        BranchName: NAME_OF.get(code),
        AssetLogoPath: `files/branch-logos/${code}.svg`,
      })),
    );
    for (const record of answer.records ?? []) {
      expectExactKeys(record, ['BranchId', 'BranchCode', 'BranchName', 'AssetLogoPath']);
    }
  });

  it('counts: admin 12, verifier 8, approver 12, manager 2, viewer 5, kavitha 3', async () => {
    const counts: Record<string, number> = {};
    for (const user of DEMO_USERS)
      counts[user] = (await api.call('branchLists', token(user))).records?.length ?? -1;
    expect(counts).toEqual({
      admin: 12,
      verifier: 8,
      approver: 12,
      manager: 2,
      viewer: 5,
      kavitha: 3,
    });
  });

  it('leaves out a branch that is no longer active', async () => {
    await whileInactive('CHN-VEL', async () => {
      const answer = await api.call('branchLists', token('manager'));
      expect(answer.records?.map((branch) => branch.BranchCode)).toEqual(['CHN-ANN']);
      expect(answer.output).toBe('1 branches.');
    });
  });

  it('refuses a malformed AppFlag with 422', async () => {
    const answer = await api.call('branchLists', token('admin'), { AppFlag: 'maybe' });
    expect([answer.status, answer.flag, answer.output]).toEqual([
      422,
      0,
      'AppFlag must be true or false',
    ]);
  });
});

describe('branch/options', () => {
  const option = (code: string) => ({ value: idOf(code), text: `${code} - ${NAME_OF.get(code)}` });

  it("defaults to the user's branches, as value/text options sorted by code", async () => {
    const answer = await api.call('branchOptions', token('manager'), {});
    expect(answer.flag).toBe(1);
    expect(answer.output).toBe('2 branches.');
    expect(answer.raw).toEqual([option('CHN-ANN'), option('CHN-VEL')]);
    for (const record of answer.records ?? []) expectExactKeys(record, ['value', 'text']);
    const explicit = await api.call('branchOptions', token('manager'), { Source: 'user' });
    expect(explicit.raw).toEqual(answer.raw);
  });

  it('with Source all gives every active branch, whoever asks', async () => {
    const answer = await api.call('branchOptions', token('manager'), { Source: 'all' });
    expect(answer.raw).toEqual(ALL_CODES.map(option));
    const viewer = await api.call('branchOptions', token('viewer'), { Source: 'all' });
    expect(viewer.raw).toEqual(answer.raw);
  });

  it('filters by state', async () => {
    const tamilNadu = await api.db
      .selectFrom('states')
      .select('id')
      .where('gstCode', '=', '33')
      .executeTakeFirstOrThrow();
    const karnataka = await api.db
      .selectFrom('states')
      .select('id')
      .where('gstCode', '=', '29')
      .executeTakeFirstOrThrow();
    const all = await api.call('branchOptions', token('manager'), {
      Source: 'all',
      Conditions: { StateId: tamilNadu.id },
    });
    expect(all.raw).toEqual(
      ['CBE-RSP', 'CHN-ANN', 'CHN-HO', 'CHN-VEL', 'MDU-KKN', 'TRY-CNT'].map(option),
    );
    const viewer = await api.call('branchOptions', token('viewer'), {
      Conditions: { StateId: karnataka.id },
    });
    expect(viewer.raw).toEqual(['BLR-JAY', 'BLR-WHF', 'MYS-VVM'].map(option));
    const mine = await api.call('branchOptions', token('viewer'), {
      Conditions: { StateId: tamilNadu.id },
    });
    expect(mine.raw).toEqual([option('CHN-HO')]);
    const none = await api.call('branchOptions', token('manager'), {
      Conditions: { StateId: karnataka.id },
    });
    expect([none.flag, none.output, none.raw]).toEqual([1, '0 branches.', []]);
  });

  it('searches code and name case-insensitively', async () => {
    const chennai = await api.call('branchOptions', token('admin'), {
      Source: 'all',
      Conditions: { Search: 'chennai' },
    });
    expect(chennai.raw).toEqual(['CHN-ANN', 'CHN-HO', 'CHN-VEL'].map(option));
    const byCode = await api.call('branchOptions', token('admin'), {
      Source: 'all',
      Conditions: { Search: 'hyd-' },
    });
    expect(byCode.raw).toEqual([option('HYD-BHL')]);
    const dotted = await api.call('branchOptions', token('admin'), {
      Source: 'all',
      Conditions: { Search: 'r.s.' },
    });
    expect(dotted.raw).toEqual([option('CBE-RSP')]);
    const mine = await api.call('branchOptions', token('kavitha'), { Conditions: { Search: 'a' } });
    expect(mine.raw).toEqual(['CBE-RSP', 'MDU-KKN', 'TRY-CNT'].map(option));
    const blank = await api.call('branchOptions', token('manager'), {
      Conditions: { Search: '   ' },
    });
    expect(blank.raw).toEqual([option('CHN-ANN'), option('CHN-VEL')]);
  });

  it('treats % and _ (and backslash) in a search literally', async () => {
    for (const Search of ['%', '_', 'CHN_', 'C%N', '\\', '%%']) {
      const answer = await api.call('branchOptions', token('admin'), {
        Source: 'all',
        Conditions: { Search },
      });
      expect({ Search, records: answer.raw }).toEqual({ Search, records: [] });
    }
    // A branch whose name has them is found by them, and only it.
    const template = await api.db
      .selectFrom('branches')
      .select(['companyId', 'stateId', 'districtId', 'cityId'])
      .where('code', '=', 'CHN-HO')
      .executeTakeFirstOrThrow();
    const inserted = await api.db
      .insertInto('branches')
      .values({ ...template, code: 'TST-PCT', name: '100% Care_Centre', address: 'Test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const expected = [{ value: inserted.id, text: 'TST-PCT - 100% Care_Centre' }];
      for (const Search of ['%', '_', '0% c', 'E_C']) {
        const answer = await api.call('branchOptions', token('admin'), {
          Source: 'all',
          Conditions: { Search },
        });
        expect({ Search, records: answer.raw }).toEqual({ Search, records: expected });
      }
    } finally {
      await api.db.deleteFrom('branches').where('id', '=', inserted.id).execute();
    }
  });

  it.each([
    [{ Source: 'everyone' }, 'Source must be user or all'],
    [{ Conditions: { StateId: 'TN' } }, 'Conditions.StateId must be a positive whole number'],
    [
      { Conditions: { Search: 'x'.repeat(101) } },
      'Conditions.Search must be at most 100 characters',
    ],
  ])('refuses %o with 422 %s', async (body, output) => {
    const answer = await api.call('branchOptions', token('admin'), body);
    expect([answer.status, answer.flag, answer.output]).toEqual([422, 0, output]);
  });
});

describe('person/update-primary-branch', () => {
  const auditRows = (userId: number) => api.auditOf('user', userId, 'Primary branch changed');

  it('stores a branch the user works in, shows it in me, and audits the change', async () => {
    const admin = await userRow('admin');
    expect(admin.primaryBranchId).toBe(idOf('CHN-HO'));
    const answer = await api.call('updatePrimaryBranch', token('admin'), {
      BranchId: idOf('CHN-ANN'),
      BranchCode: 'CHN-ANN',
      BranchName: 'Chennai Anna Nagar',
      AssetLogoPath: 'files/branch-logos/CHN-ANN.svg',
    });
    expect(answer.status).toBe(200);
    expect(answer.flag).toBe(1);
    expect(answer.output).toBe('Primary branch set to CHN-ANN - Chennai Anna Nagar.');
    const branch = {
      BranchId: idOf('CHN-ANN'),
      BranchCode: 'CHN-ANN',
      BranchName: 'Chennai Anna Nagar',
      AssetLogoPath: 'files/branch-logos/CHN-ANN.svg',
    };
    expect(answer.raw).toEqual(branch);
    expect((await userRow('admin')).primaryBranchId).toBe(idOf('CHN-ANN'));
    expect((await api.call('me', token('admin'))).records?.PrimaryBranch).toEqual(branch);
    const audit = await auditRows(admin.id);
    expect(audit).toMatchObject([
      {
        action: 'Primary branch changed',
        entity: 'user',
        entityId: admin.id,
        userId: admin.id,
        branchId: idOf('CHN-ANN'),
      },
    ]);
    expect(audit.map((row) => row.details)).toEqual([
      { from: idOf('CHN-HO'), to: idOf('CHN-ANN') },
    ]);
  });

  it('refuses a branch the user does not work in, changing nothing', async () => {
    for (const code of ['CHN-HO', 'HYD-BHL']) {
      await api.expectRefusedWithoutChange(
        () => api.call('updatePrimaryBranch', token('manager'), { BranchId: idOf(code) }),
        { output: 'You do not work in that branch.' },
      );
    }
    await api.expectRefusedWithoutChange(
      () => api.call('updatePrimaryBranch', token('manager'), { BranchId: 999_999 }),
      { output: 'You do not work in that branch.' },
    );
    expect((await userRow('manager')).primaryBranchId).toBe(idOf('CHN-ANN'));
  });

  it('refuses an inactive branch the user works in', async () => {
    await whileInactive('CHN-VEL', () =>
      api.expectRefusedWithoutChange(
        () => api.call('updatePrimaryBranch', token('manager'), { BranchId: idOf('CHN-VEL') }),
        { output: 'You do not work in that branch.' },
      ),
    );
  });

  it('lets kavitha, who has no primary branch yet, choose one', async () => {
    const kavitha = await userRow('kavitha');
    expect(kavitha.primaryBranchId).toBeNull();
    const answer = await api.call('updatePrimaryBranch', token('kavitha'), {
      BranchId: idOf('MDU-KKN'),
    });
    expect(answer.flag).toBe(1);
    expect((await userRow('kavitha')).primaryBranchId).toBe(idOf('MDU-KKN'));
    expect((await api.call('me', token('kavitha'))).records?.PrimaryBranch?.BranchCode).toBe(
      'MDU-KKN',
    );
    expect((await auditRows(kavitha.id)).map((row) => row.details)).toEqual([
      { from: null, to: idOf('MDU-KKN') },
    ]);
  });

  it('accepts a form-encoded body with the token in it (API version 2)', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/person/update-primary-branch',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token('viewer')}&UserInterface=2&BranchId=${idOf('BLR-JAY')}&BranchCode=BLR-JAY`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ flag: 1, records: { BranchCode: 'BLR-JAY' } });
    expect((await userRow('viewer')).primaryBranchId).toBe(idOf('BLR-JAY'));
  });

  it('refuses a missing BranchId with 422, changing nothing', async () => {
    await api.expectRefusedWithoutChange(
      () => api.call('updatePrimaryBranch', token('manager'), {}),
      {
        status: 422,
        output: 'BranchId is required',
      },
    );
  });
});

describe('branch-asset/destroy', () => {
  const removalAudits = (staffId: number) => api.auditOf('staff', staffId, 'Removed from branch');

  it("removes a staff member's assignment in the manager's branch, and audits it", async () => {
    const target = await assignment('Meena Sundaram', 'CHN-ANN');
    const manager = await userRow('manager');
    const answer = await api.call('branchAssetDestroy', token('manager'), removal(target));
    expect(answer).toMatchObject({
      status: 200,
      flag: 1,
      output: 'Staff member removed from the branch.',
      raw: null,
    });
    const left = await api.db
      .selectFrom('branchStaff')
      .select('id')
      .where('id', '=', target.branchStaffId)
      .execute();
    expect(left).toEqual([]);
    const audit = await removalAudits(target.staffId);
    expect(audit).toMatchObject([
      {
        entity: 'staff',
        entityId: target.staffId,
        action: 'Removed from branch',
        userId: manager.id,
        branchId: idOf('CHN-ANN'),
      },
    ]);
    expect(audit.map((row) => row.details)).toEqual([{ branchStaffId: target.branchStaffId }]);
    // The same removal again finds nothing.
    await api.expectRefusedWithoutChange(
      () => api.call('branchAssetDestroy', token('manager'), removal(target)),
      { output: 'Staff assignment not found.' },
    );
  });

  it('clears the primary branch of a user whose primary it was, and only theirs', async () => {
    // The verifier works in CHN-ANN and has it as primary branch.
    const verifier = await userRow('verifier');
    expect(verifier.primaryBranchId).toBe(idOf('CHN-ANN'));
    const target = await assignment('Lakshmi Narayanan', 'CHN-ANN');
    expect(target.staffId).toBe(verifier.staffId);
    const answer = await api.call('branchAssetDestroy', token('manager'), removal(target));
    expect(answer.flag).toBe(1);
    expect((await userRow('verifier')).primaryBranchId).toBeNull();
    expect((await api.call('me', token('verifier'))).records?.PrimaryBranch).toBeNull();
    const branches = await api.call('branchLists', token('verifier'));
    expect(branches.records?.map((branch) => branch.BranchCode)).not.toContain('CHN-ANN');
    expect(branches.records).toHaveLength(7);
    // The manager, whose primary branch is also CHN-ANN, keeps it.
    expect((await userRow('manager')).primaryBranchId).toBe(idOf('CHN-ANN'));
  });

  it('keeps the primary branch of a user whose primary was another branch', async () => {
    const approver = await userRow('approver');
    expect(approver.primaryBranchId).toBe(idOf('CHN-HO'));
    const target = await assignment('Suresh Menon', 'CHN-VEL');
    const answer = await api.call('branchAssetDestroy', token('manager'), removal(target));
    expect(answer.flag).toBe(1);
    expect((await userRow('approver')).primaryBranchId).toBe(idOf('CHN-HO'));
  });

  it('refuses unknown or mismatched ids with Staff assignment not found., changing nothing', async () => {
    const vignesh = await assignment('Vignesh Ramasamy', 'CHN-ANN');
    const deepa = await assignment('Deepa Rajendran', 'CHN-ANN');
    const balaji = await assignment('Balaji Venkatesan', 'CHN-VEL');
    const attempts = [
      { BranchStaff: 999_999, Branch: vignesh.branchId, Staff: vignesh.staffId },
      { BranchStaff: vignesh.branchStaffId, Branch: vignesh.branchId, Staff: deepa.staffId },
      { BranchStaff: vignesh.branchStaffId, Branch: idOf('CHN-VEL'), Staff: vignesh.staffId },
      { BranchStaff: balaji.branchStaffId, Branch: idOf('CHN-ANN'), Staff: balaji.staffId },
    ];
    for (const body of attempts) {
      await api.expectRefusedWithoutChange(
        () => api.call('branchAssetDestroy', token('manager'), body),
        { output: 'Staff assignment not found.' },
      );
    }
  });

  it('refuses a role that may not edit staff, changing nothing', async () => {
    const target = await assignment('Vignesh Ramasamy', 'CHN-ANN');
    const body = removal(target);
    for (const user of ['viewer', 'verifier', 'approver'] as const) {
      await api.expectRefusedWithoutChange(
        () => api.call('branchAssetDestroy', token(user), body),
        {
          output: 'Your role may not change staff assignments.',
        },
      );
    }
  });

  it('refuses a branch the manager does not work in, changing nothing', async () => {
    const target = await assignment('Senthil Kumar', 'CHN-HO');
    await api.expectRefusedWithoutChange(
      () => api.call('branchAssetDestroy', token('manager'), removal(target)),
      { output: 'You do not work in that branch.' },
    );
  });

  it.each([
    [{ Branch: 1, Staff: 1 }, 'BranchStaff is required'],
    [{ BranchStaff: 1, Staff: 1 }, 'Branch is required'],
    [{ BranchStaff: 1, Branch: 1 }, 'Staff is required'],
    [{ BranchStaff: 0, Branch: 1, Staff: 1 }, 'BranchStaff must be a positive whole number'],
  ])('refuses %o with 422 %s, changing nothing', async (body, output) => {
    await api.expectRefusedWithoutChange(
      () => api.call('branchAssetDestroy', token('manager'), body),
      {
        status: 422,
        output,
      },
    );
  });
});
