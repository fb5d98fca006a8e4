import type { User } from '@branch-assets/legacy-contract';
import { findBranch } from '../branches/branch-record.ts';
import type { Db } from '../db/database.ts';

/** Users with their staff member and their role: whom a session or a user record names. */
export function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('staff', 'staff.id', 'users.staffId')
    .innerJoin('roles', 'roles.id', 'users.roleId');
}

export async function userRecord(db: Db, userId: number): Promise<User> {
  const row = await selectUsers(db)
    .select([
      'users.id',
      'users.username',
      'users.primaryBranchId',
      'staff.name',
      'roles.code as role',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    UserId: row.id,
    Username: row.username,
    DisplayName: row.name,
    Role: row.role,
    PrimaryBranch: row.primaryBranchId === null ? null : await findBranch(db, row.primaryBranchId),
  };
}
