import type { CallInput, StaffRow } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { aBranch, aDesignation, aLogin, aPurchaseOrder, aStaffMember } from '../test/factories.ts';
import { DEMO_ROLES, type DemoRole, unchangedUpdate, useTestApi } from '../test/test-api.ts';

/*
 * The file starts from the reference data and makes its own branches, logins and staff
 * (test/factories.ts), in the demo's shape: the manager works in two branches (`home`, where the
 * staff this file stores live, and `second`), the administrator in those and the head office
 * (`head`), nobody but the viewer in `far`, and nobody in `empty`.
 */

const api = useTestApi({ reference: true });

type Branch = { id: number; code: string; name: string };
type Staff = { id: number; code: string; name: string };
type Login = Awaited<ReturnType<typeof aLogin>>;
let home: Branch;
let second: Branch;
let head: Branch;
let far: Branch;
let empty: Branch;
let designation: { id: number; name: string };
const logins = new Map<DemoRole, Login>();
const tokens = new Map<DemoRole, string>();
/** A staff member of the head office only, whom the manager does not see. */
let outsider: Staff;
/** A staff member of the second branch only. */
let secondOnly: Staff;
/** A staff member at home in the head office, assigned to the second branch. */
let visitor: Staff;
/** A branch manager of the home branch, whose login raised two of its orders. */
let raiser: Login;

beforeAll(async () => {
  home = await aBranch(api.db);
  second = await aBranch(api.db);
  head = await aBranch(api.db);
  far = await aBranch(api.db);
  empty = await aBranch(api.db);
  designation = await aDesignation(api.db);
  const branchesOf: Record<DemoRole, number[]> = {
    admin: [head.id, home.id, second.id],
    verifier: [head.id],
    approver: [head.id],
    manager: [home.id, second.id],
    viewer: [head.id, far.id],
  };
  for (const role of DEMO_ROLES) {
    const login = await aLogin(api.db, { role, branches: branchesOf[role] });
    logins.set(role, login);
    tokens.set(role, await api.login(login.username, login.password));
  }
  outsider = await aStaffMember(api.db, { branches: [head.id] });
  secondOnly = await aStaffMember(api.db, { branches: [second.id] });
  visitor = await aStaffMember(api.db, { branches: [head.id, second.id] });
  raiser = await aLogin(api.db, { role: 'manager', branches: [home.id] });
  for (let order = 0; order < 2; order += 1)
    await aPurchaseOrder(api.db, { branch: home.id, createdBy: raiser.userId });
});

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

const roleId = (code: string) => api.idOf('roles', 'code', code);

