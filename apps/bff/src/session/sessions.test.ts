import type { AddressInfo } from 'node:net';
import { aBranch, aLogin, type Db } from '@branch-assets/legacy-api/testing';
import { print } from 'graphql';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../app.ts';
import { loadConfig } from '../config.ts';
import { graphql } from '../test/gql/index.ts';
import {
  Client,
  DEMO_PASSWORD,
  errorCode,
  type Login,
  newSecret,
  type RunningGateway,
  type RunningLegacy,
  startGateway,
  startLegacy,
} from '../test/harness.ts';
import { CookieCrypto } from './cookie-crypto.ts';

const SessionCheck = graphql(`
  query SessionCheck {
    session { user { username } authenticated }
  }
`);

const MenuCheck = graphql(`
  query MenuCheck {
    menu { text }
  }
`);

/** Enough login attempts per address that suites which are not about the limit never meet it. */
const ROOMY_LIMITS = { LOGIN_ATTEMPTS_PER_MINUTE: '10000' };

let legacy: RunningLegacy;
let gateway: RunningGateway;
const started: RunningGateway[] = [];

/** The demo's administrator, where a test needs some user and any will do. */
const ADMIN: Login = { username: 'admin', password: DEMO_PASSWORD };

type Role = 'verifier' | 'approver' | 'manager' | 'viewer';
/** Logins of the file's own, one of each role (each in a branch of its own), made in beforeAll. */
let users: Record<Role, Login>;

/** A login of each role, made with the factories in the database `db` of a legacy-api. */
async function loginsIn(db: Db): Promise<Record<Role, Login>> {
  const made: Partial<Record<Role, Login>> = {};
  for (const role of ['verifier', 'approver', 'manager', 'viewer'] as const) {
    const branch = await aBranch(db);
    made[role] = await aLogin(db, { role, branches: [branch.id] });
  }
  return made as Record<Role, Login>;
}

async function gatewayWith(
  env: Record<string, string> = {},
  secrets?: string[],
): Promise<RunningGateway> {
  const running = await startGateway(
    legacy.url,
    { ...ROOMY_LIMITS, ...env },
    secrets ? { secrets } : {},
  );
  started.push(running);
  return running;
}

beforeAll(async () => {
  legacy = await startLegacy();
  users = await loginsIn(legacy.db);
  gateway = await gatewayWith();
});
afterAll(async () => {
  for (const running of started) await running.close();
  await legacy?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers: raw HTTP (fetch cannot set Host), Set-Cookie parsing, tokens, the legacy server itself.

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  setCookies: string[];
}

/** A request with any headers, Host included. */
async function raw(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const response = await request(url, {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    body: init.body ?? null,
  });
  const text = await response.body.text();
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    headers: response.headers,
    text,
    setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
  };
}

interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case; a flag attribute has the value `true`. */
  attributes: Map<string, string | true>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const index = pair.indexOf('=');
  const attributes = new Map<string, string | true>();
  for (const part of rest) {
    const equals = part.indexOf('=');
    if (equals === -1) attributes.set(part.toLowerCase(), true);
    else attributes.set(part.slice(0, equals).toLowerCase(), part.slice(equals + 1));
  }
  return { name: pair.slice(0, index), value: pair.slice(index + 1), attributes };
}

function onlyCookie(lines: readonly string[]): SetCookie {
  expect(lines).toHaveLength(1);
  return parseSetCookie(lines[0] ?? '');
}

function isCleared(cookie: SetCookie): boolean {
  return cookie.value === '' && cookie.attributes.get('max-age') === '0';
}

const loginBody = (login: Login, password = login.password) =>
  JSON.stringify({ username: login.username, password });

/** Logs `client` in as `login`. */
const logIn = (client: Client, login: Login) => client.login(login.username, login.password);

