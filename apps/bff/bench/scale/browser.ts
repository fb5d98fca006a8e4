/**
 * Figure 4: Debian's Chromium against the gateway serving the built web app, as the browser tests
 * drive it. The verifier logs in at /#/login; the list of another branch (CHN-VEL) is opened by
 * its link and reloaded, so that the app's cache holds nothing of CHN-ANN; then CHN-ANN is chosen
 * in the branch select and Search pressed, timed from the click until the first row of CHN-ANN's
 * orders is visible. A new browser context (empty cache) per run; the median of the runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../web/chromium-flags.ts';
import { percentile } from './client.ts';
import { BROWSER_RUNS, CHROMIUM, HOME_BRANCH, webDist } from './settings.ts';

const OTHER_BRANCH = 'CHN-VEL';
const TIMEOUT = 120_000;

export type BrowserFigures =
  | {
      runs: number[];
      median: number;
      loginToRows: number[];
      /** Per run, milliseconds from the click until the last /graphql answer ended. */
      graphql: number[];
      /** Per run, how many /graphql requests were made after the click. */
      requests: number[];
      /** The operations of those requests, over every run. */
      operations: Record<string, number>;
    }
  | { skipped: string };

function rows(page: Page, code: string): Locator {
  return page
    .locator('table')
    .first()
    .locator('tbody tr')
    .filter({ hasText: `PO/${code}/` })
    .first();
}

async function optionValue(page: Page, code: string): Promise<string> {
  const value = await page
    .getByLabel('Branch', { exact: true })
    .locator('option')
    .filter({ hasText: new RegExp(`^${code} `) })
    .getAttribute('value');
  if (!value) throw new Error(`no branch ${code} in the select`);
  return value;
}

/** A GraphQL request's operation name, or the first words of its query. */
function operationOf(body: string | null): string {
  try {
    const { operationName, query } = JSON.parse(body ?? '') as {
      operationName?: string;
      query?: string;
    };
    return operationName ?? query?.replace(/\s+/g, ' ').slice(0, 40) ?? '?';
  } catch {
    return 'GET';
  }
}

async function settled(page: Page): Promise<void> {
  await page.locator('table[aria-busy="false"]').first().waitFor({ timeout: TIMEOUT });
}

interface Run {
  search: number;
  login: number;
  graphql: number;
  requests: number;
  operations: string[];
}

/** One run; milliseconds from the click on Search to CHN-ANN's first row, and from login to rows. */
async function run(browser: Browser, baseUrl: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('User name').fill('verifier');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    const loginAt = performance.now();
    await page.getByRole('button', { name: 'Log In' }).click();
    // The verifier's primary branch is CHN-ANN: the list opens on it.
    await rows(page, HOME_BRANCH).waitFor();
    const login = performance.now() - loginAt;
    await settled(page);
    const other = await optionValue(page, OTHER_BRANCH);
    await page.goto(`${baseUrl}/#/purchase-order/list?branch=${other}`);
    await page.reload();
    await rows(page, OTHER_BRANCH).waitFor();
    await settled(page);
    await page
      .getByLabel('Branch', { exact: true })
      .selectOption(await optionValue(page, HOME_BRANCH));
    // Where the time goes: the /graphql requests made after the click, until their answers ended.
    let graphql = 0;
    let requests = 0;
    const operations: string[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/graphql')) return;
      requests += 1;
      operations.push(operationOf(request.postData()));
      graphql = Math.max(graphql, performance.now() - clickAt);
    });
    const clickAt = performance.now();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await rows(page, HOME_BRANCH).waitFor();
    return { search: performance.now() - clickAt, login, graphql, requests, operations };
  } finally {
    await context.close();
  }
}

export async function browserFigures(baseUrl: string): Promise<BrowserFigures> {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  if (!existsSync(join(webDist, 'index.html'))) return { skipped: 'no apps/web/dist' };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // One untimed run: Chromium's own start-up and the servers' first pages.
    await run(browser, baseUrl);
    const timings: Run[] = [];
    for (let index = 0; index < BROWSER_RUNS; index += 1) timings.push(await run(browser, baseUrl));
    const runs = timings.map((timing) => timing.search);
    return {
      runs,
      median: percentile(runs, 50),
      loginToRows: timings.map((timing) => timing.login),
      graphql: timings.map((timing) => timing.graphql),
      requests: timings.map((timing) => timing.requests),
      operations: timings
        .flatMap((timing) => timing.operations)
        .reduce<Record<string, number>>((counts, name) => {
          counts[name] = (counts[name] ?? 0) + 1;
          return counts;
        }, {}),
    };
  } finally {
    await browser.close();
  }
}
