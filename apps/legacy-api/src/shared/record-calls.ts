import {
  ACTIVE_STATUS_TEXT,
  type CallDefinition,
  type CallRequest,
  isReferenceField,
  type LegacyCallName,
  type ListPagingRequest,
  legacyCalls,
  type Option,
  type TableHeader,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Access, ActionCode } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { usesOf } from '../db/references.ts';
import { Refusal } from '../http/errors.ts';
import { message } from '../http/messages.ts';
import { type CallContext, type CallResult, registerCall } from '../http/register-call.ts';
import { ACTIONS_HEADER, listing, listPayload, STATUS_HEADER } from './list-payload.ts';
import { type SqlList, type SqlSource, sqlPage } from './sql-page.ts';

/*
 * The six calls of a record resource (companies, vendors, menu entries, branches, staff), written
 * once: grants, the table lock that makes checks and writes take turns, the audit row in the same
 * transaction, in-use refusals on delete and the list payload. A resource describes only what is
 * its own: how it is read, shown, checked and written.
 */

type Body = Record<string, unknown>;

/** What RecordCalls adds to every row: the status (when the resource has one) and the flags. */
type Added = 'EditFlag' | 'DeleteFlag' | 'ActiveStatus' | 'ActiveStatusTxt';
type Row<Names extends RecordCallNames> = CallResult<Names['show']>['records'];
type OwnFields<Names extends RecordCallNames> = RowFields<Row<Names>>;
/** A resource's row without what RecordCalls adds. */
export type RowFields<Row> = Omit<Row, Added>;

export interface RecordCallNames {
  lists: LegacyCallName;
  show: LegacyCallName;
  store: LegacyCallName;
  update: LegacyCallName;
  destroy: LegacyCallName;
  /** None when an existing call serves the resource's options (branches: api/branch/options). */
  options?: LegacyCallName;
}

/** The options call's name, for resources that have one. */
type OptionsName<Names extends RecordCallNames> = Exclude<Names['options'], undefined>;

/** The call names of a resource whose calls the contract's recordCalls made with this prefix. */
type CallNames<Prefix extends string> = ReturnType<typeof recordCallNames<Prefix>>;

/**
 * The call names of a resource whose calls the contract's recordCalls made with this prefix;
 * `options: false` when an existing call serves its options.
 */
function recordCallNames<const Prefix extends string>(
  prefix: Prefix,
  { options = true }: { options?: boolean } = {},
) {
  const names = {
    lists: `${prefix}Lists`,
    show: `${prefix}Show`,
    store: `${prefix}Store`,
    update: `${prefix}Update`,
    destroy: `${prefix}Destroy`,
    ...(options ? { options: `${prefix}Options` } : {}),
  };
  // Each name exists when the contract has the resource (the contract tests check every call).
  return names as {
    lists: `${Prefix}Lists` & LegacyCallName;
    show: `${Prefix}Show` & LegacyCallName;
    store: `${Prefix}Store` & LegacyCallName;
    update: `${Prefix}Update` & LegacyCallName;
    destroy: `${Prefix}Destroy` & LegacyCallName;
    options?: `${Prefix}Options` & LegacyCallName;
  };
}

const ADDED: ReadonlySet<string> = new Set([
  'EditFlag',
  'DeleteFlag',
  'ActiveStatus',
  'ActiveStatusTxt',
]);

/** What every record's request has that its columns do not take as they are. */
const NOT_COLUMNS: ReadonlySet<string> = new Set(['UserInterface', 'ActiveStatus']);

/** The stored property of a field by the column rule: its name in camelCase, or the record's own. */
function propertyOf(field: string, title: string): string {
  if (field === `${title}Id`) return 'id';
  if (field === `${title}Code`) return 'code';
  if (field === `${title}Name`) return 'name';
  return field.charAt(0).toLowerCase() + field.slice(1);
}

/** Row field → stored property of each call's row, worked out once per call (a list's rows are many). */
const ROW_RULES = new Map<string, readonly (readonly [string, string])[]>();

