import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { AnyEnvelope, legacyCalls } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sheetBomb } from '../bulk-upload/test-sheets.ts';
import { largePng, multipartBody } from '../gallery/test-images.ts';

/*
 * Issue 13's scene, shared by the responsiveness test (which asserts a bound on the event-loop
 * delay) and the bench (which prints the figures): large images and a zip bomb are uploaded at
 * once while a viewer keeps asking for their branches, a cheap call. The files are made before
 * the measurement starts, so making them is not counted.
 */

export interface LoadFigures {
  /** Each upload's HTTP status, flag and message, images first, then the bombs. */
  uploads: { status: number; flag: number; output: string }[];
  /** From the first upload sent to the last answer. */
  uploadsMs: number;
  /** Each cheap call's time, in the order they were made; every one answered flag 1. */
  cheapMs: number[];
  /** The event loop's delay over the same time, in milliseconds. */
  delay: { p50: number; p99: number; max: number };
  /** The process's resident memory at its highest seen (worker threads included), in MB. */
  peakRssMb: number;
}

export interface LoadOptions {
  /** A token allowed to upload gallery images and bulk-upload vendors. */
  uploader: string;
  /** A token for the cheap call (branch/lists). */
  viewer: string;
  images?: number;
  bombs?: number;
}

async function send(
  app: FastifyInstance,
  token: string,
  path: string,
  form: Parameters<typeof multipartBody>,
) {
  const { body, contentType } = await multipartBody(...form);
  const response = await app.inject({
    method: 'POST',
    url: `/${path}`,
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  const envelope = AnyEnvelope.parse(response.json());
  return { status: response.statusCode, flag: envelope.flag, output: envelope.output };
}

export function uploadImage(app: FastifyInstance, token: string, bytes: Buffer, title: string) {
  return send(app, token, legacyCalls.galleryStore.path, [
    { UserInterface: '1', Title: title, Kind: 'asset_photo' },
    [{ field: 'File', name: 'plan.png', type: 'image/png', bytes }],
  ]);
}

export function uploadVendors(app: FastifyInstance, token: string, bytes: Buffer) {
  return send(app, token, legacyCalls.vendorBulkUpload.path, [
    { UserInterface: '1', Commit: '0' },
    [
      {
        field: 'File',
        name: 'vendors.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes,
      },
    ],
  ]);
}

/** A cheap call's time from when it was due, so that a stalled loop counts the wait in full. */
async function cheapCall(app: FastifyInstance, token: string, due: number): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/${legacyCalls.branchLists.path}`,
    payload: {},
    headers: { authorization: `Bearer ${token}` },
  });
  const took = performance.now() - due;
  const envelope = AnyEnvelope.parse(response.json());
  if (envelope.flag !== 1) throw new Error(`branch/lists: ${envelope.output}`);
  return took;
}

const CHEAP_CALL_EVERY_MS = 50;

/**
 * Keeps making cheap calls and watches the event loop until `work` settles; `work` starts only
 * once the watching has.
 */
async function whileWorking<T>(
  app: FastifyInstance,
  viewer: string,
  work: () => Promise<T>,
): Promise<{ result: T; ms: number } & Omit<LoadFigures, 'uploads' | 'uploadsMs'>> {
  // 10 ms: fine enough to see a stall of tens of milliseconds, coarse enough to cost nothing.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  let finished = false;
  const working = work().finally(() => {
    finished = true;
  });
  // Viewers clicking around: a call due every 50 ms, each timed from when it was due, not from
  // when a busy loop got round to sending it (a click during a stall waits for all of it).
  const calls: Promise<number>[] = [];
  let peakRss = 0;
  for (let due = started; !finished; due += CHEAP_CALL_EVERY_MS) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    calls.push(cheapCall(app, viewer, due));
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  const result = await working;
  const ms = performance.now() - started;
  const cheapMs = await Promise.all(calls);
  histogram.disable();
  const inMs = (nanoseconds: number) => nanoseconds / 1e6;
  return {
    result,
    ms,
    cheapMs,
    delay: {
      p50: inMs(histogram.percentile(50)),
      p99: inMs(histogram.percentile(99)),
      max: inMs(histogram.max),
    },
    peakRssMb: peakRss / 1024 / 1024,
  };
}

/** Runs the uploads and the cheap calls together; returns what was measured. */
export async function measureUnderLoad(
  app: FastifyInstance,
  { uploader, viewer, images = 6, bombs = 1 }: LoadOptions,
): Promise<LoadFigures> {
  const png = largePng();
  const bomb = await sheetBomb();
  const measured = await whileWorking(app, viewer, () =>
    Promise.all([
      ...Array.from({ length: images }, (_, index) =>
        uploadImage(app, uploader, png, `Floor plan ${index + 1}`),
      ),
      ...Array.from({ length: bombs }, () => uploadVendors(app, uploader, bomb)),
    ]),
  );
  const { result, ms, ...figures } = measured;
  return { uploads: result, uploadsMs: ms, ...figures };
}

/**
 * The same cheap calls and watching for `ms` with no upload: what this machine gives when nothing
 * else runs here, to read the figures under load against.
 */
export async function measureIdle(
  app: FastifyInstance,
  viewer: string,
  ms: number,
): Promise<Omit<LoadFigures, 'uploads' | 'uploadsMs'>> {
  const { result: _none, ms: _ms, ...figures } = await whileWorking(app, viewer, () => sleep(ms));
  return figures;
}

/** The p-th percentile of some samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
