import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { Piscina } from 'piscina';
import { HttpRefusal } from '../http/errors.ts';
import type { ReportColumns } from './asset-columns.ts';
import type { ReportTasks } from './figures-worker.ts';

/*
 * The worker threads that run the reports' per-asset arithmetic (figures-worker.ts) off the event loop,
 * so that a company-wide fixed asset register (300,000 assets, tens of seconds of CPU at most)
 * never stalls other users' calls. A pool of its own, not the uploads' (cpu/pool.ts): a report
 * holds a thread far longer than an image or a sheet does, and must neither take the uploads'
 * few threads nor be refused for their queue; its inputs are columns, not file bytes.
 *
 * Bounded twice, like the uploads': REPORT_WORKERS run at once (one core is left to the event
 * loop and the database), REPORT_QUEUE_LIMIT more wait, the next is answered 429 at once (a
 * waiting report holds its columns in memory). One pool per process, shared by the app instances
 * that use it and closed with the last; threads start with the first report and leave after a
 * minute idle.
 */

export const REPORTS_BUSY_MESSAGE =
  'The server is busy preparing other reports. Try again in a minute.';
const RETRY_AFTER_SECONDS = 60;
const REPORT_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
const REPORT_QUEUE_LIMIT = 8;
const WORKER_FILE = new URL('./figures-worker.ts', import.meta.url).href;
/** Lower than the event loop's priority (Linux nice +10), as the upload workers. */
const WORKER_NICE = 10;
const IDLE_MS = 60_000;

interface Shared {
  users: number;
  inFlight: number;
  piscina: Piscina | null;
}

const shared: Shared = { users: 0, inFlight: 0, piscina: null };

type Input<Name extends keyof ReportTasks> = Parameters<ReportTasks[Name]>[0];
type Value<Name extends keyof ReportTasks> = ReturnType<ReportTasks[Name]>;

export interface ReportPool {
  /**
   * Runs a task in a worker; refused with 429 when the pool is full. The columns are moved, or
   * copied with `keepColumns` (the caller keeps them, to work out pages of rows afterwards).
   */
  run<Name extends keyof ReportTasks>(
    name: Name,
    input: Input<Name>,
    options?: { keepColumns?: boolean },
  ): Promise<Value<Name>>;
}

/** The typed arrays' buffers, moved to the worker rather than copied (the caller is done with them). */
function buffersOf(columns: ReportColumns): ArrayBuffer[] {
  const arrays = [
    columns.id,
    columns.cost,
    columns.usefulLife,
    columns.depreciationClass,
    columns.categoryId,
    columns.homeBranch,
    columns.transferStart,
    columns.transferTo,
    columns.status,
    columns.proceeds,
    columns.matches,
  ];
  return [...new Set(arrays.map((array) => array.buffer))].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer && buffer.byteLength > 0,
  );
}

/** The pool. Call it while the app is being registered (it adds an onClose hook), once per plugin. */
export function reportPool(app: FastifyInstance): ReportPool {
  shared.users += 1;
  app.addHook('onClose', async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    const piscina = shared.piscina;
    shared.piscina = null;
    await piscina?.destroy();
  });
  return {
    async run(name, input, options = {}) {
      if (shared.inFlight >= REPORT_WORKERS + REPORT_QUEUE_LIMIT)
        throw new HttpRefusal(429, REPORTS_BUSY_MESSAGE, {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      shared.inFlight += 1;
      try {
        shared.piscina ??= new Piscina({
          filename: WORKER_FILE,
          minThreads: 0,
          maxThreads: REPORT_WORKERS,
          idleTimeout: IDLE_MS,
          niceIncrement: WORKER_NICE,
        });
        return (await shared.piscina.run(input, {
          name,
          transferList: options.keepColumns ? [] : buffersOf(input.columns),
        })) as Value<typeof name>;
      } finally {
        shared.inFlight -= 1;
      }
    },
  };
}
