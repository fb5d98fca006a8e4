import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../app.ts';
import { loadConfig } from '../config.ts';
import { newSecret } from '../test/harness.ts';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const words = ${JSON.stringify('branch assets '.repeat(200))};\n`;
const FONT = Buffer.from('wOF2 already compressed bytes');

/** A built app as apps/web's build leaves it: hashed assets, public files, compressed copies. */
function writeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  const text = (path: string, content: string) => {
    writeFileSync(join(dir, path), content);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  };
  text('index.html', INDEX);
  text('assets/index-Ab12Cd34.js', SCRIPT);
  text('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets/noto-sans-latin-400-normal-Ef56Gh78.woff2'), FONT);
}

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeDist(dist);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LEGACY_API_URL: 'http://127.0.0.1:9',
    WEB_DIST: dist,
  });
  app = await buildGateway({ config, secrets: [newSecret()], logger: false });
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the web app is sent compressed as the browser accepts', () => {
  it('prefers brotli whatever the order the browser names them in', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, or that refuses it', async () => {
    for (const accepted of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/index-Ab12Cd34.js', accepted);
      expect(response.headers['content-encoding'], accepted).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file itself when no compression is accepted, still varying on it', async () => {
    for (const accepted of [undefined, 'identity', 'deflate']) {
      const response = await get('/assets/index-Ab12Cd34.js', accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends a file without compressed copies (a font) as it is', async () => {
    const response = await get('/assets/noto-sans-latin-400-normal-Ef56Gh78.woff2', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(FONT);
  });
});

describe('caching', () => {
  it('lets a browser keep a hashed asset for a year, whichever encoding it got', async () => {
    for (const accepted of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-Ab12Cd34.js', accepted);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const font = await get('/assets/noto-sans-latin-400-normal-Ef56Gh78.woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html and the public files revalidated, under the strict CSP', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const page = await get('/', 'br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('answers 304 to a revalidation of index.html that still matches', async () => {
    const first = await get('/', 'br');
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('what is not there', () => {
  it('answers a missing asset with the JSON 404, in any encoding', async () => {
    for (const accepted of ['br', undefined]) {
      const response = await get('/assets/index-Zz99Yy88.js', accepted);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('does not serve the compressed copies by their own names', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js.br', '/index.html.gz']) {
      expect((await get(url, 'br, gzip')).statusCode, url).toBe(404);
    }
  });
});
