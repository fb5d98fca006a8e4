import { describe, expect, it } from 'vitest';
import { menuLeaves } from '../menu/routes.ts';
import { useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

// The menus and modules are reference data; the file logs in as an administrator, a manager and a
// viewer of a branch of its own (test/factories.ts).
const api = useTestApi({ reference: true });
const { token } = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);

const admin = () => token('admin');
const menuId = (text: string) => api.idOf('menus', 'text', text);

async function entry(overrides: Record<string, unknown> = {}) {
  return {
    UserInterface: 1,
    MenuText: 'Service Calls',
    MenuLink: '/service-call/lists',
    MenuIcon: 'wrench',
    MenuStyle: '',
    MenuOrder: 50,
    Parent: await menuId('Masters'),
    Module: 'vendor',
    ...overrides,
  };
}

describe('menu items', () => {
  it('lists groups and their entries, group by group, with the legacy list payload', async () => {
    const answer = await api.call('menuItemLists', admin(), { UserInterface: 1 });
    expect(answer.flag).toBe(1);
    const rows = answer.records?.TableData ?? [];
    expect(rows[0]).toMatchObject({
      MenuText: 'Dashboard',
      ParentId: null,
      ModuleCode: 'dashboard',
    });
    const masters = rows.findIndex((row) => row.MenuText === 'Masters');
    expect(rows[masters]).toMatchObject({ MenuLink: '', ModuleCode: null, ParentText: null });
    expect(rows[masters + 1]?.ParentText).toBe('Masters');
    // Every entry follows its group, in order.
    let group: string | null = null;
    for (const row of rows) {
      if (row.ParentId === null) group = row.MenuText;
      else expect(row.ParentText).toBe(group);
    }
    expect(answer.records?.TableOptions.ItemKey).toBe('MenuId');
    expect(answer.records?.TableData[0]).toMatchObject({ EditFlag: true, DeleteFlag: true });
  });

  it('is the menu module: the viewer and the manager may not list or change menus', async () => {
    for (const user of ['viewer', 'manager'] as const) {
      const list = await api.call('menuItemLists', token(user), { UserInterface: 1 });
      expect([list.flag, list.output]).toEqual([0, 'You are not allowed to list menus.']);
      await api.expectEachRefusedWithoutChange([
        [
          async () => api.call('menuItemStore', token(user), await entry()),
          'You are not allowed to create menus.',
        ],
        [
          async () => api.call('menuItemDestroy', token(user), { Menu: await menuId('Dashboard') }),
          'You are not allowed to delete menus.',
        ],
      ]);
    }
  });

  it('creates, renames and deletes an entry, with audit rows, and the header menu follows at once', async () => {
    const created = await api.call('menuItemStore', admin(), await entry());
    expect([created.flag, created.output]).toEqual([1, 'Menu Service Calls created.']);
    expect(created.records).toMatchObject({ ParentText: 'Masters', ModuleName: 'Vendors' });
    const id = created.records?.MenuId ?? 0;
    const menu = await api.call('menu', admin(), { UserInterface: 1 });
    expect(menuLeaves(menu.records ?? []).map((item) => item.MenuText)).toContain('Service Calls');

    const renamed = await api.call('menuItemUpdate', admin(), {
      ...(await entry({ MenuText: 'Service Visits', MenuOrder: '7' })),
      Menu: id,
    });
    expect([renamed.flag, renamed.records?.MenuOrder]).toEqual([1, 7]);
    const after = await api.call('menu', admin(), { UserInterface: 1 });
    const masters = after.records?.find((item) => item.MenuText === 'Masters');
    expect(masters?.SubMenu?.map((item) => item.MenuText)).toContain('Service Visits');

    const deleted = await api.call('menuItemDestroy', admin(), { Menu: id });
    expect([deleted.flag, deleted.output]).toEqual([1, 'Menu Service Visits deleted.']);
    const audit = await api.auditOf('menu', id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'edit', 'delete']);
  });

  it('creates and deletes a group (no parent, no link, no module)', async () => {
    const group = await api.call('menuItemStore', admin(), {
      UserInterface: 1,
      MenuText: 'Tools',
      MenuIcon: 'hammer',
      MenuOrder: 90,
      MenuLink: '',
      Module: '',
      Parent: '',
    });
    expect(group.records).toMatchObject({ MenuLink: '', ModuleCode: null, ParentId: null });
    const gone = await api.call('menuItemDestroy', admin(), { Menu: group.records?.MenuId ?? 0 });
    expect(gone.flag).toBe(1);
  });

  it('refuses, changing nothing: a group with entries, a leaf as parent, half an entry, an unknown module', async () => {
    const masters = await menuId('Masters');
    const entries = await api.count('menus', { parentId: masters });
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('menuItemDestroy', admin(), { Menu: masters }),
        `Cannot delete Menu Masters: it has ${entries} entries.`,
      ],
      [
        async () =>
          api.call('menuItemStore', admin(), await entry({ Parent: await menuId('Dashboard') })),
        'The parent Dashboard is not a group: menus nest one level only.',
      ],
      [
        async () => api.call('menuItemStore', admin(), await entry({ MenuLink: '' })),
        "An entry under a group needs a link starting with '/' and a module.",
      ],
      [
        async () => api.call('menuItemStore', admin(), await entry({ Parent: '', Module: '' })),
        'A group has no link and no module.',
      ],
      [
        async () => api.call('menuItemStore', admin(), await entry({ Module: 'no_such' })),
        'Module no_such does not exist.',
      ],
      [
        async () =>
          api.call('menuItemUpdate', admin(), {
            ...(await entry({ MenuText: 'Masters' })),
            Menu: masters,
          }),
        'A menu cannot be its own parent.',
      ],
      [
        async () =>
          api.call('menuItemUpdate', admin(), {
            ...(await entry({ MenuText: 'Masters', Parent: await menuId('Reports') })),
            Menu: masters,
          }),
        'Menu Masters has entries, so it stays a group.',
      ],
      [() => api.call('menuItemShow', admin(), { Menu: 999999 }), 'Menu 999999 does not exist.'],
    ]);
  });

  it('validates the fields with 422: text, link, icon, order', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ MenuText: '' }, /MenuText is required/],
      [{ MenuText: 'x'.repeat(61) }, /MenuText must be at most 60 characters/],
      [{ MenuLink: 'vendor/lists' }, /MenuLink must be a path starting with '\/'/],
      [{ MenuIcon: 'Bad Icon' }, /MenuIcon must be an icon name/],
      [{ MenuOrder: 1000 }, /MenuOrder must be a whole number from 0 to 999/],
      [{ MenuOrder: 1.5 }, /MenuOrder must be a whole number from 0 to 999/],
    ];
    await api.expectCasesRefusedWithoutChange(
      async (overrides) => api.call('menuItemStore', admin(), await entry(overrides)),
      cases,
      { status: 422 },
    );
  });
});