async function staffNamed(name: string) {
  return api.db
    .selectFrom('staff')
    .select(['id', 'code', 'branchId', 'designationId', 'name'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

let serial = 0;
/** A complete, valid new staff member of the home branch (a branch of the admin and of the manager). */
async function newStaff(
  overrides: Record<string, unknown> = {},
): Promise<CallInput<'staffStore'> & Record<string, unknown>> {
  serial += 1;
  return {
    UserInterface: 1,
    Branch: home.id,
    StaffCode: `tst${String(serial).padStart(3, '0')}`,
    StaffName: `Stored Person ${serial}`,
    Designation: designation.id,
    Phone: '+91 98400 11223',
    Email: `test${serial}@sundaramhealthcare.in`,
    ...overrides,
  };
}

const unchanged = (row: StaffRow) => unchangedUpdate('staffUpdate', row);

async function show(id: number, user: DemoRole = 'admin'): Promise<StaffRow> {
  const answer = await api.call('staffShow', token(user), { UserInterface: 1, Staff: id });
  if (answer.flag !== 1 || !answer.records) throw new Error(answer.output);
  return answer.records;
}

describe('staff: reading, by role and by branch', () => {
  it('lists staff with the legacy payload; the admin sees every staff member of their branches', async () => {
    const answer = await api.call('staffLists', token('admin'), { UserInterface: 1 });
    expect(answer.flag).toBe(1);
    expect(answer.records?.TableData.length).toBe(await api.count('staff'));
    expect(answer.records?.TableOptions).toMatchObject({ ItemKey: 'StaffId', DownloadFlag: true });
    expect(answer.records?.TableOptions.ExcelFields['0']).toBe('StaffCode');
    const admin = answer.records?.TableData.find(
      (row) => row.Username === loginOf('admin').username,
    );
    expect(admin).toMatchObject({
      StaffName: loginOf('admin').name,
      RoleName: 'Administrator',
      LoginActive: 1,
      EditFlag: true,
      DeleteFlag: true,
    });
    expect(admin?.Branches.length).toBe(3);
    expect(JSON.stringify(answer.raw)).not.toMatch(/password|scrypt/i);
  });

  it('gives the manager only the staff of their branches (home or assignment), without delete', async () => {
    const mine = new Set([home.id, second.id]);
    const answer = await api.call('staffLists', token('manager'), { UserInterface: 1 });
    const rows = answer.records?.TableData ?? [];
    const theirs = await api.db
      .selectFrom('staff')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('branchId', 'in', [...mine]),
          eb(
            'id',
            'in',
            eb
              .selectFrom('branchStaff')
              .select('staffId')
              .where('branchId', 'in', [...mine]),
          ),
        ]),
      )
      .execute();
    expect(rows.map((row) => row.StaffId).sort((a, b) => a - b)).toEqual(
      theirs.map((row) => row.id).sort((a, b) => a - b),
    );
    expect(rows.map((row) => row.StaffName)).toEqual(
      expect.arrayContaining([visitor.name, secondOnly.name, raiser.name]),
    );
    for (const row of rows) {
      expect(
        [row.BranchId, ...row.Branches.map((branch) => branch.BranchId)].some((id) => mine.has(id)),
      ).toBe(true);
      expect(row).toMatchObject({ EditFlag: true, DeleteFlag: false });
    }
    expect(rows.map((row) => row.StaffName)).not.toContain(outsider.name);
    expect(answer.records?.TableOptions.DownloadFlag).toBe(false);
    // The admin works in the manager's branches too; the manager may not remove the admin's other
    // assignments.
    const admin = rows.find((row) => row.Username === loginOf('admin').username);
    const removable = admin?.Branches.filter((branch) => branch.RemoveFlag) ?? [];
    expect(removable.map((branch) => branch.BranchCode).sort()).toEqual(
      [home.code, second.code].sort(),
    );

    expect(
      await api.call('staffShow', token('manager'), { UserInterface: 1, Staff: outsider.id }),
    ).toMatchObject({ flag: 0, output: `Staff ${outsider.id} does not exist.` });
    const headOffice = await api.call('staffLists', token('manager'), {
      UserInterface: 1,
      Branch: head.id,
    });
    expect(headOffice).toMatchObject({
      flag: 0,
      output: `You do not work in branch ${head.code} - ${head.name}.`,
    });
    const narrowed = await api.call('staffLists', token('manager'), {
      UserInterface: 1,
      Branch: second.id,
    });
    expect(narrowed.records?.TableData.map((row) => row.StaffName)).toEqual(
      expect.arrayContaining([secondOnly.name, visitor.name]),
    );
    expect(narrowed.records?.TableData.map((row) => row.StaffName)).not.toContain(raiser.name);
    const options = await api.call('staffOptions', token('manager'), { UserInterface: 1 });
    expect(options.records?.length).toBe(rows.filter((row) => row.ActiveStatus === 1).length);
  });

  it('lets the viewer only read, and refuses the verifier and the approver', async () => {
    const viewer = await api.call('staffLists', token('viewer'), { UserInterface: 1 });
    expect(viewer.flag).toBe(1);
    expect(viewer.records?.TableData[0]).toMatchObject({ EditFlag: false, DeleteFlag: false });
    expect(viewer.records?.TableData[0]?.Branches.every((branch) => !branch.RemoveFlag)).toBe(true);
    for (const user of ['verifier', 'approver'] as const) {
      expect(await api.call('staffLists', token(user), { UserInterface: 1 })).toMatchObject({
        flag: 0,
        output: 'You are not allowed to list staff.',
      });
    }
  });

  it('gives the form the designations and only the roles the caller holds every grant of', async () => {
    const admin = await api.call('staffFormOptions', token('admin'), { UserInterface: 1 });
    expect(admin.records?.Roles.map((role) => role.text)).toEqual([
      'Administrator',
      'Purchase verifier',
      'Purchase approver',
      'Branch manager',
      'Viewer',
    ]);
    expect(admin.records?.Designations.map((option) => option.text)).toContain(designation.name);
    const manager = await api.call('staffFormOptions', token('manager'), { UserInterface: 1 });
    expect(manager.records?.Roles.map((role) => role.text)).toEqual(['Branch manager']);
    expect(manager.records?.Designations.length).toBe(admin.records?.Designations.length);
    for (const user of ['viewer', 'verifier', 'approver'] as const) {
      expect(await api.call('staffFormOptions', token(user), { UserInterface: 1 })).toMatchObject({
        flag: 0,
        output: 'You are not allowed to create or edit staff.',
      });
    }
  });
});

