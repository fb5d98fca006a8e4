import { expect, test } from '@playwright/test';
import { listRows, listSettled, openList } from './helpers.ts';

/*
 * What a person meets on the way (issue 15): nothing offered leads to "Page not found", a wrong
 * edit link says so, and the login page does not ask a signed-in user to log in again.
 */

test('the menu, page search and order list offer only screens that are built', async ({ page }) => {
  await openList(page, 'admin');
  const navigation = page.getByRole('navigation');
  await expect(navigation.getByRole('button', { name: 'Masters' })).toBeVisible();
  // The dashboard, the server menu's first entry, is built now: it leads to its screen.
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '#/dashboard/branch-manager',
  );
  // The order form is built: Create and a row's Edit lead to it, not to "Page not found".
  await expect(page.getByRole('link', { name: 'Create' })).toHaveAttribute(
    'href',
    '#/purchase-order/create',
  );
  await expect(listRows(page).first()).toBeVisible();
  for (const edit of await listRows(page).getByRole('link', { name: 'Edit' }).all())
    await expect(edit).toHaveAttribute('href', /^#\/purchase-order\/create\?id=\d+$/);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Create Purchase Order' })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
});

test('an edit link naming no record says so and offers the list', async ({ page }) => {
  await openList(page, 'admin');
  await page.goto('/#/vendor/edit?id=999999');
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'This link names no record you may edit' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/#/branch/edit');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The link does not say which record to edit.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Show the list' }).click();
  await expect(page).toHaveURL(/#\/branch\/list$/);
  await listSettled(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the login page sends a signed-in user on to the list', async ({ page }) => {
  await openList(page, 'viewer');
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/purchase-order\/list$/);
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveCount(0);
});

test('page search works from the keyboard: Enter opens the first page, the arrows walk the list', async ({
  page,
}) => {
  await openList(page, 'admin');
  const open = page.getByRole('button', { name: 'Search pages' });
  const search = page.getByRole('searchbox', { name: 'Search pages' });
  await open.click();
  await search.fill('Brands');
  await search.press('Enter');
  await expect(page).toHaveURL(/#\/brand\/lists$/);
  await expect(search).toHaveCount(0);

  await open.click();
  await search.fill('ist');
  await search.press('ArrowDown');
  const links = page.getByRole('dialog').getByRole('link');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(search).toBeFocused();
  await search.press('ArrowDown');
  const target = (await links.first().getAttribute('href')) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await open.click();
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);
});
