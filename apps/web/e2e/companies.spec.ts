import { expect, test } from '@playwright/test';
import { uploadLogo } from './gallery-upload.ts';
import { checkScreen, downloadList, listRows, openScreenAs, searchList } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

test('admin adds a company: the form checks the PAN and GSTIN, the server refuses a name taken', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/company/lists', 'Companies');
  await checkScreen(page, 'companies');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/company\/create$/);
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Name', { exact: true }).fill('sundaram healthcare');
  await dialog.getByLabel('Legal name').fill('Kaveri Diagnostics Private Limited');
  await dialog.getByLabel('PAN').fill('AAKC123');
  await dialog.getByLabel('Address').fill('5 Mount Road, Chennai 600002');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a PAN like AAPFU0939F')).toBeVisible();
  await checkScreen(page, 'company-form');
  await dialog.getByLabel('PAN').fill('aakck1234m');
  // The registered office GSTIN must hold the company's PAN.
  await dialog.getByLabel('GSTIN').fill('33AAKCS4821M1Z3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The PAN must be characters 3 to 12 of the GSTIN')).toBeVisible();
  await dialog.getByLabel('GSTIN').fill('33aakck1234m1zi');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Names are unique regardless of case: only the server can tell, in its own words, in the form.
  await expect(dialog.getByRole('alert')).toContainText(
    'Company sundaram healthcare already exists.',
  );
  await dialog.getByLabel('Name', { exact: true }).fill('Kaveri Diagnostics');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/company\/lists$/);
  await searchList(page, 'Kaveri');
  await expect(listRows(page).first()).toContainText('AAKCK1234M');
  await expect(listRows(page).first()).toContainText('33AAKCK1234M1ZI');
});

test('edit by link, deactivate, delete refused for the demo company, and the export', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/company/lists', 'Companies');
  await searchList(page, 'Kaveri');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/company\/edit\?id=\d+&q=Kaveri$/);
  const url = page.url();
  await page.reload();
  const dialog = page.getByRole('dialog', { name: /^Edit company: Kaveri Diagnostics/ });
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);
  await dialog.getByLabel('Active status').selectOption('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, 'Kaveri');
  await expect(listRows(page).first()).toContainText('InActive');

  // The logo: a company logo of the gallery, kept with the company.
  await uploadLogo(page, 'Kaveri logo', 'COMPANY_LOGO');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  const logo = page.getByRole('dialog').getByLabel('Logo', { exact: true });
  await logo.selectOption({ label: 'Kaveri logo' });
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await searchList(page, 'Kaveri');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog').getByLabel('Logo', { exact: true })).toHaveValue(
    /^\/files\/gallery\//,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await searchList(page, 'Sundaram');
  await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: /Cannot delete Company Sundaram Healthcare: it is used by \d+ branches/,
    }),
  ).toBeVisible();

  await searchList(page, '');
  const { fileName, sheet, dataRows } = await downloadList(page);
  expect(fileName).toMatch(/^Companies_\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(dataRows).toBe(2);
  expect(sheet.getRow(1).getCell(3).value).toBe('PAN');
});

test('the viewer only reads companies', async ({ page }) => {
  await openScreenAs(page, 'viewer', '/company/lists', 'Companies');
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(page.locator('table tbody').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download as spreadsheet' })).toHaveCount(0);
  await page.goto('/#/company/create');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
