import { expect, type Page, test } from '@playwright/test';
import { checkScreen, listSettled, openList, showBranch } from './helpers.ts';

/*
 * Issue 15, items 5 and 6: at 1280 px and wider every list fits its box (no sideways scrolling,
 * the status column in view) and the top menu is one row; narrower, the menu is a button that
 * opens a drawer. English and the two longest scripts, Malayalam and Kannada. The column chooser
 * shows a column that gave way. Reads the demo data only (a column choice is this browser's).
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];
const LANGUAGES = ['eng', 'mal', 'kan'] as const;

/** The list's box (the table's scroll area) and its content, and where the status column is. */
async function measureList(page: Page, statusColumn: string) {
  return page.evaluate((column) => {
    const table = document.querySelector('table');
    const box = table?.parentElement;
    if (!table || !box) throw new Error('no list table');
    const headers = [...table.querySelectorAll('thead th')] as HTMLElement[];
    const status = headers.find((th) => th.dataset.column === column);
    const boxRect = box.getBoundingClientRect();
    const statusRect = status?.getBoundingClientRect();
    return {
      clientWidth: box.clientWidth,
      scrollWidth: box.scrollWidth,
      tableWidth: Math.round(table.getBoundingClientRect().width),
      shown: headers.filter((th) => th.offsetWidth > 0).map((th) => th.dataset.column),
      statusInBox:
        statusRect !== undefined &&
        statusRect.width > 0 &&
        statusRect.left >= boxRect.left - 0.5 &&
        statusRect.right <= boxRect.right + 0.5,
    };
  }, statusColumn);
}

async function expectListFits(page: Page, name: string, statusColumn: string) {
  // The script's font arrives after its first text; the list fits itself again then.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // The columns refit once the font's loading is done and React has drawn again: measure until
  // the list fits (or the poll gives up and the last measurement below says how it did not).
  await expect
    .poll(
      async () => {
        const now = await measureList(page, statusColumn);
        return now.scrollWidth <= now.clientWidth && now.statusInBox;
      },
      { timeout: 5_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  const seen = await measureList(page, statusColumn);
  test
    .info()
    .annotations.push({ type: 'measured', description: `${name}: ${JSON.stringify(seen)}` });
  expect
    .soft(seen.scrollWidth, `${name}: the table fits its box`)
    .toBeLessThanOrEqual(seen.clientWidth);
  expect.soft(seen.statusInBox, `${name}: the status column is in view`).toBe(true);
}

/**
 * The top bar: its height (one row of controls is under 60 px, two rows are 90) and the tops of
 * the menu's entries (one value when they are in one row).
 */
async function topBar(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('header')?.firstElementChild;
    const entries = [...(bar?.querySelectorAll('nav a, nav button') ?? [])].map((entry) =>
      entry.getBoundingClientRect(),
    );
    return {
      height: Math.round(bar?.getBoundingClientRect().height ?? 0),
      menuEntries: entries.filter((entry) => entry.width > 0).length,
      menuTops: [...new Set(entries.map((entry) => Math.round(entry.top)))],
    };
  });
}

async function chooseLanguage(page: Page, language: string) {
  await page.getByTestId('language-menu').selectOption(language);
  await expect(page.getByTestId('language-menu')).toHaveValue(language);
}

for (const viewport of WIDTHS) {
  for (const language of LANGUAGES) {
    test(`at ${viewport.width}×${viewport.height} in ${language} the lists fit and the menu is one row`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openList(page, 'admin');
      await showBranch(page, 'CHN-VEL');
      await chooseLanguage(page, language);
      await listSettled(page);
      const tag = `${viewport.width} ${language}`;
      await expectListFits(page, `${tag} purchase orders`, 'status');
      if (viewport.width === 1280) await checkScreen(page, `layout-purchase-orders-${tag}`);

      const bar = await topBar(page);
      test.info().annotations.push({
        type: 'measured',
        description: `${tag} top bar: ${JSON.stringify(bar)}`,
      });
      expect.soft(bar.menuEntries, 'the menu is in the top bar').toBeGreaterThan(2);
      expect.soft(bar.menuTops, 'the menu is one row').toHaveLength(1);
      expect.soft(bar.height, 'the top bar is one row').toBeLessThan(60);

      for (const [route, column] of [
        ['/branch/list', 'status'],
        ['/staff/list', 'status'],
      ] as const) {
        await page.goto(`/#${route}`);
        await listSettled(page);
        await expect(page.locator('tbody tr').first()).toBeVisible();
        await expectListFits(page, `${tag} ${route}`, column);
        if (viewport.width === 1280)
          await checkScreen(page, `layout-${route.split('/')[1]}-${tag}`);
      }
    });
  }
}

test('at 1024 px the menu is a button that opens a drawer; Escape closes it and focus returns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openList(page, 'admin');
  expect((await topBar(page)).height, 'the top bar is one row').toBeLessThan(60);
  const button = page.getByRole('button', { name: 'Main menu' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await button.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer).toBeVisible();
  const menu = drawer.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Purchase Orders' })).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Masters' })).toBeVisible();
  await checkScreen(page, 'menu-drawer');
  // Focus moves into the drawer and stays there: Shift+Tab from its first control goes round.
  const focusInDrawer = () =>
    drawer.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInDrawer).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focusInDrawer).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focusInDrawer).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(button).toBeFocused();

  // An entry followed by keyboard opens its screen and closes the drawer.
  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Brands' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/brand\/lists$/);
  await expect(drawer).toHaveCount(0);
  await listSettled(page);
});

test('the column chooser shows a column that gave way, and fits them to the screen again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openList(page, 'admin');
  await showBranch(page, 'CHN-VEL');
  const chooser = page.getByRole('button', { name: /^Columns: \d+ hidden$/ });
  await expect(chooser).toBeVisible();
  await chooser.focus();
  await page.keyboard.press('Enter');
  // The first column of the menu that gave way (which one depends on the widths of the row's
  // actions and cells): the keyboard walks down to it and shows it.
  const items = page.getByRole('menuitemcheckbox');
  await expect(items.first()).toBeVisible();
  const states = await items.evaluateAll((all) =>
    all.map((one) => one.getAttribute('aria-checked')),
  );
  const index = states.indexOf('false');
  expect(index).toBeGreaterThanOrEqual(0);
  const item = items.nth(index);
  const name = ((await item.textContent()) ?? '').trim();
  const shown = page.getByRole('columnheader', { name, exact: true });
  await expect(shown).toHaveCount(0);
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await expect(shown).toBeVisible();
  await checkScreen(page, 'layout-column-chooser');
  await page.getByRole('menuitem', { name: 'Fit the columns to the screen' }).click();
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await expect(item).toHaveCount(0);
  await expect(shown).toHaveCount(0);
  await expect(chooser).toBeFocused();
  await expectListFits(page, 'fitted again', 'status');
});
