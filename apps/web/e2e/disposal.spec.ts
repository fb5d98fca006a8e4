import { expect, test } from '@playwright/test';
import { anAssetOfChnAnn } from './api.ts';
import { checkScreen, listRows, listSettled, searchList, signIn } from './helpers.ts';

/*
 * Condemnation and disposal (docs/workflows.md): the administrator records the committee's
 * condemnation of an asset in use and then its sale; the asset leaves the active register and
 * keeps its page, with the disposal on it. The asset is the test's own, made through the API.
 */

test('the administrator condemns an asset and records its sale; it leaves the active register', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const asset = await anAssetOfChnAnn(page, { assetStatus: 'IN_USE', putToUseDate: '2019-04-01' });
  await page.goto(`/#/asset/view?id=${asset.id}`);
  await expect(page.getByRole('heading', { name: `${asset.tag} · ${asset.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record disposal' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Condemn' }).click();
  const condemn = page.getByRole('dialog', { name: `Condemn ${asset.tag}` });
  await condemn.getByLabel('Why it is condemned').fill('Beyond economical repair');
  await condemn.getByLabel("Committee's remarks").fill('Condemnation committee 14/2026: condemned');
  await checkScreen(page, 'condemn-dialog');
  await condemn.getByRole('button', { name: 'Condemn' }).click();
  await expect(condemn).toBeHidden();
  await expect(page.getByText('Condemned', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Record disposal' }).click();
  const dispose = page.getByRole('dialog', { name: `Dispose of ${asset.tag}` });
  await dispose.getByLabel('How it was disposed of').selectOption({ label: 'Sold' });
  await dispose.getByLabel('Amount received (₹)').fill('4500');
  await dispose.getByRole('button', { name: 'Record disposal' }).click();
  await expect(dispose.getByText('Buyer is required')).toBeVisible();
  await dispose.getByLabel('Buyer', { exact: true }).fill('Sri Lakshmi Scrap Traders');
  await dispose.getByRole('button', { name: 'Record disposal' }).click();
  await expect(dispose).toBeHidden();
  await expect(page.getByText('Disposed', { exact: true }).first()).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Condemnation and disposal' })
      .getByText('Sri Lakshmi Scrap Traders'),
  ).toBeVisible();
  await expect(page.getByText('Disposed of', { exact: true })).toBeVisible();
  await checkScreen(page, 'disposed-asset');

  await page.goto('/#/asset/list');
  await expect(page.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible();
  await listSettled(page);
  await searchList(page, asset.tag);
  await expect(listRows(page).filter({ hasText: asset.tag })).toHaveCount(0);
});
