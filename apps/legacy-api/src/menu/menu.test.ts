import type { MenuItem } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULES as ALL_MODULES, ROLES } from '../seed/reference.ts';

/** The modules with a menu entry (some are worked from other pages). */
const MODULES = ALL_MODULES.filter((module) => !module.noMenu);

import { aBranch, aLogin } from '../test/factories.ts';
import {
  ADMIN_MENU_GROUPS,
  DEMO_USERS,
  type DemoUser,
  expectExactKeys,
  useTestApi,
} from '../test/test-api.ts';

/*
 * The menus, pages and grants are reference data; the file makes its own branches and a login of
 * each role in them (test/factories.ts), kavitha being a branch manager who has not chosen a
 * primary branch: everyone works in `home`, the manager and the verifier in `second` too, and
 * nobody (but the administrator, who works in every branch) in `other`.
 */

const api = useTestApi({ reference: true });
const tokens = new Map<DemoUser, string>();
let home = 0;
let second = 0;
let other = 0;

beforeAll(async () => {
  home = (await aBranch(api.db)).id;
  second = (await aBranch(api.db)).id;
  other = (await aBranch(api.db)).id;
  for (const user of DEMO_USERS) {
    const login = await aLogin(api.db, {
      role: user === 'kavitha' ? 'manager' : user,
      branches: user === 'manager' || user === 'verifier' ? [home, second] : [home],
      noPrimaryBranch: user === 'kavitha',
    });
    tokens.set(user, await api.login(login.username, login.password));
  }
});

function token(user: DemoUser): string {
  const value = tokens.get(user);
  if (!value) throw new Error(`no login of ${user}: the logins are made in beforeAll`);
  return value;
}

async function menuOf(user: DemoUser): Promise<MenuItem[]> {
  const answer = await api.call('menu', token(user));
  expect(answer.status).toBe(200);
  expect(answer.flag).toBe(1);
  expect(answer.output).toBe('Menu.');
  return answer.raw as MenuItem[];
}

function texts(items: readonly MenuItem[]): string[] {
  return items.map((item) => item.MenuText);
}

function group(items: readonly MenuItem[], name: string): MenuItem | undefined {
  return items.find((item) => item.MenuText === name);
}

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.SubMenu ? leaves(item.SubMenu) : [item]));
}

const leaf = (code: string): MenuItem => {
  const module = MODULES.find((candidate) => candidate.code === code);
  if (!module) throw new Error(`no module ${code}`);
  return {
    MenuText: module.title,
    MenuLink: module.link,
    MenuIcon: module.icon,
    MenuStyle: '',
    MenuModule: module.code,
  };
};

