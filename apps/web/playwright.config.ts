import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-flags.ts';

/*
 * Browser tests: Debian's Chromium drives the whole product started as README command 1 starts it
 * (legacy-api seeding a fresh embedded database, the gateway serving the built web app), on ports
 * of their own so that a running `npm start` is not disturbed.
 */
const root = resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Browser tests need Chromium, and there is none at ${chromium}.\n` +
      'Fix: apt-get install -y chromium (Debian), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}
if (!existsSync(join(import.meta.dirname, 'dist', 'index.html'))) {
  throw new Error(
    'Browser tests need the built web app: run `npm run build -w @branch-assets/web` first.',
  );
}

const legacyPort = Number(process.env.E2E_LEGACY_PORT ?? 3391);
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? 3390);
const reportDir = process.env.TEST_REPORT_DIR;
export const screenshotDir = join(reportDir ?? join(root, 'reports'), 'screens');
// Its own ports and data directory let two runs go side by side (E2E_*).
const dataDir = process.env.E2E_DATA_DIR ?? join(root, 'reports', 'e2e-data');
// Workers load this file too; only the main process starts the product on a fresh database.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(screenshotDir, { recursive: true });
}

/** The files that change what every screen reads: the role grants and the menu. */
const SETTINGS = [/permissions\.spec\.ts$/, /menus\.spec\.ts$/];
/** Files of short tests, each on its own (no `mode: 'serial'`), to share out at the end. */
const FILL_IN = [/everyday\.spec\.ts$/, /layout\.spec\.ts$/, /logins\.spec\.ts$/];

export default defineConfig({
  testDir: 'e2e',
  // The files share one product and one database, and each makes the data it changes (or reads
  // counts no other file changes), so two workers run them side by side, and the tests of a file
  // that does not say otherwise too; a file whose later tests build on its earlier decisions says
  // `mode: 'serial'`. The two files that change what every screen reads (the role grants, the
  // menu) run afterwards, side by side (projects below).
  workers: 2,
  fullyParallel: true,
  // No retries: the files build on their own earlier decisions (an order verified, then
  // approved), so a retry runs them again on changed data and fails differently. A flaky test is
  // a bug to find, as the logout race was.
  retries: 0,
  // Workers take the files in the order of the projects, each project's in name order. A serial
  // file is one worker's for minutes; queued last it would keep that worker busy while the other
  // has nothing left. So the files of short tests that need no order among them come last
  // (`product-fill-in`): the two workers share them out and finish together.
  projects: [
    { name: 'product', testIgnore: [...SETTINGS, ...FILL_IN] },
    { name: 'product-fill-in', testMatch: FILL_IN },
    // The role grants and the menu change what the other files read, so they wait for them. They
    // leave each other's assertions alone (the grants file changes the viewer's Designations
    // grant; the menu file adds, renames and deletes an entry of its own under Masters as the
    // administrator, and sees the viewer refused the menus screen), so they run side by side.
    { name: 'settings', testMatch: SETTINGS, dependencies: ['product', 'product-fill-in'] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: join(root, 'reports', 'playwright-output'),
  reporter: reportDir
    ? [['list'], ['json', { outputFile: join(reportDir, 'playwright-web.json') }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${gatewayPort}`,
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Not the film strip of screenshots: recording it is a screencast
    // of every page, which took about a third of the suite's time on two cores (the failure's
    // own screenshot is kept above).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: 'npm start -w @branch-assets/legacy-api',
      cwd: root,
      url: `http://127.0.0.1:${legacyPort}/api/pages/version-info?UserInterface=1`,
      env: { PORT: String(legacyPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npm start -w @branch-assets/bff',
      cwd: root,
      url: `http://127.0.0.1:${gatewayPort}/healthz`,
      env: {
        PORT: String(gatewayPort),
        LEGACY_API_URL: `http://127.0.0.1:${legacyPort}`,
        LOG_LEVEL: 'warn',
      },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
