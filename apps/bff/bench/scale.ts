/**
 * `npm run bench:scale -w @branch-assets/bff` (part of `npm run bench`): the figures of issue 12
 * with SEED_SCALE=300,000, legacy-api and the gateway as separate processes, on PGlite and then
 * on PostgreSQL, side by side. Prints figures; asserts nothing.
 *
 * 1. CHN-ANN's first page, a search of a few hundred rows and the last page by date at 1
 *    connection, through the gateway and directly; 2. the first page's throughput at 50
 *    connections, gateway vs direct; 3. the whole list exported (rows/s, the gateway's peak RSS,
 *    legacy-api's RSS increase); 4. Chromium: Search → first rows; 5. a mixed load at 50
 *    connections; 6. the asset register (bench/scale/assets.ts); 7. procurement: a 100-line
 *    order's totals, its save through the gateway and its PDF, a goods receive note of 500 assets
 *    (bench/scale/procurement.ts); 8. reports: the dashboard, each report's first answer, the
 *    whole company's fixed asset register in both books and its Excel (bench/scale/reports.ts).
 *    The login page's figure is apps/web/bench/login-transfer.ts's.
 *
 * Environment: BENCH_ONLY=procurement|reports (figure 7 or 8 alone), BENCH_SCALE (300000), BENCH_SAMPLES (100), BENCH_RATIO_SAMPLES (1000, the warm first page), BENCH_SECONDS (10, each throughput
 * run), BENCH_MIX_SECONDS (60), BENCH_BROWSER_RUNS (5), BENCH_SEARCH (chosen when unset),
 * BENCH_DATABASES (pglite,postgres), BENCH_DATABASE_URL (a PostgreSQL server to use instead of a
 * throwaway one from scripts/with-postgres.sh), CHROMIUM_PATH, TMPDIR (where PGlite's seeded
 * database is kept between runs: branch-assets-bench-scale-<N>; delete it to seed again).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteRun, postgresVersion } from './scale/database.ts';
import { runHalf } from './scale/half.ts';
import { pinThisProcess } from './scale/processes.ts';
import { type Column, consoleTable, type Measured, markdownTable } from './scale/report.ts';
import {
  DATABASE_URL,
  DATABASES,
  ONLY,
  RATIO_SAMPLES,
  repo,
  SAMPLES,
  SCALE,
  SERVICE_WARM_UP,
  WARM_UP,
  webDist,
  withPostgres,
} from './scale/settings.ts';

const pinning = pinThisProcess();

/** Under scripts/with-postgres.sh: the PostgreSQL half only, its figures written to a file. */
const halfOut = process.env.BENCH_HALF_OUT;
if (halfOut) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('BENCH_HALF_OUT without DATABASE_URL');
  const figures = await runHalf({
    database: postgresVersion(url),
    env: { DATABASE_URL: url },
    pinning,
    seedSeconds: null,
  });
  writeFileSync(halfOut, JSON.stringify(figures));
  // This process was only the PostgreSQL half (run under with-postgres.sh): its work ends here.
  process.exit(0);
}

const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
console.log(
  `scale bench${ONLY ? ` (BENCH_ONLY=${ONLY}: figure ${ONLY === 'reports' ? 8 : 7} alone)` : ''}: SEED_SCALE=${SCALE}; ${
    pinning
      ? `legacy-api (and PostgreSQL) on core ${pinning.legacy}; the gateway, the load and Chromium on cores ${pinning.rest}`
      : 'not pinned (one core or no taskset): the processes share the cores'
  }`,
);
if (!existsSync(join(webDist, 'index.html'))) {
  console.log('building apps/web (no dist/index.html)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@branch-assets/web'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');
}

async function pgliteColumn(): Promise<Column> {
  if (!DATABASES.includes('pglite')) return { skipped: 'BENCH_DATABASES' };
  const run = await pgliteRun(pinning);
  try {
    return await runHalf({
      database: 'PGlite',
      env: { DATA_DIR: run.dataDir },
      pinning,
      seedSeconds: run.seedSeconds,
    });
  } finally {
    await run.remove();
  }
}

async function postgresColumn(): Promise<Column> {
  if (!DATABASES.includes('postgres')) return { skipped: 'BENCH_DATABASES' };
  if (DATABASE_URL)
    return runHalf({
      database: postgresVersion(DATABASE_URL),
      env: { DATABASE_URL },
      pinning,
      seedSeconds: null,
    });
  if (spawnSync('bash', [withPostgres, '--check'], { stdio: 'ignore' }).status !== 0)
    return { skipped: 'no PostgreSQL server (scripts/with-postgres.sh --check)' };
  // A throwaway server for this run: this script again, under scripts/with-postgres.sh.
  const out = join(tmpdir(), `branch-assets-bench-scale-${process.pid}.json`);
  const child = spawn('bash', [withPostgres, process.execPath, import.meta.filename], {
    cwd: repo,
    env: { ...process.env, BENCH_HALF_OUT: out },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !existsSync(out))
    return { skipped: `the PostgreSQL half failed (exit ${code})` };
  const figures = JSON.parse(readFileSync(out, 'utf8')) as Measured;
  rmSync(out, { force: true });
  return figures;
}

async function column(run: () => Promise<Column>): Promise<Column> {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    return { skipped: `failed: ${(error as Error).message.split('\n')[0]}` };
  }
}

const columns = [await column(pgliteColumn), await column(postgresColumn)] as const;
const minutes = (performance.now() - started) / 60_000;
const notes = [
  `SEED_SCALE=${SCALE}; the bench took ${minutes.toFixed(1)} min${columns
    .flatMap((c) =>
      'seconds' in c ? [`${c.database} half ${(c.seconds / 60).toFixed(1)} min`] : [],
    )
    .map((text) => `, ${text}`)
    .join('')}`,
  pinning
    ? `legacy-api (and PostgreSQL) pinned to core ${pinning.legacy}; the gateway, the load generator and Chromium to cores ${pinning.rest}`
    : 'processes not pinned',
  ONLY
    ? `figure ${ONLY === 'reports' ? 8 : 7} alone, just after both services started; ✓ met, ✗ missed`
    : `latencies at 1 connection: ${SAMPLES} requests after ${WARM_UP} of warm-up (the first page: ${RATIO_SAMPLES} after ${SERVICE_WARM_UP} warm, and ${SAMPLES} cold after ${WARM_UP}); ✓ met, ✗ missed`,
  `load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (other work on the machine skews every figure)`,
];
console.log(`\n${consoleTable(columns)}\n`);
for (const note of notes) console.log(note);
const reports = join(repo, 'reports');
mkdirSync(reports, { recursive: true });
// Figure 7 alone does not overwrite the whole bench's report.
const report = ONLY ? `bench-scale-${ONLY}.md` : 'bench-scale.md';
writeFileSync(join(reports, report), markdownTable(columns, notes));
console.log(`written to reports/${report}`);
