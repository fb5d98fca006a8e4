import { expect, test } from '@playwright/test';
import {
  checkScreen,
  downloadList,
  listRows,
  listSettled,
  listState,
  openScreen,
  openScreenAs,
  QUICK_POLL,
  searchList,
  signIn,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

test('admin creates, corrects, deactivates and deletes a brand; the server refuses a duplicate and a brand in use', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/#/brand/lists');
  await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  await checkScreen(page, 'brands');

  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New brand' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Brand is required')).toBeVisible();
  await checkScreen(page, 'brand-form');
  await dialog.getByLabel('Brand').fill('voltas');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The server's own words, beside the form, which keeps what was typed.
  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await dialog.getByLabel('Brand').fill('Blue Star Medical');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Blue Star Medical/).first()).toBeVisible();

  await searchList(page, 'Blue Star Medical');
  const row = listRows(page).first();
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit brand/ });
  await edit.getByLabel('Active status').selectOption('0');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('InActive');

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete Blue Star Medical?');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No matching records found')).toBeVisible();

  await searchList(page, 'Voltas');
  await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'Cannot delete Brand Voltas: it is used by' });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(listRows(page).first()).toContainText('Voltas');
});

test('sub-categories filter by category; asset types need a valid GST rate; the list exports', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/category-sub/list', 'Categories and Sub-categories');
  const category = page.getByLabel('Asset category', { exact: true });
  const value = await category.locator('option').nth(1).getAttribute('value');
  const name = (await category.locator('option').nth(1).textContent()) ?? '';
  await category.selectOption(value ?? '');
  // The filter is in the address, beside the list's page and search.
  await expect.poll(() => listState(page).get('parent'), QUICK_POLL).toBe(value);
  await listSettled(page);
  await expect(listRows(page).first()).toContainText(name);
  for (const text of await listRows(page).allTextContents()) expect(text).toContain(name);
  await checkScreen(page, 'sub-categories');

  await openScreen(page, '/asset-type/lists', 'Asset Types');
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New asset type' });
  await dialog.getByLabel('Asset type').fill('Infusion Pump');
  await dialog.getByLabel('GST rate (%)').fill('120');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Enter a rate from 0 to 100 with at most 2 decimals'),
  ).toBeVisible();
  await expect(dialog.getByText('Sub-category is required')).toBeVisible();
  await dialog.getByLabel('GST rate (%)').fill('12');
  await dialog.getByLabel('Sub-category').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, 'Infusion Pump');
  await expect(listRows(page).first()).toContainText('12.00');

  await searchList(page, '');
  const { dataRows: exported } = await downloadList(page);
  expect(exported).toBeGreaterThan(1);
  // The workbook has every row the (unfiltered) list shows.
  await expect(page.getByText(/^\d+–\d+ of \d+$/)).toHaveText(new RegExp(` of ${exported}$`));
});

test('accessory types: from the Masters menu, with a unit and a minimum stock, in the list and the workbook', async ({
  page,
}) => {
  const name = `ECG electrodes ${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await page.getByRole('navigation').getByRole('button', { name: 'Masters' }).click();
  await page.getByRole('menuitem', { name: 'Accessory Types' }).click();
  await expect(page.getByRole('heading', { name: 'Accessory Types', exact: true })).toBeVisible();
  await listSettled(page);
  await expect(listRows(page).first()).toBeVisible();
  await checkScreen(page, 'accessory-types');

  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New accessory type' });
  await dialog.getByLabel('Accessory type').fill(name);
  await dialog.getByLabel('Minimum stock').fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose a unit')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number from 0 to 10,00,000')).toBeVisible();
  await dialog.getByLabel('Unit').selectOption({ label: 'Box' });
  await dialog.getByLabel('Minimum stock').fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, name);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('Box');
  await expect(listRows(page).first()).toContainText('25');
  // Sorted by a column the server names as the row's field: the address keeps it.
  await page.getByRole('button', { name: 'Minimum stock' }).click();
  await expect.poll(() => listState(page).get('sort'), QUICK_POLL).toBe('minimumStock');
  await listSettled(page);
  const { dataRows } = await downloadList(page);
  expect(dataRows).toBe(1);
});

test('geography: states with GST codes; cities cascade state → district', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/#/states/lists');
  await expect(page.getByRole('heading', { name: 'States' })).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  await searchList(page, 'Tamil Nadu');
  await expect(listRows(page).first()).toContainText('33');
  await checkScreen(page, 'states');
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New state' });
  await dialog.getByLabel('State', { exact: true }).fill('Newland');
  await dialog.getByLabel('GST state code').fill('33');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'GST state code 33 is already used by State Tamil Nadu.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/#/city/lists');
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  const state = page.getByLabel('State', { exact: true });
  const district = page.getByLabel('District', { exact: true });
  await expect.poll(() => district.locator('option').count(), QUICK_POLL).toBeGreaterThan(5);
  const allDistricts = await district.locator('option').count();
  const kerala = await state.locator('option').filter({ hasText: 'Kerala' }).getAttribute('value');
  const everyCity = (await page.getByText(/^\d+–\d+ of \d+$/).textContent()) ?? '';
  await state.selectOption(kerala ?? '');
  await expect
    .poll(() => district.locator('option').count(), QUICK_POLL)
    .toBeLessThan(allDistricts);
  // The state alone narrows the list to its cities.
  await expect.poll(() => listState(page).get('grandparent'), QUICK_POLL).toBe(kerala);
  await listSettled(page);
  await expect(page.getByText(/^\d+–\d+ of \d+$/)).not.toHaveText(everyCity);
  const first = district.locator('option').nth(1);
  const districtName = (await first.textContent()) ?? '';
  const districtId = (await first.getAttribute('value')) ?? '';
  await district.selectOption(districtId);
  await expect.poll(() => listState(page).get('parent'), QUICK_POLL).toBe(districtId);
  await expect(listRows(page).first()).toContainText(districtName);
  await checkScreen(page, 'cities');
  // A new city starts under the state and district the list shows.
  await page.getByRole('button', { name: 'Create' }).click();
  const form = page.getByRole('dialog', { name: 'New city' });
  await expect(form.getByLabel('State', { exact: true })).toHaveValue(kerala ?? '');
  await expect(form.getByLabel('District', { exact: true })).toHaveValue(districtId);
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('the grants decide the buttons: the manager adds and corrects, the viewer only reads', async ({
  page,
}) => {
  await openScreenAs(page, 'manager', '/brand/lists', 'Brands');
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();
  await expect(listRows(page).first().getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.locator('table').getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.goto('/#/designation/lists');
  await expect(page).toHaveURL(/#\/access-denied$/);

  await page.context().clearCookies();
  await openScreenAs(page, 'viewer', '/asset-type/lists', 'Asset Types');
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(page.locator('table tbody').getByRole('button')).toHaveCount(0);
  await page.getByTestId('language-menu').selectOption('hin');
  await expect(page.getByRole('columnheader').nth(0)).toHaveText(/[\u0900-\u097F]/);
  await checkScreen(page, 'asset-types-hindi');
  await page.getByTestId('language-menu').selectOption('eng');
});
