import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuLeaves } from '../menu/routes.ts';
import { expectRefusedWithoutChange, startTestApi, type TestApi } from '../test/test-api.ts';

let api: TestApi;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  for (const user of ['admin', 'manager', 'viewer']) tokens[user] = await api.login(user);
});
afterAll(() => api.close());

const admin = () => tokens.admin ?? '';

async function menuId(text: string): Promise<number> {
  const row = await api.db
    .selectFrom('menus')
    .select('id')
    .where('text', '=', text)
    .executeTakeFirstOrThrow();
  return row.id;
}

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
    for (const user of ['viewer', 'manager']) {
      const list = await api.call('menuItemLists', tokens[user] ?? '', { UserInterface: 1 });
      expect([list.flag, list.output]).toEqual([0, 'You are not allowed to list menus.']);
      await expectRefusedWithoutChange(
        api.db,
        async () => api.call('menuItemStore', tokens[user] ?? '', await entry()),
        { output: 'You are not allowed to create menus.' },
      );
      await expectRefusedWithoutChange(
        api.db,
        async () =>
          api.call('menuItemDestroy', tokens[user] ?? '', { Menu: await menuId('Dashboard') }),
        { output: 'You are not allowed to delete menus.' },
      );
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
    const audit = await api.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'menu')
      .where('entityId', '=', id)
      .orderBy('id')
      .execute();
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
    const entries = await api.db
      .selectFrom('menus')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parentId', '=', masters)
      .executeTakeFirstOrThrow();
    await expectRefusedWithoutChange(
      api.db,
      () => api.call('menuItemDestroy', admin(), { Menu: masters }),
      { output: `Cannot delete Menu Masters: it has ${Number(entries.n)} entries.` },
    );
    await expectRefusedWithoutChange(
      api.db,
      async () =>
        api.call('menuItemStore', admin(), await entry({ Parent: await menuId('Dashboard') })),
      { output: 'The parent Dashboard is not a group: menus nest one level only.' },
    );
    await expectRefusedWithoutChange(
      api.db,
      async () => api.call('menuItemStore', admin(), await entry({ MenuLink: '' })),
      { output: "An entry under a group needs a link starting with '/' and a module." },
    );
    await expectRefusedWithoutChange(
      api.db,
      async () => api.call('menuItemStore', admin(), await entry({ Parent: '', Module: '' })),
      { output: 'A group has no link and no module.' },
    );
    await expectRefusedWithoutChange(
      api.db,
      async () => api.call('menuItemStore', admin(), await entry({ Module: 'no_such' })),
      { output: 'Module no_such does not exist.' },
    );
    await expectRefusedWithoutChange(
      api.db,
      async () =>
        api.call('menuItemUpdate', admin(), {
          ...(await entry({ MenuText: 'Masters' })),
          Menu: masters,
        }),
      { output: 'A menu cannot be its own parent.' },
    );
    await expectRefusedWithoutChange(
      api.db,
      async () =>
        api.call('menuItemUpdate', admin(), {
          ...(await entry({ MenuText: 'Masters', Parent: await menuId('Reports') })),
          Menu: masters,
        }),
      { output: 'Menu Masters has entries, so it stays a group.' },
    );
    await expectRefusedWithoutChange(
      api.db,
      () => api.call('menuItemShow', admin(), { Menu: 999999 }),
      { output: 'Menu 999999 does not exist.' },
    );
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
    for (const [overrides, output] of cases) {
      await expectRefusedWithoutChange(
        api.db,
        async () => api.call('menuItemStore', admin(), await entry(overrides)),
        { status: 422, output },
      );
    }
  });
});
