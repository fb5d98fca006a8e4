import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

const MenuItemsQuery = graphql(`
  query MenuItemsOf {
    menuItems(pageSize: 1000) {
      rows { id text link icon style order parentId parentText moduleCode moduleName isGroup canEdit canDelete }
      headers { value }
      canCreate
      exportUrl
    }
  }
`);

const HeaderMenu = graphql(`
  query HeaderMenuOf {
    menu { text children { text } }
  }
`);

const SaveMenuItem = graphql(`
  mutation SaveMenuItemOf($input: MenuItemInput!) {
    saveMenuItem(input: $input) { message menuItem { id text parentText moduleName isGroup order } }
  }
`);

const DeleteMenuItem = graphql(`
  mutation DeleteMenuItemOf($id: ID!) {
    deleteMenuItem(id: $id) { message }
  }
`);

const stack = useStack(['admin']);
const { admin } = stack.users;
/** A viewer whose records are the file's own. */
const viewer = useLogin(stack, 'viewer').client;

describe('menu items through the gateway', () => {
  it('lists the menu entries for the admin; the viewer is refused', async () => {
    const answer = await admin.graphql(MenuItemsQuery);
    expect(answer.errors).toBeUndefined();
    const rows = answer.data?.menuItems.rows ?? [];
    expect(answer.data?.menuItems.canCreate).toBe(true);
    const masters = rows.find((row) => row.text === 'Masters');
    expect(masters).toMatchObject({ isGroup: true, link: '', moduleCode: null, canDelete: true });
    expect(rows.find((row) => row.parentText === 'Masters')?.isGroup).toBe(false);

    const viewed = await viewer.graphql(MenuItemsQuery);
    expectRefused(viewed, 'REJECTED', 'You are not allowed to list menus.');
  });

  it('creates, renames and deletes an entry that the header menu shows at once', async () => {
    const rows = (await admin.graphql(MenuItemsQuery)).data?.menuItems.rows ?? [];
    const masters = rows.find((row) => row.text === 'Masters');
    const input = {
      text: 'Spare Parts',
      link: '/spare-part/lists',
      icon: 'cog',
      order: 40,
      parentId: masters?.id,
      moduleCode: 'vendor',
    };
    const created = await admin.graphql(SaveMenuItem, { input });
    expect(created.errors).toBeUndefined();
    expect(created.data?.saveMenuItem.menuItem).toMatchObject({
      parentText: 'Masters',
      moduleName: 'Vendors',
      isGroup: false,
    });
    const id = created.data?.saveMenuItem.menuItem.id ?? '';
    const renamed = await admin.graphql(SaveMenuItem, { input: { ...input, id, text: 'Spares' } });
    expect(renamed.data?.saveMenuItem.message).toBe('Menu Spares updated.');
    const menu = await admin.graphql(HeaderMenu);
    const group = menu.data?.menu.find((item) => item.text === 'Masters');
    expect(group?.children.map((item) => item.text)).toContain('Spares');

    const refused = await admin.graphql(DeleteMenuItem, { id: masters?.id ?? '' });
    expectRefused(refused, 'REJECTED', /^Cannot delete Menu Masters: it has \d+ entries\.$/);
    const badIcon = await admin.graphql(SaveMenuItem, { input: { ...input, icon: 'Not An Icon' } });
    expect(errorCode(badIcon)).toBe('BAD_USER_INPUT');

    const deleted = await admin.graphql(DeleteMenuItem, { id });
    expect(deleted.data?.deleteMenuItem.message).toBe('Menu Spares deleted.');
    const byViewer = await viewer.graphql(SaveMenuItem, { input });
    expectRefused(byViewer, 'REJECTED', 'You are not allowed to create menus.');
  });

  it('exports the menu entries as a workbook with every row; the viewer is refused', async () => {
    const answer = await admin.graphql(MenuItemsQuery);
    expect(answer.data?.menuItems.exportUrl).toBe('/exports/menus.xlsx');
    const sheet = await downloadSheet(
      admin,
      '/exports/menus.xlsx',
      /Menus_\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    const rows = answer.data?.menuItems.rows ?? [];
    expect(sheet.actualRowCount - 1).toBe(rows.length);
    expect(sheet.getRow(1).getCell(2).value).toBe('Menu');
    expect(sheet.getColumn(2).values).toEqual(expect.arrayContaining(['Masters']));
    // The viewer may not even list the menus: the server's refusal, and no workbook.
    const refused = await viewer.fetch('/exports/menus.xlsx');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: 'REJECTED', message: 'You are not allowed to list menus.' },
    });
  });
});
