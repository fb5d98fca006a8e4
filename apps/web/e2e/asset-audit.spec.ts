import { expect, test } from '@playwright/test';
import { anAssetOfChnAnn, gql } from './api.ts';
import { checkScreen, listSettled, signIn } from './helpers.ts';

/*
 * A physical audit of a CHN-ANN location end to end (docs/workflows.md, "Physical audit"): the
 * branch manager starts it for a ward of the test's own with three assets, counts on the scan
 * screen — one found, one found standing in the store (wrong location), an unknown tag scanned
 * while the phone is offline and sent when it is back — submits (the third is missing), resolves
 * each difference, signs off and downloads the PDF report; the found asset's page says when it was
 * last audited. axe on every audit screen.
 */

test('an audit of a location with a wrong-location find and an unexpected tag, resolved and signed off', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'manager');
  const mark = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const { branchOptions } = await gql<{ branchOptions: { value: string; text: string }[] }>(
    page,
    '{ branchOptions { value text } }',
  );
  const branchId = branchOptions.find((option) => option.text.startsWith('CHN-ANN '))?.value;
  if (!branchId) throw new Error('no CHN-ANN among the branches');
  const room = async (name: string) =>
    (
      await gql<{ saveAssetLocation: { assetLocation: { id: string } } }>(
        page,
        `mutation ($input: AssetLocationInput!) {
          saveAssetLocation(input: $input) { assetLocation { id } }
        }`,
        { input: { name, branchId } },
      )
    ).saveAssetLocation.assetLocation.id;
  const wardName = `Audit Ward ${mark}`;
  const storeName = `Audit Store ${mark}`;
  const ward = await room(wardName);
  await room(storeName);
  const inWard = { locationId: ward, assetStatus: 'IN_USE', putToUseDate: '2024-06-01' };
  const found = await anAssetOfChnAnn(page, inWard);
  const moved = await anAssetOfChnAnn(page, inWard);
  const missing = await anAssetOfChnAnn(page, inWard);
  const unknownTag = `OLD-${mark}`.toUpperCase();

  await page.goto('/#/asset-audit/list');
  await expect(page.getByRole('heading', { name: 'Asset Audits', exact: true })).toBeVisible();
  await listSettled(page);
  await checkScreen(page, 'asset-audit-list');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New Asset Audit' })).toBeVisible();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: wardName });
  await page.getByRole('checkbox', { name: /\(manager\)/ }).check();
  await checkScreen(page, 'asset-audit-new');
  await page.getByRole('button', { name: 'Start audit' }).click();
  await expect(page.getByRole('heading', { name: /^Audit AUD\/CHN-ANN\// })).toBeVisible();
  await expect(page.getByText('Expected: 3')).toBeVisible();
  await checkScreen(page, 'asset-audit-view');
  const audit = page.url();

  await page.getByRole('link', { name: 'Count' }).click();
  await expect(page.getByRole('heading', { name: /^Count AUD\/CHN-ANN\// })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan a label' })).toBeVisible();
  const tag = page.getByLabel('Tag (type it or use a handheld scanner)');
  const heard = page.getByTestId('heard');
  // A handheld scanner types what the QR code holds (the asset page's address) and Enter.
  await tag.fill(`http://localhost/#/asset/view?id=${found.id}`);
  await tag.press('Enter');
  await expect(heard.getByText(`${found.tag} found.`)).toBeVisible();
  await page.getByLabel('Where you are standing').selectOption({ label: storeName });
  await tag.fill(moved.tag);
  await tag.press('Enter');
  await expect(heard.getByText(`${moved.tag} found, in the wrong location.`)).toBeVisible();
  // No signal: the scan waits on the phone, then goes when it is back, once.
  await context.setOffline(true);
  await tag.fill(unknownTag);
  await tag.press('Enter');
  await expect(page.getByTestId('queued')).toHaveText('Waiting to send: 1');
  await context.setOffline(false);
  await expect(heard.getByText(`${unknownTag}: unexpected here.`)).toBeVisible();
  await expect(page.getByTestId('queued')).toHaveCount(0);
  await expect(page.getByText('Unexpected: 1')).toBeVisible();
  await checkScreen(page, 'asset-audit-scan');

  await page.goto(audit);
  await page.getByRole('button', { name: 'Submit the count' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Waiting For Sign-off', { exact: true })).toBeVisible();
  await expect(page.getByText('Missing: 1')).toBeVisible();

  const resolve = async (row: string, resolution: string, note?: string) => {
    await page.locator('tr', { hasText: row }).getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Resolution').selectOption({ label: resolution });
    if (note) await dialog.getByLabel('What was decided and why').fill(note);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog).toHaveCount(0);
  };
  // A transfer decision opens the new transfer with the asset picked and the audit as its reason.
  await page
    .locator('tr', { hasText: missing.tag })
    .getByRole('button', { name: 'Resolve' })
    .click();
  await page
    .getByRole('dialog')
    .getByLabel('Resolution')
    .selectOption({ label: 'Transfer between branches' });
  const newTransfer = page.getByRole('dialog').getByRole('link', { name: 'Open a new transfer' });
  const transferHref = (await newTransfer.getAttribute('href')) ?? '';
  expect(transferHref).toContain(`assetId=${missing.id}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.goto(`/${transferHref}`);
  await expect(page.getByLabel('Reason', { exact: true })).toHaveValue(/^AUD\/CHN-ANN\//);
  await expect(page.getByText(missing.tag).first()).toBeVisible();
  await page.goto(audit);
  await resolve(moved.tag, 'Move it to where it was found');
  await resolve(missing.tag, 'Missing: to condemnation', 'Not in any ward; to the committee');
  await resolve(unknownTag, 'Investigate', 'A label of the old register; stores to check');
  await checkScreen(page, 'asset-audit-resolved');
  await page.getByRole('button', { name: 'Sign off' }).click();
  const signOff = page.getByRole('dialog');
  await signOff.getByLabel('Sign-off remarks').fill('Counted with the ward in charge');
  await signOff.getByRole('button', { name: 'Sign off' }).click();
  await expect(page.getByText('Signed Off', { exact: true })).toBeVisible();

  const report = page.getByRole('link', { name: 'Audit report' });
  const pdf = await page.request.get((await report.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: moved.tag }).click();
  await expect(page.getByTestId('last-audited')).toContainText('Last audited');
  await expect(page.getByTestId('last-audited')).toContainText('AUD/CHN-ANN/');
  await expect(page.getByText(storeName).first()).toBeVisible();
});