/**
 * A stored record as its row by the column rule: each field of the contract's row (`call`'s
 * records) comes from the stored property of its name in camelCase (`StateName` ← stateName,
 * `ContactPerson` ← contactPerson), and the record's own `<Title>Id`, `<Title>Code` and
 * `<Title>Name` from id, code and name. A field with no such property is a mistake of the
 * resource's reading, refused loudly rather than answered as undefined.
 */
export function rowByRule(
  call: LegacyCallName,
  title: string,
  stored: object,
  /** Fields the resource gives itself (`ownRow`): not looked for. */
  own: object = {},
): Record<string, unknown> {
  let rule = ROW_RULES.get(call);
  if (!rule) {
    const shape = (legacyCalls[call].records as z.ZodObject<z.ZodRawShape>).shape;
    rule = Object.keys(shape)
      .filter((field) => !ADDED.has(field))
      .map((field) => [field, propertyOf(field, title)] as const);
    ROW_RULES.set(call, rule);
  }
  const values = stored as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [field, property] of rule) {
    if (field in own) continue;
    if (!(property in values))
      throw new Error(`${call}: the row field ${field} has no stored ${property}`);
    row[field] = values[property];
  }
  return row;
}

/**
 * The columns a store or update writes from its request by the column rule, rowByRule's other way:
 * each request field to the column of its name in camelCase (`ContactPerson` → contactPerson), a
 * reference (an `Id` field, checked to exist by the resource) to `<name>Id` (`State` → stateId),
 * the record's own `<Title>Code` and `<Title>Name` to code and name; an optional field left blank
 * is stored as none (null). `except` names the fields the resource writes itself (a logo: checked
 * against the gallery, kept when left out) and ActiveStatus is RecordCalls' own.
 */
export function valuesByRule(
  call: LegacyCallName,
  title: string,
  body: object,
  except: readonly string[] = [],
): Record<string, unknown> {
  const shape = (legacyCalls[call].request as z.ZodObject<z.ZodRawShape>).shape;
  const given = body as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    if (NOT_COLUMNS.has(field) || except.includes(field)) continue;
    if (isReferenceField(schema as z.ZodType)) {
      values[`${propertyOf(field, title)}Id`] = given[field] ?? null;
      continue;
    }
    const optional = (schema as z.ZodType).safeParse(undefined).success;
    values[propertyOf(field, title)] = optional ? given[field] || null : given[field];
  }
  return values;
}

/**
 * A request that writes a record back as its row shows it (the row rule's other way): each request
 * field the row gives a valid value for, under the same name or as `<Field>Id` (a reference:
 * Company ← CompanyId); a blank for a null. What the row holds in another form (staff's Branches, a
 * list of assignments) is left out. As sent, not yet parsed.
 */
export function bodyOfRow(call: LegacyCallName, row: object): Record<string, unknown> {
  const shape = (legacyCalls[call].request as z.ZodObject<z.ZodRawShape>).shape;
  const values = new Map(Object.entries(row));
  return Object.fromEntries(
    Object.entries(shape).flatMap(([field, schema]) => {
      const value = values.has(field) ? values.get(field) : values.get(`${field}Id`);
      const sent = value ?? '';
      return value !== undefined && (schema as z.ZodType).safeParse(sent).success
        ? [[field, sent]]
        : [];
    }),
  );
}

/** A row's status fields, as the legacy select list has them (0 InActive, 1 Active). */
export function activeStatus(active: boolean) {
  const code = active ? 1 : 0;
  return { ActiveStatus: code, ActiveStatusTxt: ACTIVE_STATUS_TEXT[code] } as const;
}

/**
 * The `active` column a store or update writes: a new record is Active unless it says otherwise;
 * an update that leaves ActiveStatus out keeps the status as it is.
 */
export function activeColumn(status: 0 | 1 | undefined, creating: boolean): { active?: boolean } {
  if (status === undefined) return creating ? { active: true } : {};
  return { active: status === 1 };
}

/** The options of a table with a name and a status: its active records by name. */
export function activeByName(table: 'companies' | 'vendors' | 'designations') {
  return (db: Db): Promise<Option[]> =>
    db
      .selectFrom(table)
      .select(['id as value', 'name as text'])
      .where('active', '=', true)
      .orderBy('name')
      .execute();
}

export interface RecordResource<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan = undefined,
> extends RecordDescription<Names, Stored, Values, Plan> {
  calls: Names;
}

