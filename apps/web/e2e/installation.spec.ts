import { expect, test } from '@playwright/test';
import { anAssetOfChnAnn } from './api.ts';
import { checkScreen, listRows, listSettled, signIn } from './helpers.ts';

/*
 * An installation end to end (docs/workflows.md): the manager of CHN-ANN records the installation
 * of an asset that arrived in stock — found by its tag, installed by the vendor's engineer, with
 * the checklist — and the branch's own manager (a second user) signs it off; the asset is then In
 * use and its history says so. The asset is the test's own, made through the API, so runs side by
 * side or repeated never meet.
 */

const BRANCH_MANAGER = 'vignesh.chn-ann';

test('the manager records an installation and the branch manager signs it off: the asset is in use', async ({
  page,
  browser,
}) => {
  await signIn(page, 'manager');
  const asset = await anAssetOfChnAnn(page);

  await page.goto('/#/asset-installation/list');
  await expect(
    page.getByRole('heading', { name: 'Asset Installation', exact: true }),
  ).toBeVisible();
  await listSettled(page);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New Asset Installation' })).toBeVisible();
  await page.getByLabel('Find assets by tag, name or serial number').fill(asset.tag);
  const tick = page.getByRole('checkbox', { name: asset.tag });
  await expect(tick).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Record installation' }).click();
  await expect(page.getByText('Tick at least one asset')).toBeVisible();
  await tick.check();
  await page.getByLabel('Location', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Vendor', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Engineer's name").fill('Ravi Kumar');
  for (const check of ['Physical condition good', 'Power and earthing checked', 'Staff trained'])
    await page.getByText(check, { exact: true }).click();
  await page.getByLabel('Remarks').fill('Mounted at bed 4 of the ICU');
  await checkScreen(page, 'installation-form');
  await page.getByRole('button', { name: 'Record installation' }).click();

  await expect(page.getByRole('heading', { name: /^Installation INS\/CHN-ANN\// })).toBeVisible();
  const address = page.url();
  await expect(page.getByText('Awaiting Sign-off', { exact: true })).toBeVisible();
  // The recorder does not sign off their own installation.
  await expect(page.getByRole('button', { name: 'Sign off' })).toHaveCount(0);
  await checkScreen(page, 'installation');

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, BRANCH_MANAGER);
  await second.goto(address);
  await second.getByRole('button', { name: 'Sign off' }).click();
  const dialog = second.getByRole('dialog');
  await expect(dialog).toContainText('go In use from');
  await dialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByText('Signed Off', { exact: true })).toBeVisible();
  await expect(listRows(second).filter({ hasText: asset.tag })).toContainText('In use');
  await second.getByRole('link', { name: asset.tag }).click();
  await expect(second.getByText('Installed and put to use')).toBeVisible();
  await expect(second.getByText('Installation recorded')).toBeVisible();
  await other.close();
});