describe('staff: writing', () => {
  it('stores a staff member: code upper-cased, home branch and extra assignments, audit row', async () => {
    const body = await newStaff({ Branches: [second.id] });
    const answer = await api.call('staffStore', token('admin'), body);
    expect(answer.flag, answer.output).toBe(1);
    const code = String(body.StaffCode).toUpperCase();
    expect(answer.output).toBe(`Staff ${body.StaffName} (${code}) created.`);
    expect(answer.records).toMatchObject({
      StaffCode: code,
      BranchCode: home.code,
      DesignationName: designation.name,
      BranchesTxt: [home.code, second.code].sort().join(', '),
      Username: null,
      LoginActive: null,
      ActiveStatus: 1,
    });
    const audit = await api.auditOf('staff', answer.records?.StaffId ?? 0);
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('keeps the code unique within the home branch, and lets another branch use it', async () => {
    const taken = await newStaff({ Branch: head.id, StaffCode: outsider.code.toLowerCase() });
    await api.expectRefusedWithoutChange(() => api.call('staffStore', token('admin'), taken), {
      output: `Staff code ${outsider.code} already exists in branch ${head.code} - ${head.name}.`,
    });
    const elsewhere = await newStaff({ Branch: far.id, StaffCode: outsider.code });
    expect((await api.call('staffStore', token('admin'), elsewhere)).flag).toBe(1);
    // An update moving someone into a branch where their code is taken is refused too.
    const moved = await show((await staffNamed(String(elsewhere.StaffName))).id);
    await api.expectRefusedWithoutChange(
      () => api.call('staffUpdate', token('admin'), { ...unchanged(moved), Branch: head.id }),
      {
        output: `Staff code ${outsider.code} already exists in branch ${head.code} - ${head.name}.`,
      },
    );
  });

  it('refuses an unknown designation or branch, and a body the contract refuses, changing nothing', async () => {
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('admin'), await newStaff({ Designation: 99999 })),
      { output: 'Designation 99999 does not exist.' },
    );
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('admin'), await newStaff({ Branch: 99999 })),
      { output: 'Branch 99999 does not exist.' },
    );
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('admin'), await newStaff({ Branches: [99998] })),
      { output: 'Branch 99998 does not exist.' },
    );
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('admin'), await newStaff({ StaffName: '  ' })),
      { status: 422, output: 'StaffName is required' },
    );
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('admin'), await newStaff({ StaffCode: 'A B' })),
      { status: 422, output: /^StaffCode must be letters, digits/ },
    );
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('admin'), await newStaff({ Email: 'nobody' })),
      { status: 422, output: 'Email must be an e-mail address' },
    );
  });

  it('holds the manager to their branches when writing', async () => {
    await api.expectRefusedWithoutChange(
      async () => api.call('staffStore', token('manager'), await newStaff({ Branch: head.id })),
      { output: `You do not work in branch ${head.code} - ${head.name}.` },
    );
    await api.expectRefusedWithoutChange(
      async () =>
        api.call('staffStore', token('manager'), await newStaff({ Branches: [empty.id] })),
      { output: `You do not work in branch ${empty.code} - ${empty.name}.` },
    );
    const outside = await show(outsider.id);
    await api.expectRefusedWithoutChange(
      () =>
        api.call('staffUpdate', token('manager'), { ...unchanged(outside), StaffName: 'Renamed' }),
      { output: `Staff ${outside.StaffId} does not exist.` },
    );
    await api.expectRefusedWithoutChange(
      () =>
        api.call('staffDestroy', token('manager'), { UserInterface: 1, Staff: outside.StaffId }),
      { output: 'You are not allowed to delete staff.' },
    );
    // Within their branches the manager creates and corrects.
    const created = await api.call(
      'staffStore',
      token('manager'),
      await newStaff({ Branches: [second.id] }),
    );
    expect(created.flag, created.output).toBe(1);
    const row = created.records as StaffRow;
    const updated = await api.call('staffUpdate', token('manager'), {
      ...unchanged(row),
      Phone: '044 2345 6789',
      ActiveStatus: 0,
    });
    expect(updated.records).toMatchObject({ Phone: '044 2345 6789', ActiveStatus: 0 });
  });

  it('holds the manager to roles within their own grants, and keeps them off logins above theirs', async () => {
    for (const code of ['admin', 'verifier', 'viewer']) {
      const role = await api.db
        .selectFrom('roles')
        .select(['id', 'name'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      await api.expectRefusedWithoutChange(
        async () =>
          api.call(
            'staffStore',
            token('manager'),
            await newStaff({ Username: `m.${code}.x`, Role: role.id, Password: 'Secret123' }),
          ),
        { output: `You may not give the role ${role.name}: it has grants you do not have.` },
      );
    }
    // The administrator works in the manager's branches, so the manager sees them: their
    // details may be corrected, their login may not be touched.
    const admin = await show(loginOf('admin').staffId, 'manager');
    await api.expectRefusedWithoutChange(
      () =>
        api.call('staffUpdate', token('manager'), { ...unchanged(admin), Password: 'Taken0ver!' }),
      {
        output: `The login of ${loginOf('admin').name} has the role Administrator, above yours: you may not change it.`,
      },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('staffUpdate', token('manager'), { ...unchanged(admin), LoginActive: 0 }),
      { output: /above yours: you may not change it\.$/ },
    );
    const renamed = await api.call('staffUpdate', token('manager'), {
      ...unchanged(admin),
      Phone: '+91 90000 00001',
    });
    expect(renamed.flag, renamed.output).toBe(1);
    // Nor may anyone change their own login here.
    const self = await show(loginOf('manager').staffId, 'manager');
    await api.expectRefusedWithoutChange(
      () => api.call('staffUpdate', token('manager'), { ...unchanged(self), LoginActive: 0 }),
      { output: 'You cannot change your own login here.' },
    );
  });

  it('refuses writes to the roles without the grants', async () => {
    const target = await show(raiser.staffId);
    const expected = {
      verifier: ['create', 'edit', 'delete'],
      approver: ['create', 'edit', 'delete'],
      viewer: ['create', 'edit', 'delete'],
      manager: ['delete'],
    } as const;
    for (const [user, verbs] of Object.entries(expected) as [
      keyof typeof expected,
      readonly string[],
    ][]) {
      const attempts = {
        create: async () => api.call('staffStore', token(user), await newStaff()),
        edit: () => api.call('staffUpdate', token(user), { ...unchanged(target), StaffName: 'X' }),
        delete: () =>
          api.call('staffDestroy', token(user), { UserInterface: 1, Staff: target.StaffId }),
      };
      for (const verb of verbs) {
        await api.expectRefusedWithoutChange(attempts[verb as keyof typeof attempts], {
          output: `You are not allowed to ${verb} staff.`,
        });
      }
    }
  });
});

