import { expect, type Locator, test } from '@playwright/test';
import { uploadLogo } from './gallery-upload.ts';
import {
  checkScreen,
  downloadList,
  listRows,
  openScreen,
  openScreenAs,
  searchList,
  signIn,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

// GSTINs of the demo company (PAN AAKCS4821M), with valid check characters.
const TAMIL_NADU_GSTIN = '33AAKCS4821M1Z3';
const KARNATAKA_GSTIN = '29AAKCS4821M1ZS';

/** The texts of a select's options, placeholder first. */
async function optionTexts(select: Locator): Promise<string[]> {
  return select.locator('option').allTextContents();
}

test('admin adds a branch: state, district and city cascade; the server refuses a code taken and a GSTIN of another state', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await uploadLogo(page, 'Madurai logo', 'BRANCH_LOGO');
  await uploadLogo(page, 'Group logo', 'COMPANY_LOGO');
  await openScreen(page, '/branch/list', 'Branches');
  await checkScreen(page, 'branches');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/branch\/create$/);
  const dialog = page.getByRole('dialog', { name: 'New branch' });
  await dialog.getByLabel('Code', { exact: true }).fill('chn-ho');
  await dialog.getByLabel('Branch', { exact: true }).fill('Madurai Anna Nagar');
  await expect(dialog.getByLabel('Company', { exact: true })).toHaveValue(/\d+/);
  await dialog.getByLabel('Address').fill('12, 80 Feet Road, Anna Nagar');

  // Nothing to choose under a parent not yet chosen; then only the parent's children.
  const state = dialog.getByLabel('State', { exact: true });
  const district = dialog.getByLabel('District', { exact: true });
  const city = dialog.getByLabel('City', { exact: true });
  await expect(district).toBeDisabled();
  await expect(city).toBeDisabled();
  expect((await optionTexts(state))[0]).toBe('Select…');
  await state.selectOption({ label: 'Karnataka' });
  await expect(district).toBeEnabled();
  await expect(district.locator('option', { hasText: 'Bengaluru Urban' })).toHaveCount(1);
  await expect(district.locator('option', { hasText: 'Madurai' })).toHaveCount(0);
  await state.selectOption({ label: 'Tamil Nadu' });
  await expect(district).toHaveValue('');
  await expect(district.locator('option', { hasText: 'Madurai' })).toHaveCount(1);
  await expect(district.locator('option', { hasText: 'Bengaluru Urban' })).toHaveCount(0);
  await district.selectOption({ label: 'Madurai' });
  await expect(city).toBeEnabled();
  await expect(city.locator('option', { hasText: 'Madurai' })).toHaveCount(1);
  await expect(city.locator('option', { hasText: 'Chennai' })).toHaveCount(0);
  await city.selectOption({ label: 'Madurai' });

  await dialog.getByLabel('PIN code').fill('625020');
  await dialog.getByLabel('GSTIN', { exact: true }).fill('33AAKC');
  await dialog.getByLabel('Phone').fill('0452 253 1100');
  await dialog.getByLabel('Email').fill('mdu-ann@sundaramhealthcare.in');
  // Only branch logos of the gallery are offered.
  const logo = dialog.getByLabel('Logo', { exact: true });
  await expect(logo.locator('option', { hasText: 'Group logo' })).toHaveCount(0);
  await logo.selectOption({ label: 'Madurai logo' });
  await expect(dialog.getByRole('img', { name: 'Chosen logo: Madurai logo' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a GSTIN like 33AAPFU0939F1Z5')).toBeVisible();
  await checkScreen(page, 'branch-form');

  // What needs the database comes back in the server's words, in the form.
  await dialog.getByLabel('GSTIN', { exact: true }).fill(KARNATAKA_GSTIN);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Branch code CHN-HO already exists.');
  await dialog.getByLabel('Code', { exact: true }).fill('mdu-ann');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `GSTIN ${KARNATAKA_GSTIN} belongs to state code 29, not to Tamil Nadu (33).`,
  );
  await dialog.getByLabel('GSTIN', { exact: true }).fill(TAMIL_NADU_GSTIN.toLowerCase());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/branch\/list$/);
  await searchList(page, 'MDU-ANN');
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('Madurai');
  await expect(listRows(page).first()).toContainText(TAMIL_NADU_GSTIN);
});

test('edit by link, deactivate, delete refused for a branch in use, the export, then delete', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/branch/list', 'Branches');
  await searchList(page, 'MDU-ANN');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/branch\/edit\?id=\d+&q=MDU-ANN$/);
  const url = page.url();
  await page.reload();
  const dialog = page.getByRole('dialog', { name: /^Edit branch: Madurai Anna Nagar/ });
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);
  // The stored place shows once its options are there.
  await expect(dialog.getByLabel('District', { exact: true })).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('City', { exact: true })).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Logo', { exact: true })).toHaveValue(/^\/files\/gallery\//);
  await dialog.getByLabel('Active status').selectOption('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, 'MDU-ANN');
  await expect(listRows(page).first()).toContainText('InActive');

  await searchList(page, 'CHN-HO');
  await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        /Cannot delete Branch Chennai Head Office \(CHN-HO\): it is used by \d+ staff members/,
    }),
  ).toBeVisible();

  await searchList(page, '');
  const { fileName, sheet, dataRows } = await downloadList(page);
  expect(fileName).toMatch(/^Branches_\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(dataRows).toBe(13);
  expect(sheet.getRow(1).getCell(1).value).toBe('Code');
  expect(sheet.getRow(1).getCell(7).value).toBe('GSTIN');

  await searchList(page, 'MDU-ANN');
  await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(listRows(page).filter({ hasText: 'MDU-ANN' })).toHaveCount(0);
});

test('a branch manager sees only the branches they work in, read only', async ({ page }) => {
  await openScreenAs(page, 'manager', '/branch/list', 'Branches');
  await expect(listRows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(page.locator('table tbody').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download as spreadsheet' })).toHaveCount(0);
});
