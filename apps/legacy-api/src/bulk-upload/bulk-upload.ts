import {
  type BulkCallName,
  type BulkColumn,
  type BulkProblem,
  type BulkRow,
  type BulkUploadReport,
  bulkDescription,
  type CallRequest,
  formatCount,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { writeAudit } from '../audit/audit.ts';
import type { Session } from '../auth/session.ts';
import { cpuPool, ownBuffer } from '../cpu/pool.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import type { CallResult } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import type { ReadRow } from '../shared/findings.ts';
import type { RecordCallNames, RecordCalls } from '../shared/record-calls.ts';
import { checkSheet, type SheetRow } from './read-sheet.ts';

/*
 * api/<resource>/bulk-upload, written once for every record resource. Each row is checked with
 * exactly the rules of the resource's store call: the contract's request schema (column problems),
 * duplicates within the file, then the resource's `checks`, which name every rule of its `create`
 * the row breaks (a store stops at the first). A dry run stops there: it writes nothing and holds
 * no transaction, so other requests go on meanwhile (docs/bulk-upload.md). A commit checks again
 * inside one transaction that holds the resource's lock and writes each row through `create` (its
 * checks, the insert, the audit row) under a savepoint, so that a refused row is undone alone and
 * the others are still tried; it rolls back everything when any row has a problem.
 */

/**
 * How a reference column's names become ids: every name of the table, loaded once per upload and
 * keyed by `<parent id>|<name>` (no parent: `|<name>`).
 */
export interface Reference {
  /**
   * The request field whose id scopes the names, when they repeat across parents (a district's
   * name within its state): that column is resolved first, being earlier in the sheet.
   */
  parentField?: string;
  load(trx: Db): Promise<Map<string, number>>;
}

const nameKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A reference by a table's name column, regardless of case and spacing; with `parent`, names are
 * looked up among the children of the parent given in the same row.
 */
export function byName(
  table: string,
  options: {
    column?: string;
    /** Another column that names a record as well (a vendor's GSTIN beside its name). */
    orColumn?: string;
    parent?: { column: string; field: string };
  } = {},
): Reference {
  const column = options.column ?? 'name';
  const { parent, orColumn } = options;
  return {
    ...(parent ? { parentField: parent.field } : {}),
    async load(trx) {
      const { rows } = await sql<{
        id: number;
        name: string;
        other: string | null;
        parent: number | null;
      }>`select id, ${sql.ref(column)} as name, ${orColumn ? sql.ref(orColumn) : sql`null`} as other,
        ${parent ? sql.ref(parent.column) : sql`null`} as parent
        from ${sql.table(table)}`.execute(trx);
      return new Map(
        rows.flatMap((row) =>
          [row.name, ...(row.other ? [row.other] : [])].map(
            (name) => [`${row.parent ?? ''}|${nameKey(name)}`, row.id] as const,
          ),
        ),
      );
    },
  };
}

export interface BulkUploadOptions<Body = Record<string, unknown>> {
  /** The contract's bulk call: its columns say how the sheet is read. */
  call: BulkCallName;
  /** For each column with a `reference`, by that name: how names are found. */
  references?: Readonly<Record<string, Reference>>;
  /**
   * The rules of the resource's `create` that need the database, on the fields of a row that could
   * be read: every rule the row breaks, so that the row reports them all at once. Without it, a
   * row's report holds the first refusal of `create`, and only for a row with no other problem.
   */
  checks?: (
    trx: Db,
    row: ReadRow<Body>,
    session: Session,
    memo: Memo,
  ) => Promise<readonly string[]>;
  /**
   * The existing record a row names (an asset by its tag, or by brand and serial number), which
   * the row then changes instead of creating one; null for a new record. Needs the edit grant
   * when the file changes any.
   */
  match?: (
    trx: Db,
    row: { values: Readonly<Record<string, string>>; fields: Partial<Body> },
  ) => Promise<number | null>;
}

/**
 * What the checks of one upload look up once for all its rows (a room, a brand: thousands of rows
 * name the same few), by a key of the checks' making. The upload writes none of what is memoised.
 */
export type Memo = <Value>(key: string, load: () => Promise<Value>) => Promise<Value>;

function newMemo(): Memo {
  const loaded = new Map<string, Promise<unknown>>();
  return <Value>(key: string, load: () => Promise<Value>) => {
    let value = loaded.get(key) as Promise<Value> | undefined;
    if (!value) {
      value = load();
      loaded.set(key, value);
    }
    return value;
  };
}

/** Thrown to roll the transaction back once the report is made. */
class RollBack extends Error {}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/**
 * The column a refusal is about: the one whose header it names first ('A vendor with GSTIN …
 * already exists' → GSTIN); null when it names none, and the row as a whole is at fault.
 */
export function columnNamed(message: string, columns: readonly BulkColumn[]): string | null {
  const lower = message.toLowerCase();
  let best: { at: number; header: string } | null = null;
  for (const column of columns) {
    const pattern = new RegExp(
      `(^|[^a-z0-9])${escapeRegExp(column.header.toLowerCase())}($|[^a-z0-9])`,
    );
    const match = pattern.exec(lower);
    if (match && (best === null || match.index < best.at))
      best = { at: match.index, header: column.header };
  }
  return best?.header ?? null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface CheckedRow {
  report: BulkRow;
  /** The store request, when the row passed the column checks. */
  body: unknown;
  /** The fields that could be read, for the resource's checks. */
  read: ReadRow<Record<string, unknown>>;
}

/** A reference's names, loaded once per upload. */
interface LoadedReference {
  reference: Reference;
  ids: Map<string, number>;
  /** Every name, whatever its parent: a name under another parent is not in this row's one. */
  names: Set<string>;
}

/** The contract's schema and the references, for one row: its column problems, or the request. */
function checkColumns(
  row: SheetRow,
  columns: readonly BulkColumn[],
  schema: z.ZodObject,
  references: ReadonlyMap<string, LoadedReference>,
): CheckedRow {
  const problems: BulkProblem[] = [];
  const failed = new Set<string>();
  const input: Record<string, unknown> = {};
  const fail = (column: BulkColumn, message: string) => {
    problems.push({ Column: column.header, Message: message });
    failed.add(column.header);
  };
  for (const column of columns) {
    const text = row.values[column.header] ?? '';
    // A blank cell is a field left out: the schema says whether it may be.
    if (text === '') continue;
    if (column.values) {
      const words = Object.entries(column.values);
      const code =
        words.find(([word]) => nameKey(word) === nameKey(text))?.[1] ??
        words.find(([, value]) => value === text)?.[1];
      if (code === undefined) {
        fail(column, `${column.header} must be ${words.map(([word]) => word).join(' or ')}.`);
        continue;
      }
      input[column.field] = code;
      continue;
    }
    const reference = column.reference ? references.get(column.reference) : undefined;
    if (reference) {
      const { parentField } = reference.reference;
      const parentColumn = columns.find((candidate) => candidate.field === parentField);
      const parentId = parentField ? input[parentField] : '';
      if (parentId === undefined) {
        // The parent is missing or unknown: its own problem says so; this one cannot be looked up.
        failed.add(column.header);
        continue;
      }
      const id = reference.ids.get(`${String(parentId)}|${nameKey(text)}`);
      if (id === undefined) {
        const parent = parentColumn
          ? `${parentColumn.header} ${row.values[parentColumn.header] ?? ''}`
          : '';
        // As the store call says it of a city that lies elsewhere ('City … is not in District …').
        if (parent && reference.names.has(nameKey(text)))
          fail(column, `${column.header} ${text} is not in ${parent}.`);
        else fail(column, `${column.header} ${text} does not exist${parent && ` in ${parent}`}.`);
        continue;
      }
      input[column.field] = id;
      continue;
    }
    input[column.field] = text;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column = columns.find((candidate) => candidate.field === field);
      if (!column) {
        problems.push({ Column: null, Message: `${field} ${issue.message}`.trim() });
      } else if (!failed.has(column.header)) {
        // One problem per column: the first rule it breaks.
        fail(column, `${column.header} ${issue.message}`);
      }
    }
  }
  // Each field the schema takes, alone: a well-formed one goes to the resource's checks, whatever
  // the row's other cells hold.
  const unread = new Set<string>();
  const fields: Record<string, unknown> = {};
  for (const column of columns) {
    const field = schema.shape[column.field];
    if (failed.has(column.header) || !field) {
      unread.add(column.field);
      continue;
    }
    const one = field.safeParse(input[column.field]);
    if (!one.success) unread.add(column.field);
    else if (one.data !== undefined) fields[column.field] = one.data;
  }
  return {
    report: { Row: row.row, Values: row.values, Problems: problems },
    body: parsed.success && problems.length === 0 ? parsed.data : null,
    read: { fields, unread, values: row.values },
  };
}

/** A later row repeating a unique column's value is a problem of that row. */
function checkDuplicates(rows: readonly CheckedRow[], columns: readonly BulkColumn[]): void {
  for (const column of columns.filter((candidate) => candidate.unique)) {
    const first = new Map<string, number>();
    for (const { report } of rows) {
      const text = report.Values[column.header] ?? '';
      if (text === '') continue;
      // Compared as the store call would store it: case and spaces aside.
      const key = text.toUpperCase().replace(/\s+/g, '');
      const seen = first.get(key);
      if (seen === undefined) {
        first.set(key, report.Row);
        continue;
      }
      // A cell with a problem of its own is not compared.
      if (report.Problems.some((problem) => problem.Column === column.header)) continue;
      report.Problems.push({
        Column: column.header,
        Message: `Duplicate in the file: ${column.header} ${text} is also on row ${seen}.`,
      });
    }
  }
}

/** One upload: who sends it, to which resource, read by which columns and options. */
interface Upload<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan,
> {
  session: Session;
  calls: RecordCalls<Names, Stored, Values, Plan>;
  columns: readonly BulkColumn[];
  options: BulkUploadOptions<CallRequest<Names['store']>>;
  memo: Memo;
}

/**
 * Every row read and checked, writing nothing: its columns, duplicates within the file, and the
 * resource's `checks` (the rules of `create` that need the database, every one the row breaks).
 * `every`: each row goes through the checks, as a check of the file does; `inError`: only rows
 * already in error, whose `create` will not run to name them (a commit, whose writes refuse the
 * others by the same rules).
 */
async function checkRows<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan,
>(
  db: Db,
  upload: Upload<Names, Stored, Values, Plan>,
  rows: readonly SheetRow[],
  which: 'every' | 'inError',
): Promise<CheckedRow[]> {
  const { session, calls, columns, options } = upload;
  const references = new Map<string, LoadedReference>();
  for (const column of columns) {
    if (!column.reference || references.has(column.reference)) continue;
    const reference = options.references?.[column.reference];
    if (!reference) throw new Error(`${options.call}: no reference for ${column.reference}`);
    const ids = await reference.load(db);
    const names = new Set([...ids.keys()].map((key) => key.slice(key.indexOf('|') + 1)));
    references.set(column.reference, { reference, ids, names });
  }
  // Every store request is an object of fields (the contract's recordCalls).
  const schema = legacyCalls[calls.resource.calls.store].request as unknown as z.ZodObject;
  const checked = rows.map((row) => checkColumns(row, columns, schema, references));
  checkDuplicates(checked, columns);
  // Whether a row changing a record may: only asked of those who may not edit.
  const mayEdit = session.access.can(calls.resource.module, 'edit');
  for (const row of checked) {
    if (which === 'inError' && row.report.Problems.length === 0) continue;
    report(row.report, columns, await problemsOf(db, upload, row));
    if (mayEdit || !options.match || row.body === null || row.report.Problems.length > 0) continue;
    const request = row.body as CallRequest<Names['store']>;
    if ((await options.match(db, { values: row.report.Values, fields: request })) !== null)
      report(row.report, columns, [refusalOf(() => calls.allow(session.access, 'edit'))]);
  }
  return checked;
}

function report(row: BulkRow, columns: readonly BulkColumn[], messages: readonly string[]) {
  for (const message of messages)
    row.Problems.push({ Column: columnNamed(message, columns), Message: message });
}

/** The message of the refusal `act` throws. */
function refusalOf(act: () => void): string {
  try {
    act();
  } catch (error) {
    if (error instanceof Refusal) return error.output;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Every rule of the resource's checks the row breaks, on the fields that could be read. */
async function problemsOf<Body>(
  db: Db,
  { session, options, memo }: { session: Session; options: BulkUploadOptions<Body>; memo: Memo },
  { read }: CheckedRow,
): Promise<readonly string[]> {
  if (!options.checks) return [];
  try {
    // The fields were parsed by the store call's own schema, one by one.
    return await options.checks(db, read as ReadRow<Body>, session, memo);
  } catch (error) {
    if (error instanceof Refusal) return [error.output];
    throw error;
  }
}

/**
 * The rows without problems written, inside the caller's transaction (which holds the lock), each
 * under a savepoint so that a refused row is undone alone and the others are still tried; returns
 * the ids created and changed.
 */
async function writeRows<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan,
>(
  trx: Db,
  upload: Upload<Names, Stored, Values, Plan>,
  checked: readonly CheckedRow[],
): Promise<{ created: number[]; updated: number[] }> {
  const { session, calls, columns, options } = upload;
  const created: number[] = [];
  const updated: number[] = [];
  for (const row of checked) {
    const { body } = row;
    if (body === null || row.report.Problems.length > 0) continue;
    await sql`savepoint bulk_row`.execute(trx);
    try {
      // Parsed by the store call's own schema just above.
      const request = body as CallRequest<Names['store']>;
      const existing = options.match
        ? await options.match(trx, { values: row.report.Values, fields: request })
        : null;
      if (existing !== null) {
        calls.allow(session.access, 'edit');
        await calls.change(trx, session, existing, request);
        updated.push(existing);
      } else {
        created.push((await calls.create(trx, session, request)).id);
      }
      await sql`release savepoint bulk_row`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint bulk_row`.execute(trx);
      if (error instanceof Refusal) {
        // `create` stops at the first broken rule; the checks name every one.
        const every = await problemsOf(trx, upload, row);
        report(
          row.report,
          columns,
          every.includes(error.output) ? every : [error.output, ...every],
        );
      } else if (hasCode(error, '23505')) {
        // A unique index the resource's checks did not foresee.
        row.report.Problems.push({
          Column: null,
          Message: `A ${calls.resource.title.toLowerCase()} with the same details already exists.`,
        });
      } else {
        throw error;
      }
    }
  }
  return { created, updated };
}

function outputOf(report: BulkUploadReport, one: string, plural: string, updates: boolean): string {
  const count = (n: number) => `${formatCount(n)} ${n === 1 ? one : plural}`;
  const rows = `${formatCount(report.RowCount)} ${report.RowCount === 1 ? 'row' : 'rows'}`;
  if (report.ErrorCount > 0) {
    const errors = `${formatCount(report.ErrorCount)} of ${rows} ${report.ErrorCount === 1 ? 'has' : 'have'} problems`;
    return report.Commit === 1
      ? `Nothing was written: ${errors}.`
      : `${errors}; nothing was written.`;
  }
  if (updates)
    return report.Commit === 1
      ? `${count(report.Created ?? 0)} created, ${count(report.Updated ?? 0)} updated.`
      : `All ${rows} can be written; nothing is written until you commit.`;
  return report.Commit === 1
    ? `${count(report.Created ?? 0)} created.`
    : `All ${rows} can be created; nothing is written until you commit.`;
}

/**
 * Registers `<prefix>BulkUpload` for a record resource (its RecordCalls from registerRecordCalls).
 * Needs the create grant on the resource's module.
 */
export function registerBulkUpload<
  Names extends RecordCallNames,
  Stored extends { id: number },
  Values extends Record<string, unknown>,
  Plan,
>(
  app: FastifyInstance,
  calls: RecordCalls<Names, Stored, Values, Plan>,
  options: BulkUploadOptions<CallRequest<Names['store']>>,
): void {
  const { columns, plural, limits } = bulkDescription(options.call);
  const pool = cpuPool(app);
  registerUploadCall(app, options.call, async ({ db, session, body, file }) => {
    calls.allow(session.access, 'create');
    // The type and a workbook's directory are checked here at no cost (a zip bomb is refused
    // unread); inflating and parsing take seconds for a large sheet, so a worker does them.
    checkSheet(file.bytes, limits);
    const rows = await pool.run('sheet', { bytes: ownBuffer(file.bytes), columns, limits });
    const commit = body.Commit === 1;
    const upload = { session, calls, columns, options, memo: newMemo() };
    const fileName = file.fileName.slice(0, 255);
    const reportOf = (checked: readonly CheckedRow[], written?: typeof result.written) => {
      const errors = checked.filter((row) => row.report.Problems.length > 0).length;
      return {
        Commit: commit ? 1 : 0,
        FileName: fileName,
        Columns: columns.map((column) => column.header),
        RowCount: rows.length,
        ErrorCount: errors,
        Rows: checked.map((row) => row.report),
        ...(written ? { Created: written.created.length } : {}),
        ...(written && options.match ? { Updated: written.updated.length } : {}),
      } satisfies BulkUploadReport;
    };
    // Set inside the transaction, which then commits or rolls back.
    const result: {
      report?: BulkUploadReport;
      written?: { created: number[]; updated: number[] };
    } = {};
    if (!commit) {
      // A check writes nothing, so it holds no transaction: on PGlite's one connection a long one
      // would keep every other request waiting. The commit's writes apply the same rules again.
      result.report = reportOf(await checkRows(db, upload, rows, 'every'));
    } else {
      try {
        await calls.inTransaction(db, async (trx) => {
          const checked = await checkRows(trx, upload, rows, 'inError');
          const written = await writeRows(trx, upload, checked);
          const report = reportOf(checked);
          if (report.ErrorCount > 0) {
            result.report = report;
            throw new RollBack();
          }
          result.report = reportOf(checked, written);
          // Each record has its own audit row (create wrote it); this one records the upload.
          await writeAudit(trx, {
            entity: calls.resource.module,
            entityId: 0,
            action: 'bulk_upload',
            userId: session.user.userId,
            details: {
              fileName,
              rowCount: rows.length,
              created: written.created,
              ...(options.match ? { updated: written.updated } : {}),
            },
          });
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
    }
    const done = result.report;
    if (!done) throw new Error('bulk upload: no report');
    return {
      output: outputOf(
        done,
        calls.resource.title.toLowerCase(),
        plural,
        options.match !== undefined,
      ),
      records: done,
    } as CallResult<typeof options.call>;
  });
}
