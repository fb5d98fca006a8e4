import { expect, test } from '@playwright/test';
import { anAssetOfChnAnn } from './api.ts';
import { checkScreen, chooseBranch, listSettled, signIn } from './helpers.ts';

/*
 * A transfer from CHN-ANN to BLR-JAY end to end (docs/workflows.md): the manager of CHN-ANN asks
 * for two assets to go, the branch's own manager approves, the van leaves with its gate pass, and
 * BLR-JAY's manager receives by scanning one label — the other did not arrive and stays short.
 * The assets are the test's own, made through the API.
 */

const SOURCE_APPROVER = 'vignesh.chn-ann';
const DESTINATION = 'BLR-JAY';

test('a transfer requested, approved, dispatched with its gate pass, and received with a shortage', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager');
  const monitor = await anAssetOfChnAnn(page, {
    assetStatus: 'IN_USE',
    putToUseDate: '2024-06-01',
  });
  const pump = await anAssetOfChnAnn(page, { assetStatus: 'IN_USE', putToUseDate: '2024-06-01' });

  await page.goto('/#/asset-transferred/list');
  await expect(page.getByRole('heading', { name: 'Asset Transfers', exact: true })).toBeVisible();
  await listSettled(page);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New Asset Transfer' })).toBeVisible();
  await chooseBranch(page.getByLabel('To branch'), DESTINATION);
  const find = page.getByLabel('Find assets of the branch by tag, name or serial number');
  for (const asset of [monitor, pump]) {
    await find.fill(asset.tag);
    await page.getByRole('checkbox', { name: asset.tag }).check();
  }
  await expect(page.getByText('2 assets chosen')).toBeVisible();
  await page.getByLabel('Reason').fill('ICU beds opening at Jayanagar');
  await checkScreen(page, 'transfer-form');
  await page.getByRole('button', { name: 'Request transfer' }).click();
  await expect(page.getByRole('heading', { name: /^Transfer TRF\/CHN-ANN\// })).toBeVisible();
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  const address = page.url();
  // The requester does not approve their own request.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signIn(approver, SOURCE_APPROVER);
  await approver.goto(address);
  await approver.getByRole('button', { name: 'Approve' }).click();
  await approver.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText('Approved', { exact: true })).toBeVisible();
  await approverContext.close();

  await page.reload();
  await page.getByRole('button', { name: 'Dispatch' }).click();
  const dispatch = page.getByRole('dialog');
  await dispatch.getByLabel('Vehicle or courier').fill('TN 09 AB 1234 (hospital van)');
  await dispatch.getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText('In Transit', { exact: true })).toBeVisible();
  const gatePass = page.getByRole('link', { name: 'Gate pass' });
  const response = await page.request.get((await gatePass.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');

  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  await signIn(receiver, 'manjunath.blr-jay');
  await receiver.goto(address);
  const scan = receiver.getByLabel("Scan a label's QR code or type a tag, then Enter");
  // A keyboard scanner types what the QR code holds: the asset page's address.
  await scan.fill(`http://localhost/#/asset/view?id=${monitor.id}`);
  await scan.press('Enter');
  await expect(receiver.getByLabel(`On arrival: ${monitor.tag}`)).toHaveValue('RECEIVED');
  await receiver.getByLabel(`On arrival: ${pump.tag}`).selectOption('SHORT');
  await receiver.getByLabel('Where the arrivals now stand').selectOption({ index: 1 });
  await checkScreen(receiver, 'transfer-receive');
  await receiver.getByRole('button', { name: 'Record receipt' }).click();
  await expect(receiver.getByText('Received Short', { exact: true })).toBeVisible();
  await receiver.getByRole('link', { name: monitor.tag }).click();
  await expect(receiver.getByText('Received from another branch')).toBeVisible();
  await receiverContext.close();
});
