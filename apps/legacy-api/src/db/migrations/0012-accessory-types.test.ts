import { describe, it } from 'vitest';
import { expectModuleMigration } from '../../test/module-rows.ts';
import { up } from './0012-accessory-types.ts';

describe('migration 0012: accessory types', () => {
  it('gives a database seeded before it the module a fresh database gets from the reference data', () =>
    expectModuleMigration({ code: 'accessory_type', tables: ['accessory_types'], up }));
});