/** A record resource as its routes describe it; the call names follow from `prefix`. */
interface RecordDescription<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan = undefined,
> {
  /**
   * The grant module: list (lists, show, options), create, edit, delete, download; also the audit
   * log's entity name.
   */
  module: string;
  /**
   * As messages name one record ('Vendor Acme created.'); also, as in every legacy call, the request
   * field naming one record (`Vendor`) and, with Id, the row's key (`VendorId`).
   */
  title: string;
  /** The request field and row key's stem when they are not the title (AssetLocation: 'Location'). */
  key?: string;
  /**
   * As refusals name several ('You are not allowed to list vendors.'); capitalised, the first part
   * of the spreadsheet's name (Vendors_2026-11-22.xlsx).
   */
  plural: string;
  /** The table, locked for writes and deleted from. */
  table: string;
  /** The row fields the list may be filtered on (the lists request's Filters). */
  filters?: readonly string[];
  /**
   * The records the user may see, in list order, filtered by the lists request: a list small
   * enough to page in memory. A large one gives `sqlList` instead.
   */
  list?: (db: Db, access: Access, body: CallRequest<Names['lists']>) => Promise<Stored[]>;
  /**
   * A large list, paged in SQL (shared/sql-page.ts): its columns, filters and order, and where
   * its records come from in the caller's scope.
   */
  sqlList?: {
    list: SqlList;
    /** The rows in the caller's scope, and of the request's own fields (assets: Assets). */
    source: (db: Db, access: Access, request: CallRequest<Names['lists']>) => SqlSource<Stored>;
  };
  find: (db: Db, id: number) => Promise<Stored | undefined>;
  /**
   * Whether the user may see and change this record (branch scope); true when unscoped. Written
   * once: lists, show, update and destroy all go through it.
   */
  inScope?: (access: Access, stored: Stored) => boolean;
  /** The options call's answer; the resource has an options call exactly when this is given. */
  options?: (db: Db, access: Access, body: CallRequest<OptionsName<Names>>) => Promise<Option[]>;
  /** The record's name in messages. */
  label: (stored: Stored) => string;
  /**
   * The record's Active/InActive status, for a resource that has one: its rows show it (and the
   * list its column), the audit row records it, and store and update write the request's
   * ActiveStatus.
   */
  active?: (stored: Stored) => boolean;
  /**
   * The row's own fields (the status and the Edit/Delete flags are added from the grants). By
   * default the column rule (`rowByRule`): a resource gives only the fields that follow no rule
   * (`ownRow`), or its whole row when little of it does (staff).
   */
  toRow?: (stored: Stored, access: Access) => OwnFields<Names>;
  /** Row fields that follow no rule, such as a stored file path shown as its link. */
  ownRow?: (stored: Stored) => Partial<OwnFields<Names>>;
  /**
   * The columns a store (self null) or an update writes, checked against the rest of the table:
   * refuses with a message when a rule is broken.
   */
  values: (
    trx: Db,
    body: CallRequest<Names['store']>,
    self: Stored | null,
    session: Session,
  ) => Promise<Values>;
  /** Inserts a checked record and gives its id (default: insert the values). */
  insert?: (trx: Db, values: Values & { active?: boolean }) => Promise<number>;
  /** Writes after the record itself (staff: the branch assignments). */
  /**
   * What a write does beside the record's own columns (staff: the branch assignments and the
   * login), checked after `values`; `afterWrite` carries it out once the record is written.
   */
  prepare?: (
    trx: Db,
    body: CallRequest<Names['store']>,
    self: Stored | null,
    session: Session,
  ) => Promise<Plan>;
  afterWrite?: (
    trx: Db,
    id: number,
    body: CallRequest<Names['store']>,
    plan: Plan,
    session: Session,
  ) => Promise<void>;
  /**
   * A refusal beyond the rows that refer to it (which the database's foreign keys tell: see
   * src/db/references.ts), such as 'it has 3 entries'; none when it may go.
   */
  cannotDelete?: (trx: Db, stored: Stored, session: Session) => Promise<string | null>;
}

const VERB: Record<ActionCode, string> = {
  list: 'list',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  verify: 'verify',
  approve: 'approve',
  download: 'download',
};

