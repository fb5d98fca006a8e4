import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerTranslator } from '@branch-assets/i18n/server';
import {
  AnyEnvelope,
  type CallDefinition,
  type CallInput,
  type CallRecords,
  IDEMPOTENCY_BODY_FIELD,
  IDEMPOTENCY_HEADER,
  type LegacyCallName,
  legacyCalls,
  listRowSchema,
  STREAM_CONTENT_TYPE,
  type UploadCallName,
} from '@branch-assets/legacy-contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Dispatcher, Pool } from 'undici';
import { z } from 'zod';
import { AppError, OUTCOME_UNKNOWN_MESSAGE } from '../errors/codes.ts';

export interface LegacyClientOptions {
  baseUrl: string;
  version: number;
  connections: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  deadlineMs: number;
  /** An upload's headers timeout and deadline: it answers once the whole file is worked through. */
  uploadDeadlineMs: number;
  /** A long report call's headers timeout and deadline (CallDefinition.long). */
  reportDeadlineMs: number;
  readRetries: number;
  log: FastifyBaseLogger;
  /** Called after every upstream call, for metrics. */
  observe?: (call: string, outcome: string, seconds: number) => void;
}

export interface CallContext {
  token: string | null;
  requestId: string;
  /** The client's address as the gateway sees it (TRUST_PROXY aware), sent as X-Forwarded-For. */
  clientAddress?: string;
  /** A write's Idempotency-Key: the legacy server carries it out once however often it is sent. */
  idempotencyKey?: string;
  /** Words the answer's message (by its code) in the caller's language; English as sent without. */
  texts?: ServerTranslator;
}

export interface CallResult<Records> {
  output: string;
  records: Records;
}

export interface FileResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** Largest upstream answer read into memory (a list of many thousand rows fits easily). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** The connection ended after the request was (or may have been) read: a write may have happened. */
const LOST_AFTER_SENDING_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const own = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    if (own) return own;
    if ('cause' in error) return errorCode(error.cause);
  }
  return undefined;
}

/**
 * Reads an answer into memory, refusing one larger than MAX_BODY_BYTES, whether it says so in its
 * Content-Length or, without one, only while it streams.
 */
async function readCapped(body: Readable, declared: number): Promise<string> {
  const tooLarge = () => new AppError('INTERNAL_SERVER_ERROR', 'The legacy answer is too large.');
  if (declared > MAX_BODY_BYTES) {
    body.destroy();
    throw tooLarge();
  }
  // Decoded as it arrives: the socket's buffers are let go at once rather than copied into one more
  // buffer of the whole answer (an export reads pages of megabytes).
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  // Leaving the loop early (the throw) destroys the stream, which closes the connection.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** The client's address for the legacy server (its login throttling counts per address). */
function forwardedFor(context: CallContext): Record<string, string> {
  return context.clientAddress ? { 'x-forwarded-for': context.clientAddress } : {};
}

/**
 * What a streamed list asks for and how its pages are checked: whole rows, or only `fields` of each
 * (Fields; the rest of a whole row, from a server that does not know Fields, is dropped). A column
 * the contract's rows do not have is not asked for: it would be dropped from a whole row too. Null
 * for a call that is not a list.
 */
function streamedRows(
  records: z.ZodType,
  fields: readonly string[] | undefined,
): { rows: z.ZodType; fields: readonly string[] | undefined } | null {
  const row = listRowSchema(records);
  if (!row) return null;
  const known = fields?.filter((field) => Object.hasOwn(row.shape, field)) ?? [];
  if (known.length === 0) return { rows: z.array(row), fields: undefined };
  const shape = Object.fromEntries(known.map((field) => [field, row.shape[field]]));
  return { rows: z.array(z.object(shape)), fields: known };
}

/**
 * The lines of an NDJSON body. A line is put together from its chunks only once its end has
 * arrived (searching a growing string for the newline would copy it again with every chunk).
 */
async function* ndjsonLines(body: Readable, maxLineBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending: string[] = [];
  let pendingLength = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    let text = decoder.decode(chunk, { stream: true });
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n')) {
      pending.push(text.slice(0, end));
      const line = pending.join('');
      pending = [];
      pendingLength = 0;
      text = text.slice(end + 1);
      if (line.trim() !== '') yield line;
    }
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength > maxLineBytes)
      throw new AppError('INTERNAL_SERVER_ERROR', 'The legacy answer is too large.');
  }
  const rest = pending.join('') + decoder.decode();
  if (rest.trim() !== '') yield rest;
}

