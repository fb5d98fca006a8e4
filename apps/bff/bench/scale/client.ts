/** HTTP as the bench speaks it: the gateway's GraphQL and exports, legacy-api's calls, timings. */
import { Client, type Dispatcher, Pool, request } from 'undici';

export interface Target {
  url: string;
  /** One keep-alive connection, for figures at 1 connection. */
  one: Client;
  /** Up to 50 connections, for the mixed load. */
  many: Pool;
}

export function target(url: string): Target {
  return { url, one: new Client(url), many: new Pool(url, { connections: 64 }) };
}

export async function closeTarget(target: Target): Promise<void> {
  await Promise.all([target.one.close(), target.many.close()]);
}

export interface GraphQLError {
  message: string;
  extensions?: { code?: string };
}

export interface GraphQLAnswer<Data> {
  status: number;
  data?: Data;
  errors?: GraphQLError[];
}

export async function graphql<Data>(
  via: Dispatcher,
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<GraphQLAnswer<Data>> {
  const response = await request(`${url}/graphql`, {
    dispatcher: via,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.body.text();
  try {
    return {
      status: response.statusCode,
      ...(JSON.parse(text) as Omit<GraphQLAnswer<Data>, 'status'>),
    };
  } catch {
    return { status: response.statusCode, errors: [{ message: text.slice(0, 200) }] };
  }
}

/** The answer's data, or an error naming what went wrong. */
export function dataOf<Data>(answer: GraphQLAnswer<Data>, what: string): Data {
  if (answer.status !== 200 || answer.errors?.length || !answer.data)
    throw new Error(
      `${what}: HTTP ${answer.status} ${JSON.stringify(answer.errors ?? answer.data).slice(0, 300)}`,
    );
  return answer.data;
}

export interface LegacyAnswer<Records> {
  flag: number;
  output: string;
  records: Records;
}

export async function legacyCall<Records>(
  via: Dispatcher,
  url: string,
  path: string,
  body: object,
  token?: string,
): Promise<LegacyAnswer<Records>> {
  const response = await request(`${url}/api/${path}`, {
    dispatcher: via,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.body.json()) as LegacyAnswer<Records>;
  if (response.statusCode !== 200 || answer.flag !== 1)
    throw new Error(`${path}: HTTP ${response.statusCode} ${answer.output}`);
  return answer;
}

/** A gateway token for `Authorization: Bearer` (POST /auth/token). */
export async function gatewayToken(gateway: Target, username: string): Promise<string> {
  const response = await request(`${gateway.url}/auth/token`, {
    dispatcher: gateway.one,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify({ username, password: 'Demo@1234' }),
  });
  const answer = (await response.body.json()) as { token?: string };
  if (!answer.token) throw new Error(`no gateway token for ${username}: ${JSON.stringify(answer)}`);
  return answer.token;
}

export async function legacyToken(legacy: Target, username: string): Promise<string> {
  const answer = await legacyCall<{ Token: string }>(legacy.one, legacy.url, 'auth/login', {
    UserName: username,
    Password: 'Demo@1234',
  });
  return answer.records.Token;
}

/** Downloads a file to its last byte: status, bytes and milliseconds. */
export async function download(
  via: Dispatcher,
  url: string,
  token: string,
): Promise<{ status: number; bytes: number; ms: number; type: string }> {
  const started = performance.now();
  const response = await request(url, {
    dispatcher: via,
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Buffer).length;
  return {
    status: response.statusCode,
    bytes,
    ms: performance.now() - started,
    type: String(response.headers['content-type'] ?? ''),
  };
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
}

export function latencyOf(samples: readonly number[]): Latency {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    samples: samples.length,
  };
}
