import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  chooseBranch,
  downloadList,
  listRows,
  openScreenAs,
  searchList,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

async function openStaff(page: Page, username: string): Promise<void> {
  await openScreenAs(page, username, '/staff/list', 'Staff');
}

test('admin adds a staff member with a login: the form checks formats, the server the code', async ({
  page,
}) => {
  await openStaff(page, 'admin');
  await checkScreen(page, 'staff');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/staff\/create$/);
  const dialog = page.getByRole('dialog', { name: 'New staff member' });
  await dialog.getByLabel('Staff code', { exact: true }).fill('chn-ann-01');
  await dialog.getByLabel('Name', { exact: true }).fill('Kavin Rajendran');
  await chooseBranch(dialog.getByLabel('Home branch', { exact: true }), 'CHN-ANN');
  await dialog.getByLabel('Designation', { exact: true }).selectOption({ label: 'Store Keeper' });
  await dialog.getByLabel('Phone', { exact: true }).fill('abc');
  await dialog.getByRole('checkbox', { name: /^CHN-VEL / }).check();
  await dialog.getByLabel('User name', { exact: true }).fill('kavin.r');
  await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer' });
  await dialog.getByLabel('Initial password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a phone number of 8 to 15 digits')).toBeVisible();
  await expect(
    dialog.getByText('Use 8 to 128 characters, with a letter and a digit'),
  ).toBeVisible();
  await checkScreen(page, 'staff-form');
  await dialog.getByLabel('Phone', { exact: true }).fill('044 2615 7788');
  await dialog.getByLabel('Initial password', { exact: true }).fill('Kavin2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // CHN-ANN-01 is taken at CHN-ANN: only the server can tell, in its own words, in the form.
  await expect(dialog.getByRole('alert')).toContainText(
    /^Staff code CHN-ANN-01 already exists in branch CHN-ANN - /,
  );
  await dialog.getByLabel('Staff code', { exact: true }).fill('chn101');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/staff\/list$/);
  await searchList(page, 'Kavin Rajendran');
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('CHN-ANN, CHN-VEL');
  await expect(listRows(page).first()).toContainText('kavin.r');
});

test('edit by the id1/id2 link, remove an assignment, deactivate, delete refused, export', async ({
  page,
}) => {
  await openStaff(page, 'admin');
  await searchList(page, 'Kavin Rajendran');
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  // The edit link keeps the list's search, so the list behind the form is the one left.
  await expect(page).toHaveURL(/#\/staff\/edit\?id1=\d+&id2=CHN101&q=Kavin\+Rajendran$/);
  const url = page.url();
  await page.reload();
  const dialog = page.getByRole('dialog', { name: /^Edit staff member: Kavin Rajendran/ });
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);
  // The legacy link alone (no list state) opens the same form, wherever the list pages it.
  await page.goto(url.replace('&q=Kavin+Rajendran', ''));
  await page.reload();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Remove from CHN-VEL' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Remove Kavin Rajendran from CHN-VEL?');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Staff member removed from the branch.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove from CHN-VEL' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Remove from CHN-ANN' })).toBeVisible();

  await dialog.getByLabel('Active status', { exact: true }).selectOption('0');
  await dialog.getByLabel('Login status', { exact: true }).selectOption('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, 'Kavin Rajendran');
  await expect(listRows(page).first()).toContainText('InActive');
  await expect(listRows(page).first()).not.toContainText('CHN-VEL');

  // The branch manager of CHN-ANN raised its purchase orders: their login has a history.
  await searchList(page, 'Vignesh Ramasamy');
  await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        /Cannot delete Staff Vignesh Ramasamy \(CHN-ANN-01\): their login vignesh\.chn-ann is named by \d+ purchase orders raised/,
    }),
  ).toBeVisible();

  await searchList(page, '');
  const { fileName, sheet, dataRows } = await downloadList(page);
  expect(fileName).toMatch(/^Staff_\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(sheet.getRow(1).getCell(1).value).toBe('Code');
  expect(dataRows).toBeGreaterThan(50);
});

test('the manager sees their branches’ staff, gives only their own role and deletes nothing', async ({
  page,
}) => {
  await openStaff(page, 'manager');
  await searchList(page, 'Senthil Kumar');
  await expect(listRows(page).first()).not.toContainText('Senthil Kumar');
  await searchList(page, '');
  await expect(page.locator('table').getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download as spreadsheet' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New staff member' });
  const branches = dialog.getByLabel('Home branch', { exact: true }).locator('option');
  await expect(branches).toHaveText(['Select…', /^CHN-ANN /, /^CHN-VEL /]);
  const roles = dialog.getByLabel('Role', { exact: true }).locator('option');
  await expect(roles).toHaveText(['Select…', 'Branch manager']);
  await checkScreen(page, 'staff-form-manager');
});
