import { expect, test } from '@playwright/test';
import { Jimp } from 'jimp';
import { checkScreen, listRows, openScreenAs, searchList } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

/** A real photo-sized PNG, made here rather than committed. */
async function photo(width: number, height: number): Promise<Buffer> {
  const image = new Jimp({ width, height, color: 0x1f6feb80 });
  image.scan(0, 0, width, height, (x, y, index) => {
    image.bitmap.data[index] = (x * 255) / width;
    image.bitmap.data[index + 1] = (y * 255) / height;
    image.bitmap.data[index + 3] = 255;
  });
  return image.getBuffer('image/png');
}

test('admin uploads a photo: progress, thumbnail, preview; a disguised file is refused in the server’s words', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/gallery/lists', 'Gallery');
  await checkScreen(page, 'gallery-empty');

  await page.getByRole('button', { name: 'Upload image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload an image' });
  // The browser's courtesy check: a type the gallery does not take never leaves the page.
  await dialog.getByLabel('Image file').setInputFiles({
    name: 'logo.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await expect(dialog.getByText('Choose a PNG, JPEG or WebP image')).toBeVisible();

  // A text file named .png passes the browser's guess; the server reads the content and refuses.
  await dialog.getByLabel('Image file').setInputFiles({
    name: 'pump-room.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some notes, not a picture\n'),
  });
  await expect(dialog.getByLabel('Title')).toHaveValue('logo');
  await dialog.getByLabel('Title').fill('Pump room');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'The file is not a PNG, JPEG or WebP image (a text file is not accepted).',
  );
  await checkScreen(page, 'gallery-upload-refused');

  await dialog.getByLabel('Image file').setInputFiles({
    name: 'pump-room.png',
    mimeType: 'image/png',
    buffer: await photo(900, 600),
  });
  await dialog.getByLabel('Kind').selectOption('ASSET_PHOTO');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  // The notice first: it goes by itself after 2 s, and the dialog closes as it comes.
  await expect(page.getByText('Image Pump room uploaded.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = listRows(page).filter({ hasText: 'Pump room' });
  await expect(row).toContainText('900 × 600');
  await expect(row).toContainText('Asset photo');
  const thumbnail = row.getByRole('button', { name: 'Preview Pump room' }).locator('img');
  await expect(thumbnail).toBeVisible();
  // The thumbnail really loaded (through the gateway, with the session), at most 240 pixels wide.
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(240);
  await checkScreen(page, 'gallery');

  await row.getByRole('button', { name: 'Preview Pump room' }).click();
  const preview = page.getByRole('dialog', { name: 'Pump room' });
  const full = preview.getByRole('img', { name: 'Pump room' });
  await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900);
  await expect(preview).toContainText('900 × 600');
  await expect(preview).toContainText('Ramesh Iyer');
  await checkScreen(page, 'gallery-preview');
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await expect(preview).toBeHidden();
});

test('admin deletes an image after confirming; cancelling keeps it', async ({ page }) => {
  await openScreenAs(page, 'admin', '/gallery/lists', 'Gallery');
  await searchList(page, 'Pump room');
  const row = listRows(page).filter({ hasText: 'Pump room' });
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Pump room');
  await checkScreen(page, 'gallery-delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Image Pump room deleted.')).toBeVisible();
  await expect(listRows(page).filter({ hasText: 'Pump room' })).toHaveCount(0);
});

test('the viewer sees the gallery but cannot upload or delete', async ({ page }) => {
  await openScreenAs(page, 'viewer', '/gallery/lists', 'Gallery');
  await expect(page.getByRole('button', { name: 'Upload image' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
