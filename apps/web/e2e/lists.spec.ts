import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  downloadList,
  listRows,
  listSettled,
  listState,
  openList,
  QUICK_POLL,
  showBranch,
  signIn,
} from './helpers.ts';

/*
 * The one list component against the real gateway and legacy-api: pages, rows per page, sorting
 * by a header, a search opened from the address, a refresh or a page while the server cannot be
 * reached, a filter (purchase orders by status) and an address the server refuses. The brands are
 * this file's own, named with a prefix no other data has.
 */
test.describe.configure({ mode: 'serial' });

const PREFIX = `Paging ${Date.now().toString(36)}`;
const NAMES = Array.from(
  { length: 12 },
  (_, index) => `${PREFIX} ${String(index + 1).padStart(2, '0')}`,
);
const HEADERS = { 'x-requested-with': 'browser-tests' };

/** A GraphQL call with the page's session, as the app makes it. */
async function graphql<Data>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<Data> {
  const response = await request.post('/graphql', { data: { query, variables }, headers: HEADERS });
  const body = (await response.json()) as { data?: Data; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Data;
}

async function brandIds(request: APIRequestContext): Promise<string[]> {
  const data = await graphql<{ masterRecords: { rows: { id: string }[] } }>(
    request,
    `query ($search: String) {
      masterRecords(list: BRAND, search: $search, pageSize: 100) { rows { id } }
    }`,
    { search: PREFIX },
  );
  return data.masterRecords.rows.map((row) => row.id);
}

async function openBrands(page: Page, query: string): Promise<void> {
  await page.goto(`/#/brand/lists?${query}`);
  await expect(page.getByRole('heading', { name: 'Brands', exact: true })).toBeVisible();
  await listSettled(page);
}

/** The texts of one column of the rows on screen. */
async function column(page: Page, index: number): Promise<string[]> {
  return listRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

const summary = (page: Page) => page.getByText(/^\d+–\d+ of \d+$/);

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  for (const name of NAMES)
    await graphql(
      page.request,
      `mutation ($input: MasterRecordInput!) { saveMasterRecord(input: $input) { message } }`,
      { input: { list: 'BRAND', id: null, name, active: true } },
    );
  await context.close();
});

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  for (const id of await brandIds(page.request))
    await graphql(
      page.request,
      `mutation ($id: ID!) { deleteMasterRecord(list: BRAND, id: $id) { message } }`,
      { id },
    );
  await context.close();
});

