import type { BulkColumn, BulkLimits } from '@branch-assets/legacy-contract';
import { readSheet, type SheetRow } from '../bulk-upload/read-sheet.ts';
import type { InspectedImage } from '../gallery/images.ts';
import { makeThumbnail, type Thumbnail } from '../gallery/thumbnail.ts';
import { Refusal } from '../http/errors.ts';

/*
 * What runs in the pool's worker threads (pool.ts): the CPU-heavy part of an upload. Node loads
 * this file directly (type stripping), under vitest too, so it imports only with .ts extensions
 * and nothing of vitest's. Errors do not cross a thread as class instances: a Refusal comes back
 * as a tagged result, which pool.ts turns into a Refusal again; anything else is a plain error.
 */

/** A task's answer: its value, or the refusal message a user sees. */
export type Settled<T> = { ok: true; value: T } | { ok: false; refusal: string };

async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.output };
    throw error;
  }
}

/** The uploaded file as it arrives here: its own ArrayBuffer, transferred, not copied. */
function bufferOf(bytes: ArrayBuffer): Buffer {
  return Buffer.from(bytes);
}

export function thumbnail(input: {
  bytes: ArrayBuffer;
  image: InspectedImage;
}): Promise<Settled<Thumbnail>> {
  return settle(() => makeThumbnail(bufferOf(input.bytes), input.image));
}

export function sheet(input: {
  bytes: ArrayBuffer;
  columns: readonly BulkColumn[];
  limits: BulkLimits;
}): Promise<Settled<SheetRow[]>> {
  return settle(() => readSheet(bufferOf(input.bytes), input.columns, input.limits));
}

/** The tasks by name, for pool.ts's types. */
export interface Tasks {
  thumbnail: typeof thumbnail;
  sheet: typeof sheet;
}