/** The calls of one resource, built from its description. */
export class RecordCalls<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan = undefined,
> {
  readonly resource: RecordResource<Names, Stored, Values, Plan>;

  /** The list's columns, as the contract's description of the resource gives them (recordFields). */
  private readonly headers: readonly TableHeader[];

  /** The request field naming one record; with Id, the row's key. */
  readonly key: string;

  constructor(resource: RecordResource<Names, Stored, Values, Plan>) {
    const headers = (legacyCalls[resource.calls.lists] as CallDefinition<z.ZodType, z.ZodType>)
      .headers;
    if (!headers) throw new Error(`${resource.calls.lists}: the contract describes no columns`);
    if (!resource.list === !resource.sqlList)
      throw new Error(`${resource.table}: give either list or sqlList`);
    this.resource = resource;
    this.headers = headers;
    this.key = resource.key ?? resource.title;
  }

  /** A row of the list (and of show, store, update): the resource's fields, status and flags. */
  row(stored: Stored, access: Access): Row<Names> {
    const { resource } = this;
    const mine = resource.inScope?.(access, stored) ?? true;
    return {
      ...(resource.toRow ? resource.toRow(stored, access) : this.ruledRow(stored)),
      ...(resource.active ? activeStatus(resource.active(stored)) : {}),
      EditFlag: mine && access.can(resource.module, 'edit'),
      DeleteFlag: mine && access.can(resource.module, 'delete'),
    } as Row<Names>;
  }

  /** The row's fields by the column rule, and those that follow none (`ownRow`). */
  private ruledRow(stored: Stored): Record<string, unknown> {
    const own = this.resource.ownRow?.(stored) ?? {};
    return { ...rowByRule(this.resource.calls.show, this.key, stored, own), ...own };
  }

  /** Active or InActive, for the audit row; none when the resource has no status. */
  private get status(): ((stored: Stored) => string) | undefined {
    const { active } = this.resource;
    return active && ((stored) => ACTIVE_STATUS_TEXT[active(stored) ? 1 : 0]);
  }

  /** The columns a store (self null) or update writes: the resource's checked values and status. */
  private async values(
    trx: Db,
    body: CallRequest<Names['store']>,
    self: Stored | null,
    session: Session,
  ): Promise<Values & { active?: boolean }> {
    const values = await this.resource.values(trx, body, self, session);
    if (!this.resource.active) return values;
    const { ActiveStatus } = body as { ActiveStatus?: 0 | 1 };
    return { ...values, ...activeColumn(ActiveStatus, self === null) };
  }

  allow(access: Access, action: ActionCode): void {
    if (!access.can(this.resource.module, action)) {
      throw new Refusal(`You are not allowed to ${VERB[action]} ${this.resource.plural}.`);
    }
  }

  /** The record, if it exists and is in the user's scope; one out of scope does not exist for them. */
  async find(db: Db, access: Access, id: number): Promise<Stored> {
    const stored = await this.resource.find(db, id);
    if (!stored || !(this.resource.inScope?.(access, stored) ?? true)) {
      throw new Refusal(`${this.resource.title} ${id} does not exist.`);
    }
    return stored;
  }

  /** Writes take turns: checks (unique names, next codes) see every committed record. */
  private async lock(trx: Db): Promise<void> {
    await sql`lock table ${sql.table(this.resource.table)} in share row exclusive mode`.execute(
      trx,
    );
  }

  private audit(
    trx: Db,
    session: Session,
    action: 'create' | 'edit' | 'delete',
    id: number,
    before: Stored | null,
    after: Stored | null,
  ) {
    const status = this.status;
    const row = (stored: Stored | null) => (stored ? this.row(stored, session.access) : undefined);
    return writeAudit(trx, {
      entity: this.resource.module,
      entityId: id,
      action,
      userId: session.user.userId,
      ...(status && before ? { fromStatus: status(before) } : {}),
      ...(status && after ? { toStatus: status(after) } : {}),
      details: {
        ...(before ? { before: row(before) } : {}),
        ...(after ? { after: row(after) } : {}),
      },
    });
  }

  async lists(db: Db, access: Access, body: CallRequest<Names['lists']>) {
    this.allow(access, 'list');
    const { resource } = this;
    const headers = [ACTIONS_HEADER, ...this.headers, ...(resource.active ? [STATUS_HEADER] : [])];
    // Every record lists call takes the paging fields (the contract's recordCalls).
    const request = body as ListPagingRequest;
    const common = {
      headers,
      itemKey: `${this.key}Id`,
      canDownload: access.can(resource.module, 'download'),
      excelFileName: resource.plural.charAt(0).toUpperCase() + resource.plural.slice(1),
      request,
      filters: resource.filters ?? [],
    };
    const toRows = (records: Stored[]) => records.map((stored) => this.row(stored, access));
    if (resource.sqlList) {
      const answer = await sqlPage(
        db,
        resource.sqlList.source(db, access, body),
        resource.sqlList.list,
        request,
        headers,
      );
      const payload =
        'page' in answer
          ? listPayload({ ...common, page: { ...answer.page, rows: toRows(answer.page.rows) } })
          : listPayload({ ...common, rows: toRows(answer.rows) });
      const count = payload.TotalCount ?? payload.TableData.length;
      return { output: `${count} ${resource.plural}.`, records: payload };
    }
    const records = (await (resource.list?.(db, access, body) ?? [])).filter(
      (stored) => resource.inScope?.(access, stored) ?? true,
    );
    return {
      output: `${records.length} ${resource.plural}.`,
      records: listPayload({ ...common, rows: toRows(records) }),
    };
  }

  async show(db: Db, access: Access, id: number) {
    this.allow(access, 'list');
    const stored = await this.find(db, access, id);
    return { output: this.resource.label(stored), records: this.row(stored, access) };
  }

  async options(db: Db, access: Access, body: CallRequest<OptionsName<Names>>) {
    this.allow(access, 'list');
    if (!this.resource.options) throw new Error(`${this.resource.table}: no options call`);
    const options = await this.resource.options(db, access, body);
    return { output: `${options.length} ${this.resource.plural}.`, records: options };
  }

  /**
   * Checks and inserts one record inside the caller's transaction, which must hold the lock
   * (`store` does; a bulk upload takes it once for all its rows).
   */
  async create(trx: Db, session: Session, body: CallRequest<Names['store']>): Promise<Stored> {
    const { resource } = this;
    const values = await this.values(trx, body, null, session);
    const plan = (await resource.prepare?.(trx, body, null, session)) as Plan;
    const id = resource.insert
      ? await resource.insert(trx, values)
      : (
          await sql<{ id: number }>`insert into ${sql.table(resource.table)}
            (${sql.join(Object.keys(values).map((column) => sql.ref(toSnake(column))))})
            values (${sql.join(Object.values(values))}) returning id`.execute(trx)
        ).rows[0]?.id;
    if (id === undefined) throw new Error(`${resource.table}: the insert returned no id`);
    await resource.afterWrite?.(trx, id, body, plan, session);
    const stored = await this.find(trx, session.access, id);
    await this.audit(trx, session, 'create', id, null, stored);
    return stored;
  }

  /** Takes the resource's lock inside a transaction: what `create` needs around it. */
  async inTransaction<T>(db: Db, run: (trx: Db) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await this.lock(trx);
      return run(trx);
    });
  }

  async store(db: Db, session: Session, body: CallRequest<Names['store']>) {
    this.allow(session.access, 'create');
    const stored = await this.inTransaction(db, (trx) => this.create(trx, session, body));
    return {
      ...message('record.created', {
        resource: this.resource.title,
        label: this.resource.label(stored),
      }),
      records: this.row(stored, session.access),
    };
  }

  /**
   * Checks and changes one record inside the caller's transaction, which must hold the lock
   * (`update` does; a bulk upload that matches rows to records takes it once for all its rows).
   */
  async change(
    trx: Db,
    session: Session,
    id: number,
    fields: CallRequest<Names['store']>,
  ): Promise<Stored> {
    const { resource } = this;
    const before = await this.find(trx, session.access, id);
    const values = await this.values(trx, fields, before, session);
    const plan = (await resource.prepare?.(trx, fields, before, session)) as Plan;
    if (Object.keys(values).length > 0) {
      await sql`update ${sql.table(resource.table)} set ${sql.join(
        Object.entries(values).map(
          ([column, value]) => sql`${sql.ref(toSnake(column))} = ${value}`,
        ),
      )} where id = ${id}`.execute(trx);
    }
    await resource.afterWrite?.(trx, id, fields, plan, session);
    const stored = await this.find(trx, session.access, id);
    await this.audit(trx, session, 'edit', id, before, stored);
    return stored;
  }

  async update(db: Db, session: Session, body: CallRequest<Names['update']>) {
    this.allow(session.access, 'edit');
    const { resource } = this;
    const id = keyOf(body, this.key);
    // The update request is the store request and the key (the contract's recordCalls).
    const fields = body as unknown as CallRequest<Names['store']>;
    const after = await this.inTransaction(db, (trx) => this.change(trx, session, id, fields));
    return {
      ...message('record.updated', { resource: resource.title, label: resource.label(after) }),
      records: this.row(after, session.access),
    };
  }

  async destroy(db: Db, session: Session, id: number) {
    this.allow(session.access, 'delete');
    const { resource } = this;
    const label = await this.inTransaction(db, async (trx) => {
      const stored = await this.find(trx, session.access, id);
      const reason = await resource.cannotDelete?.(trx, stored, session);
      if (reason)
        throw new Refusal(`Cannot delete ${resource.title} ${resource.label(stored)}: ${reason}.`);
      const uses = await usesOf(trx, resource.table, id);
      if (uses.length > 0) {
        throw new Refusal(
          `Cannot delete ${resource.title} ${resource.label(stored)}: it is used by ${listing(uses)}.`,
        );
      }
      await sql`delete from ${sql.table(resource.table)} where id = ${id}`.execute(trx);
      await this.audit(trx, session, 'delete', id, stored, null);
      return resource.label(stored);
    });
    return { ...message('record.deleted', { resource: resource.title, label }), records: null };
  }
}

