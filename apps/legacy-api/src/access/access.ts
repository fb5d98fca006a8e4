import type { Db } from '../db/database.ts';

export type ModuleCode = string;
export type ActionCode = 'list' | 'create' | 'edit' | 'delete' | 'verify' | 'approve' | 'download';

/** What a user may do: their role's grants and the branches they work in. */
export interface Access {
  readonly roleCode: string;
  readonly branchIds: ReadonlySet<number>;
  can(module: ModuleCode, action: ActionCode | string): boolean;
  worksIn(branchId: number): boolean;
}

export async function loadAccess(db: Db, userId: number): Promise<Access> {
  const [grants, branches] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.roleId')
      .leftJoin('roleGrants', 'roleGrants.roleId', 'roles.id')
      .leftJoin('modules', 'modules.id', 'roleGrants.moduleId')
      .leftJoin('actions', 'actions.id', 'roleGrants.actionId')
      .select([
        'roles.code as roleCode',
        'modules.code as moduleCode',
        'actions.code as actionCode',
      ])
      .where('users.id', '=', userId)
      .execute(),
    db
      .selectFrom('users')
      .innerJoin('branchStaff', 'branchStaff.staffId', 'users.staffId')
      .innerJoin('branches', 'branches.id', 'branchStaff.branchId')
      .select('branches.id')
      .where('users.id', '=', userId)
      .where('branches.active', '=', true)
      .execute(),
  ]);
  const grantSet = new Set(
    grants
      .filter((row) => row.moduleCode && row.actionCode)
      .map((row) => `${row.moduleCode}:${row.actionCode}`),
  );
  const branchIds = new Set(branches.map((row) => row.id));
  return {
    roleCode: grants[0]?.roleCode ?? '',
    branchIds,
    can: (module, action) => grantSet.has(`${module}:${action}`),
    worksIn: (branchId) => branchIds.has(branchId),
  };
}