async function bearerToken(base: string, login: Login): Promise<string> {
  const response = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody(login),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** The legacy token sealed in a client's session cookie, opened with the gateway's own keys. */
function tokenInCookie(client: Client, secrets: readonly string[]): string {
  const value = client.cookies.get('ba_session');
  if (!value) throw new Error('no session cookie');
  const payload = new CookieCrypto(secrets).open(value);
  if (!payload) throw new Error('the session cookie does not open');
  return payload.t;
}

/** Asks the legacy server directly whether a token still works: its HTTP status for auth/me. */
async function legacyStatus(token: string): Promise<number> {
  const response = await fetch(`${legacy.url}/api/auth/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A client holding a cookie that says what the test wants, sealed with `secrets`. */
function clientWithCookie(
  base: string,
  secrets: readonly string[],
  payload: { t: string; iat: number; lat: number },
): Client {
  const client = new Client(base);
  client.cookies.set('ba_session', new CookieCrypto(secrets).seal(payload));
  return client;
}

/** A JSON POST to /graphql without the CSRF header, as a cross-site page could send it. */
function graphqlBody(document: Parameters<typeof print>[0]): string {
  return JSON.stringify({ query: print(document) });
}

// ---------------------------------------------------------------------------------------------

describe('the session cookie', () => {
  it('on plain-http 127.0.0.1 is ba_session: HttpOnly, SameSite=Strict, Path=/, not Secure', async () => {
    const client = new Client(gateway.url);
    const response = await client.login('admin');
    expect(response.status).toBe(200);
    const cookie = onlyCookie(response.headers.getSetCookie());
    expect(cookie.name).toBe('ba_session');
    expect(cookie.attributes.get('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(cookie.attributes.has('domain')).toBe(false);
    // Max-Age is the absolute lifetime (12 hours by default).
    expect(cookie.attributes.get('max-age')).toBe(String(12 * 3600));
    const body = (await response.json()) as { user: { username: string } };
    expect(body.user.username).toBe('admin');
    expect(Object.keys(body).sort()).toEqual(['hasPrimaryBranch', 'user']);
    expect((await client.graphql(SessionCheck)).data?.session).toEqual({
      authenticated: true,
      user: { username: 'admin' },
    });
  });

  it('with a Host that is not localhost is __Host-ba_session and Secure', async () => {
    const host = 'assets.example.com';
    const login = await raw(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: loginBody(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = onlyCookie(login.setCookies);
    expect(cookie.name).toBe('__Host-ba_session');
    expect(cookie.attributes.get('secure')).toBe(true);
    expect(cookie.attributes.get('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    expect(cookie.attributes.get('path')).toBe('/');
    // __Host- cookies must not name a domain.
    expect(cookie.attributes.has('domain')).toBe(false);

    const ask = (cookieHeader: string) =>
      raw(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: {
          host,
          cookie: cookieHeader,
          'content-type': 'application/json',
          'x-requested-with': 'test',
        },
        body: graphqlBody(SessionCheck),
      });
    const secure = JSON.parse((await ask(`__Host-ba_session=${cookie.value}`)).text);
    expect(secure.data.session).toEqual({ authenticated: true, user: { username: 'admin' } });
    // On that host the plain-http name is not read.
    const plain = JSON.parse((await ask(`ba_session=${cookie.value}`)).text);
    expect(plain.data.session.authenticated).toBe(false);
  });

  it('behind a trusted proxy, X-Forwarded-Proto https makes it __Host- and Secure; untrusted, the header is ignored', async () => {
    const trusting = await gatewayWith({ TRUST_PROXY: 'true' });
    const login = (base: string) =>
      raw(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: loginBody(users.viewer),
      });
    const behindProxy = onlyCookie((await login(trusting.url)).setCookies);
    expect(behindProxy.name).toBe('__Host-ba_session');
    expect(behindProxy.attributes.get('secure')).toBe(true);
    const direct = onlyCookie((await login(gateway.url)).setCookies);
    expect(direct.name).toBe('ba_session');
    expect(direct.attributes.has('secure')).toBe(false);
  });

  it('logout clears it with the same attributes', async () => {
    const client = new Client(gateway.url);
    await logIn(client, users.viewer);
    const response = await client.fetch('/auth/logout', { method: 'POST' });
    expect(response.status).toBe(204);
    const cleared = onlyCookie(response.headers.getSetCookie());
    expect(cleared.name).toBe('ba_session');
    expect(isCleared(cleared)).toBe(true);
    expect(cleared.attributes.get('path')).toBe('/');
    expect(cleared.attributes.get('httponly')).toBe(true);
    expect(cleared.attributes.get('samesite')).toBe('Strict');
    expect(client.cookies.size).toBe(0);
  });
});

describe('the token stays inside the gateway', () => {
  it('is sealed in the cookie and never appears in a response or in the log', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      LOG_LEVEL: 'trace',
      LEGACY_API_URL: legacy.url,
      WEB_DIST: '/nonexistent',
      ...ROOMY_LIMITS,
    });
    const secrets = [newSecret()];
    const app = await buildGateway({
      config,
      secrets,
      logStream: { write: (line: string) => lines.push(line) },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const seen: string[] = [];
      const record = async (response: Response) => {
        const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`);
        seen.push(`${response.status}\n${headers.join('\n')}\n${await response.text()}`);
      };
      const client = new Client(base);
      await record(await logIn(client, users.verifier));
      const token = tokenInCookie(client, secrets);
      expect(token.length).toBeGreaterThan(16);

      // The cookie is the token encrypted: not readable in it, and useless under another key.
      const cookieValue = client.cookies.get('ba_session') ?? '';
      expect(cookieValue).not.toContain(token);
      expect(Buffer.from(cookieValue, 'base64url').toString('latin1')).not.toContain(token);
      expect(new CookieCrypto([newSecret()]).open(cookieValue)).toBeNull();

      const post = (path: string, body: string) =>
        client.fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      await record(await post('/graphql', graphqlBody(SessionCheck)));
      await record(await post('/graphql', graphqlBody(MenuCheck)));
      await record(await post('/graphql', '{"query": "{ nope }"}'));
      await record(await post('/auth/login', loginBody(users.verifier, 'wrong')));
      await record(await client.fetch('/exports/purchase-orders.xlsx?branchId=abc'));
      await record(await client.fetch('/readyz'));
      await record(await post('/auth/logout', '{}'));
      // The revoked token in the old cookie: an upstream 401, logged as an error path.
      const replay = clientWithCookie(base, secrets, {
        t: token,
        iat: nowSeconds(),
        lat: nowSeconds(),
      });
      await record(
        await replay.fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: graphqlBody(MenuCheck),
        }),
      );

      // A bearer client receives its own token from /auth/token, by design; the log never does.
      const bearer = await bearerToken(base, users.viewer);
      const asTool = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: graphqlBody(MenuCheck),
      });
      await record(asTool);

      expect(seen).toHaveLength(10);
      for (const text of seen) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(bearer);
      }
      const log = lines.join('');
      // The log did record these requests (so the check below means something)...
      expect(lines.length).toBeGreaterThan(20);
      expect(log).toContain('"url":"/auth/login"');
      expect(log).toContain('"url":"/auth/token"');
      // ...and holds neither token nor the cookie that carries one.
      expect(log).not.toContain(token);
      expect(log).not.toContain(bearer);
      expect(log).not.toContain(cookieValue);
      expect(log).not.toContain(users.verifier.password);
    } finally {
      await app.close();
    }
  });
});

