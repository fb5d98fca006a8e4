import { expect, type Page } from '@playwright/test';
import { Jimp } from 'jimp';

/**
 * Uploads a small PNG to the gallery as the gallery screen does (POST /uploads/gallery with the
 * page's session), so a form's logo select has an image of the kind to offer.
 */
export async function uploadLogo(
  page: Page,
  title: string,
  kind: 'branch_logo' | 'company_logo',
): Promise<void> {
  const buffer = await new Jimp({ width: 64, height: 64, color: 0x7367f0ff }).getBuffer(
    'image/png',
  );
  const response = await page.request.post('/uploads/gallery', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    multipart: {
      Title: title,
      Kind: kind,
      File: { name: 'logo.png', mimeType: 'image/png', buffer },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}
