import { Readable } from 'node:stream';
import {
  type CallRecords,
  type CallRequest,
  describeValidationError,
  IDEMPOTENCY_BODY_FIELD,
  type LegacyCallName,
  ListPagingError,
  type ListPagingRequest,
  legacyCalls,
  listRowSchema,
  pagingOf,
  STREAM_CONTENT_TYPE,
  UNSTORABLE_TEXT_RULE,
  unstorableTextField,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type Session } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpRefusal } from './errors.ts';
import { fingerprintOf, idempotencyKeyOf, runIdempotent } from './idempotency.ts';
import { type MessageParams, messageFields } from './messages.ts';

export interface CallResult<Name extends LegacyCallName> {
  output: string;
  /** The message's code and values (messages.ts), when it has one. */
  code?: string | undefined;
  params?: MessageParams | undefined;
  records: CallRecords<Name>;
}

export interface PublicCallContext<Name extends LegacyCallName> {
  body: CallRequest<Name>;
  db: Db;
  config: Config;
  request: FastifyRequest;
}

export interface CallContext<Name extends LegacyCallName> extends PublicCallContext<Name> {
  session: Session;
}

/** Fields of API version 2 that are transport, not part of any call: the token and the idempotency key. */
export function withoutTransportFields(body: unknown): unknown {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  const {
    token: _token,
    [IDEMPOTENCY_BODY_FIELD]: _key,
    ...rest
  } = body as Record<string, unknown>;
  return rest;
}

/**
 * A 422 naming the first field whose text PostgreSQL or a workbook cannot hold, whatever the
 * field's schema: checked for every call here rather than trusted to each schema.
 */
export function refuseUnstorableText(input: unknown): void {
  const field = unstorableTextField(input);
  if (field) throw new HttpRefusal(422, `${field} ${UNSTORABLE_TEXT_RULE}`);
}

function parseBody<Name extends LegacyCallName>(
  name: Name,
  request: FastifyRequest,
): CallRequest<Name> {
  const definition = legacyCalls[name];
  const input = definition.method === 'GET' ? request.query : withoutTransportFields(request.body);
  refuseUnstorableText(input);
  const result = definition.request.safeParse(input);
  if (!result.success) throw new HttpRefusal(422, describeValidationError(result.error));
  // Again after the schema: it decodes JSON texts (Filters sent form-encoded).
  refuseUnstorableText(result.data);
  return result.data as CallRequest<Name>;
}

function route<Name extends LegacyCallName>(
  app: FastifyInstance,
  name: Name,
  run: (request: FastifyRequest, reply: FastifyReply) => Promise<CallResult<Name> | Readable>,
) {
  const definition = legacyCalls[name];
  app.route({
    method: definition.method,
    url: `/${definition.path}`,
    handler: async (request, reply) => {
      const answer = await run(request, reply);
      if (answer instanceof Readable) return reply.type(STREAM_CONTENT_TYPE).send(answer);
      return { flag: 1, ...messageFields(answer), records: answer.records };
    },
  });
}

/** A list's page as every list call answers it. */
interface ListPage {
  TableData: readonly Record<string, unknown>[];
  TableOptions: { ItemKey: string; ItemsPerPage: number };
}

function isListPage(records: unknown): records is ListPage {
  return (
    typeof records === 'object' &&
    records !== null &&
    'TableData' in records &&
    Array.isArray(records.TableData) &&
    'TableOptions' in records
  );
}

/**
 * The streamed rows' writer for Fields: each row as the ItemKey and the fields asked for, in that
 * order; every field when none were asked for. A name the call's rows do not have is refused before
 * anything is read.
 */
