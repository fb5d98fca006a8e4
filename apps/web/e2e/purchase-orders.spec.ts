import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  downloadList,
  listRows,
  listSettled,
  logIn,
  openList,
  searchList,
  showBranch,
} from './helpers.ts';

test.describe.configure({ mode: 'serial' });

async function rowCount(page: Page): Promise<number> {
  const summary = await page.getByText(/^\d+–\d+ of \d+$/).textContent();
  return Number(summary?.split(' of ')[1]);
}

test('the login page: errors, languages, accessibility', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  // The login page loads on demand: the address changes before it is drawn, and an empty page
  // would pass the accessibility scan.
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await checkScreen(page, 'login');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User name is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await logIn(page, 'verifier', 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('Language').selectOption('tam');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0B80-\u0BFF]/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await checkScreen(page, 'login-tamil');
  await page.reload();
  // The choice is remembered.
  await expect(page.getByLabel(/மொழி/)).toHaveValue('tam');
  await page.getByLabel(/மொழி/).selectOption('eng');
});

test('a visitor is sent to log in; unknown pages are a real not-found page', async ({ page }) => {
  await page.goto('/#/purchase-order/list');
  await expect(page).toHaveURL(/#\/login$/);
  await logIn(page, 'viewer');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await checkScreen(page, 'not-found');
  await page.goto('/#/access-denied');
  await expect(page.getByRole('heading', { name: 'You are not authorised' })).toBeVisible();
  await checkScreen(page, 'access-denied');
});

test('each role sees the actions its grants allow', async ({ page }) => {
  const expectations: Record<
    string,
    { download: boolean; verify: boolean; approve: boolean; create: boolean }
  > = {
    admin: { download: true, verify: true, approve: true, create: true },
    verifier: { download: true, verify: true, approve: false, create: false },
    approver: { download: true, verify: false, approve: true, create: false },
    manager: { download: true, verify: false, approve: false, create: true },
    viewer: { download: false, verify: false, approve: false, create: false },
  };
  for (const [user, can] of Object.entries(expectations)) {
    await page.context().clearCookies();
    await openList(page, user);
    const table = page.locator('table').first();
    // Create (the order form) for the roles that write orders.
    await expect(page.getByRole('link', { name: 'Create' }), user).toHaveCount(can.create ? 1 : 0);
    await expect(page.getByRole('link', { name: 'Download as spreadsheet' }), user).toHaveCount(
      can.download ? 1 : 0,
    );
    // The order's PDF is a download as the spreadsheet is.
    await expect(table.getByRole('link', { name: 'Download PDF' }).first(), user).toHaveCount(
      can.download ? 1 : 0,
    );
    if (can.verify)
      await expect(table.getByRole('button', { name: 'Verify' }).first(), user).toBeVisible();
    else await expect(table.getByRole('button', { name: 'Verify' }), user).toHaveCount(0);
    if (!can.approve)
      await expect(table.getByRole('button', { name: 'Approve' }), user).toHaveCount(0);
    await expect(table.getByRole('button', { name: 'Preview' }).first(), user).toBeVisible();
    await checkScreen(page, `list-${user}`);
  }
});

let decided = '';

test('verifier verifies an order with a reason, after cancelling once', async ({ page }) => {
  await openList(page, 'verifier');
  const row = listRows(page)
    .filter({ has: page.getByRole('button', { name: 'Verify' }) })
    .first();
  decided = (await row.locator('td').nth(1).textContent()) ?? '';
  expect(decided).toMatch(/^PO\//);
  await row.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify Purchase Order ${decided}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('grand-total')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await checkScreen(page, 'verify-dialog');
  const verified = dialog.getByRole('button', { name: 'Verified' });
  await expect(verified).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Description/ }).fill('Rates match the quotation');
  await expect(verified).toBeEnabled();
  await verified.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Do you want to continue?');
  await checkScreen(page, 'confirm-dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('You cancelled the process')).toBeVisible();
  await verified.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Purchase order ${decided} verified.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The keyboard is back at the order's row, not at the top of the page.
  await expect(
    page
      .getByRole('group', { name: `Actions for ${decided}` })
      .getByRole('button')
      .first(),
  ).toBeFocused();
  await searchList(page, decided);
  await expect(listRows(page).first()).toContainText('Verified');
  await expect(listRows(page).first().getByRole('button', { name: 'Verify' })).toHaveCount(0);
});

test('approver approves the order the verifier verified; its history shows both', async ({
  page,
}) => {
  expect(decided).not.toBe('');
  await openList(page, 'approver');
  const billedCode = decided.split('/')[1] ?? '';
  await showBranch(page, billedCode);
  await searchList(page, decided);
  const row = listRows(page).first();
  await expect(row).toContainText(decided);
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve Purchase Order ${decided}` });
  await dialog.getByRole('textbox', { name: /Description/ }).fill('Within the quarterly budget');
  await dialog.getByRole('button', { name: 'Approved' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Purchase order ${decided} approved.`)).toBeVisible();
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Purchase Order ${decided}` });
  await expect(preview.getByText('Rates match the quotation')).toBeVisible();
  await expect(preview.getByText('Within the quarterly budget')).toBeVisible();
  await checkScreen(page, 'preview-dialog');
});

test("a stale decision: the refusal shows the server's message until dismissed, closes the dialog and re-reads the row", async ({
  page,
  browser,
}) => {
  // The page's clock runs as usual, and can be moved on to show what stays after a while.
  await page.clock.install();
  await openList(page, 'verifier');
  const row = listRows(page)
    .filter({ has: page.getByRole('button', { name: 'Verify' }) })
    .first();
  const number = (await row.locator('td').nth(1).textContent()) ?? '';
  await row.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify Purchase Order ${number}` });
  await dialog.getByRole('textbox', { name: /Description/ }).fill('Checked');
  // Meanwhile the admin rejects the same order in another browser.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await openList(adminPage, 'admin');
  const billedCode = number.split('/')[1] ?? '';
  await showBranch(adminPage, billedCode);
  await searchList(adminPage, number);
  await listRows(adminPage).first().getByRole('button', { name: 'Verify' }).click();
  const adminDialog = adminPage.getByRole('dialog', { name: `Verify Purchase Order ${number}` });
  await adminDialog.getByRole('textbox', { name: /Description/ }).fill('Duplicate order');
  await adminDialog.getByRole('button', { name: 'Reject' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  // The notice (the status filter's hidden 'Rejected' choice is not it).
  await expect(
    adminPage
      .getByText(/rejected/i)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await other.close();

  await dialog.getByRole('button', { name: 'Verified' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: `Purchase order ${number} was rejected at verification.` });
  await expect(alert).toBeVisible();
  // The dialog's choice was stale: it closes, and the list is read again.
  await expect(dialog).toBeHidden();
  await listSettled(page);
  await checkScreen(page, 'refusal');
  // Long after a success notice would have gone, the refusal is still there to be read.
  await page.clock.fastForward('00:30');
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  // The list shows the order as it now is.
  await searchList(page, number);
  const now = listRows(page).filter({ hasText: number });
  await expect(now).toHaveCount(1);
  await expect(now.getByText('Rejected').first()).toBeVisible();
  await expect(now.getByRole('button', { name: 'Verify' })).toHaveCount(0);
});

test('the export downloads a workbook with the rows of the list', async ({ page }) => {
  await openList(page, 'admin');
  const expected = await rowCount(page);
  const { fileName, sheet, dataRows } = await downloadList(page);
  expect(fileName).toMatch(/\.xlsx$/);
  expect(dataRows).toBe(expected);
  const numbers: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1)
      numbers.push(
        String(
          row.values &&
            (row.values as unknown[]).find((v) => typeof v === 'string' && v.startsWith('PO/')),
        ),
      );
  });
  const firstOnScreen = await listRows(page).first().locator('td').nth(1).textContent();
  expect(numbers).toContain(firstOnScreen);
});