describe('idle and absolute expiry', () => {
  let expiring: RunningGateway;
  let token: string;

  beforeAll(async () => {
    expiring = await gatewayWith({ SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' });
    token = await bearerToken(expiring.url, users.verifier);
  });

  async function expectExpired(client: Client) {
    const session = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: graphqlBody(SessionCheck),
    });
    expect(isCleared(onlyCookie(session.headers.getSetCookie()))).toBe(true);
    const body = (await session.json()) as { data: { session: unknown } };
    expect(body.data.session).toEqual({ authenticated: false, user: null });
    expect(client.cookies.size).toBe(0);
  }

  it('a cookie idle for less than SESSION_IDLE_MINUTES is accepted and re-issued with the idle clock moved', async () => {
    const iat = nowSeconds() - 1000;
    const client = clientWithCookie(expiring.url, expiring.secrets, {
      t: token,
      iat,
      lat: nowSeconds() - 4 * 60,
    });
    const answer = await client.graphql(SessionCheck);
    expect(answer.data?.session).toEqual({
      authenticated: true,
      user: { username: users.verifier.username },
    });
    const reissued = onlyCookie(answer.headers.getSetCookie());
    const payload = new CookieCrypto(expiring.secrets).open(reissued.value);
    expect(payload?.t).toBe(token);
    expect(payload?.iat).toBe(iat);
    expect(payload?.lat).toBeGreaterThanOrEqual(nowSeconds() - 5);
    // Max-Age counts down to the absolute expiry, which does not move.
    const maxAge = Number(reissued.attributes.get('max-age'));
    expect(maxAge).toBeLessThanOrEqual(3600 - 1000);
    expect(maxAge).toBeGreaterThan(3600 - 1000 - 10);
  });

  it('a fresh cookie is not re-issued on every request', async () => {
    const client = clientWithCookie(expiring.url, expiring.secrets, {
      t: token,
      iat: nowSeconds() - 5,
      lat: nowSeconds() - 5,
    });
    const answer = await client.graphql(SessionCheck);
    expect(answer.data?.session.authenticated).toBe(true);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('a cookie idle past SESSION_IDLE_MINUTES is cleared and the session says not authenticated', async () => {
    const client = clientWithCookie(expiring.url, expiring.secrets, {
      t: token,
      iat: nowSeconds() - 400,
      lat: nowSeconds() - 5 * 60 - 1,
    });
    await expectExpired(client);
  });

  it('a cookie older than SESSION_ABSOLUTE_HOURS is cleared even when just used', async () => {
    const client = clientWithCookie(expiring.url, expiring.secrets, {
      t: token,
      iat: nowSeconds() - 3600 - 1,
      lat: nowSeconds() - 10,
    });
    await expectExpired(client);
  });

  it('an expired cookie cannot reach anything that needs a session', async () => {
    const client = clientWithCookie(expiring.url, expiring.secrets, {
      t: token,
      iat: nowSeconds() - 400,
      lat: nowSeconds() - 3600,
    });
    const menu = await client.graphql(MenuCheck);
    expect(errorCode(menu)).toBe('UNAUTHENTICATED');
    expect(client.cookies.size).toBe(0);
  });

  it('a tampered or garbage cookie is cleared and the session says not authenticated', async () => {
    const genuine = new CookieCrypto(expiring.secrets).seal({
      t: token,
      iat: nowSeconds(),
      lat: nowSeconds(),
    });
    const bytes = Buffer.from(genuine, 'base64url');
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    for (const value of [bytes.toString('base64url'), 'not-a-cookie', genuine.slice(0, -4)]) {
      const client = new Client(expiring.url);
      client.cookies.set('ba_session', value);
      await expectExpired(client);
    }
    // The genuine one still works: what failed was the tampering.
    const client = new Client(expiring.url);
    client.cookies.set('ba_session', genuine);
    expect((await client.graphql(SessionCheck)).data?.session.authenticated).toBe(true);
  });
});

describe('logout', () => {
  it('revokes the token upstream and clears the cookie; the old cookie then gets nowhere', async () => {
    const client = new Client(gateway.url);
    await logIn(client, users.approver);
    const token = tokenInCookie(client, gateway.secrets);
    const cookieValue = client.cookies.get('ba_session') ?? '';
    expect(await legacyStatus(token)).toBe(200);

    const response = await client.fetch('/auth/logout', { method: 'POST' });
    expect(response.status).toBe(204);
    expect(client.cookies.size).toBe(0);
    expect(await legacyStatus(token)).toBe(401);

    const replay = new Client(gateway.url);
    replay.cookies.set('ba_session', cookieValue);
    expect(errorCode(await replay.graphql(MenuCheck))).toBe('UNAUTHENTICATED');
    expect(replay.cookies.size).toBe(0);
  });

  it('the old cookie is not a session any more: session { authenticated } is false and the cookie is cleared', async () => {
    const client = new Client(gateway.url);
    await logIn(client, users.approver);
    const cookieValue = client.cookies.get('ba_session') ?? '';
    expect(await authenticated(client)).toBe(true);
    // Another client (another tab, a copied cookie) logs the same session out.
    const other = new Client(gateway.url);
    other.cookies.set('ba_session', cookieValue);
    expect((await other.fetch('/auth/logout', { method: 'POST' })).status).toBe(204);

    expect(await authenticated(client)).toBe(false);
    expect(client.cookies.size).toBe(0);
  });

  it('a bearer token revoked upstream is not a session: session { authenticated } is false', async () => {
    const token = await bearerToken(gateway.url, users.approver);
    const asBearer = () =>
      fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ session { authenticated } }' }),
      }).then(async (response) => (await response.json()) as SessionAnswer);
    expect((await asBearer()).data?.session.authenticated).toBe(true);
    // Revoked at legacy-api directly, not through this gateway: seen once the short check lapses.
    const revoked = await fetch(`${legacy.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    await revoked.arrayBuffer();
    expect(await legacyStatus(token)).toBe(401);
    await expect
      .poll(async () => (await asBearer()).data?.session.authenticated, {
        timeout: 10_000,
        interval: 500,
      })
      .toBe(false);
  });

  it('of a bearer token revokes that token', async () => {
    const token = await bearerToken(gateway.url, users.approver);
    expect(await legacyStatus(token)).toBe(200);
    const response = await fetch(`${gateway.url}/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await legacyStatus(token)).toBe(401);
  });

  it('without the CSRF header is refused and revokes nothing', async () => {
    const client = new Client(gateway.url);
    await logIn(client, users.approver);
    const token = tokenInCookie(client, gateway.secrets);
    const response = await client.fetch('/auth/logout', { method: 'POST', csrf: false });
    expect(response.status).toBe(403);
    expect(await legacyStatus(token)).toBe(200);
    expect(client.cookies.has('ba_session')).toBe(true);
  });
});