function rowsWriter(
  name: LegacyCallName,
  fields: readonly string[] | undefined,
): (key: string, rows: readonly Record<string, unknown>[]) => string {
  if (fields === undefined) return (_key, rows) => JSON.stringify(rows);
  const known = listRowSchema(legacyCalls[name].records)?.shape ?? {};
  const unknown = fields.find((field) => !Object.hasOwn(known, field));
  if (unknown !== undefined)
    throw new ListPagingError(
      'Fields',
      `names ${unknown}, which is not a field of this list's rows`,
    );
  return (key, rows) => {
    const picked = [key, ...fields.filter((field) => field !== key)];
    return JSON.stringify(
      rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (const field of picked) out[field] = row[field];
        return out;
      }),
    );
  };
}

/**
 * A list call with Stream: its pages from the one asked for to the end, each read by the call's own
 * handler (so every page is checked as a page is) after the last row of the one before, written as
 * one NDJSON line each while the client reads them (only the ItemKey and the Fields asked for, when
 * asked). The first page is read before answering, so a refusal is still an ordinary answer; a
 * failure later ends the stream without its last line.
 */
async function streamedList<Name extends LegacyCallName>(
  name: Name,
  body: CallRequest<Name>,
  page: (body: CallRequest<Name>) => Promise<CallResult<Name>>,
): Promise<Readable> {
  const {
    Stream: _stream,
    Fields: fields,
    ...rest
  } = body as CallRequest<Name> & { Stream?: boolean; Fields?: string[] };
  const write = rowsWriter(name, fields);
  const first = await page(rest as CallRequest<Name>);
  if (!isListPage(first.records)) throw new Error('Stream asked of a call that is not a list');
  // Without a paging field the call answers every row at once: one line.
  const paged = pagingOf(rest as ListPagingRequest) !== null;
  const size = (rest as ListPagingRequest).ItemsPerPage ?? first.records.TableOptions.ItemsPerPage;
  async function* lines(): AsyncGenerator<string> {
    let records: ListPage = first.records as ListPage;
    let rows = 0;
    for (;;) {
      rows += records.TableData.length;
      yield `${write(records.TableOptions.ItemKey, records.TableData)}\n`;
      const last = records.TableData.at(-1);
      if (!paged || last === undefined || records.TableData.length < size) break;
      const after = last[records.TableOptions.ItemKey];
      if (typeof after !== 'number')
        throw new Error('Stream asked of a list whose key is not a number');
      const next = await page({ ...rest, Page: undefined, After: after } as CallRequest<Name>);
      if (!isListPage(next.records)) break;
      records = next.records;
    }
    yield `${JSON.stringify({ flag: 1, output: `${rows} rows.`, records: null })}\n`;
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Registers a call that needs a token. The token is checked before the body. */
export function registerCall<Name extends LegacyCallName>(
  app: FastifyInstance,
  name: Name,
  handler: (context: CallContext<Name>) => Promise<CallResult<Name>>,
): void {
  if (!legacyCalls[name].authenticated) throw new Error(`${name} is a public call`);
  route(app, name, async (request, reply) => {
    const session = await authenticate(app.db, app.config, request);
    const body = parseBody(name, request);
    const key = legacyCalls[name].readOnly ? null : idempotencyKeyOf(request, request.body);
    if (key !== null) {
      const claim = {
        userId: session.user.userId,
        key,
        call: name,
        fingerprint: fingerprintOf(name, body),
      };
      return runIdempotent(app.db, reply, claim, (db) =>
        handler({ body, session, db, config: app.config, request }),
      );
    }
    const page = (input: CallRequest<Name>) =>
      handler({ body: input, session, db: app.db, config: app.config, request });
    // Fields shapes streamed rows only: a page's TableData holds whole rows, as the contract says.
    return (body as { Stream?: boolean }).Stream === true
      ? streamedList(name, body, page)
      : page(body);
  });
}

export function registerPublicCall<Name extends LegacyCallName>(
  app: FastifyInstance,
  name: Name,
  handler: (context: PublicCallContext<Name>) => Promise<CallResult<Name>>,
): void {
  if (legacyCalls[name].authenticated) throw new Error(`${name} needs a token`);
  route(app, name, async (request) => {
    const body = parseBody(name, request);
    return handler({ body, db: app.db, config: app.config, request });
  });
}
