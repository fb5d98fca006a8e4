import { describe, it } from 'vitest';
import { expectModuleMigration } from '../../test/module-rows.ts';
import { up } from './0021-asset-audits.ts';

describe('migration 0021: asset audits', () => {
  it('gives a database seeded before it the module a fresh database gets from the reference data', () =>
    expectModuleMigration({
      code: 'asset_audit',
      tables: ['asset_audit_scans', 'asset_audit_items', 'asset_audit_auditors', 'asset_audits'],
      up,
    }));
});
