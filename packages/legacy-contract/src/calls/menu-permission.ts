import { z } from 'zod';
import { Code, Id, jsonText } from '../primitives.ts';
import { BaseRequest, listPayload } from './shared.ts';

export const PermissionRole = z.object({
  RoleId: z.number().int(),
  RoleCode: z.string(),
  RoleName: z.string(),
});
export type PermissionRole = z.output<typeof PermissionRole>;

export const PermissionModule = z.object({
  ModuleId: z.number().int(),
  ModuleCode: z.string(),
  ModuleName: z.string(),
  /** The menu entries tied to the module: a role sees them in its menu when it may list the module. */
  MenuTexts: z.array(z.string()),
});
export type PermissionModule = z.output<typeof PermissionModule>;

export const PermissionAction = z.object({
  ActionId: z.number().int(),
  ActionCode: z.string(),
  ActionName: z.string(),
});
export type PermissionAction = z.output<typeof PermissionAction>;

/** One grant: the role may take the action on the module. */
export const Grant = z.object({ ModuleCode: Code, ActionCode: Code });
export type Grant = z.output<typeof Grant>;

/** The grid: every role, module and action, and the grants of the chosen role. */
export const MenuPermissionListsRecords = z.object({
  Roles: z.array(PermissionRole),
  Modules: z.array(PermissionModule),
  Actions: z.array(PermissionAction),
  /** The role the grants belong to: the one asked for, or the first role. */
  RoleId: z.number().int(),
  Grants: z.array(Grant),
});
export type MenuPermissionLists = z.output<typeof MenuPermissionListsRecords>;

/** Role is the role's id; without it the first role (by id) is shown. */
export const MenuPermissionListsRequest = BaseRequest.extend({ Role: Id.optional() });

const MAX_GRANTS = 1000;

/**
 * The full set of grants for the role, replacing the stored one. Form-encoded bodies (API version
 * 2) send the list as JSON text.
 */
const GrantList = jsonText(
  z
    .array(Grant, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'is required'
          : 'must be a list of {ModuleCode, ActionCode}',
    })
    .max(MAX_GRANTS, `must have at most ${MAX_GRANTS} grants`),
);

export const MenuPermissionUpdateRequest = BaseRequest.extend({
  Role: Id,
  Grants: GrantList,
});

/** The grants stored for the role after the update. */
export const MenuPermissionUpdateRecords = z.object({
  RoleId: z.number().int(),
  Grants: z.array(Grant),
});
export type MenuPermissionUpdate = z.output<typeof MenuPermissionUpdateRecords>;

/**
 * One row of a role's grid as a list (api/menu-permission/grid): the module, Yes or No for each
 * action (the action codes are the fields: List, Create, …), and the menu entries the role sees.
 */
export const PermissionGridRow = z.object({
  ModuleCode: z.string(),
  ModuleName: z.string(),
  List: z.enum(['Yes', 'No']),
  Create: z.enum(['Yes', 'No']),
  Edit: z.enum(['Yes', 'No']),
  Delete: z.enum(['Yes', 'No']),
  Verify: z.enum(['Yes', 'No']),
  Approve: z.enum(['Yes', 'No']),
  Download: z.enum(['Yes', 'No']),
  /** The menu entries of the module the role sees (those of a module it may list), comma-separated. */
  MenuEntries: z.string(),
});
export type PermissionGridRow = z.output<typeof PermissionGridRow>;

export const MenuPermissionGridRecords = listPayload(PermissionGridRow);
export const MenuPermissionGridRequest = BaseRequest.extend({ Role: Id });
