import { describe, it } from 'vitest';
import { expectModuleMigration } from '../../test/module-rows.ts';
import { up } from './0014-assets.ts';

describe('migration 0014: assets', () => {
  it('gives a database seeded before it the module a fresh database gets from the reference data', () =>
    expectModuleMigration({
      code: 'asset_location',
      tables: ['asset_files', 'asset_events', 'assets', 'asset_tag_counters', 'asset_locations'],
      up,
    }));
});
