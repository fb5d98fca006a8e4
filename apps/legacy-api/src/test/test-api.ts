import {
  AnyEnvelope,
  type CallInput,
  type CallRecords,
  type LegacyCallName,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { type Selectable, type SelectType, sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AuditLogTable, Database } from '../db/schema.ts';
import { bodyOfRow } from '../shared/record-calls.ts';
import { openTestDatabase } from './test-database.ts';

export const DEMO_PASSWORD = 'Demo@1234';

/** The demo users named after their role (seed/demo-data.ts). */
export const DEMO_ROLES = ['admin', 'verifier', 'approver', 'manager', 'viewer'] as const;
/** The role users, and Kavitha: a manager of other branches, with no primary branch yet. */
export const DEMO_USERS = [...DEMO_ROLES, 'kavitha'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];
export type DemoUser = (typeof DEMO_USERS)[number];

/** The groups of the administrator's menu, in order: every group there is. */
export const ADMIN_MENU_GROUPS = [
  'Dashboard',
  'Purchase',
  'Assets',
  'Masters',
  'Reports',
  'Settings',
] as const;

/** Every state a purchase order can be in; the demo seed has each of them in every branch. */
export const PURCHASE_ORDER_STATES = [
  'pending',
  'waiting_for_approval',
  'approved',
  'rejected',
  'cancelled',
  'completed',
] as const;

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
  /** The id of the row whose column has the value (see {@link idBy}). */
  idOf: IdOf;
  /** The id of the row that has every value of `match` (see {@link idWhere}). */
  idWhere<Table extends TableWithId>(table: Table, match: RowMatch<Table>): Promise<number>;
  /** The audit entries of one entity, oldest first (see {@link auditOf}). */
  auditOf(entity: string, entityId: number, action?: string): Promise<AuditEntry[]>;
  /** How many rows of the table have every value of `match` (see {@link countRows}). */
  count<Table extends keyof Database>(table: Table, match?: RowMatch<Table>): Promise<number>;
  /** {@link expectRefusedWithoutChange} on this API's database. */
  expectRefusedWithoutChange(attempt: Attempt, expected: ExpectedRefusal): Promise<void>;
  /** {@link expectEachRefusedWithoutChange} on this API's database. */
  expectEachRefusedWithoutChange(refusals: readonly Refusal[]): Promise<void>;
  /** {@link expectCasesRefusedWithoutChange} on this API's database. */
  expectCasesRefusedWithoutChange<Case>(
    send: (change: Case) => ReturnType<Attempt>,
    cases: readonly (readonly [Case, string | RegExp])[],
    options?: { status?: number },
  ): Promise<void>;
  close(): Promise<void>;
}

/** The tables with an integer `id`. */
export type TableWithId = {
  [Table in keyof Database]: Database[Table] extends { id: unknown } ? Table : never;
}[keyof Database];

type IdOf = <Table extends TableWithId, Column extends keyof Database[Table] & string>(
  table: Table,
  column: Column,
  value: SelectType<Database[Table][Column]>,
) => Promise<number>;

/** Values of some of a table's columns. */
export type RowMatch<Table extends keyof Database> = {
  [Column in keyof Database[Table] & string]?: SelectType<Database[Table][Column]>;
};

/**
 * The id of the row of `table` whose `column` has `value`, e.g. `idBy(db, 'branches', 'code',
 * 'CHN-HO')` (the first by id, should several have it); throws when there is none, so that a test
 * never goes on with a made-up id.
 */
export function idBy<Table extends TableWithId, Column extends keyof Database[Table] & string>(
  db: Db,
  table: Table,
  column: Column,
  value: SelectType<Database[Table][Column]>,
): Promise<number> {
  return firstId(db, table, [[column, value]]);
}

/** The id of the row of `table` that has every value of `match`, e.g. a district by name and state. */
export function idWhere<Table extends TableWithId>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<number> {
  return firstId(db, table, Object.entries(match));
}

export type AuditEntry = Selectable<AuditLogTable>;

