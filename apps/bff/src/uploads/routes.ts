import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { ASSET_DOCUMENT_KINDS } from '@branch-assets/domain';
import {
  type BulkCallName,
  type CallRecords,
  tooLargeMessage,
  type UploadCallName,
  uploadSpec,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/codes.ts';
import type { GalleryKind } from '../generated/resolvers.ts';
import { KIND_FROM_GRAPHQL } from '../graphql/list-filters.ts';
import { assetFile } from '../graphql/resolvers/assets.ts';
import { galleryImage } from '../graphql/resolvers/gallery.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { writeKeys } from '../legacy/idempotency-keys.ts';
import { tokenOf } from '../session/request-auth.ts';
import { bulkReport } from './bulk.ts';

/*
 * POST /uploads/<name>?…: the file is the request body (its own Content-Type), its name and the
 * upload's own values are query parameters by the gateway's names (`fileName`, a gallery image's
 * `title` and `kind`, a bulk upload's `commit`); the gateway builds the multipart/form-data body of
 * the legacy upload call from them, so no client ever writes a legacy field name. Authentication
 * and CSRF are those of every other route (the request-auth hook: the session cookie needs the
 * x-requested-with header, a bearer token is used as it is). The file is streamed upstream,
 * counted on the way, and cut off past the call's file limit; legacy-api checks everything again.
 */

interface UploadTarget<Name extends UploadCallName> {
  call: Name;
  /** The upload's own query parameters, checked, beside `fileName`. */
  query: z.ZodType<Record<string, string>>;
  /** The legacy call's text fields from them. */
  fields(query: Record<string, string>): Record<string, string>;
  /** The JSON `record` of a success: the record as the gateway's clients see it (camelCase). */
  present(records: CallRecords<Name>): unknown;
}

function target<Name extends UploadCallName>(entry: UploadTarget<Name>): UploadTarget<Name> {
  return entry;
}

const GALLERY_KINDS = Object.keys(KIND_FROM_GRAPHQL) as [GalleryKind, ...GalleryKind[]];

const galleryQuery = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(100, 'title must be at most 100 characters'),
  kind: z.enum(GALLERY_KINDS, { error: `kind must be one of ${GALLERY_KINDS.join(', ')}` }),
}) as z.ZodType<Record<string, string>>;

/** A bulk upload checks the file (commit=false, the default) or stores its rows (commit=true). */
function bulkTarget<Name extends BulkCallName>(call: Name) {
  return target({
    call,
    query: z.object({
      commit: z.enum(['true', 'false'], { error: 'commit must be true or false' }).optional(),
    }) as z.ZodType<Record<string, string>>,
    fields: (query) => ({ UserInterface: '1', Commit: query.commit === 'true' ? '1' : '0' }),
    present: bulkReport,
  });
}

/** Everything that may be uploaded, by the name in the URL. Adding a target is an entry here. */
export const UPLOAD_TARGETS = {
  gallery: target({
    call: 'galleryStore',
    query: galleryQuery,
    fields: (query) => ({
      UserInterface: '1',
      Title: query.title ?? '',
      Kind: KIND_FROM_GRAPHQL[query.kind as GalleryKind],
    }),
    present: galleryImage,
  }),
  // An asset's document (?assetId=&kind=&title=), checked by its content upstream.
  'asset-file': target({
    call: 'assetFileStore',
    query: z.object({
      assetId: z.string().regex(/^[1-9]\d{0,9}$/, 'assetId must be a positive whole number'),
      kind: z.enum(ASSET_DOCUMENT_KINDS, {
        error: `kind must be one of ${ASSET_DOCUMENT_KINDS.join(', ')}`,
      }),
      title: z
        .string({ error: 'title is required' })
        .trim()
        .min(1, 'title is required')
        .max(150, 'title must be at most 150 characters'),
    }) as z.ZodType<Record<string, string>>,
    fields: (query) => ({
      UserInterface: '1',
      Asset: query.assetId ?? '',
      Kind: query.kind ?? '',
      Title: query.title ?? '',
    }),
    present: assetFile,
  }),
  // The vendor's quotation of a draft or rejected order (?purchaseOrderId=), checked by content.
  'purchase-order-quotation': target({
    call: 'purchaseOrderQuotationStore',
    query: z.object({
      purchaseOrderId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'purchaseOrderId must be a positive whole number'),
    }) as z.ZodType<Record<string, string>>,
    fields: (query) => ({ UserInterface: '1', PurchaseOrder: query.purchaseOrderId ?? '' }),
    present: (row) => ({ id: String(row.PurchaseOrderId), number: row.PurchaseOrderNumber }),
  }),
  // An installation's report while it waits for sign-off (?assetInstallationId=), checked by content.
  'asset-installation-report': target({
    call: 'assetInstallationReportStore',
    query: z.object({
      assetInstallationId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'assetInstallationId must be a positive whole number'),
    }) as z.ZodType<Record<string, string>>,
    fields: (query) => ({ UserInterface: '1', AssetInstallation: query.assetInstallationId ?? '' }),
    present: (row) => ({ id: String(row.AssetInstallationId), number: row.InstallationNumber }),
  }),
  // A job order's service report until it is closed (?jobOrderId=), checked by content.
  'job-order-report': target({
    call: 'jobOrderReportStore',
    query: z.object({
      jobOrderId: z.string().regex(/^[1-9]\d{0,9}$/, 'jobOrderId must be a positive whole number'),
    }) as z.ZodType<Record<string, string>>,
    fields: (query) => ({ UserInterface: '1', JobOrder: query.jobOrderId ?? '' }),
    present: (row) => ({ id: String(row.JobOrderId), number: row.JobNumber }),
  }),
  // The photo of one item of a physical audit not signed off (?assetAuditId=&itemId=).
  'asset-audit-photo': target({
    call: 'assetAuditPhotoStore',
    query: z.object({
      assetAuditId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'assetAuditId must be a positive whole number'),
      itemId: z.string().regex(/^[1-9]\d{0,9}$/, 'itemId must be a positive whole number'),
    }) as z.ZodType<Record<string, string>>,
    fields: (query) => ({
      UserInterface: '1',
      AssetAudit: query.assetAuditId ?? '',
      Item: query.itemId ?? '',
    }),
    present: (row) => ({
      id: String(row.ItemId),
      photoUrl: row.PhotoUrl ? `/${row.PhotoUrl}` : null,
    }),
  }),
  'vendor-bulk': bulkTarget('vendorBulkUpload'),
  'asset-bulk': bulkTarget('assetBulkUpload'),
  'branch-bulk': bulkTarget('branchBulkUpload'),
} as const;
export type UploadTargetName = keyof typeof UPLOAD_TARGETS;

