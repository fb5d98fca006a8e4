import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen, downloadList, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const GRANT = 'Designations: List';

async function openPermissions(page: Page, role: string): Promise<void> {
  await page.goto('/#/menu-permission/lists');
  await expect(page.getByRole('heading', { name: 'Menu Permissions' })).toBeVisible();
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await expect(page.getByText(`What the role ${role} may do`)).toBeVisible();
}

/** Sets the viewer's list grant on designations, as the administrator, through the screen. */
async function setViewerGrant(page: Page, on: boolean): Promise<void> {
  await openPermissions(page, 'Viewer');
  const box = page.getByRole('checkbox', { name: GRANT });
  if ((await box.isChecked()) === on) return;
  await box.setChecked(on);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // The grid says which menu entries the role sees: those of the modules it may list.
  const menuCell = page
    .getByRole('row', { name: /^Designations/ })
    .getByRole('cell')
    .last();
  if (on) await expect(menuCell).toHaveText('Designations');
  else await expect(menuCell).toHaveText('Designations (not in its menu)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Permissions of Viewer saved.' }),
  ).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(box).toBeChecked({ checked: on });
}

async function asViewer(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, 'viewer');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
    await run(page);
  } finally {
    await context.close();
  }
}

async function mastersMenu(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Masters' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Whether the viewer has the grant as the tests left it: false from the moment it is taken away. */
let viewerGranted = true;

test.afterAll(async ({ browser }) => {
  // Whatever happened above, the viewer gets the grant back for the browser tests that follow
  // (when the test below got as far as giving it back and seeing it work, there is nothing to do).
  if (viewerGranted) return;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  await setViewerGrant(page, true);
  await context.close();
});

test('the administrator edits a role grid: Reset undoes, the lockout grants cannot be unticked', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openPermissions(page, 'Administrator');
  await expect(page.getByRole('checkbox', { name: 'Menu permissions: Edit' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Menu permissions: Edit' })).toBeChecked();
  await checkScreen(page, 'menu-permissions');

  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer' });
  const box = page.getByRole('checkbox', { name: 'Brands: Create' });
  await expect(box).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await box.check();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(box).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The role's grid as a workbook: a row per module, Yes or No per action.
  const { fileName, sheet } = await downloadList(page);
  expect(fileName).toMatch(/^Permissions Viewer_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const brands = sheet.getColumn(1).values.indexOf('Brands');
  expect(sheet.getRow(brands).getCell(2).value).toBe('Yes');
  expect(sheet.getRow(brands).getCell(3).value).toBe('No');
});

test('the viewer loses the list grant on designations: access denied, and gone from the menu', async ({
  page,
  browser,
}) => {
  await asViewer(browser, async (viewer) => {
    await expect(
      (await mastersMenu(viewer)).getByRole('menuitem', { name: 'Designations' }),
    ).toBeVisible();
  });

  await signIn(page, 'admin');
  viewerGranted = false;
  await setViewerGrant(page, false);

  await asViewer(browser, async (viewer) => {
    const menu = await mastersMenu(viewer);
    await expect(menu.getByRole('menuitem', { name: 'Brands' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Designations' })).toHaveCount(0);
    await viewer.keyboard.press('Escape');
    await viewer.goto('/#/designation/lists');
    await expect(viewer.getByRole('heading', { name: 'You are not authorised' })).toBeVisible();
    // The permissions screen itself is not the viewer's either.
    await viewer.goto('/#/menu-permission/lists');
    await expect(viewer.getByRole('heading', { name: 'You are not authorised' })).toBeVisible();
    await checkScreen(viewer, 'menu-permissions-denied');
  });

  await setViewerGrant(page, true);
  await asViewer(browser, async (viewer) => {
    await viewer.goto('/#/designation/lists');
    await expect(viewer.getByRole('heading', { name: 'Designations' })).toBeVisible();
  });
  viewerGranted = true;
});
