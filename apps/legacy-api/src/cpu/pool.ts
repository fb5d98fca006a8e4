import type { FastifyInstance } from 'fastify';
import { Piscina } from 'piscina';
import { HttpRefusal, Refusal } from '../http/errors.ts';
import type { Settled, Tasks } from './worker.ts';

/*
 * The worker threads that take an upload's CPU work (decoding an image, parsing a spreadsheet)
 * off the event loop, so that one large file cannot stall every other user's calls (issue 13).
 * Bounded twice: UPLOAD_WORKERS run at once, UPLOAD_QUEUE_LIMIT more wait, and the next one is
 * answered 429 at once rather than held (its bytes, up to 2 MB, would wait in memory too).
 *
 * One pool per process and settings, shared by the app instances that use it (tests build several)
 * and closed when the last of them closes. Workers start with the first upload, not with the
 * server, and leave after a minute idle; an idle worker never keeps the process alive.
 */

export const BUSY_MESSAGE = 'The server is busy processing other uploads. Try again in a minute.';
/** Sent as Retry-After with the 429, as the message says. */
const RETRY_AFTER_SECONDS = 60;

/** Node runs the worker's TypeScript itself (type stripping), as it runs the server. */
const WORKER_FILE = new URL('./worker.ts', import.meta.url).href;

/** Lower than the event loop's priority (Linux nice +10): on a busy machine the loop goes first. */
const WORKER_NICE = 10;
const IDLE_MS = 60_000;

interface Shared {
  users: number;
  /** Tasks running or waiting: what the limits count. */
  inFlight: number;
  piscina: Piscina | null;
}

const pools = new Map<string, Shared>();

type Input<Name extends keyof Tasks> = Parameters<Tasks[Name]>[0];
type Value<Name extends keyof Tasks> =
  Awaited<ReturnType<Tasks[Name]>> extends Settled<infer T> ? T : never;

export interface CpuPool {
  /**
   * Runs a task in a worker: its value, or the Refusal it raised there. Refused with 429 when the
   * pool is full. `input.bytes` is transferred: pass a buffer of its own (see ownBuffer).
   */
  run<Name extends keyof Tasks>(name: Name, input: Input<Name>): Promise<Value<Name>>;
}

/**
 * A copy of the bytes in an ArrayBuffer of their own, to be transferred to a worker: one copy
 * (well under a millisecond for 2 MB) instead of a structured clone, which would copy the whole
 * ArrayBuffer under a Buffer (Node's shared 8 KB slab for a small one), and leaves the request's
 * Buffer usable afterwards (the gallery stores it).
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

function start(workers: number): Piscina {
  return new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: workers,
    idleTimeout: IDLE_MS,
    niceIncrement: WORKER_NICE,
  });
}

/**
 * The pool for this app's settings. Call it while the app is being registered (it adds an onClose
 * hook): from a route plugin, once per plugin, and keep the answer.
 */
export function cpuPool(app: FastifyInstance): CpuPool {
  const { UPLOAD_WORKERS: workers, UPLOAD_QUEUE_LIMIT: queue } = app.config;
  const key = `${workers}/${queue}`;
  const shared = pools.get(key) ?? { users: 0, inFlight: 0, piscina: null };
  pools.set(key, shared);
  shared.users += 1;
  app.addHook('onClose', async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    pools.delete(key);
    const piscina = shared.piscina;
    shared.piscina = null;
    // Requests are answered by now; a task still running belongs to no one.
    await piscina?.destroy();
  });
  return {
    async run(name, input) {
      if (shared.inFlight >= workers + queue) {
        throw new HttpRefusal(429, BUSY_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
      }
      shared.inFlight += 1;
      try {
        shared.piscina ??= start(workers);
        const settled = (await shared.piscina.run(input, {
          name,
          transferList: [input.bytes],
        })) as Settled<Value<typeof name>>;
        if (!settled.ok) throw new Refusal(settled.refusal);
        return settled.value;
      } finally {
        shared.inFlight -= 1;
      }
    },
  };
}