describe('staff: logins', () => {
  it('creates a login with a role and a password obeying the rule; the user can log in', async () => {
    const manager = await roleId('manager');
    for (const [Password, rule] of [
      ['short1', 'length'],
      ['abcdefghij', 'digit'],
      ['1234567890', 'letter'],
    ] as const) {
      await api.expectRefusedWithoutChange(
        async () =>
          api.call(
            'staffStore',
            token('admin'),
            await newStaff({ Username: `pw.${rule}`, Role: manager, Password }),
          ),
        { output: 'Password must be 8 to 128 characters, with a letter and a digit.' },
      );
    }
    await api.expectRefusedWithoutChange(
      async () =>
        api.call(
          'staffStore',
          token('admin'),
          await newStaff({
            Username: loginOf('admin').username.toUpperCase(),
            Role: manager,
            Password: 'Secret123',
          }),
        ),
      { output: `User name ${loginOf('admin').username} is already taken.` },
    );
    await api.expectRefusedWithoutChange(
      async () =>
        api.call('staffStore', token('admin'), await newStaff({ Username: 'half.login' })),
      { output: 'A login needs a user name, a role and a password.' },
    );
    await api.expectRefusedWithoutChange(
      async () =>
        api.call(
          'staffStore',
          token('admin'),
          await newStaff({ Username: 'no.role', Role: 99999, Password: 'Secret123' }),
        ),
      { output: 'Role 99999 does not exist.' },
    );

    const created = await api.call(
      'staffStore',
      token('manager'),
      await newStaff({ Username: 'New.Manager', Role: manager, Password: 'Secret123' }),
    );
    expect(created.flag, created.output).toBe(1);
    expect(created.records).toMatchObject({
      Username: 'new.manager',
      RoleName: 'Branch manager',
      LoginActive: 1,
    });
    const user = await api.db
      .selectFrom('users')
      .select(['passwordHash'])
      .where('username', '=', 'new.manager')
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    const login = await api.call('login', null, { UserName: 'new.manager', Password: 'Secret123' });
    expect(login.flag).toBe(1);
  });

  it('disables a login and resets a password; the sessions open before end', async () => {
    const verifier = await roleId('verifier');
    const created = await api.call(
      'staffStore',
      token('admin'),
      await newStaff({ Username: 'reset.me', Role: verifier, Password: 'First1234' }),
    );
    const row = created.records as StaffRow;
    const before = await api.login('reset.me', 'First1234');
    const reset = await api.call('staffUpdate', token('admin'), {
      ...unchanged(row),
      Password: 'Second1234',
    });
    expect(reset.flag, reset.output).toBe(1);
    expect((await api.call('me', before, {})).status).toBe(401);
    expect(
      (await api.call('login', null, { UserName: 'reset.me', Password: 'First1234' })).flag,
    ).toBe(0);
    await api.login('reset.me', 'Second1234');
    const disabled = await api.call('staffUpdate', token('admin'), {
      ...unchanged(row),
      LoginActive: 0,
    });
    expect(disabled.records).toMatchObject({ LoginActive: 0, LoginStatusTxt: 'Disabled' });
    expect(
      (await api.call('login', null, { UserName: 'reset.me', Password: 'Second1234' })).flag,
    ).toBe(0);
    const audit = await api.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'user')
      .where(sql<boolean>`details @> ${JSON.stringify({ staffId: row.StaffId })}::jsonb`)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'Login created',
      'Login changed, password reset',
      'Login changed',
    ]);
  });
});

