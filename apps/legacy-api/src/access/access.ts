import type { Db } from '../db/database.ts';

export type ModuleCode = string;
/** The actions a role may be granted on a module, with their names in the permission grid. */
export const ACTIONS = [
  ['list', 'List'],
  ['create', 'Create'],
  ['edit', 'Edit'],
  ['delete', 'Delete'],
  ['verify', 'Verify'],
  ['approve', 'Approve'],
  ['download', 'Download'],
] as const;
export type ActionCode = (typeof ACTIONS)[number][0];

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
    // The active branches the user is assigned to; every active branch for a role that works in
    // all of them, so a branch created later is theirs at once.
    db
      .selectFrom('branches')
      .select('branches.id')
      .where('branches.active', '=', true)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('branchStaff')
              .innerJoin('users', 'users.staffId', 'branchStaff.staffId')
              .whereRef('branchStaff.branchId', '=', 'branches.id')
              .where('users.id', '=', userId),
          ),
          eb.exists(
            eb
              .selectFrom('users')
              .innerJoin('roles', 'roles.id', 'users.roleId')
              .where('users.id', '=', userId)
              .where('roles.allBranches', '=', true),
          ),
        ]),
      )
      .orderBy('branches.id')
      .execute(),
  ]);
  // Module → its granted actions: asked for every row of a list, so no key is built per question.
  const granted = new Map<string, Set<string>>();
  for (const { moduleCode, actionCode } of grants) {
    if (!moduleCode || !actionCode) continue;
    const actions = granted.get(moduleCode) ?? new Set<string>();
    actions.add(actionCode);
    granted.set(moduleCode, actions);
  }
  const branchIds = new Set(branches.map((row) => row.id));
  return {
    roleCode: grants[0]?.roleCode ?? '',
    branchIds,
    can: (module, action) => granted.get(module)?.has(action) ?? false,
    worksIn: (branchId) => branchIds.has(branchId),
  };
}
