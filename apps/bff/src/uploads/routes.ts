import { Transform, type TransformCallback } from 'node:stream';
import {
  type CallRecords,
  tooLargeMessage,
  type UploadCallName,
  uploadSpec,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/codes.ts';
import { galleryImage } from '../graphql/resolvers/gallery.ts';
import { type LegacyClient, multipartBoundary } from '../legacy/client.ts';
import { writeKeys } from '../legacy/idempotency-keys.ts';
import { tokenOf } from '../session/request-auth.ts';
import { bulkReport } from './bulk.ts';

/*
 * POST /uploads/<name>: a multipart/form-data body (one file plus text fields) passed to an
 * upload call of the legacy contract. Authentication and CSRF are those of every other route
 * (the request-auth hook: the session cookie needs the x-requested-with header, a bearer token is
 * used as it is). The body is streamed upstream, counted on the way, and cut off past the call's
 * file limit plus room for the text fields; legacy-api checks everything again.
 */

interface UploadTarget<Name extends UploadCallName> {
  call: Name;
  /** The JSON `record` of a success: the record as the gateway's clients see it (camelCase). */
  present(records: CallRecords<Name>): unknown;
}

function target<Name extends UploadCallName>(entry: UploadTarget<Name>): UploadTarget<Name> {
  return entry;
}

/** Everything that may be uploaded, by the name in the URL. Adding a target is one line here. */
export const UPLOAD_TARGETS = {
  gallery: target({ call: 'galleryStore', present: galleryImage }),
  'vendor-bulk': target({ call: 'vendorBulkUpload', present: bulkReport }),
  'branch-bulk': target({ call: 'branchBulkUpload', present: bulkReport }),
} as const;
export type UploadTargetName = keyof typeof UPLOAD_TARGETS;

function isUploadTarget(name: string): name is UploadTargetName {
  return Object.hasOwn(UPLOAD_TARGETS, name);
}

/** Room for the text fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Passes the body on while counting it; past the limit it aborts the upstream request. */
class ByteCap extends Transform {
  #seen = 0;
  readonly #limit: number;
  readonly #abort = new AbortController();
  constructor(limit: number) {
    super();
    this.#limit = limit;
  }
  get signal(): AbortSignal {
    return this.#abort.signal;
  }
  get exceeded(): boolean {
    return this.#abort.signal.aborted;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#seen += chunk.length;
    if (this.#seen > this.#limit) {
      // Aborting (not just ending the stream) makes undici drop the connection: a body cut short
      // on a kept-alive socket would leave legacy-api's answer to it for the next request.
      this.#abort.abort(new Error('upload over the gateway limit'));
      callback();
      return;
    }
    callback(null, chunk);
  }
}

export async function uploadRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  // Only in this plugin's scope: the body stays a stream for the handler to pass on.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  app.post<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const name = request.params.name;
    if (!isUploadTarget(name)) throw new AppError('NOT_FOUND', 'No such upload.');
    const token = tokenOf(request.auth);
    const entry: UploadTarget<UploadCallName> = UPLOAD_TARGETS[name];
    const spec = uploadSpec(entry.call);
    const contentType = request.headers['content-type'] ?? '';
    if (!multipartBoundary(contentType)) {
      throw new AppError(
        'BAD_USER_INPUT',
        `Send the upload as multipart/form-data with the file as ${spec.field}.`,
      );
    }
    const limit = spec.maxBytes + FORM_OVERHEAD_BYTES;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) {
      // Said before a byte is read; the connection is closed so the rest is not read either.
      reply.header('connection', 'close');
      throw new AppError('BAD_USER_INPUT', tooLargeMessage(spec));
    }
    const cap = new ByteCap(limit);
    request.raw.on('error', (error) => cap.destroy(error));
    request.raw.pipe(cap);
    try {
      const { output, records } = await options.legacy.upload(entry.call, cap, contentType, {
        token,
        requestId: request.id,
        clientAddress: request.ip,
        idempotencyKey: writeKeys(request)(),
        signal: cap.signal,
      });
      return { message: output, record: entry.present(records) };
    } catch (error) {
      if (cap.exceeded) {
        reply.header('connection', 'close');
        throw new AppError('BAD_USER_INPUT', tooLargeMessage(spec));
      }
      throw error;
    } finally {
      request.raw.unpipe(cap);
    }
  });
}
