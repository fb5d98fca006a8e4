import {
  ACTIVE_STATUS_TEXT,
  type LegacyCallName,
  type ListPagingRequest,
  type MasterListFields,
  type MasterListName,
  masterListModule,
  masterLists,
  type TableHeader,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Access, ActionCode } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { usesOf } from '../db/references.ts';
import { Refusal } from '../http/errors.ts';
import { type CallResult, registerCall } from '../http/register-call.ts';
import { ACTIONS_HEADER, listing, listPayload } from '../shared/list-payload.ts';

/**
 * What a master list's routes say of it: where it lives and what uses it. Its name, field names,
 * titles and parent come from the contract's description of the list (`masterLists`).
 */
export interface MasterListDescription {
  /** The SQL table, with the columns id, name and active. */
  table: string;
  /** The audit log's entity name (default: the list's name in snake case). */
  entity?: string;
  /**
   * What differs from the rule for the contract's further fields (`extra`): each is a column named
   * by the field in snake case (MinimumStock → minimum_stock), headed by its words (Minimum
   * Stock), right-aligned when it is a number. `unique` names a column no two records may share,
   * as messages call it: 'GST state code 33 is already used by State Tamil Nadu.'
   */
  extra?: Readonly<Record<string, Partial<ExtraColumn>>>;
}

/** A further field of a list as its table holds and its list shows it. */
export interface ExtraColumn {
  field: string;
  column: string;
  header: string;
  align?: 'end';
  unique?: string;
}

/** The columns of a list's further fields: the rule, and the list's own exceptions. */
function extraColumns(
  name: MasterListName,
  own: Readonly<Record<string, Partial<ExtraColumn>>> = {},
): ExtraColumn[] {
  const row = masterLists[name].Row.shape as Record<string, z.ZodType>;
  return masterLists[name].fields.extra.map((field) => {
    // A whole number (MinimumStock) is a pipe into a number: right-aligned like one.
    const def = row[field]?.def as { type: string; out?: z.ZodType } | undefined;
    const numeric = def?.type === 'pipe' && def.out?.def.type === 'number';
    return {
      field,
      column: snakeCase(field),
      header: field.replace(/(?<=[a-z])(?=[A-Z])/g, ' '),
      ...(numeric ? { align: 'end' as const } : {}),
      ...own[field],
    };
  });
}

/** A master list with all the generic calls need. */
export interface ResolvedMasterList extends Omit<MasterListDescription, 'entity' | 'extra'> {
  /** The further fields' columns. */
  extra: readonly ExtraColumn[];
  /** The contract's list, by the prefix of its call names. */
  name: MasterListName;
  /** The grant module: list for lists/show/options, create, edit, delete (the contract's). */
  module: string;
  entity: string;
  /** The name column's header: the contract's title. */
  nameHeader: string;
  /** First part of the spreadsheet name, the plural in PascalCase: AssetTypes_2026-11-22.xlsx. */
  excelFileName: string;
  /** A child list: its parent's table and the column here that names the parent (key State: `state_id`). */
  parent: { table: string; column: string } | null;
}

const snakeCase = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();
const pascalCase = (words: string) =>
  words.replace(/(?:^|[\s-])(\w)/g, (_, letter: string) => letter.toUpperCase());

/** Every master list, completed from the contract; a list's parent is the list with its key. */
export function resolveMasterLists(
  descriptions: Record<MasterListName, MasterListDescription>,
): ResolvedMasterList[] {
  const names = Object.keys(descriptions) as MasterListName[];
  const byKey = new Map(names.map((name) => [masterLists[name].fields.key, name]));
  return names.map((name) => {
    const { entity, extra, ...description } = descriptions[name];
    const { spec, fields } = masterLists[name];
    const parentName = fields.parent ? byKey.get(fields.parent.key) : undefined;
    if (fields.parent && !parentName) throw new Error(`${name}: no list has the key of its parent`);
    return {
      ...description,
      name,
      extra: extraColumns(name, extra),
      module: masterListModule(name),
      entity: entity ?? snakeCase(name),
      nameHeader: spec.title,
      excelFileName: pascalCase(spec.plural),
      parent:
        fields.parent && parentName
          ? { table: descriptions[parentName].table, column: `${snakeCase(fields.parent.key)}_id` }
          : null,
    };
  });
}

