#!/usr/bin/env node
/**
 * Rehearses a container image without Docker (no engine runs on these machines): follows the
 * Dockerfile's FROM / WORKDIR / COPY / RUN / ENV / HEALTHCHECK / CMD instructions in temporary
 * directories, starts the image's command with its environment, waits until its health check
 * passes, stops it with SIGTERM and expects a clean exit. So the dependencies, files and command
 * the image would run are the ones tested, read from the Dockerfile itself.
 *
 *   node scripts/image-rehearsal.mjs docker/bff.Dockerfile SESSION_SECRET=... [KEY=VALUE ...]
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  globSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const [dockerfile, ...assignments] = process.argv.slice(2);
if (!dockerfile) {
  console.error('usage: image-rehearsal.mjs <Dockerfile> [KEY=VALUE ...]');
  process.exit(2);
}
const context = resolve(dirname(dockerfile), '..');
const extraEnv = Object.fromEntries(
  assignments.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

// Instructions, with line continuations joined and comments dropped. An instruction right after a
// `# rehearsal: skip` comment only makes sense inside a container and is left out.
const lines = [];
let skipNext = false;
for (const raw of readFileSync(dockerfile, 'utf8')
  .replace(/\\\n\s*/g, ' ')
  .split('\n')) {
  const line = raw.trim();
  if (line.startsWith('# rehearsal: skip')) skipNext = true;
  else if (line && !line.startsWith('#')) {
    if (!skipNext) lines.push(line);
    skipNext = false;
  }
}

const root = mkdtempSync(join(tmpdir(), 'image-rehearsal-'));
const stages = new Map();
let stage = null;
let health = null;
let command = null;

function inside(path) {
  return join(stage.dir, path.startsWith('/') ? path : join(stage.workdir, path));
}

for (const line of lines) {
  const [instruction, ...rest] = line.split(/\s+/);
  const args = rest.join(' ');
  switch (instruction.toUpperCase()) {
    case 'FROM': {
      const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.size}`;
      stage = { name, dir: join(root, name), workdir: '/', env: {} };
      mkdirSync(stage.dir, { recursive: true });
      stages.set(name, stage);
      console.log(`-- stage ${name} (${args.split(/\s+/)[0]})`);
      break;
    }
    case 'WORKDIR':
      stage.workdir = args.startsWith('/') ? args : join(stage.workdir, args);
      mkdirSync(inside('.'), { recursive: true });
      break;
    case 'ENV':
      for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) stage.env[key] = value;
      break;
    case 'COPY': {
      const from = /^--from=(\S+)\s+/.exec(args);
      const parts = (from ? args.slice(from[0].length) : args).split(/\s+/);
      const destination = parts.pop();
      for (const pattern of parts) {
        // From the build context, or from another stage's filesystem (absolute, or from its WORKDIR).
        const other = from ? stages.get(from[1]) : null;
        const base = other
          ? pattern.startsWith('/')
            ? other.dir
            : join(other.dir, other.workdir)
          : context;
        const relative = pattern.replace(/^\//, '');
        for (const match of globSync(relative, { cwd: base })) {
          const many = destination.endsWith('/') || parts.length > 1;
          const target = many
            ? join(inside(destination), match.split('/').pop())
            : inside(destination);
          mkdirSync(dirname(target), { recursive: true });
          cpSync(join(base, match), target, {
            recursive: true,
            dereference: false,
            verbatimSymlinks: true,
          });
        }
      }
      break;
    }
    case 'RUN':
      console.log(`   RUN ${args}`);
      execFileSync('sh', ['-c', args], {
        cwd: inside('.'),
        stdio: 'inherit',
        env: { ...process.env, ...stage.env },
      });
      break;
    case 'HEALTHCHECK':
      health = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim());
      break;
    case 'CMD':
      command = JSON.parse(args);
      break;
    default:
      // USER, EXPOSE, VOLUME: nothing to rehearse outside a container.
      break;
  }
}

if (!command) throw new Error('the Dockerfile has no CMD');
const node = resolve(context, 'node_modules/.bin/node');
const binary = (name) => (name === 'node' && existsSync(node) ? node : name);
const env = { ...process.env, ...stage.env, ...extraEnv };
const cwd = inside('.');
console.log(`-- start: ${command.join(' ')} (in ${cwd.slice(root.length)})`);
const child = spawn(binary(command[0]), command.slice(1), {
  cwd,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = null;
child.once('exit', (code, signal) => {
  exited = { code, signal };
});

let healthy = false;
const deadline = Date.now() + 90_000;
while (!healthy && !exited && Date.now() < deadline) {
  await new Promise((done) => setTimeout(done, 1000));
  try {
    execFileSync(binary(health[0]), health.slice(1), { cwd, env, stdio: 'ignore', timeout: 5000 });
    healthy = true;
  } catch {
    // not yet
  }
}
if (!healthy) {
  child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
  console.error(
    exited
      ? `FAILED: the command exited (${JSON.stringify(exited)}) before it was healthy`
      : 'FAILED: not healthy within 90 s',
  );
  process.exit(1);
}
console.log('-- healthy; stopping with SIGTERM');
child.kill('SIGTERM');
const result =
  exited ??
  (await new Promise((done) => child.once('exit', (code, signal) => done({ code, signal }))));
rmSync(root, { recursive: true, force: true });
if (result.code !== 0) {
  console.error(`FAILED: exit ${JSON.stringify(result)} after SIGTERM`);
  process.exit(1);
}
console.log(`image rehearsal passed: ${dockerfile}`);
