import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import {
  checkScreen,
  chooseBranch,
  listRows,
  openScreen,
  openScreenAs,
  searchList,
} from './helpers.ts';

/*
 * The asset register as a branch's staff use it: a room of their own, an asset registered in it,
 * found by its serial number, its page, a breakdown recorded and its label printed. The names carry
 * the run's own mark, so parallel and repeated runs never meet.
 */

test('admin registers an asset in a new room, finds it, marks it out of order and prints its label', async ({
  page,
}) => {
  const mark = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const room = `Cath Lab ${mark}`;
  const serial = `E2E-${mark}`.toUpperCase();
  await openScreenAs(page, 'admin', '/asset-location/lists', 'Asset Locations');
  await page.getByRole('button', { name: 'Create' }).click();
  const roomDialog = page.getByRole('dialog', { name: 'New location' });
  await roomDialog.getByLabel('Location', { exact: true }).fill(room);
  await chooseBranch(roomDialog.getByLabel('Branch'), 'CHN-ANN');
  await roomDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roomDialog).toBeHidden();

  await openScreen(page, '/asset/list', 'Assets');
  await checkScreen(page, 'assets');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/asset\/create$/);
  const dialog = page.getByRole('dialog', { name: 'New asset' });
  await dialog.getByLabel('Name', { exact: true }).fill('Multipara monitor, cath lab');
  await chooseBranch(dialog.getByLabel('Branch', { exact: true }), 'CHN-ANN');
  await dialog.getByLabel('Location', { exact: true }).selectOption({ label: room });
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: 'Medical Equipment' });
  await dialog.getByLabel('Sub-category').selectOption({ label: 'Patient Monitoring' });
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Multipara Monitor' });
  await dialog.getByLabel('Brand', { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel('Serial number').fill(serial);
  await dialog.getByLabel('Cost (₹)').fill('12,000');
  await dialog.getByLabel('Warranty from').fill('2026-06-01');
  await dialog.getByLabel('Warranty until').fill('2026-05-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter an amount in rupees, like 125000.50')).toBeVisible();
  await expect(dialog.getByText('The warranty cannot end before it starts')).toBeVisible();
  await checkScreen(page, 'asset-form');
  await dialog.getByLabel('Cost (₹)').fill('185000');
  await dialog.getByLabel('Warranty until').fill('2029-05-31');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await searchList(page, serial);
  const row = listRows(page).first();
  await expect(row).toContainText(room);
  await expect(row).toContainText('In stock');
  const tag = (await row.getByRole('link').first().textContent()) ?? '';
  expect(tag).toMatch(/^CHN-ANN-\d{6}$/);
  await row.getByRole('link', { name: tag }).click();

  await expect(page.getByRole('heading', { name: new RegExp(`^${tag} · `) })).toBeVisible();
  await expect(page.getByText('₹1,85,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Mark out of order' }).click();
  const reason = page.getByRole('dialog', { name: `Mark ${tag} out of order` });
  await reason.getByLabel('What is wrong with it?').fill('ECG channel shows no trace');
  await reason.getByRole('button', { name: 'Mark out of order' }).click();
  await expect(reason).toBeHidden();
  await expect(page.getByText('Reason: ECG channel shows no trace')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Put back in use' })).toBeVisible();
  await checkScreen(page, 'asset-page');

  await page.getByRole('button', { name: 'Print label' }).click();
  const thermal = page.getByRole('menuitem', { name: 'Thermal label, 50 × 25 mm' });
  const href = (await thermal.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/labels\/assets\.pdf\?ids=\d+&format=thermal-50x25$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The search screen: a scanner types the tag (any case) and Enter; a phone photographs the label.
  await page.goto('/#/asset/search');
  await expect(page.getByRole('heading', { name: 'Find an asset' })).toBeVisible();
  await checkScreen(page, 'asset-search');
  const box = page.getByLabel('Tag, serial number, name or model');
  await box.fill(serial.toLowerCase());
  await expect(page.getByRole('list', { name: 'Matching assets' })).toContainText(tag);
  await box.fill(tag.toLowerCase());
  await box.press('Enter');
  await expect(page).toHaveURL(/#\/asset\/view\?id=\d+$/);
  const assetUrl = page.url();
  await page.goto('/#/asset/search');
  const label = await QRCode.toBuffer(
    assetUrl.replace(/^https?:\/\/[^/]+/, 'https://assets.example.in'),
    {
      errorCorrectionLevel: 'M',
      scale: 8,
    },
  );
  await page
    .getByLabel('Scan a photo of the label', { exact: true })
    .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: label });
  await expect(page).toHaveURL(assetUrl);
  await expect(page.getByRole('heading', { name: new RegExp(`^${tag} · `) })).toBeVisible();
});
