import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legacyCalls } from './calls.ts';
import { renderReference } from './reference.ts';

describe('docs/legacy-api.md', () => {
  it('is up to date with the schemas (run `npm run docs` after changing a call)', () => {
    const committed = readFileSync(new URL('../../../docs/legacy-api.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderReference());
  });

  it('documents every call with its fields', () => {
    const reference = renderReference();
    for (const call of Object.values(legacyCalls))
      expect(reference).toContain(`${call.method} ${call.path}`);
    expect(reference).toContain('| `Reason` | string (1–500 chars) | yes |');
    expect(reference).toContain('`TableData[].PurchaseOrderNumber`');
  });
});
