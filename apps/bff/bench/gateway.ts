/**
 * Gateway overhead: the same purchase-order list (about 1,000 rows) asked of legacy-api directly
 * and through the gateway's GraphQL, at 50 connections, each server in its own process as in
 * production. Prints p50/p99 latency and requests per second of each, and the ratios.
 * Targets (issue 3): latency ≤ 1.15× direct, throughput ≥ 0.85×.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { GATEWAY_ENV, GATEWAY_NODE_FLAGS } from '../src/heap.ts';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const here = new URL('.', import.meta.url).pathname;

/*
 * In production legacy-api and the gateway run on machines (or containers) of their own. Here two
 * cores are shared by legacy-api, the gateway and the load generator, so without pinning the
 * gateway's work slows the legacy server it is measured against. With taskset, legacy-api gets
 * the first core and the gateway and the load generator the others.
 */
const cores = availableParallelism();
const pinning = (() => {
  if (cores < 2) return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const rest = cores === 2 ? '1' : `1-${cores - 1}`;
  execFileSync('taskset', ['-a', '-p', '-c', rest, String(process.pid)], { stdio: 'ignore' });
  return { legacy: '0', rest };
})();

function start(
  script: string,
  env: Record<string, string>,
  pick: (line: string) => string | null,
  cpus?: string,
  nodeFlags: readonly string[] = [],
): Promise<{ child: ChildProcess; value: string }> {
  const [command, args] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, ...nodeFlags, script]]
    : [process.execPath, [...nodeFlags, script]];
  const child = spawn(command, args, {
    cwd: `${here}..`,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
    lines.on('line', (line) => {
      const value = pick(line);
      if (value) resolve({ child, value });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const legacy = await start(
  'bench/legacy-with-long-list.ts',
  {},
  (line) => (line.startsWith('{"url"') ? line : null),
  pinning?.legacy,
);
const {
  url: legacyUrl,
  token,
  branchId,
} = JSON.parse(legacy.value) as { url: string; token: string; branchId: number };
const gateway = await start(
  'src/server.ts',
  {
    PORT: '0',
    LOG_LEVEL: 'info',
    LEGACY_API_URL: legacyUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    WEB_DIST: '/nonexistent',
    ...GATEWAY_ENV,
  },
  (line) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? null,
  pinning?.rest,
  GATEWAY_NODE_FLAGS,
);
const gatewayUrl = gateway.value;
// The gateway's request logs would only slow it down here; production keeps them.
gateway.child.stdout?.resume();

const directBody = JSON.stringify({ UserInterface: 1, Branch: branchId });
const graphqlBody = JSON.stringify({
  query: `query ($branchId: ID!) { purchaseOrders(branchId: $branchId) {
    rows { id number billedBranchId billedBranchName shippedBranchName dateText vendorName productImageUrl documentUrl
      status { text background color } verification { text background color } approval { text background color }
      actions { preview verify approve edit cancel } }
    headers { text value align sortable }
    options { itemKey itemsPerPage itemsPerPageOptions downloadable excelFileName excelFields branchSelect }
    exportUrl } }`,
  variables: { branchId: String(branchId) },
});
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const probe = (await (
  await fetch(`${legacyUrl}/api/purchase-order/lists`, {
    method: 'POST',
    headers,
    body: directBody,
  })
).json()) as {
  records: { TableData: unknown[] };
};

async function load(title: string, url: string, body: string, connections: number) {
  // 50 connections queue on the embedded database: allow answers up to 30 s rather than count them as errors.
  const options = { url, method: 'POST' as const, body, connections, headers, timeout: 30 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    title,
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    rps: result.requests.average,
  };
}

type Run = Awaited<ReturnType<typeof load>>;
function report(heading: string, direct: Run, through: Run) {
  console.log(heading);
  // autocannon's latencies count only the answers that came within the run, so a run whose queue
  // starves some requests (the direct one at 50 connections) looks faster than it was. With a
  // fixed number of connections each waiting for its answer, the mean time a request takes is
  // connections ÷ requests per second (Little's law), which counts the starved ones too.
  const queued = (run: Run) => (1000 * run.connections) / run.rps;
  for (const run of [direct, through]) {
    console.log(
      `  ${run.title.padEnd(22)} p50 ${String(run.p50).padStart(5)} ms   p99 ${String(run.p99).padStart(5)} ms   mean ${run.mean.toFixed(0).padStart(5)} ms   connections÷rate ${queued(run).toFixed(0).padStart(5)} ms   ${run.rps.toFixed(1).padStart(7)} req/s`,
    );
  }
  console.log(
    `  ratios: latency p50 ${(through.p50 / direct.p50).toFixed(2)}×, p99 ${(through.p99 / direct.p99).toFixed(2)}×, mean ${(through.mean / direct.mean).toFixed(2)}×, connections÷rate ${(queued(through) / queued(direct)).toFixed(2)}× (target ≤ 1.15×); throughput ${(through.rps / direct.rps).toFixed(2)}× (target ≥ 0.85×)`,
  );
}

try {
  console.log(
    `purchase-order list of ${probe.records.TableData.length} rows, ${DURATION_SECONDS} s per run; ${
      pinning
        ? `legacy-api on core ${pinning.legacy}, the gateway and the load on cores ${pinning.rest}`
        : `not pinned (${cores} cores or no taskset): the processes share the cores`
    }`,
  );
  report(
    `${CONNECTIONS} connections (both saturate the embedded database, which serves one query at a time; p50/p99 there mostly show queue order, the mean is comparable):`,
    await load(
      'legacy-api direct',
      `${legacyUrl}/api/purchase-order/lists`,
      directBody,
      CONNECTIONS,
    ),
    await load('through the gateway', `${gatewayUrl}/graphql`, graphqlBody, CONNECTIONS),
  );
  report(
    '1 connection (what the gateway adds to one request):',
    await load('legacy-api direct', `${legacyUrl}/api/purchase-order/lists`, directBody, 1),
    await load('through the gateway', `${gatewayUrl}/graphql`, graphqlBody, 1),
  );
} finally {
  gateway.child.kill('SIGTERM');
  legacy.child.kill('SIGTERM');
}