describe('key rotation', () => {
  const oldKey = newSecret();
  const newKey = newSecret();
  let rotated: RunningGateway;
  let retired: RunningGateway;
  let token: string;

  beforeAll(async () => {
    rotated = await gatewayWith({}, [newKey, oldKey]);
    retired = await gatewayWith({}, [newKey]);
    token = await bearerToken(rotated.url, users.manager);
  });

  const sealedWithOldKey = (lat = nowSeconds()) =>
    clientWithCookie(rotated.url, [oldKey], { t: token, iat: nowSeconds() - 120, lat });

  it('a cookie sealed with the old key is accepted while the old key is listed', async () => {
    const client = sealedWithOldKey();
    expect((await client.graphql(SessionCheck)).data?.session).toEqual({
      authenticated: true,
      user: { username: users.manager.username },
    });
    const menu = await client.graphql(MenuCheck);
    expect(menu.errors).toBeUndefined();
    expect(menu.data?.menu.length).toBeGreaterThan(0);
  });

  it('is rejected and cleared once the old key is retired', async () => {
    const client = new Client(retired.url);
    client.cookies.set('ba_session', sealedWithOldKey().cookies.get('ba_session') ?? '');
    const answer = await client.graphql(SessionCheck);
    expect(answer.data?.session).toEqual({ authenticated: false, user: null });
    expect(isCleared(onlyCookie(answer.headers.getSetCookie()))).toBe(true);
  });

  it('new cookies, and re-issued old ones, are sealed with the first key', async () => {
    const client = new Client(rotated.url);
    await logIn(client, users.manager);
    const fresh = client.cookies.get('ba_session') ?? '';
    expect(new CookieCrypto([newKey]).open(fresh)?.t).toMatch(/.{16,}/);
    expect(new CookieCrypto([oldKey]).open(fresh)).toBeNull();

    // An old-key cookie last used over a minute ago is re-issued, now under the new key.
    const old = sealedWithOldKey(nowSeconds() - 90);
    const answer = await old.graphql(SessionCheck);
    expect(answer.data?.session.authenticated).toBe(true);
    const reissued = onlyCookie(answer.headers.getSetCookie());
    expect(new CookieCrypto([newKey]).open(reissued.value)?.t).toBe(token);
    expect(new CookieCrypto([oldKey]).open(reissued.value)).toBeNull();
  });
});