test('the branch chooser opens by itself for a user without a primary branch', async ({ page }) => {
  await logIn(page, 'kavitha');
  const chooser = page.getByRole('dialog', { name: 'Choose your primary branch' });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByTestId('branch-grid').getByRole('button')).toHaveCount(3);
  await checkScreen(page, 'branch-chooser-first-login');
  await expect(chooser.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(chooser).toBeVisible();
  await chooser.getByRole('searchbox', { name: 'Search branches' }).fill('madurai');
  await chooser.getByRole('button', { name: /^MDU-KKN/ }).click();
  await expect(chooser).toBeHidden();
  await expect(page.getByTestId('primary-branch')).toContainText('MDU-KKN');
  await expect(listRows(page).first()).toContainText('PO/MDU-KKN/');
  // Changing the branch again from the top bar reloads the list for it.
  await page.getByTestId('primary-branch').click();
  const again = page.getByRole('dialog', { name: 'Choose your primary branch' });
  await expect(again).toBeVisible();
  await checkScreen(page, 'branch-chooser');
  await again.getByRole('button', { name: /^TRY-CNT/ }).click();
  await expect(listRows(page).first()).toContainText('PO/TRY-CNT/');
});

test('the shell: menu, page search, user panel, change password, all in Tamil too', async ({
  page,
}) => {
  await openList(page, 'manager');
  await page.getByRole('button', { name: 'Search pages' }).click();
  await page.getByRole('searchbox', { name: 'Search pages' }).fill('purchase');
  await page.getByRole('button', { name: /^Star Purchase Orders/ }).click();
  await expect(page.getByRole('button', { name: /^Remove Purchase Orders/ })).toBeVisible();
  await checkScreen(page, 'page-search');
  await page.keyboard.press('Escape');
  await page.getByTestId('user-panel').click();
  await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
  await checkScreen(page, 'user-panel');
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await checkScreen(page, 'change-password');
  await page.getByTestId('language-menu').selectOption('tam');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0B80-\u0BFF]/);
  await page.goto('/#/purchase-order/list');
  await expect(page.getByRole('columnheader').nth(1)).toHaveText(/[\u0B80-\u0BFF]/);
  await checkScreen(page, 'list-tamil');
  await page.getByTestId('language-menu').selectOption('eng');
});

