import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  aBranch,
  aLogin,
  buildApp,
  type Db,
  loadConfig as loadLegacyConfig,
  openTestDatabase,
} from '@branch-assets/legacy-api/testing';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance } from 'fastify';
import { print } from 'graphql';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildGateway } from '../app.ts';
import { loadConfig } from '../config.ts';

export const DEMO_PASSWORD = 'Demo@1234';

export interface RunningLegacy {
  url: string;
  app: FastifyInstance;
  /** Its database: for the factories of `@branch-assets/legacy-api/testing`, as a test's own data. */
  db: Db;
  close(): Promise<void>;
}

/** A username and its password, as the factories' `aLogin` answers them. */
export interface Login {
  username: string;
  password: string;
}

/**
 * A real legacy-api on an ephemeral port, over this test file's own copy of the demo database
 * (whose `admin` a test may act as; the records it asserts on it makes with the factories).
 */
export async function startLegacy(env: Record<string, string> = {}): Promise<RunningLegacy> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: loadLegacyConfig({ LOG_LEVEL: 'silent', ...env }),
    db: database.db,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface RunningGateway {
  url: string;
  app: FastifyInstance;
  secrets: string[];
  close(): Promise<void>;
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The gateway on an ephemeral port, in front of `legacyUrl`. */
export async function startGateway(
  legacyUrl: string,
  env: Record<string, string> = {},
  options: { secrets?: string[]; logger?: boolean } = {},
): Promise<RunningGateway> {
  const secrets = options.secrets ?? [newSecret()];
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LEGACY_API_URL: legacyUrl,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildGateway({ config, secrets, logger: options.logger ?? false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app, secrets, close: () => app.close() };
}

export interface GraphQLAnswer<Data> {
  status: number;
  data: Data | null | undefined;
  errors:
    | { message: string; extensions?: { code?: string }; path?: (string | number)[] }[]
    | undefined;
  headers: Headers;
}

/**
 * A client as a browser is one: it keeps the session cookie it is given and sends it back, with
 * the CSRF header, like the web app does. `bearer` makes it a tool instead.
 */
export class Client {
  readonly #baseUrl: string | (() => string);
  cookies = new Map<string, string>();
  bearer: string | null = null;

  /**
   * `baseUrl` may be a function: `useStack` hands out its clients before beforeAll has started the
   * gateway whose address they will use.
   */
  constructor(baseUrl: string | (() => string)) {
    this.#baseUrl = baseUrl;
  }

  get baseUrl(): string {
    return typeof this.#baseUrl === 'string' ? this.#baseUrl : this.#baseUrl();
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (this.bearer && !headers.has('authorization'))
      headers.set('authorization', `Bearer ${this.bearer}`);
    if (init.csrf !== false && !headers.has('x-requested-with'))
      headers.set('x-requested-with', 'test');
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers,
      redirect: 'manual',
    });
    this.remember(response);
    return response;
  }

  async login(username: string, password = DEMO_PASSWORD): Promise<Response> {
    return this.fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  }

  async graphql<Data, Variables>(
    document: TypedDocumentNode<Data, Variables>,
    variables?: Variables,
    headers: Record<string, string> = {},
  ): Promise<GraphQLAnswer<Data>> {
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
    });
    const body = (await response.json()) as {
      data?: Data | null;
      errors?: GraphQLAnswer<Data>['errors'];
    };
    return {
      status: response.status,
      data: body.data,
      errors: body.errors,
      headers: response.headers,
    };
  }
}

/**
 * A client of the gateway at `baseUrl`, logged in as `username` (a demo user, or a factory's login
 * with its `password`), or the test stops there.
 */
