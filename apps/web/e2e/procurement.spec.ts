import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  chooseBranch,
  listRows,
  listSettled,
  openList,
  searchList,
  showBranch,
  signIn,
} from './helpers.ts';

/*
 * Procurement end to end (docs/procurement.md): the branch manager writes an order of three lines
 * to an inter-state vendor for CHN-VEL (her second branch, which no other file's decisions use),
 * submits it; the verifier and the approver decide; its PDF opens; goods arrive in two notes, the
 * first with serial numbers, and the assets appear in the register; the order shows Received.
 */

test.describe.configure({ mode: 'serial' });

const BRANCH = 'CHN-VEL';
const VENDOR = 'Bharat Diagnostics Systems Pvt Ltd';
const SERIALS = [`E2E-${Date.now()}-1`, `E2E-${Date.now()}-2`];
let number = '';

/** The order's row in the list of its branch, found by its number (logged in as `user` first). */
async function orderRow(page: Page, user?: string) {
  if (user) await openList(page, user);
  else {
    await page.goto('/#/purchase-order/list');
    await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
    await listSettled(page);
  }
  await showBranch(page, BRANCH);
  await searchList(page, number);
  await expect(listRows(page)).toHaveCount(1);
  return listRows(page).first();
}

async function line(page: Page, index: number) {
  return page.getByRole('group', { name: `Line ${index + 1}` });
}

async function pickFirst(select: ReturnType<Page['getByLabel']>) {
  await expect(select.locator('option').nth(1)).toBeAttached();
  await select.selectOption({ index: 1 });
}

test('the manager writes an order of three lines and submits it', async ({ page }) => {
  await signIn(page, 'manager');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Create Purchase Order' })).toBeVisible();
  const billed = page.getByLabel('Billed to');
  await billed.selectOption({
    label: await billed.locator('option', { hasText: BRANCH }).innerText(),
  });
  const shipped = page.getByLabel('Shipped to');
  await shipped.selectOption({
    label: await shipped.locator('option', { hasText: BRANCH }).innerText(),
  });
  await page.getByLabel('Vendor').selectOption({ label: VENDOR });
  await expect(page.getByTestId('vendor-gstin')).toContainText('GSTIN 29');

  const first = await line(page, 0);
  await pickFirst(first.getByLabel(/^Category/));
  await pickFirst(first.getByLabel('Sub-category'));
  await pickFirst(first.getByLabel('Asset type'));
  await pickFirst(first.getByLabel('Brand'));
  await first.getByLabel('Item name').fill('Patient monitor');
  await first.getByLabel('Quantity').fill('3');
  await first.getByLabel('Rate (₹)').fill('45000');
  await first.getByLabel('Discount', { exact: true }).fill('5');
  await first.getByLabel('GST %').selectOption('18');
  await first.getByLabel('Warranty (months)').fill('24');

  await page.getByRole('button', { name: 'Add asset line' }).click();
  const second = await line(page, 1);
  await pickFirst(second.getByLabel(/^Category/));
  await pickFirst(second.getByLabel('Sub-category'));
  await pickFirst(second.getByLabel('Asset type'));
  await pickFirst(second.getByLabel('Brand'));
  await second.getByLabel('Item name').fill('Syringe pump');
  await second.getByLabel('Quantity').fill('2');
  await second.getByLabel('Rate (₹)').fill('38500.50');
  await second.getByLabel('Discount as').selectOption('AMOUNT');
  await second.getByLabel('Discount', { exact: true }).fill('1000');
  await second.getByLabel('GST %').selectOption('12');

  await page.getByRole('button', { name: 'Add accessory line' }).click();
  const third = await line(page, 2);
  await pickFirst(third.getByLabel('Accessory'));
  await third.getByLabel('Item name').fill('SpO2 probe');
  await third.getByLabel('Quantity').fill('10');
  await third.getByLabel('Rate (₹)').fill('1250');
  await third.getByLabel('GST %').selectOption('12');

  await page.getByLabel('Freight', { exact: true }).fill('2400');
  await page.getByLabel('GST on freight').selectOption('18');
  // The live totals, to the paisa the server will store (IGST: the vendor is in Karnataka).
  const totals = page.getByTestId('order-totals');
  await expect(totals).toContainText('Between states: IGST');
  await expect(page.getByTestId('grand-total')).toHaveText('₹2,53,288.00');
  await expect(totals).toContainText('₹34,137.12');
  await expect(totals).toContainText('Two Lakh Fifty Three Thousand Two Hundred Eighty Eight');
  await checkScreen(page, 'order-form');

  // The order's number, as the submission answered it (the notice may be gone by the time the
  // list has loaded on a busy machine).
  const [submitted] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        (response.request().postData() ?? '').includes('"operationName":"SubmitPurchaseOrder"'),
    ),
    page.getByRole('button', { name: 'Submit for verification' }).click(),
  ]);
  const answer = (await submitted.json()) as {
    data?: { submitPurchaseOrder?: { purchaseOrder?: { number?: string } } };
  };
  number = answer.data?.submitPurchaseOrder?.purchaseOrder?.number ?? '';
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  expect(number).toMatch(/^PO\/CHN-VEL\//);
});

