import { exportUrl } from '../../exports/lists.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';

/*
 * The menu permissions screen. The legacy server checks every rule (who may see and change
 * grants, unknown codes, the administrator keeping this screen); its refusals reach the client as
 * REJECTED with the server's message.
 */
export const permissionResolvers: Resolvers = {
  Query: {
    permissionGrid: async (_parent, { roleId }, { read }) =>
      (
        await read('menuPermissionLists', {
          UserInterface: 1,
          ...(roleId ? { Role: numericId(roleId, 'roleId') } : {}),
        })
      ).records,
  },
  Mutation: {
    setRoleGrants: async (_parent, { roleId, grants }, { write }) => {
      const answer = await write('menuPermissionUpdate', {
        UserInterface: 1,
        Role: numericId(roleId, 'roleId'),
        Grants: grants.map((grant) => ({ ModuleCode: grant.module, ActionCode: grant.action })),
      });
      return { message: answer.output, result: answer.records };
    },
  },
  PermissionGrid: {
    roles: (grid) => grid.Roles,
    modules: (grid) => grid.Modules,
    actions: (grid) => grid.Actions,
    roleId: (grid) => String(grid.RoleId),
    grants: (grid) => grid.Grants,
    exportUrl: async (grid, _args, context) =>
      (await permitted(context, 'menu_permission', 'download'))
        ? exportUrl('permissions', { roleId: String(grid.RoleId) })
        : null,
  },
  PermissionRole: {
    id: (role) => String(role.RoleId),
    code: (role) => role.RoleCode,
    name: (role) => role.RoleName,
  },
  PermissionModule: {
    id: (module) => String(module.ModuleId),
    code: (module) => module.ModuleCode,
    name: (module) => module.ModuleName,
    menuEntries: (module) => module.MenuTexts,
  },
  PermissionAction: {
    id: (action) => String(action.ActionId),
    code: (action) => action.ActionCode,
    name: (action) => action.ActionName,
  },
  Grant: {
    module: (grant) => grant.ModuleCode,
    action: (grant) => grant.ActionCode,
  },
  RoleGrantsResult: {
    message: (result) => result.message,
    roleId: (result) => String(result.result.RoleId),
    grants: (result) => result.result.Grants,
  },
};
