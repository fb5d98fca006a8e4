import { eng } from '@branch-assets/i18n';
import { serverEng } from '@branch-assets/i18n/server';
import { expect, type Page, test } from '@playwright/test';
import { checkScreen, listSettled, openList, openScreen, signIn } from './helpers.ts';

/*
 * Every master data screen and the asset register's lists (assets, their locations, the
 * accessories), each in one of the five languages besides English (in turn, so each language
 * shows several screens): the interface's own texts are in the language's script, and the
 * screen passes the accessibility scan in it. The server's texts (titles, headers, statuses,
 * messages) come in the language too: the gateway words them by their keys.
 */
const SCREENS: [route: string, title: string][] = [
  ['/designation/lists', 'Designations'],
  ['/brand/lists', 'Brands'],
  ['/asset-category/lists', 'Asset Categories'],
  ['/category-sub/list', 'Categories and Sub-categories'],
  ['/asset-type/lists', 'Asset Types'],
  ['/states/lists', 'States'],
  ['/district/lists', 'Districts'],
  ['/city/lists', 'Cities'],
  ['/company/lists', 'Companies'],
  ['/branch/list', 'Branches'],
  ['/staff/list', 'Staff'],
  ['/vendor/list', 'Vendors'],
  ['/menu/lists', 'Menus'],
  ['/gallery/lists', 'Gallery'],
  ['/asset/list', 'Assets'],
  ['/asset-location/lists', 'Asset Locations'],
  ['/accessories/lists', 'Accessories'],
  // The administrator's primary branch (CHN-HO) has a transfer coming in: the demo's rejected one.
  ['/asset-transferred/list?direction=INCOMING', 'Asset Transfers'],
  ['/job-order/list', 'Job Orders'],
  ['/amc/list', 'Maintenance Contracts'],
  ['/asset-audit/list', 'Asset Audits'],
  ['/reports/finance', 'Finance Report'],
  ['/reports/branch-asset', 'Branch Asset Report'],
  ['/dashboard/branch-manager', 'Dashboard'],
];

const LANGUAGES: [code: string, script: RegExp][] = [
  ['tam', /[\u0B80-\u0BFF]/],
  ['hin', /[\u0900-\u097F]/],
  ['tel', /[\u0C00-\u0C7F]/],
  ['mal', /[\u0D00-\u0D7F]/],
  ['kan', /[\u0C80-\u0CFF]/],
];

test('every master data screen in another language: its own texts in that script, and an axe scan', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dictionary = productWords();
  await signIn(page, 'admin');
  for (const [index, [route, title]] of SCREENS.entries()) {
    const [language, script] = LANGUAGES[index % LANGUAGES.length] as [string, RegExp];
    await openScreen(page, route, title);
    await page.getByTestId('language-menu').selectOption(language);
    // The first header with words (a list with bulk actions starts with the select-all box).
    await expect(page.getByRole('columnheader').filter({ hasText: /\S/ }).first()).toHaveText(
      script,
    );
    await expect(
      page.getByRole('button', { name: /./ }).filter({ hasText: script }).first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(script);
    await listSettled(page);
    // The menu's texts come from the server in a request of their own: poll until they are in.
    await expect
      .poll(() => englishOnScreen(page, dictionary), { message: `${route} in ${language}` })
      .toEqual([]);
    await checkScreen(page, `${route.split('/')[1]}-${language}`);
    await page.getByTestId('language-menu').selectOption('eng');
  }
});

test('the login page: the signed-in shell only once the form is used, no other script’s font before a language is chosen; the menu works by keyboard', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const shell = () => fetched.filter((path) => /\/SignedInShell-/.test(path));
  const indicFonts = () =>
    fetched.filter((path) => /\/noto-sans-(tamil|telugu|malayalam|kannada|devanagari)/.test(path));
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  expect(indicFonts()).toEqual([]);
  expect(shell()).toEqual([]);

  // Typing in the form starts fetching what the first page after logging in needs.
  await page.getByLabel('User name').pressSequentially('a');
  await expect.poll(() => shell().length).toBeGreaterThan(0);

  const menu = page.getByRole('combobox', { name: 'Language' });
  await expect(menu).toHaveValue('eng');
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  const tamilMenu = page.getByRole('combobox', { name: /மொழி/ });
  await expect(tamilMenu).toHaveValue('tam');
  await expect(tamilMenu).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0B80-\u0BFF]/);
  // The chosen language's script is on the page now, and its font with it.
  await expect.poll(indicFonts).toContainEqual(expect.stringMatching(/noto-sans-tamil-tamil/));
  await tamilMenu.selectOption('eng');
});

/** Every English word the product itself says (its interface and the server's texts), lower case. */
function productWords(): Set<string> {
  const words = new Set<string>();
  const walk = (tree: object) => {
    for (const value of Object.values(tree)) {
      if (typeof value === 'string') {
        for (const word of value.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]{3,}/g) ?? [])
          words.add(word.toLowerCase());
      } else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(eng);
  walk(serverEng);
  // Proper names and codes, the same in every language: the product's name and the tax codes.
  for (const kept of ['branch', 'assets', 'gstin', 'pan', 'gst', 'cgst', 'sgst', 'igst', 'ifsc'])
    words.delete(kept);
  return words;
}

/** The English words of the product on the screen, leaving out the records' own data. */
async function englishOnScreen(page: Page, dictionary: Set<string>): Promise<string[]> {
  // What the screen says, without the records' own data (names, codes, addresses).
  const said = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    // A report's rows are named by their first cell, a row header: records' data too.
    for (const cell of copy.querySelectorAll('tbody th[scope="row"]')) cell.remove();
    for (const cell of copy.querySelectorAll('tbody td')) cell.remove();
    // A chart's axis labels are records (the dashboard's categories) or figures.
    for (const tick of copy.querySelectorAll('.recharts-cartesian-axis-tick')) tick.remove();
    // The language menu names each language in its own script, English as "English".
    for (const menu of copy.querySelectorAll('[data-testid="language-menu"]')) menu.remove();
    // A filter's choices are records (states by name); its empty choice ("All") is ours.
    for (const option of copy.querySelectorAll('option')) {
      if ((option as HTMLOptionElement).value !== '') option.remove();
    }
    for (const chip of document.querySelectorAll('tbody [data-status]'))
      copy.append(` ${chip.textContent ?? ''} `);
    return copy.innerText;
  });
  // Capitals alone are codes (CHN-ANN, GSTIN), the same in every language.
  return [...new Set(said.match(/[A-Za-z]{3,}/g) ?? [])].filter(
    (word) => word !== word.toUpperCase() && dictionary.has(word.toLowerCase()),
  );
}

test('the purchase orders, vendors and branches in each language: no English word of the product on screen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dictionary = productWords();
  await openList(page, 'admin');
  for (const [language, script] of LANGUAGES) {
    await page.getByTestId('language-menu').selectOption(language);
    for (const route of ['/purchase-order/list', '/vendor/list', '/branch/list']) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(script);
      await listSettled(page);
      await expect(page.getByRole('columnheader').last()).toHaveText(script);
      await expect
        .poll(() => englishOnScreen(page, dictionary), { message: `${route} in ${language}` })
        .toEqual([]);
    }
  }
});
