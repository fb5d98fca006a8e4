import {
  type Grant,
  legacyCalls,
  type MenuItem,
  type MenuPermissionLists,
} from '@branch-assets/legacy-contract';
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../access/access.ts';
import { menuLeaves } from '../menu/routes.ts';
import { MODULES, ROLES } from '../seed/reference.ts';
import { useBranchLogins } from '../test/factories.ts';
import { expectExactKeys, useTestApi } from '../test/test-api.ts';
import {
  ADMIN_LOCKOUT,
  NOT_ALLOWED_TO_CHANGE,
  NOT_ALLOWED_TO_SEE,
  ROLE_NOT_FOUND,
  unknownAction,
  unknownModule,
} from './routes.ts';

const USERS = ['admin', 'manager', 'viewer'] as const;
type DemoUser = (typeof USERS)[number];

// The roles, modules, grants and menus are reference data; the file logs in as an administrator,
// a manager and a viewer of a branch of its own (test/factories.ts).
const api = useTestApi({ reference: true });
const { token } = useBranchLogins(api, USERS);

const roleId = (code: string) => api.idOf('roles', 'code', code);

async function grid(user: DemoUser, role?: number): Promise<MenuPermissionLists> {
  const answer = await api.call('menuPermissionLists', token(user), {
    UserInterface: 1,
    ...(role === undefined ? {} : { Role: role }),
  });
  expect([answer.status, answer.flag]).toEqual([200, 1]);
  if (!answer.records) throw new Error('no records');
  return answer.records;
}

async function setGrants(user: DemoUser, role: number, grants: readonly Grant[]) {
  return api.call('menuPermissionUpdate', token(user), {
    UserInterface: 1,
    Role: role,
    Grants: [...grants],
  });
}

/** The role's grants as the seed gives them. */
function seeded(code: string): Grant[] {
  const role = ROLES.find((candidate) => candidate.code === code);
  if (!role) throw new Error(`no role ${code}`);
  return MODULES.flatMap((module) =>
    ACTIONS.filter(([action]) => role.grants[module.code]?.includes(action)).map(([action]) => ({
      ModuleCode: module.code,
      ActionCode: action,
    })),
  );
}

async function menuLinks(user: DemoUser): Promise<string[]> {
  const answer = await api.call('menu', token(user), { UserInterface: 1 });
  expect(answer.flag).toBe(1);
  return menuLeaves(answer.raw as MenuItem[]).map((leaf) => leaf.MenuLink);
}

describe('the contract', () => {
  it('lists the refusals of the server', () => {
    expect(legacyCalls.menuPermissionLists.refusals).toEqual([NOT_ALLOWED_TO_SEE, ROLE_NOT_FOUND]);
    expect(legacyCalls.menuPermissionUpdate.refusals).toContain(NOT_ALLOWED_TO_CHANGE);
    expect(legacyCalls.menuPermissionUpdate.refusals).toContain(ADMIN_LOCKOUT);
  });
});

describe('menu-permission/lists', () => {
  it('answers every role, module and action, and the grants of the first role by default', async () => {
    const records = await grid('admin');
    expectExactKeys(records, ['Roles', 'Modules', 'Actions', 'RoleId', 'Grants']);
    expect(records.Roles.map((role) => role.RoleCode)).toEqual(ROLES.map((role) => role.code));
    expect(records.Modules.map((module) => module.ModuleCode)).toEqual(
      MODULES.map((module) => module.code),
    );
    expect(records.Actions.map((action) => [action.ActionCode, action.ActionName])).toEqual(
      ACTIONS.map(([code, name]) => [code, name]),
    );
    for (const role of records.Roles) expectExactKeys(role, ['RoleId', 'RoleCode', 'RoleName']);
    // Which menu entries a role sees with the module's list grant.
    const menuOf = (code: string) =>
      records.Modules.find((module) => module.ModuleCode === code)?.MenuTexts;
    expect(menuOf('brand')).toEqual(['Brands']);
    expect(menuOf('purchase_order')).toEqual(['Purchase Orders']);
    expect(records.RoleId).toBe(await roleId('admin'));
    expect(records.Grants).toEqual(seeded('admin'));
  });

  it("answers the chosen role's grants", async () => {
    const viewer = await roleId('viewer');
    const records = await grid('admin', viewer);
    expect(records.RoleId).toBe(viewer);
    expect(records.Grants).toEqual(seeded('viewer'));
  });

  it('refuses an unknown role and a user without the list grant', async () => {
    const unknown = await api.call('menuPermissionLists', token('admin'), { Role: 9999 });
    expect([unknown.status, unknown.flag, unknown.output]).toEqual([200, 0, ROLE_NOT_FOUND]);
    const viewer = await api.call('menuPermissionLists', token('viewer'), {});
    expect([viewer.status, viewer.flag, viewer.output]).toEqual([200, 0, NOT_ALLOWED_TO_SEE]);
  });
});