/** Kysely's camel-case plugin does not reach raw SQL; the values' keys are the schema's names. */
function toSnake(column: string): string {
  return column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function keyOf(body: unknown, key: string): number {
  const value = (body as Body)[key];
  if (typeof value !== 'number') throw new Error(`${key} was not validated as an id`);
  return value;
}

/** Registers the six calls; returns them for what builds on the same rules (bulk upload). */
export function registerRecordCalls<
  const Prefix extends string,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan = undefined,
>(
  app: FastifyInstance,
  description: RecordDescription<CallNames<Prefix>, Stored, Values, Plan> & {
    /** The contract's recordCalls prefix: `vendor` → api/vendor/lists (vendorLists), … */
    prefix: Prefix;
  },
) {
  const resource = {
    ...description,
    calls: recordCallNames(description.prefix, { options: description.options !== undefined }),
  };
  const calls = new RecordCalls(resource);
  const { lists, show, store, update, destroy, options } = resource.calls;
  // The bodies were validated against these calls' request schemas by registerCall.
  type Names = CallNames<Prefix>;
  type Handler = (context: { db: Db; session: Session; body: unknown }) => Promise<unknown>;
  type Result = Promise<CallResult<LegacyCallName>>;
  const handlers: [LegacyCallName | undefined, Handler][] = [
    [
      lists,
      ({ db, session, body }) =>
        calls.lists(db, session.access, body as CallRequest<Names['lists']>),
    ],
    [show, ({ db, session, body }) => calls.show(db, session.access, keyOf(body, calls.key))],
    [
      options,
      ({ db, session, body }) =>
        calls.options(db, session.access, body as CallRequest<OptionsName<Names>>),
    ],
    [
      store,
      ({ db, session, body }) => calls.store(db, session, body as CallRequest<Names['store']>),
    ],
    [
      update,
      ({ db, session, body }) => calls.update(db, session, body as CallRequest<Names['update']>),
    ],
    [destroy, ({ db, session, body }) => calls.destroy(db, session, keyOf(body, calls.key))],
  ];
  for (const [name, handler] of handlers) {
    // The records follow the contract for these names (the test api parses every answer).
    if (name) registerCall(app, name, handler as (context: CallContext<LegacyCallName>) => Result);
  }
  return calls;
}
