/**
 * The databases measured. PGlite: seeded once into a cache directory kept between runs, and each
 * run works on a copy (the mixed load's decisions change it). PostgreSQL: the server of
 * DATABASE_URL, seeded by legacy-api when empty; its processes pinned beside legacy-api's.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Pinning, pinTree, startLegacy } from './processes.ts';
import { PGLITE_CACHE, repo, SCALE } from './settings.ts';

/** What the seed is made of: a cache seeded by other code is reported, not silently measured. */
function seedFingerprint(): string {
  const hash = createHash('sha256');
  for (const folder of ['apps/legacy-api/src/seed', 'apps/legacy-api/src/db']) {
    for (const name of readdirSync(join(repo, folder), { recursive: true }).map(String).sort()) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      hash.update(name).update(readFileSync(join(repo, folder, name)));
    }
  }
  return hash.digest('hex');
}

export interface PgliteRun {
  dataDir: string;
  /** Seconds the seed took now, or null when the cache was reused. */
  seedSeconds: number | null;
  remove(): Promise<void>;
}

/** A copy of the seeded cache for this run, seeding the cache first when it is missing. */
export async function pgliteRun(pinning: Pinning | null): Promise<PgliteRun> {
  const fingerprintFile = `${PGLITE_CACHE}.seed-sha256`;
  let seedSeconds: number | null = null;
  if (!existsSync(PGLITE_CACHE)) {
    const partial = `${PGLITE_CACHE}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    console.log(
      `PGlite: seeding SEED_SCALE=${SCALE} into ${PGLITE_CACHE} (once; kept for later runs)`,
    );
    const fingerprint = seedFingerprint();
    const legacy = await startLegacy(
      { DATA_DIR: partial },
      { cpus: pinning?.legacy, seedScale: SCALE, logLevel: 'info' },
    );
    seedSeconds = legacy.startMs / 1000;
    await legacy.stop();
    await rename(partial, PGLITE_CACHE);
    writeFileSync(fingerprintFile, fingerprint);
    console.log(`PGlite: seeded in ${(seedSeconds / 60).toFixed(1)} min`);
  } else {
    const made = existsSync(fingerprintFile) ? readFileSync(fingerprintFile, 'utf8') : '';
    if (made !== seedFingerprint())
      console.log(
        `PGlite: WARNING the seed or schema code changed since ${PGLITE_CACHE} was seeded; delete it to seed again`,
      );
    console.log(`PGlite: reusing the database seeded in ${PGLITE_CACHE}`);
  }
  const dataDir = `${PGLITE_CACHE}.run-${process.pid}`;
  await rm(dataDir, { recursive: true, force: true });
  const copying = performance.now();
  await cp(PGLITE_CACHE, dataDir, { recursive: true });
  console.log(
    `PGlite: this run's copy made in ${((performance.now() - copying) / 1000).toFixed(1)} s`,
  );
  return {
    dataDir,
    seedSeconds,
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

function psql(url: string, query: string): string {
  return execFileSync('psql', [url, '-Atc', query], { encoding: 'utf8' }).trim();
}

/** Whether the database holds users already (legacy-api seeds only an empty one). */
export function postgresSeeded(url: string): boolean {
  if (psql(url, "select count(*) from pg_tables where tablename = 'users'") === '0') return false;
  return psql(url, 'select count(*) from users') !== '0';
}

/** The server's version, e.g. 'PostgreSQL 15.14'. */
export function postgresVersion(url: string): string {
  try {
    return `PostgreSQL ${psql(url, 'show server_version').split(' ')[0]}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * Pins a local PostgreSQL server (its postmaster and backends) to legacy-api's core: with PGlite
 * the database runs inside legacy-api, so both halves give the system of record the same core.
 * Backends started later inherit the postmaster's pinning. Null when it cannot be done.
 *
 * A server given one core is configured as one: no parallel workers for a query. They would wait
 * for the same core as the backend that leads them, and a search of CHN-ANN's orders that matched
 * 232 rows took p50 172–273 ms with the default two workers against 85 ms without (p95 194–302
 * against 108–124 ms, 35 requests each, 2026-11-27).
 */
export function pinPostgres(url: string, cpus: string): number | null {
  try {
    if (!/@(127\.0\.0\.1|localhost)[:/]/.test(url)) return null;
    const dataDir = psql(url, 'show data_directory');
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!cpus.includes('-') && !cpus.includes(',')) {
      psql(url, 'alter system set max_parallel_workers_per_gather = 0');
      psql(url, 'select pg_reload_conf()');
    }
    return pinTree(postmaster, cpus);
  } catch {
    return null;
  }
}
