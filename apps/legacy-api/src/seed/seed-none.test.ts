import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_GROUPS, DEMO_PASSWORD, fingerprint, useTestApi } from '../test/test-api.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { MODULES, ROLES } from './reference.ts';
import { seedIfEmpty } from './seed.ts';

const ADMIN_PASSWORD = 'Install-time-Secret-7';

const TABLES = [
  'users',
  'roles',
  'modules',
  'actions',
  'roleGrants',
  'menus',
  'pages',
  'states',
  'branches',
  'staff',
  'branchStaff',
  'purchaseOrders',
  'documents',
  'vendors',
  'auditLog',
  'authTokens',
] as const;
type Table = (typeof TABLES)[number];

const api = useTestApi({ empty: true });

async function counts(): Promise<Record<Table, number>> {
  const entries = await Promise.all(
    TABLES.map(async (table) => [table, await api.count(table)] as const),
  );
  return Object.fromEntries(entries) as Record<Table, number>;
}

// A story in this order (never shuffled): each step starts where the one before left the database.
describe('an empty database with SEED=none', { shuffle: false }, () => {
  it('starts migrated and empty', async () => {
    const all = await counts();
    expect(Object.values(all).every((count) => count === 0)).toBe(true);
  });

  it('refuses to seed without ADMIN_PASSWORD, writing nothing', async () => {
    await expect(seedIfEmpty(api.db, { SEED: 'none' })).rejects.toThrow(
      'ADMIN_PASSWORD is required when SEED=none',
    );
    expect(Object.values(await counts()).every((count) => count === 0)).toBe(true);
  });

  it('seeds the reference data and one administrator', async () => {
    expect(await seedIfEmpty(api.db, { SEED: 'none', ADMIN_PASSWORD })).toEqual({
      administrator: 'admin',
    });
    const users = await api.db.selectFrom('users').select(['username', 'active']).execute();
    expect(users).toEqual([{ username: 'admin', active: true }]);
    const all = await counts();
    expect(all).toMatchObject({
      users: 1,
      branches: 1,
      staff: 1,
      branchStaff: 1,
      purchaseOrders: 0,
      documents: 0,
      vendors: 0,
      auditLog: 0,
      authTokens: 0,
      roles: ROLES.length,
      modules: MODULES.length,
      actions: 7,
    });
    expect(all.roleGrants).toBeGreaterThan(0);
    expect(all.menus).toBeGreaterThan(MODULES.length);
    expect(all.pages).toBeGreaterThan(MODULES.length);
    expect(all.states).toBeGreaterThan(30);
    const roles = await api.db.selectFrom('roles').select('code').orderBy('code').execute();
    expect(roles.map((role) => role.code)).toEqual([
      'admin',
      'approver',
      'manager',
      'verifier',
      'viewer',
    ]);
  });

  it('lets admin log in with ADMIN_PASSWORD, and not with the demo password', async () => {
    const refused = await api.call('login', null, { UserName: 'admin', Password: DEMO_PASSWORD });
    expect([refused.flag, refused.output]).toEqual([0, 'Invalid user name or password.']);
    const answer = await api.call('login', null, { UserName: 'admin', Password: ADMIN_PASSWORD });
    expect(answer.flag).toBe(1);
    const branch = await api.db.selectFrom('branches').select('id').executeTakeFirstOrThrow();
    expect(answer.records?.User).toEqual({
      UserId: expect.any(Number),
      Username: 'admin',
      DisplayName: 'Administrator',
      Role: 'admin',
      PrimaryBranch: {
        BranchId: branch.id,
        BranchCode: 'HO',
        BranchName: 'Head Office',
        AssetLogoPath: null,
      },
    });
  });

  it('gives admin one branch, no purchase orders, the full menu and the pages', async () => {
    const token = await api.login('admin', ADMIN_PASSWORD);
    const branches = await api.call('branchLists', token);
    expect(branches.records?.map((branch) => branch.BranchCode)).toEqual(['HO']);
    const orders = await api.call('purchaseOrderLists', token, {
      Branch: branches.records?.[0]?.BranchId,
    });
    expect(orders.flag).toBe(1);
    expect(orders.records?.TableData).toEqual([]);
    const menu = await api.call('menu', token);
    expect(menu.records?.map((item) => item.MenuText)).toEqual(ADMIN_MENU_GROUPS);
    const page = await api.call('pageInfo', token, { Module: 'purchase_order', Action: 'list' });
    expect(page.records).toEqual({
      PageTitle: 'Purchase Orders',
      PageDescription: 'Purchase orders of the branch, with their verification and approval',
      PagePermissionFlag: true,
    });
  });

  it('does nothing when run again: returns null and changes nothing', async () => {
    const before = await fingerprint(api.db);
    const countsBefore = await counts();
    expect(
      await seedIfEmpty(api.db, { SEED: 'none', ADMIN_PASSWORD: 'another-password-entirely' }),
    ).toBeNull();
    expect(await seedIfEmpty(api.db, { SEED: 'demo' })).toBeNull();
    expect(await fingerprint(api.db)).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
    // The administrator's password is still the first one.
    expect(await api.login('admin', ADMIN_PASSWORD)).toEqual(expect.any(String));
  });
});

describe('the demo database', () => {
  it('is not seeded again: seedIfEmpty returns null and changes nothing', async () => {
    const demo = await openTestDatabase();
    try {
      const before = await fingerprint(demo.db);
      expect(await seedIfEmpty(demo.db, { SEED: 'demo' })).toBeNull();
      expect(await seedIfEmpty(demo.db, { SEED: 'none', ADMIN_PASSWORD })).toBeNull();
      expect(await fingerprint(demo.db)).toEqual(before);
      const users = await demo.db.selectFrom('users').select('id').execute();
      expect(users.length).toBe(18);
    } finally {
      await demo.close();
    }
  });
});