describe('menu-permission/grid', () => {
  it("answers one role's grants as a list payload: Yes or No per action, and its menu entries", async () => {
    const viewer = await roleId('viewer');
    const answer = await api.call('menuPermissionGrid', token('admin'), {
      UserInterface: 1,
      Role: viewer,
    });
    expect([answer.flag, answer.output]).toEqual([1, 'Permissions of Viewer.']);
    const records = answer.records;
    if (!records) throw new Error('no records');
    expect(records.TableData.map((row) => row.ModuleCode)).toEqual(
      MODULES.map((module) => module.code),
    );
    const seededViewer = seeded('viewer');
    for (const row of records.TableData) {
      for (const [action, field] of [
        ['list', 'List'],
        ['create', 'Create'],
        ['download', 'Download'],
      ] as const) {
        const granted = seededViewer.some(
          (grant) => grant.ModuleCode === row.ModuleCode && grant.ActionCode === action,
        );
        expect(row[field], `${row.ModuleCode} ${action}`).toBe(granted ? 'Yes' : 'No');
      }
    }
    // The viewer lists brands (its menu shows Brands) and not menu permissions.
    expect(records.TableData.find((row) => row.ModuleCode === 'brand')?.MenuEntries).toBe('Brands');
    expect(records.TableData.find((row) => row.ModuleCode === 'menu_permission')?.MenuEntries).toBe(
      '',
    );
    expect(records.TableHeader.map((header) => header.value)).toEqual([
      'ModuleName',
      'List',
      'Create',
      'Edit',
      'Delete',
      'Verify',
      'Approve',
      'Download',
      'MenuEntries',
    ]);
    expect(records.TableOptions).toMatchObject({
      ItemKey: 'ModuleCode',
      DownloadFlag: true,
      ExcelFields: { '0': 'ModuleName', '8': 'MenuEntries' },
    });
  });

  it('refuses, changing nothing: no list grant on permissions, an unknown role', async () => {
    await api.expectRefusedWithoutChange(
      () =>
        api.call('menuPermissionGrid', token('manager'), {
          UserInterface: 1,
          Role: 1,
        }),
      { output: NOT_ALLOWED_TO_SEE },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('menuPermissionGrid', token('admin'), { UserInterface: 1, Role: 999 }),
      { output: ROLE_NOT_FOUND },
    );
  });
});

