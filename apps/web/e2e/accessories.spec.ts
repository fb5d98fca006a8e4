import { expect, test } from '@playwright/test';
import {
  checkScreen,
  chooseBranch,
  downloadList,
  listRows,
  listSettled,
  searchList,
  signIn,
} from './helpers.ts';

/*
 * Accessories as a branch's store keeper uses them: an accessory made, stock received at a branch
 * from the list, some issued to a staff member from the accessory's page, more than is left
 * refused, and the stock per branch and the ledger read back. The name carries the run's own mark,
 * so parallel and repeated runs never meet.
 */

test('admin creates an accessory, receives and issues it, and reads its stock and ledger', async ({
  page,
}) => {
  const mark = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const name = `SpO2 probe ${mark}`;
  await signIn(page, 'admin');

  await page.goto('/#/accessories/lists');
  await expect(page.getByRole('heading', { name: 'Accessories', exact: true })).toBeVisible();
  await listSettled(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/accessories\/create$/);
  const form = page.getByRole('dialog', { name: 'New accessory' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Accessory type').selectOption({ label: 'SpO2 finger probe' });
  await form.getByLabel('Multipara Monitor').check();
  await form.getByLabel(/^CHN-ANN /).fill('x');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a whole number from 0 to 10,00,000')).toBeVisible();
  await checkScreen(page, 'accessory-form');
  await form.getByLabel(/^CHN-ANN /).fill('8');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  await searchList(page, name);
  const row = listRows(page).first();
  await expect(row).toContainText('Below minimum');
  await expect(row).toContainText(/in \d+ branches/);
  await checkScreen(page, 'accessories');
  await row.getByRole('button', { name: `Record a movement of ${name}` }).click();
  const receipt = page.getByRole('dialog', { name: `Record a movement: ${name}` });
  await chooseBranch(receipt.getByLabel('Branch'), 'CHN-ANN');
  await receipt.getByLabel('Reason').selectOption({ label: 'Received' });
  await receipt.getByLabel('Quantity').fill('10');
  await receipt.getByLabel('Reference (delivery note or invoice)').fill(`DC-${mark}`);
  await receipt.getByRole('button', { name: 'Record movement' }).click();
  await expect(receipt).toBeHidden();
  await expect(row).toContainText('CHN-ANN 10');

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Record movement at CHN-ANN' }).click();
  const issue = page.getByRole('dialog', { name: `Record a movement: ${name}` });
  await issue.getByLabel('Reason').selectOption({ label: 'Issued' });
  await issue.getByLabel('Quantity').fill('11');
  await issue.getByLabel('Issued to').selectOption({ label: 'A staff member' });
  await issue.getByLabel('Staff member').selectOption({ index: 1 });
  await issue.getByRole('button', { name: 'Record movement' }).click();
  await expect(
    issue.getByText(`Only 10 Nos of ${name} are in stock at CHN-ANN; 11 cannot be issued.`),
  ).toBeVisible();
  await checkScreen(page, 'accessory-movement');
  await issue.getByLabel('Quantity').fill('4');
  await issue.getByRole('button', { name: 'Record movement' }).click();
  await expect(issue).toBeHidden();

  // CHN-ANN keeps its own minimum (8), so its 6 left are too few.
  const stock = page.getByRole('row', { name: /^CHN-ANN · / });
  await expect(stock.getByRole('cell')).toHaveText([/^CHN-ANN · /, '6', '8', 'Below minimum', /./]);
  const ledger = page.getByRole('region', { name: 'Ledger' }).locator('tbody tr');
  await expect(ledger).toHaveCount(2);
  await expect(ledger.first()).toContainText('Issued');
  await expect(ledger.first()).toContainText('-4');
  await expect(ledger.nth(1)).toContainText('Received');
  await expect(ledger.nth(1)).toContainText(`DC-${mark}`);
  // The ledger downloads as the page shows it.
  const download = await downloadList(page);
  expect(download.fileName).toMatch(/^Ledger_.*\.xlsx$/);
  expect(download.dataRows).toBe(2);
  await checkScreen(page, 'accessory-page');
});