/** The audit entries of one entity (of one action, when given), oldest first. */
export function auditOf(
  db: Db,
  entity: string,
  entityId: number,
  action?: string,
): Promise<AuditEntry[]> {
  return db
    .selectFrom('auditLog')
    .selectAll()
    .where('entity', '=', entity)
    .where('entityId', '=', entityId)
    .$if(action !== undefined, (query) => query.where('action', '=', action ?? ''))
    .orderBy('id')
    .execute();
}

/** How many rows of `table` have every value of `match` (all of them when it is empty). */
export async function countRows<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table> = {},
): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from ${sql.table(table)} ${where(Object.entries(match))}`.execute(db);
  return Number(rows[0]?.count);
}

async function firstId(
  db: Db,
  table: TableWithId,
  match: readonly (readonly [string, unknown])[],
): Promise<number> {
  if (match.length === 0) throw new Error(`say which ${table} row`);
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(table)} ${where(match)} order by id limit 1`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no ${table} row with ${JSON.stringify(Object.fromEntries(match))}`);
  return row.id;
}

// Kysely cannot type a query over a table chosen by a type parameter; the signatures of idBy,
// idWhere and countRows are what keep the table, the columns and the values' types together.
function where(match: readonly (readonly [string, unknown])[]) {
  if (match.length === 0) return sql``;
  const conditions = match.map(([column, value]) =>
    value === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${value}`,
  );
  return sql`where ${sql.join(conditions, sql` and `)}`;
}

