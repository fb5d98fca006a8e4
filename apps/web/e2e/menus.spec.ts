import { expect, type Page, test } from '@playwright/test';
import { checkScreen, listRows, openScreenAs, searchList, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

/** The top bar's Masters group, opened; closed again with Escape by the caller. */
async function mastersMenu(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Masters' }).click();
  return page.getByRole('menu');
}

/** The list row of a menu entry, found by its text and icon (a group's entries name it too). */
function rowOf(page: Page, text: string, icon: string) {
  return listRows(page)
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: icon, exact: true }) });
}

async function rename(page: Page, from: string, to: string, icon: string) {
  await searchList(page, from);
  await rowOf(page, from, icon).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit menu entry: ${from}` });
  await dialog.getByLabel('Menu text').fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('admin edits the menu and the top bar follows at once; a group with entries stays', async ({
  page,
}) => {
  // The test's own entry, named so that no other run's (a repeat side by side) is the same.
  const tag = Math.random().toString(36).slice(2, 6);
  const created = `Service Desk ${tag}`;
  const renamed = `Help Desk ${tag}`;
  await openScreenAs(page, 'admin', '/menu/lists', 'Menus');
  await checkScreen(page, 'menus');

  // Add an entry under Masters; the form checks the rules first.
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New menu entry' });
  await dialog.getByLabel('Menu text').fill(created);
  await dialog.getByLabel('Group').selectOption({ label: 'Masters' });
  await dialog.getByLabel('Icon').fill('Wrench Icon');
  await dialog.getByLabel('Order').fill('1000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('An entry under a group needs a link')).toBeVisible();
  await expect(dialog.getByText('An entry needs a module')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number from 0 to 999')).toBeVisible();
  await checkScreen(page, 'menu-form');
  // A screen the app has: the top bar offers only those (app/built-routes.ts).
  await dialog.getByLabel('Link').fill('/vendor/list');
  await dialog.getByLabel('Module').selectOption({ label: 'Vendors' });
  await dialog.getByLabel('Icon').fill('wrench');
  await dialog.getByLabel('Order').fill('99');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  let menu = await mastersMenu(page);
  await expect(menu.getByRole('menuitem', { name: created })).toBeVisible();
  await page.keyboard.press('Escape');

  // Rename it: the top bar shows the new text without a reload.
  await rename(page, created, renamed, 'wrench');
  menu = await mastersMenu(page);
  await expect(menu.getByRole('menuitem', { name: renamed })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: created })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Delete it again.
  await searchList(page, renamed);
  await rowOf(page, renamed, 'wrench').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Menu ${renamed} deleted.`)).toBeVisible();
  menu = await mastersMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Brands' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: renamed })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A group that still has entries cannot be deleted.
  await searchList(page, 'Masters');
  await rowOf(page, 'Masters', 'database').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /Cannot delete Menu Masters: it has \d+ entries\./ }),
  ).toBeVisible();
});

test('the viewer may not open the menus screen', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/#/menu/lists');
  await expect(page).toHaveURL(/#\/access-denied$/);
});