interface StoredRow {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
  parentName: string | null;
  [extra: `extra${number}`]: unknown;
}

type Body = Record<string, unknown>;

function numberField(body: Body, field: string): number | undefined {
  const value = body[field];
  return typeof value === 'number' ? value : undefined;
}

function requiredNumber(body: Body, field: string): number {
  const value = numberField(body, field);
  if (value === undefined) throw new Error(`${field} was not validated as a number`);
  return value;
}

function textField(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw new Error(`${field} was not validated as text`);
  return value;
}

/** The generic calls of one master list. */
class MasterList {
  readonly fields: MasterListFields;
  readonly title: string;
  readonly plural: string;
  readonly description: ResolvedMasterList;
  private readonly parentTitle: string;

  constructor(description: ResolvedMasterList) {
    this.description = description;
    const { spec, fields } = masterLists[description.name];
    this.fields = fields;
    this.title = spec.title;
    this.plural = spec.plural;
    this.parentTitle = fields.parent?.title ?? '';
  }

  allow(access: Access, action: ActionCode, verb: string): void {
    if (!access.can(this.description.module, action)) {
      throw new Refusal(`You are not allowed to ${verb} ${this.plural}.`);
    }
  }

  private select(db: Db, where: RawBuilder<unknown>, lock = false): Promise<StoredRow[]> {
    const { table, parent, extra } = this.description;
    const columns = [
      sql`t.id`,
      sql`t.name`,
      sql`t.active`,
      parent
        ? sql`p.id as parent_id, p.name as parent_name`
        : sql`null as parent_id, null as parent_name`,
      ...extra.map(
        (item, index) => sql`${sql.ref(`t.${item.column}`)} as ${sql.id(`extra${index}`)}`,
      ),
    ];
    const join = parent
      ? sql`join ${sql.table(parent.table)} p on p.id = ${sql.ref(`t.${parent.column}`)}`
      : sql``;
    const order = parent ? sql`lower(p.name), p.id, lower(t.name), t.id` : sql`lower(t.name), t.id`;
    return sql<StoredRow>`select ${sql.join(columns)} from ${sql.table(table)} t ${join}
      where ${where} order by ${order} ${lock ? sql`for update of t` : sql``}`
      .execute(db)
      .then((result) => result.rows);
  }

  private parentFilter(body: Body): RawBuilder<unknown> {
    const { parent } = this.description;
    const parentId = this.fields.parent ? numberField(body, this.fields.parent.key) : undefined;
    return parent && parentId !== undefined
      ? sql`${sql.ref(`t.${parent.column}`)} = ${parentId}`
      : sql`true`;
  }

  /** A city list's state: the parent's own parent (lists only; options come under a parent). */
  private grandparentFilter(body: Body): RawBuilder<unknown> {
    const { grandparent } = this.fields;
    const id = grandparent ? numberField(body, grandparent.key) : undefined;
    return grandparent && id !== undefined
      ? sql`${sql.ref(`p.${snakeCase(grandparent.key)}_id`)} = ${id}`
      : sql`true`;
  }

  private async find(db: Db, id: number, lock = false): Promise<StoredRow> {
    const [row] = await this.select(db, sql`t.id = ${id}`, lock);
    if (!row) throw new Refusal(`${this.title} ${id} does not exist.`);
    return row;
  }

  record(row: StoredRow, access: Access): Record<string, unknown> {
    const { fields, description } = this;
    const active = row.active ? 1 : 0;
    return {
      [fields.id]: row.id,
      [fields.name]: row.name,
      ...(fields.parent
        ? { [fields.parent.id]: row.parentId, [fields.parent.name]: row.parentName }
        : {}),
      ...Object.fromEntries(
        description.extra.map((item, index) => [item.field, row[`extra${index}`]]),
      ),
      ActiveStatus: active,
      ActiveStatusTxt: ACTIVE_STATUS_TEXT[active],
      EditFlag: access.can(description.module, 'edit'),
      DeleteFlag: access.can(description.module, 'delete'),
    };
  }