describe('staff: assignments and deletion', () => {
  it('removes an assignment through api/branch-asset/destroy', async () => {
    const created = await api.call(
      'staffStore',
      token('admin'),
      await newStaff({ Branches: [second.id] }),
    );
    const row = created.records as StaffRow;
    const vel = row.Branches.find((branch) => branch.BranchCode === second.code);
    if (!vel) throw new Error('no assignment to the second branch');
    await api.expectRefusedWithoutChange(
      () =>
        api.call('branchAssetDestroy', token('viewer'), {
          UserInterface: 1,
          BranchStaff: vel.BranchStaffId,
          Branch: vel.BranchId,
          Staff: row.StaffId,
        }),
      { output: 'Your role may not change staff assignments.' },
    );
    const removed = await api.call('branchAssetDestroy', token('manager'), {
      UserInterface: 1,
      BranchStaff: vel.BranchStaffId,
      Branch: vel.BranchId,
      Staff: row.StaffId,
    });
    expect(removed.flag, removed.output).toBe(1);
    expect((await show(row.StaffId)).BranchesTxt).toBe(home.code);
    // An update gives the assignment back; it never removes one.
    const again = await api.call('staffUpdate', token('admin'), {
      ...unchanged(row),
      Branches: [vel.BranchId],
    });
    expect(again.records?.BranchesTxt).toBe([home.code, second.code].sort().join(', '));
  });

  it('refuses to delete a staff member whose login has a history, and deletes one without', async () => {
    // The branch manager of the home branch raised two of its purchase orders.
    const raised = await staffNamed(raiser.name);
    await api.expectRefusedWithoutChange(
      () => api.call('staffDestroy', token('admin'), { UserInterface: 1, Staff: raised.id }),
      {
        output: new RegExp(
          `^Cannot delete Staff ${raiser.name} \\(${raised.code}\\): their login ${raiser.username.replace('.', '\\.')} is named by 2 purchase orders raised.* \\(set them InActive instead\\)\\.$`,
        ),
      },
    );
    // Nobody deletes their own record, whatever their login's history.
    const self = await api.db
      .selectFrom('users')
      .innerJoin('staff', 'staff.id', 'users.staffId')
      .select(['staff.id', 'staff.name', 'staff.code'])
      .where('users.username', '=', loginOf('admin').username)
      .executeTakeFirstOrThrow();
    await api.expectRefusedWithoutChange(
      () => api.call('staffDestroy', token('admin'), { UserInterface: 1, Staff: self.id }),
      { output: `Cannot delete Staff ${self.name} (${self.code}): it is your own record.` },
    );
    const created = await api.call(
      'staffStore',
      token('admin'),
      await newStaff({
        Username: 'short.lived',
        Role: await roleId('viewer'),
        Password: 'Secret123',
        Branches: [second.id],
      }),
    );
    const row = created.records as StaffRow;
    const deleted = await api.call('staffDestroy', token('admin'), {
      UserInterface: 1,
      Staff: row.StaffId,
    });
    expect(deleted).toMatchObject({
      flag: 1,
      output: `Staff ${row.StaffName} (${row.StaffCode}) deleted.`,
    });
    const left = await api.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'short.lived')
      .execute();
    expect(left).toEqual([]);
    const assignments = await api.db
      .selectFrom('branchStaff')
      .select('id')
      .where('staffId', '=', row.StaffId)
      .execute();
    expect(assignments).toEqual([]);
    const audit = await api.auditOf('staff', row.StaffId);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
  });
});