describe('menu-permission/update', () => {
  it("replaces a role's grants, writes an audit entry, and the role's users see it on their next request", async () => {
    const viewer = await roleId('viewer');
    const original = seeded('viewer');
    expect((await api.call('brandLists', token('viewer'), { UserInterface: 1 })).flag).toBe(1);
    expect(await menuLinks('viewer')).toContain('/brand/lists');

    const without = original.filter(
      (grant) => !(grant.ModuleCode === 'brand' && grant.ActionCode === 'list'),
    );
    const answer = await setGrants('admin', viewer, without);
    expect([answer.status, answer.flag, answer.output]).toEqual([
      200,
      1,
      'Permissions of Viewer saved.',
    ]);
    expect(answer.records).toEqual({ RoleId: viewer, Grants: without });
    expect((await grid('admin', viewer)).Grants).toEqual(without);

    // The same token, the very next request: grants are read per request, not kept in the token.
    const refused = await api.call('brandLists', token('viewer'), { UserInterface: 1 });
    expect([refused.flag, refused.output]).toEqual([0, 'You are not allowed to list brands.']);
    expect(await menuLinks('viewer')).not.toContain('/brand/lists');
    const page = await api.call('pageInfo', token('viewer'), { Module: 'brand', Action: 'list' });
    expect(page.records?.PagePermissionFlag).toBe(false);

    const audit = (await api.auditOf('role', viewer)).at(-1);
    if (!audit) throw new Error('no audit entry for the role');
    expect(audit.action).toBe('grants_update');
    const details = audit.details as { before: string[]; after: string[]; removed: string[] };
    expect(details.removed).toEqual(['brand:list']);
    expect(details.before).toHaveLength(original.length);
    expect(details.after).toHaveLength(without.length);

    // The grant comes back, and with it the page.
    const restored = await setGrants('admin', viewer, original);
    expect(restored.flag).toBe(1);
    expect((await api.call('brandLists', token('viewer'), { UserInterface: 1 })).flag).toBe(1);
    expect(await menuLinks('viewer')).toContain('/brand/lists');
  });

  it('gives a new grant at once, ignores duplicates, and takes the list as JSON text (API version 2)', async () => {
    const manager = await roleId('manager');
    const original = seeded('manager');
    const extra = { ModuleCode: 'brand', ActionCode: 'delete' };
    const response = await api.app.inject({
      method: 'POST',
      url: `/${legacyCalls.menuPermissionUpdate.path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: token('admin'),
        UserInterface: '2',
        Role: String(manager),
        Grants: JSON.stringify([...original, extra, extra]),
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ flag: 1 });
    const stored = (await grid('admin', manager)).Grants;
    expect(stored).toHaveLength(original.length + 1);
    expect(stored).toContainEqual(extra);
    expect(
      (await api.call('permission', token('manager'), { Module: 'brand', Action: 'delete' })).flag,
    ).toBe(1);
    expect((await setGrants('admin', manager, original)).flag).toBe(1);
    expect(
      (await api.call('permission', token('manager'), { Module: 'brand', Action: 'delete' })).flag,
    ).toBe(0);
  });

  it('refuses a user without the edit grant, changing nothing', async () => {
    const viewer = await roleId('viewer');
    await api.expectRefusedWithoutChange(() => setGrants('viewer', viewer, []), {
      output: NOT_ALLOWED_TO_CHANGE,
    });
    await api.expectRefusedWithoutChange(() => setGrants('manager', viewer, []), {
      output: NOT_ALLOWED_TO_CHANGE,
    });
  });

  it('refuses an unknown role, module or action, naming it, changing nothing', async () => {
    const viewer = await roleId('viewer');
    const ok = seeded('viewer');
    await api.expectRefusedWithoutChange(() => setGrants('admin', 9999, ok), {
      output: ROLE_NOT_FOUND,
    });
    await api.expectRefusedWithoutChange(
      () => setGrants('admin', viewer, [...ok, { ModuleCode: 'spaceship', ActionCode: 'list' }]),
      { output: unknownModule('spaceship') },
    );
    await api.expectRefusedWithoutChange(
      () => setGrants('admin', viewer, [...ok, { ModuleCode: 'brand', ActionCode: 'launch' }]),
      { output: unknownAction('launch') },
    );
  });

  it.each([
    ['list', 'edit'],
    ['edit', 'list'],
  ])('refuses to take the %s grant on menu permissions from the administrator', async (lost) => {
    const admin = await roleId('admin');
    const grants = seeded('admin').filter(
      (grant) => !(grant.ModuleCode === 'menu_permission' && grant.ActionCode === lost),
    );
    await api.expectRefusedWithoutChange(() => setGrants('admin', admin, grants), {
      output: ADMIN_LOCKOUT,
    });
  });

  it('lets the administrator lose other grants, and keeps them changeable', async () => {
    const admin = await roleId('admin');
    const minimal = [
      { ModuleCode: 'menu_permission', ActionCode: 'list' },
      { ModuleCode: 'menu_permission', ActionCode: 'edit' },
    ];
    expect((await setGrants('admin', admin, minimal)).flag).toBe(1);
    expect(await menuLinks('admin')).toEqual(['/menu-permission/lists']);
    expect((await setGrants('admin', admin, seeded('admin'))).flag).toBe(1);
    expect((await grid('admin', admin)).Grants).toEqual(seeded('admin'));
  });

  it('refuses a body without Grants or with a malformed list with 422, changing nothing', async () => {
    const viewer = await roleId('viewer');
    await api.expectRefusedWithoutChange(
      () => api.call('menuPermissionUpdate', token('admin'), { Role: viewer }),
      { status: 422, output: 'Grants is required' },
    );
    await api.expectRefusedWithoutChange(
      () =>
        api.call('menuPermissionUpdate', token('admin'), {
          Role: viewer,
          Grants: [{ ModuleCode: 'Brand', ActionCode: 'list' }],
        }),
      {
        status: 422,
        output: 'Grants.0.ModuleCode must be a lower-case code such as purchase_order',
      },
    );
  });
});
