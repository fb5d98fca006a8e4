import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_NODE_FLAGS } from './heap.ts';

const app = join(import.meta.dirname, '..');

describe('the heap settings the gateway runs with', () => {
  it('are those of npm start', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(manifest.scripts.start).toBe(`node ${GATEWAY_NODE_FLAGS.join(' ')} src/server.ts`);
  });

  it("are those of the image's CMD", () => {
    const dockerfile = readFileSync(join(app, '..', '..', 'docker', 'bff.Dockerfile'), 'utf8');
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(command && JSON.parse(command)).toEqual([
      'node',
      ...GATEWAY_NODE_FLAGS,
      'src/server.ts',
    ]);
  });
});
