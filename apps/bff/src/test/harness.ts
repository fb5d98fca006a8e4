import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  buildApp,
  loadConfig as loadLegacyConfig,
  openTestDatabase,
} from '@branch-assets/legacy-api/testing';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance } from 'fastify';
import { print } from 'graphql';
import { buildGateway } from '../app.ts';
import { loadConfig } from '../config.ts';

export const DEMO_PASSWORD = 'Demo@1234';

export interface RunningLegacy {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A real legacy-api on an ephemeral port, over this test file's own copy of the demo database. */
export async function startLegacy(): Promise<RunningLegacy> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: loadLegacyConfig({ LOG_LEVEL: 'silent' }),
    db: database.db,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
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
  readonly baseUrl: string;
  cookies = new Map<string, string>();
  bearer: string | null = null;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
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
  ): Promise<GraphQLAnswer<Data>> {
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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

/** The code of the first error, for refusal checks. */
export function errorCode(answer: GraphQLAnswer<unknown>): string | undefined {
  return answer.errors?.[0]?.extensions?.code;
}

export interface RunningStack {
  legacy: RunningLegacy;
  gateway: RunningGateway;
  /** A browser-like client per demo user, logged in. */
  as(username: string): Client;
  close(): Promise<void>;
}

/** A real legacy-api and a gateway in front of it, with a logged-in client for each user named. */
export async function startStack(usernames: readonly string[]): Promise<RunningStack> {
  const legacy = await startLegacy();
  const gateway = await startGateway(legacy.url);
  const clients = new Map<string, Client>();
  for (const username of usernames) {
    const client = new Client(gateway.url);
    const response = await client.login(username);
    if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
    clients.set(username, client);
  }
  return {
    legacy,
    gateway,
    as(username) {
      const client = clients.get(username);
      if (!client) throw new Error(`${username} was not logged in by startStack`);
      return client;
    },
    async close() {
      await gateway.close();
      await legacy.close();
    },
  };
}
