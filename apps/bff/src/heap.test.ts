import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ENV, GATEWAY_NODE_FLAGS } from './heap.ts';

const app = join(import.meta.dirname, '..');

describe('the heap settings the gateway runs with', () => {
  it('are those of npm start', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const environment = Object.entries(GATEWAY_ENV).map(([name, value]) => `${name}=${value}`);
    expect(manifest.scripts.start).toBe(
      `${environment.join(' ')} node ${GATEWAY_NODE_FLAGS.join(' ')} src/server.ts`,
    );
  });

  it("are those of the image's CMD", () => {
    const dockerfile = readFileSync(join(app, '..', '..', 'docker', 'bff.Dockerfile'), 'utf8');
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(command && JSON.parse(command)).toEqual([
      'node',
      ...GATEWAY_NODE_FLAGS,
      'src/server.ts',
    ]);
    for (const [name, value] of Object.entries(GATEWAY_ENV))
      expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, 'm'));
  });
});
