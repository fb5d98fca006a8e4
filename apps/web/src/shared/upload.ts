import type { TFunction } from 'i18next';
import { type Problem, problemOf } from './errors.ts';

/*
 * Uploads to the gateway's POST /uploads/<name> (docs/gateway.md): the file is the body, its name
 * and the upload's own values are query parameters by the gateway's names. XMLHttpRequest rather than
 * fetch: only it reports upload progress. The session is the httpOnly cookie; the custom header
 * is what the gateway's CSRF check asks of every cookie-authenticated write, as for GraphQL.
 */

/** The gateway's answer to a successful upload. */
export interface UploadResult<Record> {
  /** The legacy server's message, to show as the success notice. */
  message: string;
  record: Record;
}

/** A failed upload: a code of the gateway's closed set, UNREACHABLE or ABORTED. */
export class UploadError extends Error {
  readonly code: string;
  readonly requestId: string | undefined;
  /** The upload was sent and never answered: it may have been stored. */
  readonly outcomeUnknown: boolean;
  constructor(code: string, message: string, requestId?: string, outcomeUnknown = false) {
    super(message);
    this.name = 'UploadError';
    this.code = code;
    this.requestId = requestId;
    this.outcomeUnknown = outcomeUnknown;
  }
}

export interface UploadOptions {
  /** `/uploads/<name>`, as the gateway names it (e.g. GalleryList.upload.url). */
  url: string;
  file: File;
  /** The upload's own values (a gallery image's title and kind, a bulk upload's commit). */
  params?: Readonly<Record<string, string>>;
  /** Called with 0…1 as the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export const CSRF_HEADER = { name: 'x-requested-with', value: 'branch-assets-web' } as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Sends one file with its fields; resolves with the gateway's `{message, record}`. */
export function upload<Record = unknown>(options: UploadOptions): Promise<UploadResult<Record>> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({ ...options.params, fileName: options.file.name });
    const request = new XMLHttpRequest();
    request.open('POST', `${options.url}?${query}`);
    request.setRequestHeader('content-type', options.file.type || 'application/octet-stream');
    request.withCredentials = false; // same origin: the cookie goes anyway
    request.setRequestHeader(CSRF_HEADER.name, CSRF_HEADER.value);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = parse(request.responseText);
      if (request.status >= 200 && request.status < 300 && isObject(answer)) {
        options.onProgress?.(1);
        resolve({ message: String(answer.message ?? ''), record: answer.record as Record });
        return;
      }
      const error = isObject(answer) && isObject(answer.error) ? answer.error : {};
      reject(
        new UploadError(
          typeof error.code === 'string' ? error.code : 'INTERNAL_SERVER_ERROR',
          typeof error.message === 'string' ? error.message : '',
          typeof error.requestId === 'string' ? error.requestId : undefined,
          error.outcomeUnknown === true,
        ),
      );
    };
    request.onerror = () => reject(new UploadError('UNREACHABLE', ''));
    request.onabort = () => reject(new UploadError('ABORTED', ''));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.file);
  });
}

/** The message for a failed upload, as describeProblem tells a failed GraphQL call. */
export function describeUploadProblem(error: unknown, t: TFunction): Problem {
  if (!(error instanceof UploadError))
    return { code: 'UNREACHABLE', message: t('alerts.unreachable') };
  return problemOf(error.code, error.message, error.requestId, t, error.outcomeUnknown);
}

/** The limits a file is checked against in the browser, as a courtesy: the server checks again. */
export interface FileLimits {
  maxBytes: number;
  /** Media types; the browser's guess from the name, so only a first filter. */
  accept: readonly string[];
}

/** Why a chosen file will be refused, or null: 'type' or 'size'. */
export function fileProblem(file: File, limits: FileLimits): 'type' | 'size' | null {
  if (limits.accept.length > 0 && !limits.accept.includes(file.type)) return 'type';
  if (file.size > limits.maxBytes) return 'size';
  return null;
}
