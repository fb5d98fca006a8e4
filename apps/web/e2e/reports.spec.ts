import { financialYear, financialYearRange, indianDate } from '@branch-assets/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { checkScreen, listSettled, signIn } from './helpers.ts';

/*
 * The finance and branch asset reports (docs/reports.md), on the demo's own data, read only. The
 * finance report is the approver's (list and download), over HYD-BHL, a branch no other browser
 * test writes to, so its totals hold still between the screen and the workbook. The branch asset
 * report is the manager's (CHN-ANN and CHN-VEL): every row of its movement must reconcile, whatever
 * other tests are adding meanwhile.
 */

/** '₹1,23,456.70' (or '-₹…') as a number of rupees. */
function rupees(text: string): number {
  const match = /(-?)₹([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(`${match[1]}${(match[2] ?? '').replaceAll(',', '')}`);
}

/** The last cell of a table's footer row: its total. */
function footerCells(table: Locator): Locator {
  return table.locator('tfoot tr').first().locator('th, td');
}

async function reportSettled(page: Page): Promise<void> {
  await listSettled(page);
}

test('the approver reads the finance report of the current year and exports it to Excel with the same totals', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'approver');
  const fy = financialYear(indianDate(new Date()));
  const { start, end } = financialYearRange(fy);
  await page.goto('/#/reports/finance');
  await expect(page.getByRole('heading', { name: 'Finance Report', exact: true })).toBeVisible();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue(fy);
  // The primary branch (CHN-HO) by default; HYD-BHL chosen instead from the menu of branches.
  const branches = page.getByRole('button', { name: /^Branches: / });
  await expect(branches).toHaveAccessibleName(/^Branches: CHN-HO /);
  await branches.click();
  await page.getByRole('menuitemcheckbox', { name: /^HYD-BHL / }).click();
  await page.getByRole('menuitemcheckbox', { name: /^CHN-HO / }).click();
  await page.keyboard.press('Escape');
  await expect(branches).toHaveAccessibleName(/^Branches: HYD-BHL /);
  await reportSettled(page);
  expect(new URL(page.url()).hash).toMatch(/branches=\d+$/);

  const byBranch = page.getByRole('table', { name: 'Purchase spend by branch' });
  await expect(byBranch.locator('tbody tr')).toHaveCount(1);
  await expect(byBranch.locator('tbody tr').first()).toContainText('HYD-BHL');
  const totals = footerCells(byBranch);
  await expect(totals.first()).toHaveText('Total');
  const shownTotal = rupees((await totals.last().textContent()) ?? '');
  expect(shownTotal).toBeGreaterThan(0);
  // Every section shows its total, the server's: the same spend total under each spend table.
  for (const name of ['Purchase spend by vendor', 'Purchase spend by month']) {
    await expect(footerCells(page.getByRole('table', { name })).last()).toHaveText(
      (await totals.last().textContent()) ?? '',
    );
  }
  await expect(page.getByRole('heading', { name: 'GST input by rate' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Commitments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job-order and contract costs' })).toBeVisible();
  await checkScreen(page, 'reports-finance');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Excel', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Finance_Report_${start}_${end}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Spend by branch');
  const rows = (sheet?.getSheetValues() ?? []).filter(Array.isArray) as unknown[][];
  expect(rows.some((row) => row.includes('HYD-BHL'))).toBe(true);
  const total = rows.find((row) => row[1] === 'Total');
  // A real number, equal to the screen's total.
  expect(total?.at(-1)).toBe(shownTotal);

  // A custom period is kept in the address: a reload shows it again.
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill(`${start.slice(0, 4)}-05-01`);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${start.slice(0, 4)}-05-01`);
  await reportSettled(page);
  await page.reload();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('custom');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${start.slice(0, 4)}-05-01`);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(end);
  await expect(branches).toHaveAccessibleName(/^Branches: HYD-BHL /);
});

test('the manager reads the branch asset report: the movement reconciles, and the fixed asset register', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'manager');
  const today = indianDate(new Date());
  await page.goto('/#/reports/branch-asset');
  await expect(
    page.getByRole('heading', { name: 'Branch Asset Report', exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('As of', { exact: true })).toHaveValue(today);
  await expect(page.getByLabel('Movement from', { exact: true })).toHaveValue(
    financialYearRange(financialYear(today)).start,
  );
  // Both of the manager's branches.
  await page.getByRole('button', { name: /^Branches: / }).click();
  await page.getByRole('menuitemcheckbox', { name: 'All my branches' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Branches: / })).toHaveAccessibleName(
    'Branches: All my branches',
  );
  await reportSettled(page);

  const register = page.getByRole('table', { name: /^Assets held by branch/ });
  await expect(register.locator('tbody tr').filter({ hasText: 'Subtotal CHN-ANN' })).toHaveCount(1);
  await expect(footerCells(register).first()).toHaveText('Total');
  const movement = page.getByRole('table', { name: /^Opening \+ additions/ });
  const rows = movement.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Reconciles ✓' })).toHaveCount(2);
  await expect(footerCells(movement).last()).toHaveText('Reconciles ✓');
  await expect(movement.getByText('Does not reconcile ✗')).toHaveCount(0);
  await checkScreen(page, 'reports-branch-asset');

  await page.getByRole('tab', { name: 'Fixed asset register' }).click();
  await expect(page.getByRole('tab', { name: 'Fixed asset register' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('Financial year', { exact: true })).toHaveValue(
    financialYear(today),
  );
  await reportSettled(page);
  const blocks = page.getByRole('table', { name: /^Written-down value of each block/ });
  await expect(footerCells(blocks).first()).toHaveText('Total');
  const assets = page.getByRole('table', { name: /^Each asset over its useful life/ });
  await expect(footerCells(assets).first()).toHaveText(/^Total of all \d+ assets$/);
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Excel: Fixed asset register' })).toHaveAttribute(
    'href',
    /^\/reports\/depreciation\.xlsx\?branchIds=\d+%2C\d+&financialYear=\d{4}-\d{2}&method=SLM$/,
  );
  await checkScreen(page, 'reports-fixed-asset-register');
});