export async function startTestApi(
  options: { empty?: boolean; reference?: boolean; env?: Record<string, string> } = {},
): Promise<TestApi> {
  const database = await openTestDatabase({
    empty: options.empty ?? false,
    reference: options.reference ?? false,
  });
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  // TEST_LOG=1 shows the server's errors while a test is being mended.
  const logged = process.env.TEST_LOG === '1';
  const app = await buildApp({
    config: logged ? { ...config, LOG_LEVEL: 'error' } : config,
    db: database.db,
    logger: logged,
  });
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
    idOf: (table, column, value) => idBy(database.db, table, column, value),
    idWhere: (table, match) => idWhere(database.db, table, match),
    count: (table, match) => countRows(database.db, table, match),
    auditOf: (entity, entityId, action) => auditOf(database.db, entity, entityId, action),
    expectRefusedWithoutChange: (attempt, expected) =>
      expectRefusedWithoutChange(database.db, attempt, expected),
    expectEachRefusedWithoutChange: (refusals) =>
      expectEachRefusedWithoutChange(database.db, refusals),
    expectCasesRefusedWithoutChange: (send, cases, options) =>
      expectCasesRefusedWithoutChange(database.db, send, cases, options),
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

export interface TestSession<User extends string> extends TestApi {
  /** The token of one of the users the file logged in before its tests. */
  token(user: User): string;
}

/**
 * Starts the test API before the file's tests (and logs in `login`), and closes it after them.
 * The answer stands for the API from the start, so that a file can keep it in a constant; it
 * throws when used outside the tests (before `beforeAll` has run).
 */
export function useTestApi<const User extends string = never>(
  options: {
    login?: readonly User[];
    empty?: boolean;
    reference?: boolean;
    env?: Record<string, string>;
  } = {},
): TestSession<User> {
  let current: TestApi | null = null;
  const tokens = new Map<User, string>();
  beforeAll(async () => {
    current = await startTestApi(options);
    for (const user of options.login ?? []) tokens.set(user, await current.login(user));
  });
  afterAll(() => current?.close());
  const started = (): TestApi => {
    if (!current) throw new Error('the test API is started in beforeAll: use it inside a test');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get config() {
      return started().config;
    },
    login: (username, password) => started().login(username, password),
    call: (name, token, body) => started().call(name, token, body),
    idOf: (table, column, value) => started().idOf(table, column, value),
    idWhere: (table, match) => started().idWhere(table, match),
    count: (table, match) => started().count(table, match),
    auditOf: (entity, entityId, action) => started().auditOf(entity, entityId, action),
    expectRefusedWithoutChange: (attempt, expected) =>
      started().expectRefusedWithoutChange(attempt, expected),
    expectEachRefusedWithoutChange: (refusals) =>
      started().expectEachRefusedWithoutChange(refusals),
    expectCasesRefusedWithoutChange: (send, cases, options) =>
      started().expectCasesRefusedWithoutChange(send, cases, options),
    close: () => started().close(),
    // An arrow, not a method: a file may take it out as `const { token } = api`.
    token: (user) => {
      const token = tokens.get(user);
      if (!token) throw new Error(`${user} was not logged in: name them in useTestApi({ login })`);
      return token;
    },
  };
}

/**
 * Every branch's id by its code, read once (in `beforeAll`), for tests that name many branches,
 * some of them where a query cannot be awaited.
 */
export async function branchIdsByCode(db: Db): Promise<(code: string) => number> {
  const rows = await db.selectFrom('branches').select(['id', 'code']).execute();
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  return (code) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`no branch ${code}`);
    return id;
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
    'accessories',
    'accessory_fits',
    'accessory_minimums',
    'accessory_stock',
    'accessory_movements',
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

/** A call that must be refused. */
export type Attempt = () => Promise<{ flag: number; output: string; status: number }>;
/** The refusal expected: its output, and its status when it is not 200. */
export interface ExpectedRefusal {
  status?: number;
  output: string | RegExp;
}
/** `[attempt, output]`, or `[attempt, output, status]` for a status other than 200. */
export type Refusal = readonly [Attempt, string | RegExp, number?];

/** Runs a call that must be refused and checks that nothing changed. */
export async function expectRefusedWithoutChange(
  db: Db,
  attempt: Attempt,
  expected: ExpectedRefusal,
): Promise<void> {
  const before = await fingerprint(db);
  const answer = await attempt();
  // Which refusal did not come, when a list of them is tried one after another.
  const instead = `expected the refusal ${String(expected.output)}, got: ${answer.output}`;
  expect(answer.flag, instead).toBe(0);
  expect(answer.status, instead).toBe(expected.status ?? 200);
  if (typeof expected.output === 'string') expect(answer.output).toBe(expected.output);
  else expect(answer.output).toMatch(expected.output);
  expect(await fingerprint(db)).toEqual(before);
}

/** Runs calls that must each be refused, one after the other, as {@link expectRefusedWithoutChange} does. */
export async function expectEachRefusedWithoutChange(
  db: Db,
  refusals: readonly Refusal[],
): Promise<void> {
  for (const [attempt, output, status] of refusals) {
    await expectRefusedWithoutChange(
      db,
      attempt,
      status === undefined ? { output } : { output, status },
    );
  }
}

/**
 * One call tried with each case's change, e.g. a valid body with one field broken: `send(change)`
 * must be refused with the case's output (and `status`, 200 unless told), changing nothing.
 */
export function expectCasesRefusedWithoutChange<Case>(
  db: Db,
  send: (change: Case) => ReturnType<Attempt>,
  cases: readonly (readonly [Case, string | RegExp])[],
  options: { status?: number } = {},
): Promise<void> {
  return expectEachRefusedWithoutChange(
    db,
    cases.map(([change, output]) => [() => send(change), output, options.status]),
  );
}

/** Awaits a call that must succeed (flag 1) with the output; answers its records. */
export async function expectSuccess<Records>(
  pending: Promise<CallAnswer<Records>>,
  output: string,
): Promise<Records | null> {
  const answer = await pending;
  expect(answer).toMatchObject({ flag: 1, output });
  return answer.records;
}

/** The keys of a record are exactly the contract's: nothing missing, nothing extra. */
export function expectExactKeys(record: object, keys: readonly string[]): void {
  expect(Object.keys(record).sort()).toEqual([...keys].sort());
}

/**
 * An update that writes a record back as its show call gave it, to change one thing on top: each
 * request field the row gives a valid value for, under the same name or as `<Field>Id` (the legacy
 * calls refer to a record by its id: Company ← CompanyId); a blank for a null. What the row holds
 * in another form (staff's Branches, a list of assignments) is left out.
 */
export function unchangedUpdate<Name extends LegacyCallName>(
  name: Name,
  row: object,
): CallInput<Name> {
  const { request } = legacyCalls[name];
  if (!(request instanceof z.ZodObject)) throw new Error(`${name} has no object request`);
  const body = bodyOfRow(name, row);
  const checked = request.safeParse(body);
  if (!checked.success)
    throw new Error(`${name} refuses the row as it is: ${checked.error.message}`);
  return body as CallInput<Name>;
}