function isUploadTarget(name: string): name is UploadTargetName {
  return Object.hasOwn(UPLOAD_TARGETS, name);
}

const fileNameQuery = z.object({
  fileName: z
    .string({ error: 'fileName is required' })
    .min(1, 'fileName is required')
    .max(255, 'fileName must be at most 255 characters'),
});

/**
 * The legacy call's multipart body around the streamed file: the text fields, then the file part.
 * The file name keeps printable ASCII only (quotes and line breaks would end the header early).
 */
function legacyForm(
  fields: Record<string, string>,
  file: { part: string; name: string; type: string; body: Readable },
): { body: Readable; contentType: string } {
  const boundary = `branch-assets-${randomUUID()}`;
  const name = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const head =
    Object.entries(fields)
      .map(
        ([field, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.part}"; filename="${name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const out = new PassThrough();
  out.write(head);
  file.body.on('error', (error) => out.destroy(error));
  file.body.on('end', () => out.end(`\r\n--${boundary}--\r\n`));
  file.body.pipe(out, { end: false });
  return { body: out, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The media type a client sent, or a plain octet stream; never a multipart or parameterised one. */
function fileType(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type) ? type : 'application/octet-stream';
}

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
  // Only in this plugin's scope: the body, of whatever type, stays a stream for the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.post<{ Params: { name: string }; Querystring: Record<string, string> }>(
    '/uploads/:name',
    async (request, reply) => {
      const name = request.params.name;
      if (!isUploadTarget(name)) throw new AppError('NOT_FOUND', 'No such upload.');
      const token = tokenOf(request.auth);
      const entry: UploadTarget<UploadCallName> = UPLOAD_TARGETS[name];
      const spec = uploadSpec(entry.call);
      const { fileName: file, ...rest } = request.query;
      const named = fileNameQuery.safeParse({ fileName: file });
      const own = entry.query.safeParse(rest);
      if (!named.success || !own.success) {
        const issue = (named.error ?? own.error)?.issues[0];
        throw new AppError('BAD_USER_INPUT', issue?.message ?? 'The query is not valid.');
      }
      const type = fileType(request.headers['content-type']);
      if (type.startsWith('multipart/'))
        throw new AppError('BAD_USER_INPUT', 'Send the file itself as the body, not a form.');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > spec.maxBytes) {
        // Said before a byte is read; the connection is closed so the rest is not read either.
        reply.header('connection', 'close');
        throw new AppError('BAD_USER_INPUT', tooLargeMessage(spec));
      }
      const cap = new ByteCap(spec.maxBytes);
      request.raw.on('error', (error) => cap.destroy(error));
      request.raw.pipe(cap);
      const form = legacyForm(entry.fields(own.data), {
        part: spec.field,
        name: named.data.fileName,
        type,
        body: cap,
      });
      try {
        const { output, records } = await options.legacy.upload(
          entry.call,
          form.body,
          form.contentType,
          {
            token,
            requestId: request.id,
            clientAddress: request.ip,
            idempotencyKey: writeKeys(request)(),
            signal: cap.signal,
          },
        );
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
    },
  );
}
