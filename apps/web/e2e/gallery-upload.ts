import { expect, type Page } from '@playwright/test';
import { Jimp } from 'jimp';

/**
 * Uploads a small PNG to the gallery as the gallery screen does (POST /uploads/gallery with the
 * page's session), so a form's logo select has an image of the kind to offer.
 */
export async function uploadLogo(
  page: Page,
  title: string,
  kind: 'BRANCH_LOGO' | 'COMPANY_LOGO',
): Promise<void> {
  const buffer = await new Jimp({ width: 64, height: 64, color: 0x7367f0ff }).getBuffer(
    'image/png',
  );
  const query = new URLSearchParams({ title, kind, fileName: 'logo.png' });
  const response = await page.request.post(`/uploads/gallery?${query}`, {
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'image/png' },
    data: buffer,
  });
  expect(response.status(), await response.text()).toBe(200);
}