test('every language shows its own script; the footer and banner show versions, date and clock', async ({
  page,
}) => {
  await openList(page, 'viewer');
  await expect(page.getByTestId('footer-version')).toContainText('Version 1.2.8');
  await expect(page.getByTestId('footer-version')).toContainText(/Server \S+/);
  await expect(page.getByText(/^Welcome, .+! Today is /)).toBeVisible();
  await expect(page.locator('time')).toHaveText(/^\d\d:\d\d:\d\d$/);
  const scripts = {
    tam: /[\u0B80-\u0BFF]/,
    hin: /[\u0900-\u097F]/,
    tel: /[\u0C00-\u0C7F]/,
    mal: /[\u0D00-\u0D7F]/,
    kan: /[\u0C80-\u0CFF]/,
  };
  for (const [language, script] of Object.entries(scripts)) {
    await page.getByTestId('language-menu').selectOption(language);
    await expect(page.getByRole('columnheader').nth(1)).toHaveText(script);
    await expect(page.getByRole('button', { name: script }).first()).toBeVisible();
    await checkScreen(page, `list-${language}`);
  }
  await page.getByTestId('language-menu').selectOption('eng');
  // The top bar's own Log Out action.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/#\/login\?loggedOut=1/);
});

test('log out, and an expired session, return to the login page', async ({ page, context }) => {
  await openList(page, 'viewer');
  await page.getByTestId('user-panel').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/#\/login\?loggedOut=1/);
  await page.goto('/#/purchase-order/list');
  await expect(page).toHaveURL(/#\/login$/);

  await openList(page, 'viewer');
  // The session ends on the server (as when the legacy token expires): the gateway answers
  // UNAUTHENTICATED on the next call and the app returns to the login page with a notice.
  const [cookie] = await context.cookies();
  await page.request.post('/auth/logout', { headers: { 'x-requested-with': 'test' } });
  if (cookie) await context.addCookies([cookie]);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page).toHaveURL(/#\/login\?expired=1/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
});