  async lists(db: Db, access: Access, body: Body) {
    this.allow(access, 'list', 'list');
    const rows = await this.select(
      db,
      sql`${this.parentFilter(body)} and ${this.grandparentFilter(body)}`,
    );
    const { fields, description } = this;
    const headers: TableHeader[] = [
      ACTIONS_HEADER,
      { text: description.nameHeader, value: fields.name },
      ...(fields.parent ? [{ text: fields.parent.title, value: fields.parent.name }] : []),
      ...description.extra.map((item) => ({
        text: item.header,
        value: item.field,
        ...(item.align ? { align: item.align } : {}),
      })),
      { text: 'Status', value: 'ActiveStatusTxt', align: 'center' },
    ];
    return {
      output: `${rows.length} ${this.plural}.`,
      records: listPayload({
        rows: rows.map((row) => this.record(row, access)),
        headers,
        itemKey: fields.id,
        canDownload: access.can(description.module, 'download'),
        excelFileName: description.excelFileName,
        request: body as ListPagingRequest,
        filters: fields.parent ? [fields.parent.name] : [],
      }),
    };
  }

  async show(db: Db, access: Access, body: Body) {
    this.allow(access, 'list', 'list');
    const row = await this.find(db, requiredNumber(body, this.fields.key));
    return { output: row.name, records: this.record(row, access) };
  }

  async options(db: Db, access: Access, body: Body) {
    this.allow(access, 'list', 'list');
    const rows = await this.select(db, sql`t.active and ${this.parentFilter(body)}`);
    return {
      output: `${rows.length} ${this.plural}.`,
      records: rows.map((row) => ({ value: row.id, text: row.name })),
    };
  }

  /** The columns a store or update writes, checked: the parent exists, the name is free. */
  private async values(trx: Db, body: Body, self: number | null) {
    const { description, fields } = this;
    const name = textField(body, fields.name);
    const values: Record<string, unknown> = { name };
    let scope = sql`true`;
    let duplicate = `${this.title} ${name} already exists.`;
    if (description.parent && fields.parent) {
      const parentId = requiredNumber(body, fields.parent.key);
      const parent = await sql<{
        name: string;
      }>`select name from ${sql.table(description.parent.table)}
        where id = ${parentId}`.execute(trx);
      const parentName = parent.rows[0]?.name;
      if (parentName === undefined) {
        throw new Refusal(`${this.parentTitle} ${parentId} does not exist.`);
      }
      values[description.parent.column] = parentId;
      scope = sql`${sql.ref(description.parent.column)} = ${parentId}`;
      duplicate = `${this.title} ${name} already exists under ${this.parentTitle.toLowerCase()} ${parentName}.`;
    }
    for (const item of description.extra) {
      if (body[item.field] === undefined) {
        // Left out, as the contract allows a field with a default (a sub-category's class): a
        // store gives it the default, an update leaves it as it is.
        if (self === null && item.field in fields.defaults)
          values[item.column] = fields.defaults[item.field];
        continue;
      }
      values[item.column] = body[item.field];
      if (!item.unique) continue;
      const holder = await sql<{ name: string }>`select name from ${sql.table(description.table)}
        where ${sql.ref(item.column)} = ${body[item.field]} and id <> ${self ?? 0} limit 1`.execute(
        trx,
      );
      const holderName = holder.rows[0]?.name;
      if (holderName !== undefined) {
        throw new Refusal(
          `${item.unique} ${String(body[item.field])} is already used by ${this.title} ${holderName}.`,
        );
      }
    }
    const status = numberField(body, 'ActiveStatus');
    if (status !== undefined) values.active = status === 1;
    else if (self === null) values.active = true;
    const taken = await sql<{ id: number }>`select id from ${sql.table(description.table)}
      where lower(name) = lower(${name}) and ${scope} and id <> ${self ?? 0} limit 1`.execute(trx);
    if (taken.rows.length > 0) throw new Refusal(duplicate);
    return { values, duplicate };
  }

  /** Runs a write; a name taken by a concurrent write is refused like any other duplicate. */
  private async write(
    db: Db,
    run: (trx: Db, onDuplicate: (message: string) => void) => Promise<StoredRow>,
  ) {
    let duplicate = 'This name already exists.';
    try {
      return await db.transaction().execute((trx) =>
        run(trx, (message) => {
          duplicate = message;
        }),
      );
    } catch (error) {
      if (
        typeof error === 'object' &&
        error !== null &&
        'code' in error &&
        error.code === '23505'
      ) {
        throw new Refusal(duplicate);
      }
      throw error;
    }
  }