describe('CSRF', () => {
  let admin: Client;

  beforeAll(async () => {
    admin = new Client(gateway.url);
    await admin.login('admin');
  });

  it('refuses a text/plain POST to /graphql, even with the cookie and the header', async () => {
    const response = await admin.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: graphqlBody(MenuCheck),
    });
    expect(response.status).toBe(415);
    const body = (await response.json()) as { data?: unknown; error?: { code: string } };
    expect(body.data).toBeUndefined();
    expect(body.error?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a text/plain POST to /auth/login and sets no cookie', async () => {
    const response = await fetch(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: loginBody(ADMIN),
    });
    expect(response.status).toBe(415);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a cookie-authenticated POST without x-requested-with or apollo-require-preflight', async () => {
    const response = await admin.fetch('/graphql', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: graphqlBody(MenuCheck),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { data?: unknown; error?: { code: string } };
    expect(body.error?.code).toBe('FORBIDDEN');
    expect(body.data).toBeUndefined();
  });

  it('accepts the same POST with either header', async () => {
    for (const header of ['x-requested-with', 'apollo-require-preflight']) {
      const response = await admin.fetch('/graphql', {
        method: 'POST',
        csrf: false,
        headers: { 'content-type': 'application/json', [header]: '1' },
        body: graphqlBody(MenuCheck),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data?: { menu: unknown[] } };
      expect(body.data?.menu.length).toBeGreaterThan(0);
    }
  });

  it('refuses a cross-origin request, and accepts its own origin', async () => {
    const withOrigin = (client: Client, origin: string) =>
      client.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: graphqlBody(MenuCheck),
      });
    const foreign = await withOrigin(admin, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    const own = await withOrigin(admin, gateway.url);
    expect(own.status).toBe(200);
    // A login from a foreign page is refused before any attempt, and sets nothing.
    const login = await fetch(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: loginBody(ADMIN),
    });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it('accepts an origin listed in ALLOWED_ORIGINS and still refuses the others', async () => {
    const allowing = await gatewayWith({ ALLOWED_ORIGINS: 'https://tools.example.com' });
    const client = new Client(allowing.url);
    await client.login('admin');
    const ask = (origin: string) =>
      client.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: graphqlBody(MenuCheck),
      });
    expect((await ask('https://tools.example.com')).status).toBe(200);
    expect((await ask('https://evil.example')).status).toBe(403);
    expect((await ask('http://tools.example.com')).status).toBe(403);
  });
});

