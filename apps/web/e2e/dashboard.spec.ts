import { expect, test } from '@playwright/test';
import { checkScreen, listRows, listSettled, listState, QUICK_POLL, signIn } from './helpers.ts';

/*
 * The branch manager's dashboard (docs/reports.md) over the demo as seeded, read only: `manager`
 * (CHN-ANN, primary, and CHN-VEL) sees the tiles of the primary branch, none for what the role
 * may not open, and the charts; the tile of job orders past their target opens the job order list
 * filtered so; the switch shows all the manager's branches and the address keeps it.
 */

test('a branch manager’s dashboard: tiles of the branch, a tile opens its list filtered, all branches', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await page.goto('/#/purchase-order/list');
  // The first entry of the server's menu, offered now that its screen is built.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Branches: CHN-ANN - Chennai Anna Nagar')).toBeVisible();
  const tile = (name: string) => page.locator(`[data-tile="${name}"]`);
  await expect(tile('assetsTotal')).toContainText('All assets');
  await expect(tile('assetsTotal')).toContainText(/Value ₹[\d.,]+ (L|Cr)/);
  await expect(tile('status:IN_USE')).toContainText('In use');
  // The manager neither verifies nor approves orders: no tile for them.
  await expect(tile('ordersToVerify')).toHaveCount(0);
  await expect(tile('ordersToApprove')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Critical assets down' })).toBeVisible();
  // The charts arrive as a chunk of their own, each named by a summary of its figures.
  await expect(
    page.getByRole('img', { name: /^Chart of Assets by status: .*In use \d+/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Chart of Assets by category: / })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Purchase spend by month/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Job orders opened and closed/ })).toBeVisible();
  await checkScreen(page, 'dashboard');

  // Job orders past their target: the list opens filtered so, in the branch, every row late.
  const late = Number(await tile('jobOrdersPastTarget').locator('[data-tile-count]').textContent());
  expect(late).toBeGreaterThan(0);
  await tile('jobOrdersPastTarget').click();
  await expect(page.getByRole('heading', { name: 'Job Orders', exact: true })).toBeVisible();
  await listSettled(page);
  const state = listState(page);
  // The primary branch is the list's own default: the list drops it from the address.
  expect([state.get('open'), state.get('late'), state.get('branch') ?? '2']).toEqual([
    '1',
    '1',
    '2',
  ]);
  await expect(page.getByLabel('Targets', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Open or closed', { exact: true })).toHaveValue('1');
  const rows = listRows(page);
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Past target');

  // Back on the dashboard, all the manager's branches; a reload keeps them.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const everyBranch = page.getByLabel('All my branches');
  await expect(everyBranch).not.toBeChecked();
  await page.getByText('All my branches', { exact: true }).click();
  await expect.poll(() => listState(page).get('scope'), QUICK_POLL).toBe('all');
  await expect(page.getByText('Branches: CHN-ANN, CHN-VEL')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Branches: CHN-ANN, CHN-VEL')).toBeVisible();
  await expect(everyBranch).toBeChecked();
  // All branches: the register lists every branch of the user (no branch in the link).
  await expect(tile('assetsTotal')).toHaveAttribute('href', '#/asset/list');
  await checkScreen(page, 'dashboard-all-branches');
});

test('the dashboard on a phone: tiles in one column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'manager');
  await page.goto('/#/dashboard/branch-manager');
  await expect(page.locator('[data-tile="assetsTotal"]')).toBeVisible();
  // One tile a row: the second below the first, as far left (both measured in one moment).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const first = document.querySelector('[data-tile="assetsTotal"]')?.getBoundingClientRect();
        const second = document.querySelector('[data-tile^="status:"]')?.getBoundingClientRect();
        return Boolean(first && second && second.y > first.y && Math.abs(second.x - first.x) < 2);
      }),
    )
    .toBe(true);
  await checkScreen(page, 'dashboard-phone');
});