describe('menu/lists', () => {
  it('gives the administrator every group, Settings included, with every module', async () => {
    const menu = await menuOf('admin');
    expect(texts(menu)).toEqual(ADMIN_MENU_GROUPS);
    expect(group(menu, 'Settings')?.SubMenu).toEqual([leaf('menu'), leaf('menu_permission')]);
    expect(leaves(menu).map((item) => item.MenuLink)).toEqual(MODULES.map((module) => module.link));
  });

  it('gives the viewer no Settings group, but Purchase', async () => {
    const menu = await menuOf('viewer');
    expect(texts(menu)).toEqual(['Dashboard', 'Purchase', 'Assets', 'Masters', 'Reports']);
    expect(group(menu, 'Purchase')?.SubMenu).toEqual([
      leaf('purchase_order'),
      leaf('goods_receive_note'),
    ]);
    const links = leaves(menu).map((item) => item.MenuLink);
    expect(links).not.toContain('/menu/lists');
    expect(links).not.toContain('/menu-permission/lists');
  });

  it("gives the verifier exactly the entries of the verifier's grants", async () => {
    expect(await menuOf('verifier')).toEqual([
      leaf('dashboard'),
      {
        MenuText: 'Purchase',
        MenuLink: '',
        MenuIcon: 'shopping-cart',
        MenuStyle: '',
        SubMenu: [
          {
            MenuText: 'Purchase Orders',
            MenuLink: '/purchase-order/list',
            MenuIcon: 'file-text',
            MenuStyle: '',
            MenuModule: 'purchase_order',
          },
          leaf('goods_receive_note'),
        ],
      },
      {
        MenuText: 'Assets',
        MenuLink: '',
        MenuIcon: 'package',
        MenuStyle: '',
        SubMenu: [leaf('asset')],
      },
      {
        MenuText: 'Masters',
        MenuLink: '',
        MenuIcon: 'database',
        MenuStyle: '',
        SubMenu: [leaf('branch'), leaf('vendor')],
      },
      {
        MenuText: 'Reports',
        MenuLink: '',
        MenuIcon: 'bar-chart-3',
        MenuStyle: '',
        SubMenu: [leaf('report_finance')],
      },
    ]);
  });

  it("gives the manager the operations entries and the manager's masters", async () => {
    const menu = await menuOf('manager');
    expect(texts(menu)).toEqual(['Dashboard', 'Purchase', 'Assets', 'Masters', 'Reports']);
    expect(texts(group(menu, 'Masters')?.SubMenu ?? [])).toEqual([
      'Branches',
      'Staff',
      'Vendors',
      'Categories and Sub-categories',
      'Asset Types',
      'Accessory Types',
      'Asset Locations',
      'Brands',
    ]);
    expect(texts(group(menu, 'Reports')?.SubMenu ?? [])).toEqual([
      'Branch Asset Report',
      'AMC Report',
    ]);
    // kavitha has the manager's role, so the manager's menu.
    expect(await menuOf('kavitha')).toEqual(menu);
  });

  it.each(DEMO_USERS)(
    'for %s: entries are exactly the modules the role may list, at their legacy links, no empty group',
    async (user) => {
      const menu = await menuOf(user);
      const roleCode = user === 'kavitha' ? 'manager' : user;
      const role = ROLES.find((candidate) => candidate.code === roleCode);
      if (!role) throw new Error(`no role ${roleCode}`);
      const listable = MODULES.filter((module) => role.grants[module.code]?.includes('list'));
      expect(leaves(menu)).toEqual(listable.map((module) => leaf(module.code)));
      const check = (items: readonly MenuItem[]) => {
        for (const item of items) {
          if (item.SubMenu) {
            expectExactKeys(item, ['MenuText', 'MenuLink', 'MenuIcon', 'MenuStyle', 'SubMenu']);
            expect(item.SubMenu.length).toBeGreaterThan(0);
            expect(item.MenuLink).toBe('');
            check(item.SubMenu);
          } else {
            expectExactKeys(item, ['MenuText', 'MenuLink', 'MenuIcon', 'MenuStyle', 'MenuModule']);
            expect(item.MenuLink).toMatch(/^\/[a-z-]+\/[a-z-]+$/);
          }
        }
      };
      check(menu);
    },
  );

  it('drops a group whose every entry the role lost, and shows it again when granted back', async () => {
    const removed = await api.db
      .deleteFrom('roleGrants')
      .where('roleId', '=', await api.idOf('roles', 'code', 'verifier'))
      .where('moduleId', '=', await api.idOf('modules', 'code', 'report_finance'))
      .returningAll()
      .execute();
    expect(removed.length).toBeGreaterThan(0);
    try {
      const menu = await menuOf('verifier');
      expect(texts(menu)).toEqual(['Dashboard', 'Purchase', 'Assets', 'Masters']);
    } finally {
      await api.db.insertInto('roleGrants').values(removed).execute();
    }
    expect(texts(await menuOf('verifier'))).toContain('Reports');
  });
});

