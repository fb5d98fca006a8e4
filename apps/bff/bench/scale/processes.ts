/**
 * legacy-api and the gateway as child processes, as in production, each started from source with
 * its own environment; core pinning; memory read from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { LEGACY_NODE_FLAGS } from '../../../legacy-api/src/node-flags.ts';
import { GATEWAY_ENV, GATEWAY_NODE_FLAGS } from '../../src/heap.ts';
import { gatewayServer, legacyServer, repo, webDist } from './settings.ts';

export interface Pinning {
  /** legacy-api's core (and the PostgreSQL server's). */
  legacy: string;
  /** The gateway's, the load generator's and the browser's. */
  rest: string;
}

/*
 * As in bench/gateway.ts: in production legacy-api and the gateway run on machines of their own.
 * Here two cores are shared by legacy-api (and its database), the gateway, the load generator and
 * the browser, so legacy-api gets the first core and everything else the others.
 */
export function pinThisProcess(): Pinning | null {
  // Every core of the machine, not only those this process may use (availableParallelism): a
  // half run under scripts/with-postgres.sh inherits the bench's own pinning.
  const cores = cpus().length;
  if (cores < 2) return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const rest = cores === 2 ? '1' : `1-${cores - 1}`;
  execFileSync('taskset', ['-a', '-p', '-c', rest, String(process.pid)], { stdio: 'ignore' });
  return { legacy: '0', rest };
}

/** Pins a process and every thread of it; false when taskset refuses. */
export function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The parent process id of a process, from /proc. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Pins a process and its children (a PostgreSQL postmaster and its backends). */
export function pinTree(pid: number, cpus: string): number {
  let pinned = pin(pid, cpus) ? 1 : 0;
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (Number.isInteger(child) && parentOf(child) === pid && pin(child, cpus)) pinned += 1;
  }
  return pinned;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface Service {
  name: string;
  pid: number;
  url: string;
  child: ChildProcess;
  /** Milliseconds from the start until it answered (a seed included). */
  startMs: number;
  stop(): Promise<void>;
}

interface StartOptions {
  name: string;
  script: string;
  env: Record<string, string>;
  /** A GET that answers 2xx once the service is ready. */
  readyPath: string;
  /** Node's own flags, as the service's start script gives them. */
  nodeFlags?: readonly string[];
  cpus?: string | undefined;
  /** How long to wait for it (a seed of 300,000 orders takes minutes). */
  timeoutMs: number;
}

async function start(options: StartOptions): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [...(options.nodeFlags ?? []), options.script];
  const child = options.cpus
    ? spawn('taskset', ['-c', options.cpus, process.execPath, ...args], spawnOptions())
    : spawn(process.execPath, args, spawnOptions());
  function spawnOptions() {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port) };
    // A DATABASE_URL of the bench's own environment is not PGlite's.
    if (!('DATABASE_URL' in options.env)) delete env.DATABASE_URL;
    return {
      cwd: repo,
      env: { ...env, ...options.env },
      stdio: ['ignore', 'inherit', 'inherit'] as ('ignore' | 'inherit')[],
    };
  }
  const started = performance.now();
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = `${options.name} exited (${signal ?? code})`;
      resolve();
    });
  });
  for (;;) {
    if (exited) throw new Error(exited);
    if (performance.now() - started > options.timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not answer within ${options.timeoutMs / 1000} s`);
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} has no pid`);
  return {
    name: options.name,
    pid,
    url,
    child,
    startMs: performance.now() - started,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

export function startLegacy(
  database: { DATA_DIR: string } | { DATABASE_URL: string },
  options: { cpus?: string | undefined; seedScale: number; logLevel?: string },
): Promise<Service> {
  return start({
    name: 'legacy-api',
    script: legacyServer,
    env: {
      ...database,
      NODE_ENV: 'production',
      SEED: 'demo',
      SEED_SCALE: String(options.seedScale),
      LOG_LEVEL: options.logLevel ?? 'warn',
    },
    readyPath: '/api/pages/version-info',
    nodeFlags: LEGACY_NODE_FLAGS,
    cpus: options.cpus,
    timeoutMs: 60 * 60_000,
  });
}

export function startGateway(legacyUrl: string, cpus: string | undefined): Promise<Service> {
  return start({
    name: 'gateway',
    script: gatewayServer,
    nodeFlags: GATEWAY_NODE_FLAGS,
    env: {
      ...GATEWAY_ENV,
      NODE_ENV: 'production',
      LEGACY_API_URL: legacyUrl,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      // The bench logs in more often than a person would (a browser run, the mixed load's users).
      LOGIN_ATTEMPTS_PER_ACCOUNT: '1000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '1000',
    },
    readyPath: '/healthz',
    cpus,
    timeoutMs: 60_000,
  });
}

export interface Memory {
  /** Resident set now, MB. */
  rss: number;
  /** The process's peak resident set so far (VmHWM), MB. */
  hwm: number;
}

export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Samples the resident sets of some processes every 50 ms until stopped; the peak of each. */
export function sampleMemory(pids: readonly number[]): () => number[] {
  const peaks = pids.map((pid) => memoryOf(pid).rss);
  const timer = setInterval(() => {
    pids.forEach((pid, index) => {
      peaks[index] = Math.max(peaks[index] ?? 0, memoryOf(pid).rss);
    });
  }, 50);
  return () => {
    clearInterval(timer);
    return pids.map((pid, index) => Math.max(peaks[index] ?? 0, memoryOf(pid).rss));
  };
}
