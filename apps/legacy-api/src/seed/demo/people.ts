import {
  BRANCH_STAFF_DESIGNATIONS,
  BRANCHES,
  DEMO_USERS,
  DESIGNATIONS,
  STAFF_BY_BRANCH,
} from '../demo-data.ts';
import type { Random } from '../random.ts';
import type { DemoOrganisation } from './organisation.ts';
import { required, type Trx } from './shared.ts';

/*
 * The demo's people: designations, four staff at every branch, the demo users (each with a login
 * and the branches they work in), and a login for every branch manager, who raises its orders.
 */

export interface DemoPeople {
  userId(username: string): number;
  /** The login that raises a branch's orders: its manager's. */
  raisedBy: ReadonlyMap<string, number>;
  /** The branches the verifier works in (the administrator verifies the others' orders). */
  verifierBranches: ReadonlySet<string>;
}

export async function seedPeople(
  trx: Trx,
  random: Random,
  { branchId }: DemoOrganisation,
  passwordHash: string,
): Promise<DemoPeople> {
  const roleRows = await trx.selectFrom('roles').select(['id', 'code']).execute();
  const roleId = (code: string) =>
    required(roleRows.find((row) => row.code === code)?.id, `role ${code}`);
  const designations = await trx
    .insertInto('designations')
    .values(DESIGNATIONS.map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  const designationId = (name: string) =>
    required(designations.find((row) => row.name === name)?.id, `designation ${name}`);

  // Staff: four at every branch, plus the demo users, each working in their home branch.
  const staffCounter = new Map<string, number>();
  const addStaff = async (homeBranch: string, name: string, designation: string) => {
    const number = (staffCounter.get(homeBranch) ?? 0) + 1;
    staffCounter.set(homeBranch, number);
    const [first = name] = name.toLowerCase().split(' ');
    const { id } = await trx
      .insertInto('staff')
      .values({
        branchId: branchId(homeBranch),
        // Unique company-wide, as people expect of a staff code, though the rule asks it only
        // within the home branch: the branch's code and a number (CHN-ANN-01).
        code: `${homeBranch}-${String(number).padStart(2, '0')}`,
        name,
        designationId: designationId(designation),
        phone: `9${random.int(100000000, 999999999)}`,
        email: `${first}.${homeBranch.toLowerCase()}@sundaramhealthcare.in`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('branchStaff')
      .values({ branchId: branchId(homeBranch), staffId: id })
      .execute();
    return id;
  };
  const branchManagers = new Map<string, number>();
  for (const branch of BRANCHES) {
    const names = required(STAFF_BY_BRANCH[branch.code], `staff of ${branch.code}`);
    for (const [index, name] of names.entries()) {
      const staffId = await addStaff(
        branch.code,
        name,
        required(BRANCH_STAFF_DESIGNATIONS[index], 'designation'),
      );
      if (index === 0) branchManagers.set(branch.code, staffId);
    }
  }

  const userIds = new Map<string, number>();
  for (const user of DEMO_USERS) {
    const staffId = await addStaff(user.homeBranch, user.name, user.designation);
    const others = (
      user.branches === 'all' ? BRANCHES.map((branch) => branch.code) : user.branches
    ).filter((code) => code !== user.homeBranch);
    if (others.length > 0) {
      await trx
        .insertInto('branchStaff')
        .values(others.map((code) => ({ branchId: branchId(code), staffId })))
        .execute();
    }
    const { id } = await trx
      .insertInto('users')
      .values({
        staffId,
        username: user.username,
        passwordHash,
        roleId: roleId(user.role),
        primaryBranchId: user.primaryBranch ? branchId(user.primaryBranch) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.set(user.username, id);
  }
  // Every branch manager can log in too (same demo password), and raises their branch's orders.
  const raisedBy = new Map<string, number>();
  for (const branch of BRANCHES) {
    const staffId = required(branchManagers.get(branch.code), 'manager');
    const [first = 'manager'] = required(STAFF_BY_BRANCH[branch.code], 'staff')[0]
      .toLowerCase()
      .split(' ');
    const { id } = await trx
      .insertInto('users')
      .values({
        staffId,
        username: `${first}.${branch.code.toLowerCase()}`,
        passwordHash,
        roleId: roleId('manager'),
        primaryBranchId: branchId(branch.code),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    raisedBy.set(branch.code, id);
  }
  const userId = (username: string) => required(userIds.get(username), `user ${username}`);
  const verifierBranches = new Set(
    required(
      DEMO_USERS.find((user) => user.username === 'verifier'),
      'verifier',
    ).branches,
  );

  return { userId, raisedBy, verifierBranches };
}