/** A decision on the order by `user`, through its row's dialog. */
async function decide(page: Page, user: string, action: string, button: string) {
  const row = await orderRow(page, user);
  await row.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: `${action} Purchase Order ${number}` });
  await expect(dialog).toContainText('₹2,53,288.00');
  await dialog.getByLabel('Description').fill(`${button} for the ICU.`);
  await dialog.getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

test('the verifier verifies it', async ({ page }) => {
  await decide(page, 'verifier', 'Verify', 'Verified');
});

test('the approver approves it', async ({ page }) => {
  await decide(page, 'approver', 'Approve', 'Approved');
});

test('the approved order’s PDF opens', async ({ page }) => {
  const row = await orderRow(page, 'approver');
  await expect(row).toContainText('Approved');
  const pdf = row.getByRole('link', { name: 'Download PDF' });
  const href = await pdf.getAttribute('href');
  expect(href).toMatch(/\/purchase-orders\/\d+\/order\.pdf$/);
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('goods arrive: a first note with serial numbers, some rejected', async ({ page }) => {
  const row = await orderRow(page, 'manager');
  await row.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: `Purchase Order ${number}` });
  await dialog.getByRole('link', { name: 'Receive goods' }).click();
  await expect(page.getByRole('heading', { name: 'New Goods Receive Note' })).toBeVisible();
  await page.getByLabel('Invoice / DC number').fill('BD/INV/7781');
  await pickFirst(page.getByLabel('Received by'));
  const monitors = page.getByTestId('receipt-line-0');
  await monitors.getByLabel('Received', { exact: true }).fill('2');
  await monitors.getByLabel('Accepted').fill('2');
  await pickFirst(monitors.getByLabel('Location'));
  await monitors.getByLabel(/Serial numbers/).fill(SERIALS.join('\n'));
  const pumps = page.getByTestId('receipt-line-1');
  await pumps.getByLabel('Received', { exact: true }).fill('0');
  await pumps.getByLabel('Accepted').fill('0');
  const probes = page.getByTestId('receipt-line-2');
  await probes.getByLabel('Received', { exact: true }).fill('6');
  await probes.getByLabel('Accepted').fill('5');
  await probes.getByLabel('Reason for rejection').fill('Damaged packing');
  await checkScreen(page, 'goods-receipt-new');
  await page.getByRole('button', { name: 'Save and add to the register' }).click();
  await expect(
    page.getByText(/^GRN\/CHN-VEL\/.* saved: 2 assets added to the register\.$/),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Goods Receive Note GRN\/CHN-VEL\// }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`\\(${SERIALS[0]}\\)$`) })).toBeVisible();
  await checkScreen(page, 'goods-receipt-view');
});

test('the assets are in the register; the rest arrives; the order is Received', async ({
  page,
}) => {
  await signIn(page, 'manager');
  // The register has them, in stock at CHN-VEL.
  await page.goto('/#/asset/list');
  await expect(page.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible();
  await searchList(page, SERIALS[1] ?? '');
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('In stock');

  // The rest: one monitor, two pumps, four probes.
  const again = await orderRow(page);
  await again.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Purchase Order ${number}` });
  await expect(preview.getByTestId('receipt-row-1')).toContainText('1');
  await preview.getByRole('link', { name: 'Receive goods' }).click();
  await expect(page.getByRole('heading', { name: 'New Goods Receive Note' })).toBeVisible();
  await page.getByLabel('Invoice / DC number').fill('BD/INV/7790');
  await pickFirst(page.getByLabel('Received by'));
  await pickFirst(page.getByTestId('receipt-line-0').getByLabel('Location'));
  await pickFirst(page.getByTestId('receipt-line-1').getByLabel('Location'));
  await page.getByRole('button', { name: 'Save and add to the register' }).click();
  await expect(page.getByText(/saved: 3 assets added to the register\.$/)).toBeVisible();

  const done = await orderRow(page);
  await expect(done).toContainText('Received');
  await page.goto('/#/goods-receive-note/list');
  await expect(page.getByRole('heading', { name: 'Goods Receive Notes' })).toBeVisible();
  await chooseBranch(page.getByLabel('Branch', { exact: true }), BRANCH);
  await listSettled(page);
  await expect(listRows(page).first()).toContainText(number);
  await checkScreen(page, 'goods-receipt-list');
});
