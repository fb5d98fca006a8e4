/**
 * What a cold login page costs on the wire: the gateway (apps/bff, its own process, as in
 * production) serves the built dist/; Debian's Chromium opens /#/login with an empty cache and
 * every response's transferred bytes (CDP Network.loadingFinished encodedDataLength: headers and
 * body as sent, compressed or not) are summed until the network is idle. No legacy server runs:
 * the login page needs none to show. Prints figures; asserts nothing. Target (issue 12) ≤ 350 KB.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../chromium-flags.ts';

const TARGET_KB = 350;
const dist = join(import.meta.dirname, '..', 'dist');
const bff = join(import.meta.dirname, '..', '..', 'bff');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(join(dist, 'index.html'))) throw new Error('no dist/index.html: build first');
if (!existsSync(executablePath)) {
  console.log(`login page transfer: skipped (no Chromium at ${executablePath}; set CHROMIUM_PATH)`);
  // Nothing to measure: the bench ends here, as a skip, not a failure.
  process.exit(0);
}

function startGateway(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: bff,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      WEB_DIST: dist,
      // Nothing listens there: the login page makes no call before the user logs in.
      LEGACY_API_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
    lines.on('line', (line) => {
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url) {
        child.stdout?.resume();
        resolve({ child, url });
      }
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited with ${code}`)));
  });
}

interface Loaded {
  url: string;
  type: string;
  /** Transferred: headers and body as sent. */
  bytes: number;
  /** The body as sent (Content-Length), compressed or not. */
  body: number;
}

/** Every response of a cold visit to /#/login, until the page shows and the network is idle. */
async function coldLogin(baseUrl: string): Promise<Loaded[]> {
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, Omit<Loaded, 'bytes'>>();
    const loaded: Loaded[] = [];
    cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
      const body = Number(response.headers['content-length'] ?? response.headers['Content-Length']);
      seen.set(requestId, { url: response.url, type: String(type), body: body || 0 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = seen.get(requestId);
      if (response) loaded.push({ ...response, bytes: encodedDataLength });
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${baseUrl}/#/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForLoadState('networkidle');
    return loaded;
  } finally {
    await browser.close();
  }
}

const gateway = await startGateway();
let loaded: Loaded[];
try {
  loaded = await coldLogin(gateway.url);
} finally {
  gateway.child.kill('SIGTERM');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const group = groupOf();
const groups = new Map<string, number>();
for (const item of loaded) groups.set(group(item), (groups.get(group(item)) ?? 0) + item.bytes);
const total = loaded.reduce((sum, item) => sum + item.bytes, 0);
const bodies = loaded.reduce((sum, item) => sum + Math.min(item.body, item.bytes), 0);
console.log('\nlogin page, cold cache, transferred (headers + bodies as sent)');
for (const [name, bytes] of [...groups].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${name.padEnd(62)} ${kb(bytes).padStart(10)}`);
}
console.log(
  `  ${'(of all the above: response headers)'.padEnd(62)} ${kb(total - bodies).padStart(10)}`,
);
console.log(`login page: ${kb(total)} in ${loaded.length} responses (target ≤ ${TARGET_KB} KB)`);

/** Which part of the app a response belongs to, from the build's manifest. */
function groupOf(): (item: Loaded) => string {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const closure = (key: string | undefined, seen = new Set<string>()): Set<string> => {
    if (key === undefined || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const keyOf = (test: (key: string) => boolean) => Object.keys(manifest).find(test);
  const owner = new Map<string, string>();
  const claim = (name: string, keys: Set<string>) => {
    for (const key of keys) {
      const file = `/${manifest[key]?.file}`;
      if (!owner.has(file)) owner.set(file, name);
    }
  };
  claim(
    'scripts: app entry (frame, router, theme, English)',
    closure(keyOf((k) => Boolean(manifest[k]?.isEntry))),
  );
  claim('scripts: login page', closure(keyOf((k) => k.includes('LoginPage'))));
  claim(
    "scripts: the footer's server version (its data client)",
    closure(keyOf((k) => k.includes('ServerVersion'))),
  );
  claim(
    'scripts: rest of the signed-in shell (main.tsx, at start)',
    closure(keyOf((k) => k.includes('SignedInShell'))),
  );
  return ({ url, type }) => {
    const path = new URL(url).pathname;
    if (owner.has(path)) return owner.get(path) ?? '';
    if (type === 'Font') return /latin/.test(path) ? 'fonts: Latin' : 'fonts: other scripts';
    if (type === 'Script') return 'scripts: other';
    if (type === 'Fetch' || type === 'XHR') return 'API calls';
    return 'page, styles, images';
  };
}
