import { writeFileSync } from 'node:fs';
import { renderReference } from '../src/reference.ts';

const target = new URL('../../../docs/legacy-api.md', import.meta.url);
writeFileSync(target, renderReference());
console.log(`wrote ${target.pathname}`);