test('a search opened from the address, pages, rows per page and sorting by a header', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openBrands(page, `q=${encodeURIComponent(PREFIX)}`);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(PREFIX);
  await expect(summary(page)).toHaveText('1–10 of 12');
  await expect(listRows(page)).toHaveCount(10);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(summary(page)).toHaveText('11–12 of 12');
  await expect(listRows(page)).toHaveCount(2);
  expect(listState(page).get('page')).toBe('2');
  // The page is the address's: a reload shows it again.
  await page.reload();
  await listSettled(page);
  await expect(summary(page)).toHaveText('11–12 of 12');
  await expect(page.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(summary(page)).toHaveText('1–10 of 12');

  // Sorting by the name column: ascending, then descending, from the server.
  const nameHeader = page.getByRole('columnheader', { name: 'Brand' });
  const nameIndex = (await page.getByRole('columnheader').allTextContents()).indexOf('Brand');
  await nameHeader.getByRole('button', { name: 'Brand' }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await listSettled(page);
  expect(await column(page, nameIndex)).toEqual(NAMES.slice(0, 10));
  await checkScreen(page, 'list-sorted');
  await nameHeader.getByRole('button', { name: 'Brand' }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await listSettled(page);
  expect(await column(page, nameIndex)).toEqual(NAMES.toReversed().slice(0, 10));
  expect(listState(page).get('desc')).toBe('1');

  await page.getByLabel('Rows per page').selectOption('25');
  await expect(summary(page)).toHaveText('1–12 of 12');
  await listSettled(page);
  expect(await column(page, nameIndex)).toEqual(NAMES.toReversed());
  expect(Object.fromEntries(listState(page))).toMatchObject({ size: '25', q: PREFIX });
});

test('purchase orders sort by a header, page by page, in the branch chosen', async ({ page }) => {
  await openList(page, 'admin');
  await showBranch(page, 'CHN-VEL');
  const header = page.getByRole('columnheader', { name: 'PO number' });
  const index = (await page.getByRole('columnheader').allTextContents()).indexOf('PO number');
  await header.getByRole('button', { name: 'PO number' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await listSettled(page);
  const first = await column(page, index);
  expect(first).toEqual(first.toSorted());
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(summary(page)).toHaveText(/^11–/);
  await listSettled(page);
  const second = await column(page, index);
  expect(second).toEqual(second.toSorted());
  expect((second[0] ?? '') > (first.at(-1) ?? '')).toBe(true);
  // The branch and the order are the address's.
  expect(Object.fromEntries(listState(page))).toMatchObject({ sort: 'number' });
  expect(listState(page).get('branch')).toMatch(/^\d+$/);
  await header.getByRole('button', { name: 'PO number' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await listSettled(page);
  await expect(summary(page)).toHaveText(/^1–10 of /);
  const descending = await column(page, index);
  expect(descending).toEqual(descending.toSorted().toReversed());
  expect((descending[0] ?? '') > (second.at(-1) ?? '')).toBe(true);
  expect(descending.every((number) => number.startsWith('PO/CHN-VEL/'))).toBe(true);
});

test('a refresh or a page while the server is down says so; Try again shows the list', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openBrands(page, `q=${encodeURIComponent(PREFIX)}`);
  await expect(summary(page)).toHaveText('1–10 of 12');

  await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'Could not load this page' });
  await expect(problem).toBeVisible();
  // The old rows are not shown as if they were fresh.
  await expect(page.locator('table')).toHaveCount(0);
  await expect(summary(page)).toHaveCount(0);
  await checkScreen(page, 'list-failed');
  // Still down: trying again fails again, and says so.
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(problem).toBeVisible();

  await page.unroute('**/graphql');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(problem).toBeHidden();
  await listSettled(page);
  await expect(summary(page)).toHaveText('1–10 of 12');

  // Another page while the server is down: the same, and the address keeps the page asked for.
  await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(problem).toBeVisible();
  await expect(listRows(page)).toHaveCount(0);
  expect(listState(page).get('page')).toBe('2');
  await page.unroute('**/graphql');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(summary(page)).toHaveText('11–12 of 12');
  await expect(problem).toBeHidden();
});

/** The overall statuses of purchase orders (the schema's names) and the texts of their chips. */
const STATUS_TEXT = {
  PENDING: 'Pending',
  WAITING_FOR_APPROVAL: 'Waiting For Approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
} as const;
type OrderStatus = keyof typeof STATUS_TEXT;

/** The number of orders over all pages that the summary under the list counts. */
async function shownTotal(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? '';
  return Number(text.split(' of ')[1]);
}

test('purchase orders narrowed to a status: the count, a reload, Back and the download keep it', async ({
  page,
}) => {
  await openList(page, 'admin');
  const total = await shownTotal(page);
  // A status that some, but not all, of the primary branch's orders have, as the gateway counts.
  const { session } = await graphql<{ session: { primaryBranch: { id: string } | null } }>(
    page.request,
    'query { session { primaryBranch { id } } }',
    {},
  );
  const branchId = session.primaryBranch?.id ?? '';
  let status: OrderStatus | undefined;
  let count = 0;
  // Settled states first: the purchase-order tests decide pending orders meanwhile, so the
  // counts of pending, waiting and rejected orders may change under this test.
  const settledFirst: OrderStatus[] = ['COMPLETED', 'CANCELLED', 'APPROVED', 'PENDING'];
  for (const candidate of settledFirst) {
    const data = await graphql<{ purchaseOrders: { totalCount: number } }>(
      page.request,
      `query ($branchId: ID!, $status: PurchaseOrderState) {
        purchaseOrders(branchId: $branchId, status: $status) { totalCount }
      }`,
      { branchId, status: candidate },
    );
    if (data.purchaseOrders.totalCount > 0 && data.purchaseOrders.totalCount < total) {
      status = candidate;
      count = data.purchaseOrders.totalCount;
      break;
    }
  }
  if (!status) throw new Error(`no status narrows the ${total} orders of branch ${branchId}`);

  const select = page.getByRole('combobox', { name: 'Status', exact: true });
  await expect(select).toHaveValue('');
  await select.selectOption(status);
  await expect(summary(page)).toHaveText(new RegExp(`^1–\\d+ of ${count}$`));
  await listSettled(page);
  expect(listState(page).get('status')).toBe(status);
  const statusIndex = (await page.getByRole('columnheader').allTextContents()).indexOf('Status');
  const statuses = await column(page, statusIndex);
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set([STATUS_TEXT[status]]));
  await checkScreen(page, 'list-status-filter');

  // The status is the address's: a reload shows the same list.
  await page.reload();
  await listSettled(page);
  await expect(select).toHaveValue(status);
  await expect(summary(page)).toHaveText(new RegExp(` of ${count}$`));
  // The download is the list on screen: the server's link carries the status.
  const link = page.getByRole('link', { name: 'Download as spreadsheet' });
  await expect(link).toHaveAttribute('href', new RegExp(`[?&]status=${status}(&|$)`));
  expect((await downloadList(page)).dataRows).toBe(count);

  // Back to every status from the keyboard (the select's first choice), and Back again.
  await select.focus();
  await page.keyboard.press('Home');
  await expect(summary(page)).toHaveText(new RegExp(` of ${total}$`));
  expect(listState(page).get('status')).toBeNull();
  await page.goBack();
  await expect(select).toHaveValue(status);
  await expect(summary(page)).toHaveText(new RegExp(` of ${count}$`));
});

test('an address with a sort the server refuses or rows per page it does not offer shows the list', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const problem = page.getByRole('alert').filter({ hasText: 'Could not load this page' });

  // A reload of a link with a sort by no column: the sort is dropped, the rest kept.
  await openBrands(page, `q=${encodeURIComponent(PREFIX)}&page=2&sort=NoSuchColumn&desc=1`);
  await expect(summary(page)).toHaveText('11–12 of 12');
  expect(Object.fromEntries(listState(page))).toEqual({ q: PREFIX, page: '2' });
  await expect(problem).toHaveCount(0);

  // The same typed into the address while the list is on screen (no reload).
  await page.goto(`/#/brand/lists?q=${encodeURIComponent(PREFIX)}&sort=Actions`);
  await expect.poll(() => listState(page).get('sort'), QUICK_POLL).toBeNull();
  await listSettled(page);
  await expect(summary(page)).toHaveText('1–10 of 12');
  await expect(problem).toHaveCount(0);

  // More rows than the schema's largest page: the largest the server offers.
  await page.goto(`/#/brand/lists?q=${encodeURIComponent(PREFIX)}&size=5000`);
  await expect.poll(() => listState(page).get('size'), QUICK_POLL).toBe('100');
  await listSettled(page);
  await expect(summary(page)).toHaveText('1–12 of 12');
  await expect(page.getByLabel('Rows per page')).toHaveValue('100');
  await expect(problem).toHaveCount(0);

  // Purchase orders alike.
  await page.goto('/#/purchase-order/list?sort=Nowhere');
  await expect.poll(() => listState(page).get('sort'), QUICK_POLL).toBeNull();
  await listSettled(page);
  await expect(summary(page)).toHaveText(/^1–\d+ of \d+$/);
  await expect(problem).toHaveCount(0);
});