  private assignments(values: Record<string, unknown>) {
    return sql.join(
      Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    );
  }

  private audit(trx: Db, session: Session, action: string, row: StoredRow, details: object) {
    return writeAudit(trx, {
      entity: this.description.entity,
      entityId: row.id,
      action,
      userId: session.user.userId,
      toStatus: action === 'delete' ? null : ACTIVE_STATUS_TEXT[row.active ? 1 : 0],
      details: { [this.fields.name]: row.name, ...details },
    });
  }

  async store(db: Db, session: Session, body: Body) {
    this.allow(session.access, 'create', 'create');
    const row = await this.write(db, async (trx, onDuplicate) => {
      const { values, duplicate } = await this.values(trx, body, null);
      onDuplicate(duplicate);
      const columns = Object.keys(values);
      const inserted = await sql<{ id: number }>`insert into ${sql.table(this.description.table)}
        (${sql.join(columns.map((column) => sql.ref(column)))})
        values (${sql.join(columns.map((column) => values[column]))}) returning id`.execute(trx);
      const stored = await this.find(trx, inserted.rows[0]?.id ?? 0);
      await this.audit(trx, session, 'create', stored, {
        after: this.record(stored, session.access),
      });
      return stored;
    });
    return {
      output: `${this.title} ${row.name} created.`,
      records: this.record(row, session.access),
    };
  }

  async update(db: Db, session: Session, body: Body) {
    this.allow(session.access, 'edit', 'edit');
    const id = requiredNumber(body, this.fields.key);
    const row = await this.write(db, async (trx, onDuplicate) => {
      const before = await this.find(trx, id, true);
      const { values, duplicate } = await this.values(trx, body, id);
      onDuplicate(duplicate);
      await sql`update ${sql.table(this.description.table)} set ${this.assignments(values)}
        where id = ${id}`.execute(trx);
      const after = await this.find(trx, id);
      await this.audit(trx, session, 'edit', after, {
        before: this.record(before, session.access),
        after: this.record(after, session.access),
      });
      return after;
    });
    return {
      output: `${this.title} ${row.name} updated.`,
      records: this.record(row, session.access),
    };
  }

  async destroy(db: Db, session: Session, body: Body) {
    this.allow(session.access, 'delete', 'delete');
    const id = requiredNumber(body, this.fields.key);
    const row = await db.transaction().execute(async (trx) => {
      const existing = await this.find(trx, id, true);
      const uses = await usesOf(trx, this.description.table, id);
      if (uses.length > 0) {
        throw new Refusal(
          `Cannot delete ${this.title} ${existing.name}: it is used by ${listing(uses)}.`,
        );
      }
      await sql`delete from ${sql.table(this.description.table)} where id = ${id}`.execute(trx);
      await this.audit(trx, session, 'delete', existing, {
        before: this.record(existing, session.access),
      });
      return existing;
    });
    return { output: `${this.title} ${row.name} deleted.`, records: null };
  }
}

type Handler = (
  list: MasterList,
  context: { db: Db; session: Session; body: Body },
) => Promise<{ output: string; records: unknown }>;

const HANDLERS: Record<'Lists' | 'Show' | 'Store' | 'Update' | 'Destroy' | 'Options', Handler> = {
  Lists: (list, { db, session, body }) => list.lists(db, session.access, body),
  Show: (list, { db, session, body }) => list.show(db, session.access, body),
  Store: (list, { db, session, body }) => list.store(db, session, body),
  Update: (list, { db, session, body }) => list.update(db, session, body),
  Destroy: (list, { db, session, body }) => list.destroy(db, session, body),
  Options: (list, { db, session, body }) => list.options(db, session.access, body),
};

/** Registers the six calls of a master list: <name>Lists, Show, Store, Update, Destroy, Options. */
export function registerMasterList(app: FastifyInstance, description: ResolvedMasterList): void {
  const list = new MasterList(description);
  for (const [action, handler] of Object.entries(HANDLERS)) {
    const name = `${description.name}${action}` as LegacyCallName;
    registerCall(app, name, async ({ db, session, body }) => {
      const result = await handler(list, { db, session, body: { ...body } });
      // The records follow the contract's shape for this list (the test api parses every answer).
      return result as CallResult<LegacyCallName>;
    });
  }
}