/** Only a failure that tells nothing was answered may be retried, and only for reads. */
function isRetryable(error: unknown): boolean {
  return error instanceof AppError && error.code === 'UPSTREAM_UNAVAILABLE';
}

function isFlat(body: Record<string, unknown>): boolean {
  return Object.values(body).every(
    (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
  );
}

/** Form fields are text: a list or an object (such as Grants) travels as JSON text. */
function textEntries(body: Record<string, unknown>): [string, string][] {
  return Object.entries(body)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => [
      key,
      typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The boundary of a multipart content type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const match = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(
    contentType,
  );
  return match?.[1] ?? match?.[2] ?? null;
}

/** A multipart body with one more text part in front, streamed: the rest is passed through. */
function withLeadingField(body: Readable, contentType: string, name: string, value: string) {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return body;
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const out = new PassThrough();
  out.write(part);
  body.on('error', (error) => out.destroy(error));
  body.pipe(out);
  return out;
}

/**
 * The one module that talks to the legacy server: one method per call of the contract, a capped
 * connection pool, explicit timeouts, the envelope and records validated, retries for reads only.
 */
export class LegacyClient {
  readonly #pool: Pool;
  readonly #options: LegacyClientOptions;
  readonly #basePath: string;

  constructor(options: LegacyClientOptions) {
    this.#options = options;
    const url = new URL(options.baseUrl);
    this.#basePath = url.pathname.replace(/\/$/, '');
    this.#pool = new Pool(url.origin, {
      connections: options.connections,
      connectTimeout: options.connectTimeoutMs,
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
      keepAliveTimeout: 10_000,
    });
  }

  async call<Name extends LegacyCallName>(
    name: Name,
    input: CallInput<Name>,
    context: CallContext,
  ): Promise<CallResult<CallRecords<Name>>> {
    const definition: CallDefinition<z.ZodType, z.ZodType> = legacyCalls[name];
    const attempts = definition.readOnly ? 1 + this.#options.readRetries : 1;
    const deadline = AbortSignal.timeout(
      definition.long ? this.#options.reportDeadlineMs : this.#options.deadlineMs,
    );
    const started = performance.now();
    let outcome = 'ok';
    try {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return (await this.#once(
            name,
            definition,
            input as Record<string, unknown>,
            context,
            deadline,
          )) as CallResult<CallRecords<Name>>;
        } catch (error) {
          if (attempt >= attempts || !isRetryable(error) || deadline.aborted) throw error;
          this.#options.log.warn(
            { requestId: context.requestId, call: name, attempt },
            'retrying a read after an upstream failure',
          );
          await sleep(50 * 2 ** (attempt - 1), undefined, { signal: deadline }).catch(
            () => undefined,
          );
          if (deadline.aborted) throw error;
        }
      }
    } catch (error) {
      outcome = error instanceof AppError ? error.code : 'INTERNAL_SERVER_ERROR';
      throw error;
    } finally {
      this.#options.observe?.(name, outcome, (performance.now() - started) / 1000);
    }
  }

  /** The path, headers and body of a call, as the configured API version sends them. */
  #prepare(
    definition: CallDefinition<z.ZodType, z.ZodType>,
    input: Record<string, unknown>,
    context: CallContext,
  ): { path: string; headers: Record<string, string>; body: string | undefined } {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': context.requestId,
      ...forwardedFor(context),
    };
    let path = `${this.#basePath}/${definition.path}`;
    let body: string | undefined;
    // API version 2 sends the token and the key in the body; version 1 in headers.
    const withToken =
      this.#options.version === 2
        ? {
            ...input,
            ...(context.token ? { token: context.token } : {}),
            ...(context.idempotencyKey ? { [IDEMPOTENCY_BODY_FIELD]: context.idempotencyKey } : {}),
          }
        : input;
    if (this.#options.version === 1 && context.token)
      headers.authorization = `Bearer ${context.token}`;
    if (this.#options.version === 1 && context.idempotencyKey)
      headers[IDEMPOTENCY_HEADER] = context.idempotencyKey;
    if (definition.method === 'GET') {
      const query = new URLSearchParams(textEntries(withToken));
      path = `${path}?${query.toString()}`;
    } else if (this.#options.version === 2 && isFlat(withToken)) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(textEntries(withToken)).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(withToken);
    }

    return { path, headers, body };
  }

  async #once(
    name: string,
    definition: CallDefinition<z.ZodType, z.ZodType>,
    input: Record<string, unknown>,
    context: CallContext,
    deadline: AbortSignal,
  ): Promise<CallResult<unknown>> {
    const { path, headers, body } = this.#prepare(definition, input, context);
    let status: number;
    let text: string;
    let retryAfter: string | string[] | undefined;
    try {
      const response = await this.#pool.request({
        method: definition.method,
        path,
        headers,
        body: body ?? null,
        signal: deadline,
        ...(definition.long ? { headersTimeout: this.#options.reportDeadlineMs } : {}),
      });
      status = response.statusCode;
      retryAfter = response.headers['retry-after'];
      text = await readCapped(response.body, Number(response.headers['content-length'] ?? 0));
    } catch (error) {
      throw this.#transportError(error, name, context, deadline, !definition.readOnly);
    }
    return this.#interpret(name, definition, { status, text, retryAfter }, context);
  }

  /**
   * What a failed exchange means to the caller. For a write, a timeout or a connection lost once
   * the request may have been read means its outcome is unknown: said so, never "try again".
   */
  #transportError(
    error: unknown,
    name: string,
    context: CallContext,
    deadline: AbortSignal,
    write = false,
  ): AppError {
    const code = errorCode(error);
    const log = { requestId: context.requestId, call: name, code };
    if (error instanceof AppError) {
      this.#options.log.error(log, error.message);
      return error;
    }
    const timedOut = deadline.aborted || (code !== undefined && TIMEOUT_CODES.has(code));
    if (write && (timedOut || (code !== undefined && LOST_AFTER_SENDING_CODES.has(code)))) {
      this.#options.log.warn(log, 'a write got no answer: its outcome is unknown');
      return new AppError('UPSTREAM_TIMEOUT', OUTCOME_UNKNOWN_MESSAGE, {
        cause: error,
        outcomeUnknown: true,
      });
    }
    if (timedOut) {
      this.#options.log.warn(log, 'legacy server timed out');
      return new AppError('UPSTREAM_TIMEOUT', undefined, { cause: error });
    }
    if (code && UNAVAILABLE_CODES.has(code)) {
      this.#options.log.warn(log, 'legacy server unreachable');
      return new AppError('UPSTREAM_UNAVAILABLE', undefined, { cause: error });
    }
    this.#options.log.error({ ...log, err: error }, 'legacy call failed');
    return new AppError('UPSTREAM_UNAVAILABLE', undefined, { cause: error });
  }

  #interpret(
    name: string,
    definition: CallDefinition<z.ZodType, z.ZodType>,
    answer: { status: number; text: string; retryAfter?: string | string[] | undefined },
    context: CallContext,
  ): CallResult<unknown> {
    const { status, text } = answer;
    const log = { requestId: context.requestId, call: name, status };
    if (status === 401) throw new AppError('UNAUTHENTICATED');
    if (status === 502 || status === 503 || status === 504) {
      this.#options.log.warn(log, 'legacy server unavailable');
      throw new AppError('UPSTREAM_UNAVAILABLE');
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.#options.log.error({ ...log, body: text.slice(0, 200) }, 'legacy answer is not JSON');
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    const envelope = AnyEnvelope.safeParse(json);
    if (!envelope.success) {
      this.#options.log.error(
        { ...log, issue: envelope.error.issues[0]?.message },
        'legacy answer is not an envelope',
      );
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    const { flag } = envelope.data;
    const output = context.texts
      ? context.texts.message(envelope.data.code, envelope.data.params, envelope.data.output)
      : envelope.data.output;
    if (status === 422 || status === 413) throw new AppError('BAD_USER_INPUT', output);
    if (status === 429) {
      const seconds = Number(answer.retryAfter);
      throw new AppError('RATE_LIMITED', output, {
        ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfter: Math.ceil(seconds) } : {}),
      });
    }
    if (status >= 400) {
      this.#options.log.error({ ...log, output }, 'legacy server failed');
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    if (flag !== 1) throw new AppError('REJECTED', output);
    const records = definition.records.safeParse(envelope.data.records);
    if (!records.success) {
      const issue = records.error.issues[0];
      this.#options.log.error(
        { ...log, path: issue?.path.join('.'), issue: issue?.message },
        'legacy records do not match the contract',
      );
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    return { output, records: records.data };
  }

  /**
   * An upload call: the caller's multipart body is streamed upstream as it came, never decoded and
   * re-encoded (the file may be megabytes). API version 2 expects the token as a form field, so it
   * is sent as one more text part ahead of the caller's parts. Never retried: it writes.
   */
  async upload<Name extends UploadCallName>(
    name: Name,
    body: Readable,
    contentType: string,
    context: CallContext & { signal?: AbortSignal },
  ): Promise<CallResult<CallRecords<Name>>> {
    const definition: CallDefinition<z.ZodType, z.ZodType> = legacyCalls[name];
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': contentType,
      'x-request-id': context.requestId,
      ...forwardedFor(context),
    };
    let payload: Readable = body;
    if (this.#options.version === 1 && context.token)
      headers.authorization = `Bearer ${context.token}`;
    if (this.#options.version === 1 && context.idempotencyKey)
      headers[IDEMPOTENCY_HEADER] = context.idempotencyKey;
    if (this.#options.version === 2 && context.token)
      payload = withLeadingField(body, contentType, 'token', context.token);
    if (this.#options.version === 2 && context.idempotencyKey)
      payload = withLeadingField(
        payload,
        contentType,
        IDEMPOTENCY_BODY_FIELD,
        context.idempotencyKey,
      );
    // The caller's signal (the gateway's own size cap) aborts the request and its connection,
    // so no half-sent body is left on a socket the pool would reuse.
    const timeout = AbortSignal.timeout(this.#options.uploadDeadlineMs);
    const deadline = context.signal ? AbortSignal.any([timeout, context.signal]) : timeout;
    const started = performance.now();
    let outcome = 'ok';
    try {
      let status: number;
      let text: string;
      let retryAfter: string | string[] | undefined;
      try {
        const response = await this.#pool.request({
          method: 'POST',
          path: `${this.#basePath}/${definition.path}`,
          headers,
          body: payload,
          signal: deadline,
          headersTimeout: this.#options.uploadDeadlineMs,
        });
        status = response.statusCode;
        retryAfter = response.headers['retry-after'];
        text = await readCapped(response.body, Number(response.headers['content-length'] ?? 0));
      } catch (error) {
        throw this.#transportError(error, name, context, deadline, true);
      }
      // A body the server could not read as a form is the caller's mistake, said in the output.
      if (status === 400 || status === 415) {
        const envelope = AnyEnvelope.safeParse(safeJson(text));
        if (envelope.success) throw new AppError('BAD_USER_INPUT', envelope.data.output);
      }
      return this.#interpret(name, definition, { status, text, retryAfter }, context) as CallResult<
        CallRecords<Name>
      >;
    } catch (error) {
      outcome = error instanceof AppError ? error.code : 'INTERNAL_SERVER_ERROR';
      throw error;
    } finally {
      this.#options.observe?.(name, outcome, (performance.now() - started) / 1000);
    }
  }

  /**
   * The rest of a list read in one streamed answer (the list call with Stream): its pages of rows as
   * the server writes them, each checked against the call's rows; the answer must end with its
   * last line (a cut-off stream is an error, never a short list). Null when the server answered an
   * ordinary page instead, as a server that does not stream does: the caller then reads page by
   * page. Not retried (it is read once, while rows are written on); the body timeout bounds each
   * wait for the next chunk. With `fields`, only those fields of each row are asked for (Fields)
   * and kept.
   */
  async stream<Name extends LegacyCallName>(
    name: Name,
    input: CallInput<Name>,
    context: CallContext,
    fields?: readonly string[],
  ): Promise<AsyncIterable<readonly Record<string, unknown>[]> | null> {
    const definition: CallDefinition<z.ZodType, z.ZodType> = legacyCalls[name];
    const streamed = streamedRows(definition.records, fields);
    if (!streamed) throw new Error(`${name} is not a list call`);
    const { path, headers, body } = this.#prepare(
      definition,
      {
        ...(input as Record<string, unknown>),
        Stream: true,
        ...(streamed.fields ? { Fields: streamed.fields } : {}),
      },
      context,
    );
    headers.accept = `${STREAM_CONTENT_TYPE}, application/json`;
    const connecting = AbortSignal.timeout(this.#options.deadlineMs);
    let response: Dispatcher.ResponseData;
    try {
      response = await this.#pool.request({
        method: definition.method,
        path,
        headers,
        body: body ?? null,
        signal: connecting,
      });
    } catch (error) {
      throw this.#transportError(error, name, context, connecting);
    }
    const type = String(response.headers['content-type'] ?? '');
    if (response.statusCode !== 200 || !type.startsWith(STREAM_CONTENT_TYPE)) {
      let text: string;
      try {
        text = await readCapped(response.body, Number(response.headers['content-length'] ?? 0));
      } catch (error) {
        throw this.#transportError(error, name, context, connecting);
      }
      // A refusal or failure is thrown as any call's is; an ordinary page means no streaming.
      this.#interpret(name, definition, { status: response.statusCode, text }, context);
      return null;
    }
    return this.#pages(name, response.body, streamed.rows, context);
  }

  async *#pages(
    name: string,
    body: Readable,
    rows: z.ZodType,
    context: CallContext,
  ): AsyncGenerator<readonly Record<string, unknown>[]> {
    const log = { requestId: context.requestId, call: name };
    const broken = (why: string) => {
      this.#options.log.error(log, `legacy stream ${why}`);
      return new AppError('INTERNAL_SERVER_ERROR');
    };
    let ended = false;
    try {
      for await (const line of ndjsonLines(body, MAX_BODY_BYTES)) {
        if (ended) throw broken('went on after its last line');
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          throw broken('has a line that is not JSON');
        }
        if (!Array.isArray(value)) {
          const envelope = AnyEnvelope.safeParse(value);
          if (!envelope.success || envelope.data.flag !== 1) throw broken('ended with a failure');
          ended = true;
          continue;
        }
        const page = rows.safeParse(value);
        if (!page.success) throw broken('has rows that do not match the contract');
        yield page.data as readonly Record<string, unknown>[];
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw this.#transportError(error, name, context, new AbortController().signal);
    } finally {
      // Left early (the export was abandoned): close the connection rather than read to the end.
      if (!body.readableEnded) body.destroy();
    }
    if (!ended) throw broken('was cut off');
  }

  /** Streams a document (`files/…`) with the caller's token. */
  async file(path: string, context: CallContext): Promise<FileResponse> {
    const headers: Record<string, string> = { 'x-request-id': context.requestId };
    if (context.token) headers.authorization = `Bearer ${context.token}`;
    const deadline = AbortSignal.timeout(this.#options.deadlineMs);
    try {
      const response = await this.#pool.request({
        method: 'GET',
        path: `${this.#basePath}/files/${path}`,
        headers,
        signal: deadline,
      });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      throw this.#transportError(error, 'files', context, deadline);
    }
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}
