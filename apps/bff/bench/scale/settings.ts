/** What the scale bench measures and how long, from the environment (see bench/scale.ts). */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function count(name: string, fallback: number, min = 1): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number ≥ ${min}`);
  return value;
}

/** SEED_SCALE of the database measured: purchase orders added to the demo. */
export const SCALE = count('BENCH_SCALE', 300_000);
/** Timed requests per latency figure, after WARM_UP untimed ones. */
export const SAMPLES = count('BENCH_SAMPLES', 100);
export const WARM_UP = 10;
/**
 * Timed requests of the warm first page, whose gateway ÷ direct ratio is a target: its p50s move
 * by half a millisecond from one run of 100 to the next on this machine, a tenth of the gateway's
 * whole overhead, so the ratio is taken over more pairs (about 40 s).
 */
export const RATIO_SAMPLES = count('BENCH_RATIO_SAMPLES', 1000);
/**
 * Untimed first-page requests each way before the warm figures: V8 optimises the gateway's hot
 * code over its first few hundred requests, which a gateway serving a company all day is past.
 * The first page is also timed just after start (cold), before these.
 */
export const SERVICE_WARM_UP = count('BENCH_SERVICE_WARM_UP', 500, 0);
/** Seconds of each throughput run at 50 connections (after 2 s of warm-up). */
export const THROUGHPUT_SECONDS = count('BENCH_SECONDS', 10);
/** Seconds of the mixed load. */
export const MIX_SECONDS = count('BENCH_MIX_SECONDS', 60);
export const CONNECTIONS = 50;
/** Exports of the home branch's whole list, one after another (the median is reported). */
export const EXPORT_RUNS = count('BENCH_EXPORT_RUNS', 3);
/** Browser runs (the median is reported). */
export const BROWSER_RUNS = count('BENCH_BROWSER_RUNS', 5);
export const PAGE_SIZE = 25;
/** The branch billed a third of SEED_SCALE's orders. */
export const HOME_BRANCH = 'CHN-ANN';
/** A search term for figure 1; by default one is chosen that matches a few hundred rows. */
export const SEARCH = process.env.BENCH_SEARCH?.trim() || undefined;
/** A PostgreSQL server to reuse (already seeded, or seeded now when empty). */
export const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
/** Which databases to measure: `pglite`, `postgres` or both (default). */
export const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name === 'pglite' || name === 'postgres');
/**
 * `BENCH_ONLY=procurement` or `reports`: figure 7 or 8 alone (on the same seeded databases);
 * otherwise every figure (another value is another bench's, as `BENCH_ONLY=uploads` is
 * apps/legacy-api/bench/legacy-api.ts's).
 */
export const ONLY: 'procurement' | 'reports' | undefined = (() => {
  const only = process.env.BENCH_ONLY?.trim();
  return only === 'procurement' || only === 'reports' ? only : undefined;
})();
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** PGlite's seeded database, kept between runs; each run works on a copy of it. */
export const PGLITE_CACHE = join(
  process.env.TMPDIR || tmpdir(),
  `branch-assets-bench-scale-${SCALE}`,
);

export const here = import.meta.dirname;
export const repo = join(here, '..', '..', '..', '..');
export const legacyServer = join(repo, 'apps', 'legacy-api', 'src', 'server.ts');
export const gatewayServer = join(repo, 'apps', 'bff', 'src', 'server.ts');
export const webDist = join(repo, 'apps', 'web', 'dist');
export const withPostgres = join(repo, 'scripts', 'with-postgres.sh');
