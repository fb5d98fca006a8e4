import { expect, type Page, test } from '@playwright/test';
import { anAssetOfChnAnn } from './api.ts';
import { checkScreen, listRows, listSettled, searchList, signIn } from './helpers.ts';

/*
 * A breakdown end to end (docs/workflows.md): the manager of CHN-ANN raises a P2 breakdown from
 * an In use asset's page — the asset has no warranty and no contract, so the job is chargeable —
 * assigns it to a staff technician and enters the vendor's quotation; a second user with the
 * approve grant (the administrator) approves it; the manager starts the work, records the part
 * used, resolves and closes the job. The asset goes Out of order, Under repair, then In use
 * again, and its page counts the repair. The asset is the test's own, made through the API.
 */

const APPROVER = 'admin';

/** The job's status chip, the first chip of its page (the assets' own come after it). */
const jobStatus = (page: Page) => page.locator('[data-status]').first();

/** The row of the job's assets table for an asset. */
const assetRow = (page: Page, tag: string) =>
  page.getByRole('region', { name: 'Assets' }).getByRole('row').filter({ hasText: tag });

/** Takes one of the job's steps through its dialog, and waits for the status it leads to. */
async function takeStep(
  page: Page,
  button: string,
  status: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void> = async () => undefined,
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(jobStatus(page)).toHaveText(status);
}