describe('bearer clients', () => {
  it('POST /auth/token answers a token that works as Authorization: Bearer, with no CSRF header and no cookie', async () => {
    const response = await fetch(`${gateway.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody(users.viewer),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = (await response.json()) as {
      token: string;
      expiresAt: string;
      user: { username: string };
    };
    expect(body.user.username).toBe(users.viewer.username);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    const tool = new Client(gateway.url);
    tool.bearer = body.token;
    const answer = await tool.fetch('/graphql', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: graphqlBody(SessionCheck),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: unknown }).data).toEqual({
      session: { authenticated: true, user: { username: users.viewer.username } },
    });
  });

  it('does not consult the cookie when a bearer header is present', async () => {
    const admin = new Client(gateway.url);
    await admin.login('admin');
    const viewerToken = await bearerToken(gateway.url, users.viewer);

    admin.bearer = viewerToken;
    expect((await admin.graphql(SessionCheck)).data?.session.user?.username).toBe(
      users.viewer.username,
    );

    // An unknown bearer token does not fall back to the good cookie, and the cookie is left alone.
    admin.bearer = 'unknown-token-0123456789';
    const unknown = await admin.graphql(MenuCheck);
    expect(errorCode(unknown)).toBe('UNAUTHENTICATED');
    expect(unknown.headers.getSetCookie()).toEqual([]);
    // A bearer write needs no CSRF header even with a cookie present (the cookie is not used).
    admin.bearer = viewerToken;
    const noHeader = await admin.fetch('/graphql', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: graphqlBody(SessionCheck),
    });
    expect(noHeader.status).toBe(200);

    admin.bearer = null;
    expect((await admin.graphql(SessionCheck)).data?.session.user?.username).toBe('admin');
  });

  it.each([
    'Basic dmlld2VyOkRlbW9AMTIzNA==',
    'Bearer',
    'Bearer two tokens',
    `Bearer ${'x'.repeat(501)}`,
  ])('a malformed Authorization header (%s) is UNAUTHENTICATED', async (header) => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: header },
      body: graphqlBody(SessionCheck),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string }; data?: unknown };
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.data).toBeUndefined();
  });
});

describe('an upstream 401 on a cookie session', () => {
  it('answers UNAUTHENTICATED on /graphql and clears the cookie', async () => {
    const client = new Client(gateway.url);
    await logIn(client, users.manager);
    const token = tokenInCookie(client, gateway.secrets);
    // The token is revoked at the legacy server itself, behind the gateway's back.
    const revoke = await fetch(`${legacy.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(revoke.status).toBe(200);

    const menu = await client.graphql(MenuCheck);
    expect(errorCode(menu)).toBe('UNAUTHENTICATED');
    expect(isCleared(onlyCookie(menu.headers.getSetCookie()))).toBe(true);
    expect(client.cookies.size).toBe(0);
    expect((await client.graphql(SessionCheck)).data?.session.authenticated).toBe(false);
  });

  it('answers 401 UNAUTHENTICATED on the REST routes and clears the cookie', async () => {
    const client = new Client(gateway.url);
    await client.login('admin');
    const token = tokenInCookie(client, gateway.secrets);
    expect(
      (
        await fetch(`${legacy.url}/api/auth/logout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    const response = await client.fetch('/exports/purchase-orders.xlsx?branchId=1');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(isCleared(onlyCookie(response.headers.getSetCookie()))).toBe(true);
  });
});

describe('login limits', () => {
  const attempt = (
    base: string,
    username: string,
    password: string,
    path = '/auth/login',
    headers: Record<string, string> = {},
  ) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: loginBody({ username, password }),
    });

  async function expectLimited(response: Response, message: RegExp, maxSeconds: number) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(message);
  }

  const lockedAccount = /^Too many failed logins for this user name\. Try again in 15 minutes/;
  const lockedAddress =
    /^Too many failed logins for your network address\. Try again in 15 minutes\.$/;

  /**
   * A legacy-api of its own (the locks it keeps would reach other tests) with a login of each role
   * in its database, and a gateway before it.
   */
  async function lockingStack(legacyEnv: Record<string, string>, env: Record<string, string> = {}) {
    const own = await startLegacy(legacyEnv);
    const running = await startGateway(own.url, { ...ROOMY_LIMITS, ...env });
    started.push(running, { ...running, close: () => own.close() });
    return { ...running, legacyUrl: own.url, users: await loginsIn(own.db) };
  }

  it('per account, counted by the legacy server: after 5 failures even the right password waits (429, Retry-After), through /auth/login and /auth/token', async () => {
    const limited = await lockingStack({});
    const { approver, verifier } = limited.users;
    for (let index = 0; index < 5; index += 1) {
      const wrong = await attempt(limited.url, approver.username, 'wrong-password');
      expect(wrong.status).toBe(422);
      expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('REJECTED');
    }
    await expectLimited(
      await attempt(limited.url, approver.username, approver.password),
      lockedAccount,
      900,
    );
    // The same account however its name is written.
    await expectLimited(
      await attempt(
        limited.url,
        ` ${approver.username.toUpperCase()} `,
        approver.password,
        '/auth/token',
      ),
      lockedAccount,
      900,
    );
    // Other accounts from the same address are not held up.
    expect((await attempt(limited.url, verifier.username, verifier.password)).status).toBe(200);
  });

  it('two gateways in front of one legacy server share its counts', async () => {
    const first = await lockingStack({});
    const second = await startGateway(first.legacyUrl, ROOMY_LIMITS);
    started.push(second);
    const { verifier } = first.users;
    for (const gateway of [first, second, first, second, first])
      expect((await attempt(gateway.url, verifier.username, 'wrong-password')).status).toBe(422);
    for (const gateway of [first, second])
      await expectLimited(
        await attempt(gateway.url, verifier.username, verifier.password),
        lockedAccount,
        900,
      );
  });

  it('per address: an office of 30 logins from one address is never held up; failures over any accounts are, and the legacy server is told the client address', async () => {
    const limited = await lockingStack(
      { LOGIN_FAILURES_PER_ADDRESS: '3' },
      { TRUST_PROXY: 'true' },
    );
    const office = { 'x-forwarded-for': '203.0.113.7' };
    const { verifier, viewer, manager } = limited.users;
    for (let round = 0; round < 10; round += 1)
      for (const login of [ADMIN, verifier, viewer])
        expect(
          (await attempt(limited.url, login.username, login.password, '/auth/login', office))
            .status,
        ).toBe(200);
    for (const username of [ADMIN.username, 'nobody-here', verifier.username])
      expect(
        (await attempt(limited.url, username, 'wrong-password', '/auth/login', office)).status,
      ).toBe(422);
    await expectLimited(
      await attempt(limited.url, viewer.username, viewer.password, '/auth/login', office),
      lockedAddress,
      900,
    );
    await expectLimited(
      await attempt(limited.url, manager.username, manager.password, '/auth/token', office),
      lockedAddress,
      900,
    );
    // Another client address behind the same proxy is not held up.
    expect(
      (
        await attempt(limited.url, manager.username, manager.password, '/auth/login', {
          'x-forwarded-for': '203.0.113.8',
        })
      ).status,
    ).toBe(200);
  });

  it("the gateway's own flood guard: LOGIN_ATTEMPTS_PER_MINUTE attempts per address, whatever their outcome", async () => {
    const limited = await gatewayWith({ LOGIN_ATTEMPTS_PER_MINUTE: '4' });
    const { viewer } = users;
    for (let index = 0; index < 4; index += 1)
      expect((await attempt(limited.url, viewer.username, viewer.password)).status).toBe(200);
    await expectLimited(
      await attempt(limited.url, viewer.username, viewer.password),
      /^Too many login attempts from your network address\. Try again in \d+ seconds\.$/,
      60,
    );
  });
});

interface SessionAnswer {
  data?: { session: { authenticated: boolean } } | null;
}

/** `session { authenticated }` as the client's cookie makes it. */
async function authenticated(client: Client): Promise<boolean | undefined> {
  const response = await client.fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ session { authenticated } }' }),
  });
  return ((await response.json()) as SessionAnswer).data?.session.authenticated;
}
