import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { screenshotDir } from '../playwright.config.ts';
import { listStateOfHash } from '../src/shared/listState.ts';

export const PASSWORD = 'Demo@1234';

/** Logs in through the login form, as a person does. */
export async function logIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Logs in with the request the login form sends (POST /auth/login, the same password check and
 * throttle), without drawing the form: the page's browser context gets the session cookie, and the
 * next page it opens is signed in. For tests whose subject is not logging in; every role still logs
 * in through the form in logins.spec.ts, and the login page's own tests use the form.
 */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post('/auth/login', {
    headers: { 'x-requested-with': 'branch-assets-web' },
    data: { username, password },
  });
  expect(response.status(), `logging in as ${username}: ${await response.text()}`).toBe(200);
}

/**
 * Logs in (signIn) and opens the app at its start, the purchase order list of the primary branch,
 * waiting for its rows. The app is loaded afresh, with the new session.
 */
export async function openList(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await listSettled(page);
}

/** Logs in (signIn) and opens a list screen by its route (openScreen). */
export async function openScreenAs(
  page: Page,
  username: string,
  route: string,
  title: string,
): Promise<void> {
  await signIn(page, username);
  // The app is loaded afresh with the session: an app already open keeps its last user's answers.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await openScreen(page, route, title);
}

/**
 * For expect.poll of what the page will show at once (the address, a count): look again soon. The
 * default back-off waits up to a second between looks, most of it after the answer is there.
 */
export const QUICK_POLL = { intervals: [25, 50, 100] };

/** The list's state in the address: the query string of the hash route (page, size, q, sort…). */
export function listState(page: Page): URLSearchParams {
  const { hash } = new URL(page.url());
  const query = hash.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : hash.slice(query + 1));
}

/**
 * Waits until the list shows the server's answer to the address the browser is at now. The table
 * says which address its rows answer (`data-list-state`) and is busy while a request is in flight
 * or a correction of the address is pending (ServerList); both are read in the page in one go,
 * with the address. The browser has the new address before React renders it, and meanwhile the
 * previous rows sit there not busy: only their state, the previous address, tells them apart.
 */
export async function listSettled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const seen = await page.evaluate(() => {
          const table = document.querySelector('table');
          return {
            address: location.hash,
            shows: table?.getAttribute('data-list-state') ?? null,
            busy: table?.getAttribute('aria-busy') ?? null,
          };
        });
        const asks = listStateOfHash(seen.address);
        return seen.shows === asks && seen.busy === 'false'
          ? 'the answer to the address'
          : `${seen.busy === 'true' ? 'busy, ' : ''}the answer to ${seen.shows ?? 'nothing yet'}, the address ${asks}`;
      },
      { ...QUICK_POLL, message: 'the list shows the answer to its address' },
    )
    .toBe('the answer to the address');
}

/** Searches the list as a user types, and waits for the server's answer (the search is in the address). */
export async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect.poll(() => listState(page).get('q') ?? '', QUICK_POLL).toBe(text.trim());
  await listSettled(page);
}

/**
 * Nothing on screen is loading or moving: no table waiting for an answer (its rows are dimmed
 * meanwhile) and no transition or finite animation running (a list fading back in). axe measures
 * colour contrast through opacity, so a scan in the middle of a fade reports text it would pass
 * a moment later. Endless animations (a spinner, a skeleton's shimmer) are not waited for.
 */
async function screenSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const busy = document.querySelectorAll('table[aria-busy="true"]').length;
          const moving = document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            ).length;
          return busy + moving;
        }),
      { ...QUICK_POLL, message: 'nothing on screen is loading or moving' },
    )
    .toBe(0);
}

/**
 * An axe scan of what is on screen (WCAG 2.1 A and AA rules), failing on serious or critical
 * violations, and a screenshot kept as a test artifact.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await screenSettled(page);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe.run in the page itself. The default runs axe in each frame and then again in a blank
    // page of its own, to join the frames' results (about a second more per scan here); the app
    // draws no frames, so both scan the same document with the same rules.
    .setLegacyMode()
    .analyze();
  const bad = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    bad.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}`),
    })),
    `accessibility violations on ${name}`,
  ).toEqual([]);
}

/** The body rows of the list table. */
export function listRows(page: Page) {
  return page.locator('table').first().locator('tbody tr');
}

/** Lists the orders of another of the user's branches, by its code, with the branch select. */
export async function showBranch(page: Page, code: string): Promise<void> {
  await chooseBranch(page.getByLabel('Branch', { exact: true }), code);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Order numbers name the branch billed: PO/<code>/<year>/<serial>.
  // (A draft, listed first to its writers, has no number yet.)
  await expect(
    listRows(page)
      .filter({ hasText: `PO/${code}/` })
      .first(),
  ).toBeVisible();
  await listSettled(page);
}

/** Chooses a branch in a select by its code (options read 'CHN-ANN - Anna Nagar'). */
export async function chooseBranch(select: Locator, code: string): Promise<void> {
  const value = await select
    .locator('option')
    .filter({ hasText: new RegExp(`^${code} `) })
    .getAttribute('value');
  if (!value) throw new Error(`no branch ${code} in the select`);
  await select.selectOption(value);
}

/**
 * Downloads the list as a spreadsheet with its link: the file's name, the workbook's one sheet and
 * how many data rows (below the header row) it has.
 */
export async function downloadList(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as spreadsheet' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('My Worksheet');
  if (!sheet) throw new Error('the workbook has no sheet My Worksheet');
  return { fileName: download.suggestedFilename(), sheet, dataRows: sheet.actualRowCount - 1 };
}

/** Opens a list screen by its route and waits for its own title and rows (not the last screen's). */
export async function openScreen(page: Page, route: string, title: string): Promise<void> {
  await page.goto(`/#${route}`);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await listSettled(page);
  await expect(listRows(page).first()).toBeVisible();
}
