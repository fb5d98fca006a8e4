import { expect, test } from '@playwright/test';
import {
  checkScreen,
  downloadList,
  listRows,
  listSettled,
  listState,
  openScreenAs,
  QUICK_POLL,
  searchList,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

// A valid GSTIN of Tamil Nadu (33) for PAN AAKCS7777Q, and the same PAN's GSTIN in Karnataka (29).
const GSTIN_TN = '33AAKCS7777Q1ZA';
const GSTIN_KA = '29AAKCS7777Q1ZZ';

test('admin adds a vendor: the form checks formats, the server checks the GSTIN against the state', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/vendor/list', 'Vendors');
  await checkScreen(page, 'vendors');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/vendor\/create$/);
  const dialog = page.getByRole('dialog', { name: 'New vendor' });
  await dialog.getByLabel('Vendor', { exact: true }).fill('Sri Sakthi Surgicals');
  await dialog.getByLabel('State').selectOption({ label: 'Tamil Nadu' });
  await dialog.getByLabel('GSTIN').fill(GSTIN_KA.toLowerCase());
  await dialog.getByLabel('PAN').fill('AAKCS0000Q');
  await dialog.getByLabel('Contact person').fill('S. Sakthivel');
  await dialog.getByLabel('Phone').fill('abc');
  await dialog.getByLabel('Address').fill('21 Avinashi Road, Coimbatore');
  await dialog.getByLabel('IFSC').fill('SBIN0009');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The PAN must be characters 3 to 12 of the GSTIN')).toBeVisible();
  await expect(dialog.getByText('Enter a phone number of 8 to 15 digits')).toBeVisible();
  await expect(dialog.getByText('Enter an IFSC like SBIN0001234')).toBeVisible();
  await checkScreen(page, 'vendor-form');
  await dialog.getByLabel('PAN').fill('AAKCS7777Q');
  await dialog.getByLabel('Phone').fill('0422 255 1234');
  await dialog.getByLabel('IFSC').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The GSTIN was issued in Karnataka: only the server can tell, in its own words, in the form.
  await expect(dialog.getByRole('alert')).toContainText(
    `GSTIN ${GSTIN_KA} belongs to state code 29, not to Tamil Nadu (33).`,
  );
  await dialog.getByLabel('GSTIN').fill(GSTIN_TN);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/vendor\/list$/);
  await searchList(page, 'Sri Sakthi');
  await expect(listRows(page).first()).toContainText(GSTIN_TN);
});

test('edit by link, deactivate, delete refused for a vendor on orders, and the export', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/vendor/list', 'Vendors');
  await searchList(page, 'Sri Sakthi');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/vendor\/edit\?id=\d+&q=Sri\+Sakthi$/);
  const url = page.url();
  await page.reload();
  const dialog = page.getByRole('dialog', { name: /^Edit vendor: Sri Sakthi Surgicals/ });
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);
  await dialog.getByLabel('Active status').selectOption('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, 'Sri Sakthi');
  await expect(listRows(page).first()).toContainText('InActive');

  await searchList(page, 'Cauvery Electricals');
  await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: /Cannot delete Vendor Cauvery Electricals: it is used by \d+ purchase orders/,
    }),
  ).toBeVisible();

  // Every vendor the list counts (the bulk upload's file adds three for a while: not a number
  // of this file's own to write down).
  await searchList(page, '');
  const counted = await page.getByText(/^\d+–\d+ of \d+$/).textContent();
  expect((await downloadList(page)).dataRows).toBe(Number(counted?.split(' of ')[1]));
});

test('vendors of one state: the list, its count, the edit link and the download keep it', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/vendor/list', 'Vendors');
  const summary = page.getByText(/^\d+–\d+ of \d+$/);
  const totalOf = async () => Number(((await summary.textContent()) ?? '').split(' of ')[1]);
  const total = await totalOf();
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  await expect(state.locator('option').first()).toHaveText('All states');
  await state.selectOption({ label: 'Tamil Nadu' });
  // The address changes before the list asks: wait for the narrower count.
  await expect.poll(totalOf, QUICK_POLL).toBeLessThan(total);
  await listSettled(page);
  const stateId = listState(page).get('state');
  expect(stateId).toMatch(/^\d+$/);
  const count = await totalOf();
  expect(count).toBeGreaterThan(0);
  const stateIndex = (await page.getByRole('columnheader').allTextContents()).indexOf('State');
  const states = await listRows(page)
    .locator(`td:nth-child(${stateIndex + 1})`)
    .allTextContents();
  expect(new Set(states)).toEqual(new Set(['Tamil Nadu']));
  expect((await downloadList(page)).dataRows).toBe(count);

  // This file's vendor is in Tamil Nadu: found within the state, and its edit link keeps it.
  await searchList(page, 'Sri Sakthi');
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('Sri Sakthi Surgicals');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/vendor\/edit\?/);
  expect(Object.fromEntries(listState(page))).toMatchObject({ q: 'Sri Sakthi', state: stateId });
  const dialog = page.getByRole('dialog', { name: /^Edit vendor: Sri Sakthi Surgicals/ });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/vendor\/list\?/);
  expect(Object.fromEntries(listState(page))).toEqual({ state: stateId, q: 'Sri Sakthi' });
  await expect(state).toHaveValue(stateId ?? '');
});

test('the viewer only reads vendors', async ({ page }) => {
  await openScreenAs(page, 'viewer', '/vendor/list', 'Vendors');
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(page.locator('table tbody').getByRole('button')).toHaveCount(0);
  await page.goto('/#/vendor/create');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