test('a breakdown raised from the asset page, quoted, approved by a second user, repaired and closed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager');
  const asset = await anAssetOfChnAnn(page, {
    assetStatus: 'IN_USE',
    putToUseDate: '2024-06-01',
    warrantyStart: null,
    warrantyEnd: null,
  });

  // The asset's page: its repairs so far, and the way to raise a job order on it.
  await page.goto(`/#/asset/view?id=${asset.id}`);
  await expect(page.getByRole('heading', { name: `${asset.tag} · ${asset.name}` })).toBeVisible();
  const repairs = page.getByRole('region', { name: 'Repairs' });
  await expect(repairs.getByText('No open job order.')).toBeVisible();
  await expect(repairs).toContainText('Breakdowns repaired');
  await checkScreen(page, 'asset-repairs');
  await page.getByRole('link', { name: 'Raise job order' }).click();

  // The new job: the asset already chosen, as a scanned label's page asks.
  await expect(page.getByRole('heading', { name: 'Create Job Order' })).toBeVisible();
  await expect(page.getByText('1 asset chosen')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: asset.tag })).toBeChecked();
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('BREAKDOWN');
  await page.getByLabel('Priority', { exact: true }).selectOption('P2');
  await expect(
    page.getByText('respond within 2 hours, resolve within 24 hours', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Raise job order' }).click();
  await expect(page.getByText('Problem reported is required')).toBeVisible();
  await page
    .getByLabel('Problem reported')
    .fill('Display flickers and the pump restarts when it runs on battery');
  await checkScreen(page, 'job-order-form');
  await page.getByRole('button', { name: 'Raise job order' }).click();

  await expect(page.getByRole('heading', { name: /^Job order JOB\/CHN-ANN\// })).toBeVisible();
  const address = page.url();
  await expect(jobStatus(page)).toHaveText('Open');
  await expect(page.getByText('P2 · Urgent')).toBeVisible();
  await expect(page.getByText('Chargeable', { exact: true })).toBeVisible();
  await expect(assetRow(page, asset.tag)).toContainText('Out of order');
  await expect(
    page.getByText('the work starts after its quotation is approved', { exact: false }),
  ).toBeVisible();
  // A chargeable job cannot start before its quotation is approved.
  await expect(page.getByRole('button', { name: 'Start work' })).toHaveCount(0);

  let technician = '';
  await takeStep(page, 'Assign', 'Assigned', async (dialog) => {
    await dialog.getByLabel('Who does the work').selectOption('STAFF');
    const staff = dialog.getByLabel('Staff technician');
    // 'CHN-ANN-01 - Vignesh Ramasamy': the staff code, then the name the job shows.
    const option = (await staff.locator('option').nth(1).textContent()) ?? '';
    technician = option.split(' - ').slice(1).join(' - ');
    await staff.selectOption({ index: 1 });
  });
  expect(technician).not.toBe('');
  await expect(page.getByText(technician, { exact: true })).toBeVisible();

  await takeStep(page, 'Enter quotation', 'Waiting For Approval', async (dialog) => {
    await dialog.getByLabel('Amount before tax (₹)').fill('4500');
    await dialog.getByLabel('GST amount (₹)').fill('810');
    await expect(dialog.getByText('Total ₹5,310.00')).toBeVisible();
    await dialog.getByLabel('Remarks').fill('Vendor quotation VQ-1182: display ribbon cable');
    await checkScreen(page, 'job-order-quote');
  });
  await expect(page.getByRole('region', { name: 'Quotation' })).toContainText('₹4,500.00');
  // Whoever entered the quotation does not approve it.
  await expect(page.getByRole('button', { name: 'Approve quotation' })).toHaveCount(0);

  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signIn(approver, APPROVER);
  await approver.goto(address);
  await takeStep(approver, 'Approve quotation', 'Assigned');
  await expect(approver.getByRole('region', { name: 'Quotation' })).toContainText('Approved');
  await approverContext.close();

  await page.reload();
  await expect(jobStatus(page)).toHaveText('Assigned');
  await takeStep(page, 'Start work', 'In Progress');
  await expect(assetRow(page, asset.tag)).toContainText('Under repair');

  // The part used, with its GST, charged to the branch.
  await page.getByRole('button', { name: 'Edit lines' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('button', { name: 'Add a part or labour line' }).click();
  const line = edit.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description', { exact: true }).fill('Display ribbon cable');
  await line.getByLabel('Rate', { exact: true }).fill('3500');
  await line.getByLabel('GST rate').selectOption('18');
  await expect(line.getByRole('checkbox', { name: 'Chargeable' })).toBeChecked();
  await expect(
    edit.getByText('Before tax ₹3,500.00 · GST ₹630.00 · the branch pays ₹4,130.00'),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const lines = page.getByRole('region', { name: 'Parts and labour' });
  await expect(lines.getByRole('row').filter({ hasText: 'Display ribbon cable' })).toContainText(
    '₹3,500.00',
  );
  await expect(lines).toContainText('The branch pays ₹4,130.00');

  await takeStep(page, 'Resolve', 'Resolved', async (dialog) => {
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByText('What was done is required')).toBeVisible();
    await dialog
      .getByLabel('What was done')
      .fill('Replaced the display ribbon cable; two-hour soak test on battery passed');
  });
  await expect(assetRow(page, asset.tag)).toContainText('In use');
  await checkScreen(page, 'job-order');

  await takeStep(page, 'Close job', 'Closed');
  await expect(page.getByRole('button', { name: 'Edit lines' })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Steps' });
  for (const step of [
    'Raised',
    'Assigned',
    'Quotation entered',
    'Quotation approved',
    'Work started',
    'Resolved',
    'Closed',
  ])
    await expect(history.getByText(new RegExp(`^${step} · `))).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace(
    'Job order ',
    '',
  );

  // Back on the asset's page: in use, one breakdown repaired, no open job.
  await assetRow(page, asset.tag).getByRole('link', { name: asset.tag }).click();
  await expect(page.getByRole('heading', { name: `${asset.tag} · ${asset.name}` })).toBeVisible();
  const after = page.getByRole('region', { name: 'Repairs' });
  await expect(after.getByText('No open job order.')).toBeVisible();
  await expect(after).toContainText(/Breakdowns repaired\s*1/);
  await expect(page.getByText('In use', { exact: true }).first()).toBeVisible();

  // The list: the job found by its number among the closed ones.
  await page.goto('/#/job-order/list?open=0');
  await expect(page.getByRole('heading', { name: 'Job Orders', exact: true })).toBeVisible();
  await listSettled(page);
  await searchList(page, number ?? '');
  const row = listRows(page).filter({ hasText: number ?? '' });
  await expect(row).toContainText('P2 · Urgent');
  await expect(row).toContainText('Closed');
  await checkScreen(page, 'job-orders');
});
