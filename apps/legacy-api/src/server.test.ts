import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * server.ts as ops run it: a real process on an ephemeral port, with a PGlite directory of its
 * own (or DATABASE_URL's server, where the seed sees the database already has users).
 */

const directories: string[] = [];
afterAll(async () => {
  await Promise.all(
    directories.map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

interface Running {
  child: ChildProcess;
  url: string;
  lines: string[];
}

async function start(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED: 'demo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${lines.join('\n')}`)),
      60_000,
    );
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${lines.join('\n')}`));
    });
  });
  return { child, url, lines };
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

describe('server.ts', () => {
  it('migrates and seeds an empty database, serves the contract with JSON logs, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'branch-assets-server-'));
    directories.push(dataDir);
    const first = await start(dataDir);
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'server-test-1' },
      body: JSON.stringify({ UserName: 'admin', Password: 'Demo@1234' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('x-request-id')).toBe('server-test-1');
    expect(((await login.json()) as { flag: number }).flag).toBe(1);

    const logs = first.lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    if (!process.env.DATABASE_URL) {
      expect(
        logs.some(
          (entry) => entry.msg === 'seeded an empty database' && entry.purchaseOrders === 373,
        ),
      ).toBe(true);
    }
    const requestLogs = logs.filter((entry) => entry.requestId === 'server-test-1');
    expect(requestLogs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain('Demo@1234');

    expect(await stop(first)).toBe(0);
    expect(first.lines.join('\n')).toContain('shutting down');

    // A second start on the same directory keeps the data and does not seed again.
    const second = await start(dataDir);
    expect(second.lines.join('\n')).not.toContain('seeded an empty database');
    const version = await fetch(`${second.url}/api/pages/version-info?UserInterface=1`);
    expect(((await version.json()) as { records: { Version: string } }).records.Version).toBe(
      '1.2.8',
    );
    expect(await stop(second)).toBe(0);
  }, 120_000);

  it('refuses to start with an invalid setting, naming it', async () => {
    const child = spawn(process.execPath, ['src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'loud' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT');
    expect(output).toContain('LOG_LEVEL');
    expect(output).not.toContain('    at ');
  }, 30_000);
});
