import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGACY_NODE_FLAGS } from './node-flags.ts';

const app = join(import.meta.dirname, '..');

describe('the V8 settings legacy-api runs with', () => {
  it('are those of npm start', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(manifest.scripts.start).toBe(`node ${LEGACY_NODE_FLAGS.join(' ')} src/server.ts`);
  });

  it("are those of the image's CMD", () => {
    const dockerfile = readFileSync(
      join(app, '..', '..', 'docker', 'legacy-api.Dockerfile'),
      'utf8',
    );
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(command && JSON.parse(command)).toEqual(['node', ...LEGACY_NODE_FLAGS, 'src/server.ts']);
  });
});
