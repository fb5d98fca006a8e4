import { describe, expect, it } from 'vitest';
import { aBranch, aLogin } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Which branches a user works in: those they are assigned to, or every active branch for a role
 * that works in all of them (the administrator), branches created later included.
 */

const api = useTestApi({ reference: true });

async function chooserBranches(username: string, password: string): Promise<string[]> {
  const token = await api.login(username, password);
  const answer = await api.call('branchLists', token, { UserInterface: 1 });
  expect(answer.flag).toBe(1);
  return (answer.records ?? []).map((branch) => branch.BranchCode);
}

describe('the branches a user works in', () => {
  it('for an administrator, every active branch, those created after the login too', async () => {
    const home = await aBranch(api.db);
    const admin = await aLogin(api.db, { role: 'admin', branches: [home.id] });
    const manager = await aLogin(api.db, { role: 'manager', branches: [home.id] });
    const later = await aBranch(api.db);
    const closed = await aBranch(api.db);
    await api.db
      .updateTable('branches')
      .set({ active: false })
      .where('id', '=', closed.id)
      .execute();

    const adminSees = await chooserBranches(admin.username, admin.password);
    expect(adminSees).toEqual(expect.arrayContaining([home.code, later.code]));
    expect(adminSees).not.toContain(closed.code);
    // Assignments still decide for every other role.
    expect(await chooserBranches(manager.username, manager.password)).toEqual([home.code]);

    // The administrator may make the new branch their primary branch: they work in it.
    const token = await api.login(admin.username, admin.password);
    const primary = await api.call('updatePrimaryBranch', token, {
      UserInterface: 1,
      BranchId: later.id,
    });
    expect(primary.flag).toBe(1);
  });
});
