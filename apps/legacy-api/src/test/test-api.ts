import {
  AnyEnvelope,
  type CallInput,
  type CallRecords,
  type LegacyCallName,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { openTestDatabase } from './test-database.ts';

export const DEMO_PASSWORD = 'Demo@1234';

export interface CallAnswer<Records> {
  status: number;
  flag: number;
  output: string;
  /** Checked against the call's records schema whenever flag is 1. */
  records: Records | null;
  /** The records exactly as sent, before the schema normalised them. */
  raw: unknown;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Logs in and returns the token. */
  login(username: string, password?: string): Promise<string>;
  /** A call by name, as API version 1 sends it: JSON body, token in the header. */
  call<Name extends LegacyCallName>(
    name: Name,
    token: string | null,
    body?: CallInput<Name> | Record<string, unknown>,
  ): Promise<CallAnswer<CallRecords<Name>>>;
  close(): Promise<void>;
}

export async function startTestApi(
  options: { empty?: boolean; env?: Record<string, string> } = {},
): Promise<TestApi> {
  const database = await openTestDatabase({ empty: options.empty ?? false });
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();

  const call: TestApi['call'] = async (name, token, body = {}) => {
    const definition = legacyCalls[name];
    const response = await app.inject({
      method: definition.method,
      url: `/${definition.path}`,
      ...(definition.method === 'GET'
        ? { query: body as Record<string, string> }
        : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const envelope = AnyEnvelope.parse(response.json());
    const records =
      envelope.flag === 1 ? definition.records.parse(envelope.records) : envelope.records;
    return {
      status: response.statusCode,
      flag: envelope.flag,
      output: envelope.output,
      records: records as never,
      raw: envelope.records,
      headers: response.headers,
    };
  };

  return {
    app,
    db: database.db,
    config,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const answer = await call('login', null, { UserName: username, Password: password });
      if (answer.flag !== 1 || !answer.records)
        throw new Error(`login as ${username}: ${answer.output}`);
      return answer.records.Token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A digest of the tables a refused call must not touch. */
export async function fingerprint(db: Db): Promise<Record<string, string | null>> {
  const tables = [
    'purchase_orders',
    'purchase_order_lines',
    'audit_log',
    'users',
    'branch_staff',
    'staff',
    'documents',
    'starred_pages',
    'role_grants',
    'designations',
    'brands',
    'categories',
    'sub_categories',
    'asset_types',
    'states',
    'districts',
    'cities',
    'vendors',
    'menus',
    'companies',
    'gallery_images',
    'branches',
  ];
  const entries = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<{ digest: string | null }>`
        select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(
        db,
      );
      return [table, rows[0]?.digest ?? null] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Runs a call that must be refused and checks that nothing changed. */
export async function expectRefusedWithoutChange(
  db: Db,
  attempt: () => Promise<{ flag: number; output: string; status: number }>,
  expected: { status?: number; output: string | RegExp },
): Promise<void> {
  const before = await fingerprint(db);
  const answer = await attempt();
  expect(answer.flag).toBe(0);
  expect(answer.status).toBe(expected.status ?? 200);
  if (typeof expected.output === 'string') expect(answer.output).toBe(expected.output);
  else expect(answer.output).toMatch(expected.output);
  expect(await fingerprint(db)).toEqual(before);
}

/** The keys of a record are exactly the contract's: nothing missing, nothing extra. */
export function expectExactKeys(record: object, keys: readonly string[]): void {
  expect(Object.keys(record).sort()).toEqual([...keys].sort());
}