describe('menu-details/show (pageInfo)', () => {
  it('answers the title, description and permission flag of purchase_order/list', async () => {
    const answer = await api.call('pageInfo', token('viewer'), {
      Module: 'purchase_order',
      Action: 'list',
    });
    expect(answer.status).toBe(200);
    expect(answer.flag).toBe(1);
    expect(answer.output).toBe('Purchase Orders');
    expect(answer.raw).toEqual({
      PageTitle: 'Purchase Orders',
      PageDescription: 'Purchase orders of the branch, with their verification and approval',
      PagePermissionFlag: true,
    });
  });

  it.each([
    ['admin', 'purchase_order', 'create', true],
    ['manager', 'purchase_order', 'create', true],
    ['kavitha', 'purchase_order', 'create', true],
    ['verifier', 'purchase_order', 'create', false],
    ['approver', 'purchase_order', 'create', false],
    ['viewer', 'purchase_order', 'create', false],
    ['admin', 'purchase_order', 'list', true],
    ['verifier', 'purchase_order', 'list', true],
    ['admin', 'menu', 'list', true],
    ['viewer', 'menu', 'list', false],
    ['manager', 'menu_permission', 'list', false],
    ['manager', 'staff', 'create', true],
    ['verifier', 'staff', 'list', false],
  ] as const)('%s on %s/%s: PagePermissionFlag %s', async (user, Module, Action, allowed) => {
    const answer = await api.call('pageInfo', token(user), { Module, Action });
    expect(answer.flag).toBe(1);
    expect(answer.records?.PagePermissionFlag).toBe(allowed);
  });

  it('answers the create page of purchase orders', async () => {
    const answer = await api.call('pageInfo', token('manager'), {
      Module: 'purchase_order',
      Action: 'create',
    });
    expect(answer.raw).toEqual({
      PageTitle: 'Create Purchase Order',
      PageDescription: 'Fill in the details and save',
      PagePermissionFlag: true,
    });
  });

  it.each([
    ['no_such_module', 'list'],
    ['purchase_order', 'approve'],
    ['purchase_order', 'nothing'],
  ])('refuses an unknown page %s/%s with flag 0 Unknown page.', async (Module, Action) => {
    const answer = await api.call('pageInfo', token('admin'), { Module, Action });
    expect(answer).toMatchObject({ status: 200, flag: 0, output: 'Unknown page.', raw: null });
  });

  it.each([
    [
      { Module: 'Purchase Order', Action: 'list' },
      'Module must be a lower-case code such as purchase_order',
    ],
    [{ Module: 'purchase_order' }, 'Action is required'],
    [{ Action: 'list' }, 'Module is required'],
  ])('refuses %o with 422 %s', async (body, output) => {
    const answer = await api.call('pageInfo', token('admin'), body);
    expect([answer.status, answer.flag, answer.output]).toEqual([422, 0, output]);
  });
});

describe('menu-details/permission', () => {
  /** Asks whether the user may take the action on the module (in `Branch`, when given). */
  const permission = (
    user: DemoUser,
    Module: string,
    Action: string,
    where: { Branch?: unknown } = {},
  ) => api.call('permission', token(user), { Module, Action, ...where });

  it('answers yes (flag 1, records null) when the role may take the action', async () => {
    const answer = await permission('manager', 'purchase_order', 'create');
    expect(answer).toMatchObject({ status: 200, flag: 1, output: 'Permitted.', raw: null });
  });

  it('answers no with a readable output naming the action and the module', async () => {
    const answer = await permission('verifier', 'purchase_order', 'create');
    expect(answer).toMatchObject({
      status: 200,
      flag: 0,
      output: 'You are not permitted to create purchase orders.',
      raw: null,
    });
    const viewer = await permission('viewer', 'menu_permission', 'list');
    expect(viewer.output).toBe('You are not permitted to list menu permissions.');
    const unknown = await permission('admin', 'no_such', 'list');
    expect([unknown.flag, unknown.output]).toEqual([0, 'You are not permitted to list no such.']);
  });

  it('answers yes in a branch the user works in', async () => {
    const answer = await permission('manager', 'purchase_order', 'create', {
      Branch: second,
    });
    expect(answer.flag).toBe(1);
    const verify = await permission('verifier', 'purchase_order', 'verify', { Branch: second });
    expect(verify.flag).toBe(1);
  });

  it('refuses a branch the user does not work in, whatever the role may do', async () => {
    const answer = await permission('manager', 'purchase_order', 'create', {
      Branch: other,
    });
    expect([answer.status, answer.flag, answer.output]).toEqual([
      200,
      0,
      'You do not work in that branch.',
    ]);
    const verifier = await permission('verifier', 'purchase_order', 'verify', { Branch: other });
    expect(verifier.output).toBe('You do not work in that branch.');
    const unknownBranch = await permission('admin', 'purchase_order', 'list', { Branch: 999_999 });
    expect(unknownBranch.output).toBe('You do not work in that branch.');
  });

  it('treats a null Branch as no branch', async () => {
    const answer = await permission('manager', 'purchase_order', 'create', { Branch: null });
    expect(answer.flag).toBe(1);
  });

  it('refuses a malformed Branch with 422', async () => {
    const answer = await permission('manager', 'purchase_order', 'create', { Branch: 'CHN-HO' });
    expect([answer.status, answer.output]).toEqual([422, 'Branch must be a positive whole number']);
  });
});
