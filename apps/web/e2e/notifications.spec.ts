import { expect, test } from '@playwright/test';
import { anAssetOfChnAnn, gql } from './api.ts';
import { checkScreen, signIn } from './helpers.ts';

/*
 * The bell (docs/workflows.md, Notifications): a contract of CHN-ANN ending in 12 days is
 * announced to a user of the branch; the alert opens the contract and is read by that. The
 * contract is the test's own, made through the API; other tests may add alerts meanwhile, so the
 * test looks for its own and never counts the others.
 */

const USER = 'vignesh.chn-ann';

function inDays(days: number): string {
  const day = new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

test('the bell announces a contract ending soon, which opens the contract and is read', async ({
  page,
}) => {
  await signIn(page, USER);
  const asset = await anAssetOfChnAnn(page, { assetStatus: 'IN_USE', putToUseDate: '2024-06-01' });
  const { branchOptions, vendorOptions } = await gql<{
    branchOptions: { value: string; text: string }[];
    vendorOptions: { value: string; text: string }[];
  }>(page, '{ branchOptions { value text } vendorOptions { value text } }');
  const branchId = branchOptions.find((option) => option.text.startsWith('CHN-ANN '))?.value;
  const number = `AMC-E2E-${Date.now().toString(36)}${test.info().workerIndex}`;
  const saved = await gql<{ saveMaintenanceContract: { contract: { id: string } } }>(
    page,
    `mutation ($input: MaintenanceContractInput!) {
      saveMaintenanceContract(input: $input) { contract { id } }
    }`,
    {
      input: {
        branchId,
        vendorId: vendorOptions[0]?.value,
        contractType: 'AMC',
        number,
        startDate: inDays(-353),
        endDate: inDays(12),
        contractValue: '48000.00',
        gstRate: 18,
        paymentSchedule: 'ANNUAL_ADVANCE',
        visitsPerYear: 0,
        responseHours: 24,
        noticeDays: 30,
        renewal: 'MANUAL',
        assetIds: [asset.id],
      },
    },
  );
  const contractId = saved.saveMaintenanceContract.contract.id;

  await page.goto('/#/purchase-order/list');
  const bell = page.getByRole('link', { name: /^Notifications: \d+\+? unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const alert = page.locator(`[data-notification="contract:${contractId}:ENDS_IN_30"]`);
  await expect(alert).toContainText(`Contract ${number}`);
  await expect(alert).toContainText('ends in 12 days');
  await checkScreen(page, 'notifications');

  await alert.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/amc/view\\?id=${contractId}$`));
  await page.goto('/#/notifications');
  await expect(alert).toContainText('Read');
  await expect(alert.getByRole('button', { name: 'Mark read' })).toHaveCount(0);
});
