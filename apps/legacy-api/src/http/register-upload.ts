import {
  type CallRequest,
  describeValidationError,
  type LegacyCallName,
  legacyCalls,
  missingFileMessage,
  tooLargeMessage,
  tooManyFilesMessage,
  type UploadCallName,
  type UploadSpec,
  uploadSpec,
} from '@branch-assets/legacy-contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, type Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { HttpRefusal } from './errors.ts';
import { fingerprintOf, idempotencyKeyOf, runIdempotent } from './idempotency.ts';
import type { CallContext, CallResult } from './register-call.ts';
import { refuseUnstorableText, withoutTransportFields } from './register-call.ts';

/*
 * Upload calls: contract calls whose body is multipart/form-data, one file part plus text fields.
 * They answer with the same envelope as every other call. The file is read into memory, but never
 * more of it than the call's `upload.maxBytes` (busboy stops counting there), and the text fields
 * are validated with the call's request schema, which already accepts the text form of numbers
 * and flags (API version 2 sends everything as text).
 */

export interface UploadedFile {
  /** The name the client gave the file: shown back to the user at most, never trusted. */
  fileName: string;
  /** The media type the client declared: a hint only; the content decides. */
  declaredType: string;
  bytes: Buffer;
}

export interface UploadCallContext<Name extends LegacyCallName> extends CallContext<Name> {
  file: UploadedFile;
  upload: UploadSpec;
}

/** Small text fields only: a title, a kind, an id. Anything bigger is not a form of ours. */
const FIELD_LIMITS = { fields: 20, fieldSize: 16 * 1024, fieldNameSize: 100, headerPairs: 50 };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on upload routes: only they accept a multipart body. */
    uploadCall?: boolean;
  }
}

/**
 * Registers @fastify/multipart once for the whole API with tight defaults (each upload call
 * narrows them again), and refuses a multipart body on any route that is not an upload call, so
 * a JSON call never runs on a body it did not read.
 */
export const uploadPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { ...FIELD_LIMITS, files: 2, parts: FIELD_LIMITS.fields + 2, fileSize: 1024 * 1024 },
      throwFileSizeLimit: true,
    });
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart() && !request.routeOptions.config.uploadCall) {
        throw new HttpRefusal(415, 'Send the request body as JSON or form-encoded.');
      }
    });
  },
  { name: 'upload-calls' },
);

function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** @fastify/multipart's and busboy's errors, as envelope refusals a user can act on. */
function refusalFor(error: unknown, spec: UploadSpec): unknown {
  if (error instanceof HttpRefusal) return error;
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpRefusal(413, tooLargeMessage(spec));
    case 'FST_FILES_LIMIT':
      return new HttpRefusal(422, tooManyFilesMessage(spec));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpRefusal(413, 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return new HttpRefusal(422, 'The form has a field name that is not allowed.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpRefusal(
        415,
        `Send this call as multipart/form-data with the file as ${spec.field}.`,
      );
    case 'FST_MP_PREMATURE_CLOSE':
    // The caller went away half-way (the gateway cut off an over-size body): nothing to log.
    case 'ECONNRESET':
      return new HttpRefusal(400, 'The upload was interrupted before it was complete.');
    default:
      // busboy's parse errors ("Unexpected end of form", "Malformed part header") carry no code.
      if (
        error instanceof Error &&
        !errorCode(error) &&
        /form|part|multipart|boundary/i.test(error.message)
      ) {
        return new HttpRefusal(400, 'The upload could not be read as multipart/form-data.');
      }
      return error;
  }
}

interface ReadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
  session: Session | null;
}

/**
 * Reads the parts in order. With a bearer header the caller is authenticated before any byte of
 * the file is read; API version 2 puts the token in a `token` field, which must then come before
 * the file part (it is checked as soon as the file part starts).
 */
async function readForm(
  app: FastifyInstance,
  request: FastifyRequest,
  spec: UploadSpec,
): Promise<ReadForm> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let session: Session | null = request.headers.authorization
    ? await authenticate(app.db, app.config, request)
    : null;
  const parts = request.parts({
    limits: { ...FIELD_LIMITS, files: 2, parts: FIELD_LIMITS.fields + 2, fileSize: spec.maxBytes },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) {
        throw new HttpRefusal(422, `${part.fieldname} is too long.`);
      }
      // The first value of a field counts, as with a form-encoded body read by a strict server.
      if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
      continue;
    }
    if (session === null) {
      request.body = fields;
      session = await authenticate(app.db, app.config, request);
    }
    if (file !== null) throw new HttpRefusal(422, tooManyFilesMessage(spec));
    if (part.fieldname !== spec.field) {
      throw new HttpRefusal(422, `Send the file as ${spec.field}, not as ${part.fieldname}.`);
    }
    file = {
      fileName: part.filename,
      declaredType: part.mimetype,
      bytes: await part.toBuffer(),
    };
  }
  return { fields, file, session };
}

/**
 * Registers an upload call (`legacyCalls[name].upload` says which file part, how large, which
 * types). Order of checks: the token, then the file's presence and size, then the text fields
 * against the request schema; only then the handler runs, with the file in memory.
 */
export function registerUploadCall<Name extends UploadCallName>(
  app: FastifyInstance,
  name: Name,
  handler: (context: UploadCallContext<Name>) => Promise<CallResult<Name>>,
): void {
  const definition = legacyCalls[name];
  const spec = uploadSpec(name);
  if (!definition.authenticated) throw new Error(`${name} is a public call`);
  app.route({
    method: 'POST',
    url: `/${definition.path}`,
    config: { uploadCall: true },
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        // Answered like any other call as far as it goes (token, then the fields' rules), so
        // clients and the contract suite see one behaviour; only then: the file cannot come so.
        await authenticate(app.db, app.config, request);
        refuseUnstorableText(withoutTransportFields(request.body));
        const fields = definition.request.safeParse(withoutTransportFields(request.body));
        if (!fields.success) throw new HttpRefusal(422, describeValidationError(fields.error));
        throw new HttpRefusal(
          415,
          `Send this call as multipart/form-data with the file as ${spec.field}.`,
        );
      }
      let form: ReadForm;
      try {
        form = await readForm(app, request, spec);
      } catch (error) {
        throw refusalFor(error, spec);
      }
      request.body = form.fields;
      const session = form.session ?? (await authenticate(app.db, app.config, request));
      if (!form.file) throw new HttpRefusal(422, missingFileMessage(spec));
      if (form.file.bytes.length === 0)
        throw new HttpRefusal(422, `${spec.field} is an empty file.`);
      const fields = withoutTransportFields(form.fields);
      refuseUnstorableText(fields);
      const parsed = definition.request.safeParse(fields);
      if (!parsed.success) throw new HttpRefusal(422, describeValidationError(parsed.error));
      const file = form.file;
      const run = (db: Db) =>
        handler({
          body: parsed.data as CallRequest<Name>,
          session,
          db,
          config: app.config,
          request,
          file,
          upload: spec,
        });
      const key = idempotencyKeyOf(request, form.fields);
      const { output, records } =
        key === null
          ? await run(app.db)
          : await runIdempotent(
              app.db,
              reply,
              {
                userId: session.user.userId,
                key,
                call: name,
                fingerprint: fingerprintOf(name, parsed.data, file.bytes),
              },
              run,
            );
      return { flag: 1, output, records };
    },
  });
}
