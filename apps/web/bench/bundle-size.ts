/**
 * Web bundle sizes, gzip, per route: the JavaScript a browser must fetch to show each route,
 * counting the entry and every chunk it imports statically. Reads dist/.vite/manifest.json
 * (run after `vite build`; turbo's bench task builds first). Prints figures; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk and every chunk it imports statically, once each. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry in the manifest: was the app built?');
const entry = closure(entryKey);
const entryBytes = [...entry].reduce((sum, key) => sum + gzipSize(manifest[key]?.file ?? ''), 0);

const rows: [string, number, number][] = [
  ['(entry: app frame, router, theme, English)', entryBytes, entryBytes],
];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const own = [...closure(key)].filter((item) => !entry.has(item));
  const ownBytes = own.reduce((sum, item) => sum + gzipSize(manifest[item]?.file ?? ''), 0);
  rows.push([chunk.src ?? key, ownBytes, entryBytes + ownBytes]);
}

console.log('web bundle, JavaScript gzip (level 9)');
console.log(`${'route chunk'.padEnd(64)} ${'own'.padStart(10)} ${'route total'.padStart(12)}`);
for (const [name, own, total] of rows) {
  console.log(`${name.padEnd(64)} ${kb(own).padStart(10)} ${kb(total).padStart(12)}`);
}
const login = rows.find(([name]) => name.includes('LoginPage'));
if (login) console.log(`login route: ${kb(login[2])} (target ≤ 250 KB)`);
