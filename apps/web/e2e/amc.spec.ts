import { addDays, indianDate, renewalPeriod } from '@branch-assets/domain';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { anAssetOfChnAnn, gql } from './api.ts';
import { checkScreen, listRows, listSettled, searchList, signIn } from './helpers.ts';

/*
 * A maintenance contract end to end (docs/workflows.md): the manager of CHN-ANN records a CMC over
 * two of the branch's assets that ends within 30 days, finds it Ending Soon on the list, renews it
 * for the next period under a new number, sees the old one Renewed and linked to the new one, and
 * finds it on the AMC report, downloaded too. The assets and the contract are the test's own.
 */

test('a contract recorded, ending soon, renewed for the next period, and on the AMC report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager');
  const inUse = { assetStatus: 'IN_USE', putToUseDate: '2024-06-01' };
  const monitor = await anAssetOfChnAnn(page, { ...inUse, cost: '250000.00' });
  const pump = await anAssetOfChnAnn(page, { ...inUse, cost: '150000.00' });
  const mark = `${Date.now().toString(36)}${test.info().workerIndex}`.toUpperCase();
  const number = `CMC/E2E/${mark}`;
  const renewedNumber = `CMC/E2E/${mark}/R`;
  const today = indianDate(new Date());
  const start = addDays(today, -345);
  const end = addDays(today, 20);
  const next = renewalPeriod(start, end);

  await page.goto('/#/amc/list');
  await expect(
    page.getByRole('heading', { name: 'Maintenance Contracts', exact: true }),
  ).toBeVisible();
  await listSettled(page);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New Maintenance Contract' })).toBeVisible();
  await page.getByLabel('Vendor').selectOption({ index: 1 });
  await page.getByLabel('Contract No').fill(number);
  await page.getByLabel('Type', { exact: true }).selectOption('CMC');
  await expect(page.getByText('visits, repairs and spare parts are all covered')).toBeVisible();
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  await page.getByLabel('Value before GST (₹)').fill('60000');
  await page.getByLabel('GST rate').selectOption('18');
  await expect(page.getByText('GST ₹10,800.00, total ₹70,800.00')).toBeVisible();
  await page.getByLabel('Preventive visits a year').fill('4');
  await expect(page.getByText(/^4 preventive visits, due on:/)).toBeVisible();
  await page.getByLabel('Notice period (days)').fill('15');
  await expect(page.getByText(/^Notice must be given by /)).toBeVisible();
  const find = page.getByLabel('Find assets of the branch by tag, name or serial number');
  for (const asset of [monitor, pump]) {
    await find.fill(asset.tag);
    await page.getByRole('checkbox', { name: asset.tag }).check();
  }
  await expect(page.getByText('2 assets chosen')).toBeVisible();
  await checkScreen(page, 'amc-form');
  await page.getByRole('button', { name: 'Save contract' }).click();
  await expect(page.getByRole('heading', { name: `Contract ${number}` })).toBeVisible();
  await expect(page.getByText('Ending Soon', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: monitor.tag })).toBeVisible();
  await expect(page.getByRole('link', { name: pump.tag })).toBeVisible();

  await page.getByRole('link', { name: 'All contracts' }).click();
  await expect(
    page.getByRole('heading', { name: 'Maintenance Contracts', exact: true }),
  ).toBeVisible();
  await listSettled(page);
  await searchList(page, number);
  const row = listRows(page).filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Ending Soon', { exact: true })).toBeVisible();
  await expect(row.getByText('20', { exact: true })).toBeVisible();
  await checkScreen(page, 'amc-list');

  await row.getByRole('link', { name: `Renew ${number}` }).click();
  await expect(page.getByRole('heading', { name: `Renew contract ${number}` })).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue(next.start);
  await expect(page.getByLabel('End date')).toHaveValue(next.end);
  await expect(page.getByLabel('Contract No')).toHaveValue('');
  await expect(page.getByText('2 assets chosen')).toBeVisible();
  await page.getByLabel('Contract No').fill(renewedNumber);
  await checkScreen(page, 'amc-renew');
  await page.getByRole('button', { name: 'Save renewal' }).click();
  await expect(page.getByRole('heading', { name: `Contract ${renewedNumber}` })).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: monitor.tag })).toBeVisible();
  // The renewal corrected: its own page's Edit, the same form with what was saved.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: `Correct contract ${renewedNumber}` }),
  ).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue(next.start);
  await page.getByLabel('Remarks').fill('Rate held for the second year');
  await page.getByRole('button', { name: 'Save contract' }).click();
  await expect(page.getByRole('heading', { name: `Contract ${renewedNumber}` })).toBeVisible();
  await expect(page.getByText('Rate held for the second year')).toBeVisible();

  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Contract ${number}` })).toBeVisible();
  await expect(page.getByText('Renewed', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: renewedNumber })).toBeVisible();
  // A renewed contract is neither changed nor renewed again.
  await expect(page.getByRole('link', { name: 'Renew', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await checkScreen(page, 'amc-contract');

  const { branchOptions } = await gql<{ branchOptions: { value: string; text: string }[] }>(
    page,
    '{ branchOptions { value text } }',
  );
  const chnAnn = branchOptions.find((option) => option.text.startsWith('CHN-ANN '))?.value;
  await page.goto(`/#/reports/amc-report?branch=${chnAnn}`);
  await expect(page.getByRole('heading', { name: 'AMC Report', exact: true })).toBeVisible();
  await expect(page.getByLabel('Branch', { exact: true })).toHaveValue(chnAnn ?? '');
  const reported = page
    .getByRole('table', { name: 'Contracts' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: number, exact: true }) });
  await expect(reported).toHaveCount(1);
  // ₹60,000 against ₹4,00,000 of covered assets: 15%.
  await expect(reported.getByText('₹4,00,000.00')).toBeVisible();
  await expect(reported.getByText('15.0%')).toBeVisible();
  await expect(reported.getByText('Ending', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cover by branch' })).toContainText('CHN-ANN');
  await checkScreen(page, 'amc-report');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as spreadsheet' }).click(),
  ]);
  // Named by the day the server wrote it: the test's own day, or the next if India's midnight passed.
  expect([today, indianDate(new Date())].map((day) => `AMC_Report_${day}.xlsx`)).toContain(
    download.suggestedFilename(),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const contracts = workbook.getWorksheet('Contracts');
  const line = contracts
    ?.getSheetValues()
    .find((row) => Array.isArray(row) && row.includes(number)) as unknown[] | undefined;
  // Real numbers: the value and the covered assets' cost are numbers, not text.
  expect(line?.slice(1, 3)).toEqual(['CHN-ANN', number]);
  expect(line).toContain(400000);
  expect(workbook.getWorksheet('Cover by branch')?.getCell('A2').value).toBe('CHN-ANN');

  // The asset's own preventive schedule, from its page.
  await page.goto(`/#/asset/view?id=${monitor.id}`);
  const schedules = page.getByRole('region', { name: 'Preventive schedules' });
  await expect(schedules.getByText('No preventive schedules for this asset.')).toBeVisible();
  await schedules.getByRole('button', { name: 'Add a schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New preventive schedule' });
  await dialog.getByLabel('Every', { exact: true }).fill('6');
  await dialog.getByLabel('Counted from').selectOption('COMPLETION');
  await expect(dialog.getByText(/^An interval after the last completion/)).toBeVisible();
  await checkScreen(page, 'amc-schedule-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const schedule = schedules.getByRole('row').filter({ hasText: 'Every 6 months' });
  await expect(schedule).toContainText('Last completion');
  await schedule
    .getByRole('button', { name: 'Change the Preventive maintenance schedule' })
    .click();
  await page.getByRole('dialog').getByLabel('Active').selectOption('0');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(schedule.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
});
