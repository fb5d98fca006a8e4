import { describe, expect, it } from 'vitest';
import { aBranch, aLogin, aStaffMember } from '../test/factories.ts';
import { DEMO_USERS, type DemoUser, expectExactKeys, useTestApi } from '../test/test-api.ts';

/*
 * The file starts from the reference data; each test makes the branches, logins and staff it
 * reads (test/factories.ts), every branch with its logo, as the demo's have. Branches outside Tamil
 * Nadu are made only by the test that filters by state, and names and codes a search finds only by
 * the tests that search: the others' branches are Test Branch <n>, coded TST-<n>.
 */

const api = useTestApi({ reference: true });

type Branch = { id: number; code: string; name: string };
type Login = Awaited<ReturnType<typeof aLogin>> & { token: string };

/** A new branch with its logo. */
function aBranchWithLogo(options: Parameters<typeof aBranch>[1] = {}): Promise<Branch> {
  return aBranch(api.db, { logo: true, ...options });
}

/** `count` new branches, with their logos. */
async function branches(count: number, options: Parameters<typeof aBranch>[1] = {}) {
  const made: Branch[] = [];
  for (let index = 0; index < count; index += 1) made.push(await aBranchWithLogo(options));
  return made;
}

/** A login of `role` working in `branches` (the first is home and primary unless said), logged in. */
async function aLoginIn(
  role: string,
  branches: readonly Branch[],
  options: { primaryBranch?: Branch; noPrimaryBranch?: boolean } = {},
): Promise<Login> {
  const login = await aLogin(api.db, {
    role,
    branches: branches.map((branch) => branch.id),
    ...(options.primaryBranch ? { primaryBranch: options.primaryBranch.id } : {}),
    ...(options.noPrimaryBranch ? { noPrimaryBranch: true } : {}),
  });
  return { ...login, token: await api.login(login.username, login.password) };
}

/** The demo's users as roles: kavitha is a branch manager who has not chosen a primary branch. */
const ROLE_OF: Record<DemoUser, string> = {
  admin: 'admin',
  verifier: 'verifier',
  approver: 'approver',
  manager: 'manager',
  viewer: 'viewer',
  kavitha: 'manager',
};

/** Every active branch, sorted by code. */
async function everyActiveBranch(): Promise<Branch[]> {
  const rows = await api.db
    .selectFrom('branches')
    .select(['id', 'code', 'name'])
    .where('active', '=', true)
    .execute();
  return byCode(rows);
}

const byCode = (list: readonly Branch[]) =>
  [...list].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/** The branch as branch/lists and update-primary-branch give it. */
const record = (branch: Branch) => ({
  BranchId: branch.id,
  BranchCode: branch.code,
  BranchName: branch.name,
  AssetLogoPath: `files/branch-logos/${branch.code}.svg`,
});

async function setActive(branch: Branch, active: boolean) {
  await api.db.updateTable('branches').set({ active }).where('id', '=', branch.id).execute();
}

