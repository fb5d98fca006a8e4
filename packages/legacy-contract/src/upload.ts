// Types only: calls.ts imports this module's helpers through the call files, so a value import
// back would be a cycle that leaves some call file half-initialised.
import type { LegacyCallName, LegacyCalls } from './calls.ts';

/*
 * An upload call: a contract call whose body is multipart/form-data, one file part plus the text
 * fields of the call's request schema. The description lives on the call definition (`upload`),
 * so legacy-api, the gateway and the reference docs all read the same limits.
 */

export interface UploadSpec {
  /** The name of the one file part, e.g. `File`. */
  field: string;
  /** The largest file accepted, in bytes; a larger one is refused with this limit in the message. */
  maxBytes: number;
  /** The media types accepted, as a browser's `accept` attribute would list them. */
  accept: readonly string[];
  /** What the accepted types are called in messages ("PNG, JPEG or WebP"). */
  acceptText: string;
}

/** 2097152 → "2 MB", 1536 → "1.5 KB": the limits as the messages state them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/** The refusal for a file over the limit, worded the same by every layer. */
export function tooLargeMessage(spec: Pick<UploadSpec, 'maxBytes'>): string {
  return `The file is too large: the limit is ${formatBytes(spec.maxBytes)}.`;
}

export function missingFileMessage(spec: Pick<UploadSpec, 'field'>): string {
  return `${spec.field} is required: attach one file.`;
}

export function tooManyFilesMessage(spec: Pick<UploadSpec, 'field'>): string {
  return `Send exactly one file (${spec.field}).`;
}

/** The calls of the contract that describe an upload. */
export type UploadCallName = {
  [Name in LegacyCallName]: LegacyCalls[Name] extends { upload: UploadSpec } ? Name : never;
}[LegacyCallName];