export async function loggedIn(
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<Client> {
  const client = new Client(baseUrl);
  await logIn(client, username, password);
  return client;
}

async function logIn(client: Client, username: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await client.login(username, password);
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
}

/** A bearer token from POST /auth/token, as a tool (not a browser) gets one. */
export async function tokenFor(
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`token ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The code of the first error, for refusal checks. */
export function errorCode(answer: GraphQLAnswer<unknown>): string | undefined {
  return answer.errors?.[0]?.extensions?.code;
}

/**
 * A refusal: the first error has `code` and, when given, the server's words (`message` exactly, or
 * matching the pattern), so that a refusal for another reason does not pass for this one.
 */
export function expectRefused(
  answer: GraphQLAnswer<unknown>,
  code: string,
  message?: string | RegExp,
): void {
  expect(errorCode(answer)).toBe(code);
  if (typeof message === 'string') expect(answer.errors?.[0]?.message).toBe(message);
  else if (message) expect(answer.errors?.[0]?.message).toMatch(message);
}

export interface Stack<Name extends string> {
  /** The legacy-api and gateway beforeAll started: read them inside tests and hooks only. */
  readonly legacy: RunningLegacy;
  readonly gateway: RunningGateway;
  /** The legacy-api's database, for the factories: read it inside tests and hooks only. */
  readonly db: Db;
  /** A browser-like client per user named, logged in by beforeAll. */
  readonly users: Readonly<Record<Name, Client>>;
  /** A client of the gateway without a session. */
  visitor(): Client;
  /** A client of the gateway logged in as `login` (a factory's), or the test stops there. */
  clientOf(login: Login): Promise<Client>;
  /** Another gateway in front of the same legacy-api, with `env` on top; afterAll closes it. */
  gatewayWith(env: Record<string, string>): Promise<RunningGateway>;
}

/**
 * A real legacy-api and a gateway in front of it for this test file: started in beforeAll, with a
 * logged-in client for each user named, and closed in afterAll. The clients are handed back at
 * once (they find the gateway's address when first used), so a file names them at its top instead
 * of declaring variables for its own hooks to assign.
 */
export function useStack<const Name extends string>(
  usernames: readonly Name[],
  env: Record<string, string> = {},
): Stack<Name> {
  let legacy: RunningLegacy | undefined;
  let gateway: RunningGateway | undefined;
  const extra: RunningGateway[] = [];
  const started = <Value>(value: Value | undefined, what: string): Value => {
    if (value === undefined) throw new Error(`the ${what} starts in beforeAll: use it in a test`);
    return value;
  };
  const gatewayUrl = () => started(gateway, 'gateway').url;
  const users = Object.fromEntries(
    usernames.map((username) => [username, new Client(gatewayUrl)]),
  ) as Record<Name, Client>;

  beforeAll(async () => {
    legacy = await startLegacy();
    gateway = await startGateway(legacy.url, env);
    for (const username of usernames) await logIn(users[username], username);
  });
  afterAll(async () => {
    for (const running of extra) await running.close();
    await gateway?.close();
    await legacy?.close();
  });

  return {
    get legacy() {
      return started(legacy, 'legacy-api');
    },
    get gateway() {
      return started(gateway, 'gateway');
    },
    get db() {
      return started(legacy, 'legacy-api').db;
    },
    users,
    visitor: () => new Client(gatewayUrl()),
    clientOf: (login) => loggedIn(gatewayUrl(), login.username, login.password),
    async gatewayWith(more) {
      const running = await startGateway(started(legacy, 'legacy-api').url, { ...env, ...more });
      extra.push(running);
      return running;
    },
  };
}

export interface MadeLogin extends Login {
  readonly userId: number;
  /** A browser-like client of the stack's gateway, logged in as this login by beforeAll. */
  readonly client: Client;
}

/**
 * A login of `role` made with the factories before the file's tests (vitest's beforeAll, after
 * those of `stack`, so call this after useStack), working in a new branch of its own, and a client
 * of the stack's gateway logged in as it: a user of that role whose records are the test's own,
 * instead of the demo's user of the same name. The client is handed back at once; the login's
 * fields are read inside tests and hooks only.
 */
export function useLogin(stack: Pick<Stack<string>, 'db' | 'gateway'>, role: string): MadeLogin {
  const client = new Client(() => stack.gateway.url);
  let made: (Login & { userId: number }) | undefined;
  beforeAll(async () => {
    const branch = await aBranch(stack.db);
    made = await aLogin(stack.db, { role, branches: [branch.id] });
    await logIn(client, made.username, made.password);
  });
  const login = () => {
    if (!made) throw new Error(`the ${role} login is made in beforeAll: use it in a test`);
    return made;
  };
  return {
    client,
    get username() {
      return login().username;
    },
    get password() {
      return login().password;
    },
    get userId() {
      return login().userId;
    },
  };
}