async function userRow(userId: number) {
  return api.db
    .selectFrom('users')
    .select(['id', 'staffId', 'primaryBranchId'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The assignment of a staff member to a branch. */
type Assignment = Awaited<ReturnType<typeof assignment>>;

/** The body that removes the assignment. */
const removal = (target: Assignment) => ({
  BranchStaff: target.branchStaffId,
  Branch: target.branchId,
  Staff: target.staffId,
});

async function assignment(staffId: number, branch: Branch) {
  return api.db
    .selectFrom('branchStaff')
    .select(['branchStaff.id as branchStaffId', 'branchStaff.staffId', 'branchStaff.branchId'])
    .where('branchStaff.staffId', '=', staffId)
    .where('branchStaff.branchId', '=', branch.id)
    .executeTakeFirstOrThrow();
}

describe('branch/lists', () => {
  /** How many branches each user is assigned to (the administrator works in every one). */
  const ASSIGNED: Record<DemoUser, number> = {
    admin: 1,
    verifier: 4,
    approver: 3,
    manager: 2,
    viewer: 5,
    kavitha: 3,
  };

  it.each(DEMO_USERS)('gives %s exactly their branches, sorted by code', async (user) => {
    const mine = await branches(ASSIGNED[user]);
    // A branch they are not assigned to: only the administrator works in it.
    const other = await aBranchWithLogo();
    const login = await aLoginIn(ROLE_OF[user], mine, { noPrimaryBranch: user === 'kavitha' });
    const expected = user === 'admin' ? await everyActiveBranch() : byCode(mine);
    expect(expected.some((branch) => branch.id === other.id)).toBe(user === 'admin');
    const answer = await api.call('branchLists', login.token, { AppFlag: true });
    expect(answer.status).toBe(200);
    expect(answer.flag).toBe(1);
    expect(answer.output).toBe(`${expected.length} branches.`);
    expect(answer.raw).toEqual(expected.map(record));
    for (const record of answer.records ?? []) {
      expectExactKeys(record, ['BranchId', 'BranchCode', 'BranchName', 'AssetLogoPath']);
    }
  });

  it('counts: the admin every active branch, every other user their own', async () => {
    const logins = new Map<DemoUser, Login>();
    for (const user of DEMO_USERS) {
      logins.set(
        user,
        await aLoginIn(ROLE_OF[user], await branches(ASSIGNED[user]), {
          noPrimaryBranch: user === 'kavitha',
        }),
      );
    }
    const counts: Record<string, number> = {};
    for (const [user, login] of logins)
      counts[user] = (await api.call('branchLists', login.token)).records?.length ?? -1;
    expect(counts).toEqual({
      ...ASSIGNED,
      admin: (await everyActiveBranch()).length,
    });
    expect(counts.admin).toBeGreaterThanOrEqual(18);
  });

  it('leaves out a branch that is no longer active', async () => {
    const [open, closed] = byCode(await branches(2));
    if (!open || !closed) throw new Error('two branches');
    const manager = await aLoginIn('manager', [open, closed]);
    await setActive(closed, false);
    const answer = await api.call('branchLists', manager.token);
    expect(answer.records?.map((branch) => branch.BranchCode)).toEqual([open.code]);
    expect(answer.output).toBe('1 branches.');
  });

  it('refuses a malformed AppFlag with 422', async () => {
    const admin = await aLoginIn('admin', await branches(1));
    const answer = await api.call('branchLists', admin.token, { AppFlag: 'maybe' });
    expect([answer.status, answer.flag, answer.output]).toEqual([
      422,
      0,
      'AppFlag must be true or false',
    ]);
  });
});

describe('branch/options', () => {
  const option = (branch: Branch) => ({
    value: branch.id,
    text: `${branch.code} - ${branch.name}`,
  });

  it("defaults to the user's branches, as value/text options sorted by code", async () => {
    const mine = byCode(await branches(2));
    await aBranchWithLogo();
    const manager = await aLoginIn('manager', mine);
    const answer = await api.call('branchOptions', manager.token, {});
    expect(answer.flag).toBe(1);
    expect(answer.output).toBe('2 branches.');
    expect(answer.raw).toEqual(mine.map(option));
    for (const record of answer.records ?? []) expectExactKeys(record, ['value', 'text']);
    const explicit = await api.call('branchOptions', manager.token, { Source: 'user' });
    expect(explicit.raw).toEqual(answer.raw);
  });

  it('with Source all gives every active branch, whoever asks', async () => {
    const manager = await aLoginIn('manager', await branches(2));
    const viewer = await aLoginIn('viewer', await branches(1));
    const closed = await aBranchWithLogo();
    await setActive(closed, false);
    const answer = await api.call('branchOptions', manager.token, { Source: 'all' });
    const every = await everyActiveBranch();
    expect(every.length).toBeGreaterThanOrEqual(3);
    expect(answer.raw).toEqual(every.map(option));
    expect(every.map((branch) => branch.id)).not.toContain(closed.id);
    const seen = await api.call('branchOptions', viewer.token, { Source: 'all' });
    expect(seen.raw).toEqual(answer.raw);
  });

  it('filters by state', async () => {
    const stateId = (gstCode: string) => api.idOf('states', 'gstCode', gstCode);
    // Kerala's and Karnataka's branches are this test's alone.
    const kerala = byCode(await branches(2, { stateCode: '32' }));
    const karnataka = byCode(await branches(3, { stateCode: '29' }));
    const [tamilNadu] = await branches(1);
    if (!tamilNadu) throw new Error('a branch');
    const viewer = await aLoginIn('viewer', [tamilNadu, ...karnataka]);
    const manager = await aLoginIn('manager', await branches(2));
    const all = await api.call('branchOptions', manager.token, {
      Source: 'all',
      Conditions: { StateId: await stateId('32') },
    });
    expect(all.raw).toEqual(kerala.map(option));
    const viewers = await api.call('branchOptions', viewer.token, {
      Conditions: { StateId: await stateId('29') },
    });
    expect(viewers.raw).toEqual(karnataka.map(option));
    const mine = await api.call('branchOptions', viewer.token, {
      Conditions: { StateId: await stateId('33') },
    });
    expect(mine.raw).toEqual([option(tamilNadu)]);
    const none = await api.call('branchOptions', manager.token, {
      Conditions: { StateId: await stateId('29') },
    });
    expect([none.flag, none.output, none.raw]).toEqual([1, '0 branches.', []]);
  });

  it('searches code and name case-insensitively', async () => {
    const chennai = byCode([
      await aBranchWithLogo({ code: 'CHN-ANN', name: 'Chennai Anna Nagar' }),
      await aBranchWithLogo({ code: 'CHN-HO', name: 'Chennai Head Office' }),
      await aBranchWithLogo({ code: 'CHN-VEL', name: 'Chennai Velachery' }),
    ]);
    const hyderabad = await aBranchWithLogo({ code: 'HYD-BHL', name: 'Banjara Hills' });
    const dotted = await aBranchWithLogo({ code: 'CBE-RSP', name: 'Coimbatore R.S. Puram' });
    const admin = await aLoginIn('admin', [hyderabad]);
    const hers = [dotted, ...(await branches(2))];
    const kavitha = await aLoginIn('manager', hers, { noPrimaryBranch: true });
    const [chennaiHome, chennaiSecond] = chennai;
    if (!chennaiHome || !chennaiSecond) throw new Error('Chennai branches');
    const manager = await aLoginIn('manager', [chennaiHome, chennaiSecond]);

    const found = await api.call('branchOptions', admin.token, {
      Source: 'all',
      Conditions: { Search: 'chennai' },
    });
    expect(found.raw).toEqual(chennai.map(option));
    const byCodeSearch = await api.call('branchOptions', admin.token, {
      Source: 'all',
      Conditions: { Search: 'hyd-' },
    });
    expect(byCodeSearch.raw).toEqual([option(hyderabad)]);
    const byDots = await api.call('branchOptions', admin.token, {
      Source: 'all',
      Conditions: { Search: 'r.s.' },
    });
    expect(byDots.raw).toEqual([option(dotted)]);
    const kavithas = await api.call('branchOptions', kavitha.token, {
      Conditions: { Search: 'a' },
    });
    expect(kavithas.raw).toEqual(byCode(hers).map(option));
    const blank = await api.call('branchOptions', manager.token, {
      Conditions: { Search: '   ' },
    });
    expect(blank.raw).toEqual([chennaiHome, chennaiSecond].map(option));
  });

  it('treats % and _ (and backslash) in a search literally', async () => {
    // Branches each search would find were % or _ wildcards: CHN- and C…N.
    await aBranchWithLogo({ code: 'CHN-LIT', name: 'Test Literal' });
    await aBranchWithLogo();
    const admin = await aLoginIn('admin', await branches(1));
    for (const Search of ['%', '_', 'CHN_', 'C%N', '\\', '%%']) {
      const answer = await api.call('branchOptions', admin.token, {
        Source: 'all',
        Conditions: { Search },
      });
      expect({ Search, records: answer.raw }).toEqual({ Search, records: [] });
    }
    // A branch whose name has them is found by them, and only it.
    const literal = await aBranchWithLogo({ code: 'TST-PCT', name: '100% Care_Centre' });
    const expected = [{ value: literal.id, text: 'TST-PCT - 100% Care_Centre' }];
    for (const Search of ['%', '_', '0% c', 'E_C']) {
      const answer = await api.call('branchOptions', admin.token, {
        Source: 'all',
        Conditions: { Search },
      });
      expect({ Search, records: answer.raw }).toEqual({ Search, records: expected });
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
    const admin = await aLoginIn('admin', await branches(1));
    const answer = await api.call('branchOptions', admin.token, body);
    expect([answer.status, answer.flag, answer.output]).toEqual([422, 0, output]);
  });
});

describe('person/update-primary-branch', () => {
  const auditRows = (userId: number) => api.auditOf('user', userId, 'Primary branch changed');

  it('stores a branch the user works in, shows it in me, and audits the change', async () => {
    const [head, chosen] = await branches(2);
    if (!head || !chosen) throw new Error('two branches');
    const admin = await aLoginIn('admin', [head, chosen]);
    expect((await userRow(admin.userId)).primaryBranchId).toBe(head.id);
    const branch = record(chosen);
    const answer = await api.call('updatePrimaryBranch', admin.token, branch);
    expect(answer.status).toBe(200);
    expect(answer.flag).toBe(1);
    expect(answer.output).toBe(`Primary branch set to ${chosen.code} - ${chosen.name}.`);
    expect(answer.raw).toEqual(branch);
    expect((await userRow(admin.userId)).primaryBranchId).toBe(chosen.id);
    expect((await api.call('me', admin.token)).records?.PrimaryBranch).toEqual(branch);
    const audit = await auditRows(admin.userId);
    expect(audit).toMatchObject([
      {
        action: 'Primary branch changed',
        entity: 'user',
        entityId: admin.userId,
        userId: admin.userId,
        branchId: chosen.id,
      },
    ]);
    expect(audit.map((row) => row.details)).toEqual([{ from: head.id, to: chosen.id }]);
  });

  it('refuses a branch the user does not work in, changing nothing', async () => {
    const mine = await branches(2);
    const manager = await aLoginIn('manager', mine);
    const others = await branches(2);
    // Another user's branch, and one nobody works in.
    await aLoginIn('viewer', others.slice(0, 1));
    for (const branch of others) {
      await api.expectRefusedWithoutChange(
        () => api.call('updatePrimaryBranch', manager.token, { BranchId: branch.id }),
        { output: 'You do not work in that branch.' },
      );
    }
    await api.expectRefusedWithoutChange(
      () => api.call('updatePrimaryBranch', manager.token, { BranchId: 999_999 }),
      { output: 'You do not work in that branch.' },
    );
    expect((await userRow(manager.userId)).primaryBranchId).toBe(mine[0]?.id);
  });

  it('refuses an inactive branch the user works in', async () => {
    const [home, closed] = await branches(2);
    if (!home || !closed) throw new Error('two branches');
    const manager = await aLoginIn('manager', [home, closed]);
    await setActive(closed, false);
    await api.expectRefusedWithoutChange(
      () => api.call('updatePrimaryBranch', manager.token, { BranchId: closed.id }),
      { output: 'You do not work in that branch.' },
    );
  });

  it('lets kavitha, who has no primary branch yet, choose one', async () => {
    const hers = await branches(3);
    const chosen = hers[1];
    if (!chosen) throw new Error('three branches');
    const kavitha = await aLoginIn('manager', hers, { noPrimaryBranch: true });
    expect((await userRow(kavitha.userId)).primaryBranchId).toBeNull();
    const answer = await api.call('updatePrimaryBranch', kavitha.token, { BranchId: chosen.id });
    expect(answer.flag).toBe(1);
    expect((await userRow(kavitha.userId)).primaryBranchId).toBe(chosen.id);
    expect((await api.call('me', kavitha.token)).records?.PrimaryBranch?.BranchCode).toBe(
      chosen.code,
    );
    expect((await auditRows(kavitha.userId)).map((row) => row.details)).toEqual([
      { from: null, to: chosen.id },
    ]);
  });

  it('accepts a form-encoded body with the token in it (API version 2)', async () => {
    const [home, chosen] = await branches(2);
    if (!home || !chosen) throw new Error('two branches');
    const viewer = await aLoginIn('viewer', [home, chosen]);
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/person/update-primary-branch',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${viewer.token}&UserInterface=2&BranchId=${chosen.id}&BranchCode=${chosen.code}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ flag: 1, records: { BranchCode: chosen.code } });
    expect((await userRow(viewer.userId)).primaryBranchId).toBe(chosen.id);
  });

  it('refuses a missing BranchId with 422, changing nothing', async () => {
    const manager = await aLoginIn('manager', await branches(1));
    await api.expectRefusedWithoutChange(() => api.call('updatePrimaryBranch', manager.token, {}), {
      status: 422,
      output: 'BranchId is required',
    });
  });
});

describe('branch-asset/destroy', () => {
  const removalAudits = (staffId: number) => api.auditOf('staff', staffId, 'Removed from branch');

  /** A manager of two branches (`home` first), logged in. */
  async function aManager() {
    const [home, second] = await branches(2);
    if (!home || !second) throw new Error('two branches');
    return { home, second, manager: await aLoginIn('manager', [home, second]) };
  }

  it("removes a staff member's assignment in the manager's branch, and audits it", async () => {
    const { home, manager } = await aManager();
    const member = await aStaffMember(api.db, { branches: [home.id] });
    const target = await assignment(member.id, home);
    const answer = await api.call('branchAssetDestroy', manager.token, removal(target));
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
        userId: manager.userId,
        branchId: home.id,
      },
    ]);
    expect(audit.map((row) => row.details)).toEqual([{ branchStaffId: target.branchStaffId }]);
    // The same removal again finds nothing.
    await api.expectRefusedWithoutChange(
      () => api.call('branchAssetDestroy', manager.token, removal(target)),
      { output: 'Staff assignment not found.' },
    );
  });

  it('clears the primary branch of a user whose primary it was, and only theirs', async () => {
    const { home, manager } = await aManager();
    // The verifier works in the manager's home branch (their primary) and six others, one their home.
    const elsewhere = await branches(6);
    const verifier = await aLoginIn('verifier', [...elsewhere, home], { primaryBranch: home });
    expect((await userRow(verifier.userId)).primaryBranchId).toBe(home.id);
    const target = await assignment(verifier.staffId, home);
    const answer = await api.call('branchAssetDestroy', manager.token, removal(target));
    expect(answer.flag).toBe(1);
    expect((await userRow(verifier.userId)).primaryBranchId).toBeNull();
    expect((await api.call('me', verifier.token)).records?.PrimaryBranch).toBeNull();
    const theirs = await api.call('branchLists', verifier.token);
    expect(theirs.records?.map((branch) => branch.BranchCode)).not.toContain(home.code);
    expect(theirs.records).toHaveLength(6);
    // The manager, whose primary branch is also that branch, keeps it.
    expect((await userRow(manager.userId)).primaryBranchId).toBe(home.id);
  });

  it('keeps the primary branch of a user whose primary was another branch', async () => {
    const { second, manager } = await aManager();
    const [head] = await branches(1);
    if (!head) throw new Error('a branch');
    const approver = await aLoginIn('approver', [head, second]);
    expect((await userRow(approver.userId)).primaryBranchId).toBe(head.id);
    const target = await assignment(approver.staffId, second);
    const answer = await api.call('branchAssetDestroy', manager.token, removal(target));
    expect(answer.flag).toBe(1);
    expect((await userRow(approver.userId)).primaryBranchId).toBe(head.id);
  });

  it('refuses unknown or mismatched ids with Staff assignment not found., changing nothing', async () => {
    const { home, second, manager } = await aManager();
    const vignesh = await assignment(
      (await aStaffMember(api.db, { branches: [home.id] })).id,
      home,
    );
    const deepa = await assignment((await aStaffMember(api.db, { branches: [home.id] })).id, home);
    const balaji = await assignment(
      (await aStaffMember(api.db, { branches: [second.id] })).id,
      second,
    );
    const attempts = [
      { BranchStaff: 999_999, Branch: vignesh.branchId, Staff: vignesh.staffId },
      { BranchStaff: vignesh.branchStaffId, Branch: vignesh.branchId, Staff: deepa.staffId },
      { BranchStaff: vignesh.branchStaffId, Branch: second.id, Staff: vignesh.staffId },
      { BranchStaff: balaji.branchStaffId, Branch: home.id, Staff: balaji.staffId },
    ];
    for (const body of attempts) {
      await api.expectRefusedWithoutChange(
        () => api.call('branchAssetDestroy', manager.token, body),
        { output: 'Staff assignment not found.' },
      );
    }
  });

  it('refuses a role that may not edit staff, changing nothing', async () => {
    const [home] = await branches(1);
    if (!home) throw new Error('a branch');
    const member = await aStaffMember(api.db, { branches: [home.id] });
    const body = removal(await assignment(member.id, home));
    for (const role of ['viewer', 'verifier', 'approver'] as const) {
      const login = await aLoginIn(role, [home]);
      await api.expectRefusedWithoutChange(
        () => api.call('branchAssetDestroy', login.token, body),
        { output: 'Your role may not change staff assignments.' },
      );
    }
  });

  it('refuses a branch the manager does not work in, changing nothing', async () => {
    const { manager } = await aManager();
    const [head] = await branches(1);
    if (!head) throw new Error('a branch');
    const member = await aStaffMember(api.db, { branches: [head.id] });
    const target = await assignment(member.id, head);
    await api.expectRefusedWithoutChange(
      () => api.call('branchAssetDestroy', manager.token, removal(target)),
      { output: 'You do not work in that branch.' },
    );
  });

  it.each([
    [{ Branch: 1, Staff: 1 }, 'BranchStaff is required'],
    [{ BranchStaff: 1, Staff: 1 }, 'Branch is required'],
    [{ BranchStaff: 1, Branch: 1 }, 'Staff is required'],
    [{ BranchStaff: 0, Branch: 1, Staff: 1 }, 'BranchStaff must be a positive whole number'],
  ])('refuses %o with 422 %s, changing nothing', async (body, output) => {
    const { manager } = await aManager();
    await api.expectRefusedWithoutChange(
      () => api.call('branchAssetDestroy', manager.token, body),
      { status: 422, output },
    );
  });
});
