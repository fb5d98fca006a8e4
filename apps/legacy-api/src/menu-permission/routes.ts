import type { Grant, PermissionGridRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { ACTIONS } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { listPayload } from '../shared/list-payload.ts';

/** The module whose grants guard this screen, and the role that may never lose it. */
export const PERMISSION_MODULE = 'menu_permission';
export const ADMIN_ROLE = 'admin';

export const NOT_ALLOWED_TO_SEE = 'You are not allowed to see permissions.';
export const NOT_ALLOWED_TO_CHANGE = 'You are not allowed to change permissions.';
export const ROLE_NOT_FOUND = 'Role not found.';
export const ADMIN_LOCKOUT =
  'The Administrator role must keep the list and edit grants on Menu permissions.';
export const unknownModule = (code: string) => `Unknown module ${code}.`;
export const unknownAction = (code: string) => `Unknown action ${code}.`;

/** The grants the administrator role always keeps, so that someone can still change permissions. */
const PROTECTED_ACTIONS = ['list', 'edit'] as const;

interface CodeRow {
  id: number;
  code: string;
  name: string;
}

async function codeRows(db: Db, table: 'roles' | 'modules' | 'actions'): Promise<CodeRow[]> {
  return db.selectFrom(table).select(['id', 'code', 'name']).orderBy('id').execute();
}

/** The role's grants, in module then action order. */
async function grantsOf(db: Db, roleId: number): Promise<Grant[]> {
  const rows = await db
    .selectFrom('roleGrants')
    .innerJoin('modules', 'modules.id', 'roleGrants.moduleId')
    .innerJoin('actions', 'actions.id', 'roleGrants.actionId')
    .select(['modules.code as moduleCode', 'actions.code as actionCode'])
    .where('roleGrants.roleId', '=', roleId)
    .orderBy('modules.id')
    .orderBy('actions.id')
    .execute();
  return rows.map((row) => ({ ModuleCode: row.moduleCode, ActionCode: row.actionCode }));
}

/** The menu entries of each module, in menu order: what a role sees when it may list the module. */
async function menuTextsByModule(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('menus')
    .select(['moduleId', 'text'])
    .where('moduleId', 'is not', null)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
  const texts = new Map<number, string[]>();
  for (const row of rows) {
    if (row.moduleId !== null)
      texts.set(row.moduleId, [...(texts.get(row.moduleId) ?? []), row.text]);
  }
  return texts;
}

const key = (grant: Grant) => `${grant.ModuleCode}:${grant.ActionCode}`;

export async function menuPermissionRoutes(app: FastifyInstance) {
  registerCall(app, 'menuPermissionGrid', async ({ body, db, session }) => {
    if (!session.access.can(PERMISSION_MODULE, 'list')) throw new Refusal(NOT_ALLOWED_TO_SEE);
    const role = await db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('id', '=', body.Role)
      .executeTakeFirst();
    if (!role) throw new Refusal(ROLE_NOT_FOUND);
    const [modules, grants, menuTexts] = await Promise.all([
      codeRows(db, 'modules'),
      grantsOf(db, role.id),
      menuTextsByModule(db),
    ]);
    const granted = new Set(grants.map(key));
    const rows = modules.map((module): PermissionGridRow => {
      const yes = (action: string): 'Yes' | 'No' =>
        granted.has(key({ ModuleCode: module.code, ActionCode: action })) ? 'Yes' : 'No';
      return {
        ModuleCode: module.code,
        ModuleName: module.name,
        List: yes('list'),
        Create: yes('create'),
        Edit: yes('edit'),
        Delete: yes('delete'),
        Verify: yes('verify'),
        Approve: yes('approve'),
        Download: yes('download'),
        MenuEntries: yes('list') === 'Yes' ? (menuTexts.get(module.id) ?? []).join(', ') : '',
      };
    });
    return {
      output: `Permissions of ${role.name}.`,
      records: listPayload({
        rows,
        headers: [
          { text: 'Module', value: 'ModuleName' },
          ...ACTIONS.map(([, field]) => ({
            text: field,
            value: field,
            align: 'center' as const,
          })),
          { text: 'Menu entries it sees', value: 'MenuEntries' },
        ],
        itemKey: 'ModuleCode',
        canDownload: session.access.can(PERMISSION_MODULE, 'download'),
        excelFileName: `Permissions ${role.name}`,
      }),
    };
  });

  registerCall(app, 'menuPermissionLists', async ({ body, db, session }) => {
    if (!session.access.can(PERMISSION_MODULE, 'list')) throw new Refusal(NOT_ALLOWED_TO_SEE);
    const [roles, modules, actions, menuTexts] = await Promise.all([
      codeRows(db, 'roles'),
      codeRows(db, 'modules'),
      codeRows(db, 'actions'),
      menuTextsByModule(db),
    ]);
    const role = body.Role === undefined ? roles[0] : roles.find((row) => row.id === body.Role);
    if (!role) throw new Refusal(ROLE_NOT_FOUND);
    return {
      output: `Permissions of ${role.name}.`,
      records: {
        Roles: roles.map((row) => ({ RoleId: row.id, RoleCode: row.code, RoleName: row.name })),
        Modules: modules.map((row) => ({
          ModuleId: row.id,
          ModuleCode: row.code,
          ModuleName: row.name,
          MenuTexts: menuTexts.get(row.id) ?? [],
        })),
        Actions: actions.map((row) => ({
          ActionId: row.id,
          ActionCode: row.code,
          ActionName: row.name,
        })),
        RoleId: role.id,
        Grants: await grantsOf(db, role.id),
      },
    };
  });

  registerCall(app, 'menuPermissionUpdate', async ({ body, db, session }) => {
    if (!session.access.can(PERMISSION_MODULE, 'edit')) throw new Refusal(NOT_ALLOWED_TO_CHANGE);
    return db.transaction().execute(async (trx) => {
      // Locks the role: two updates of the same role run one after the other.
      const role = await trx
        .selectFrom('roles')
        .select(['id', 'code', 'name'])
        .where('id', '=', body.Role)
        .forUpdate()
        .executeTakeFirst();
      if (!role) throw new Refusal(ROLE_NOT_FOUND);
      const [modules, actions] = await Promise.all([
        codeRows(trx, 'modules'),
        codeRows(trx, 'actions'),
      ]);
      const moduleId = new Map(modules.map((row) => [row.code, row.id]));
      const actionId = new Map(actions.map((row) => [row.code, row.id]));
      const wanted = new Map<string, { moduleId: number; actionId: number }>();
      for (const grant of body.Grants) {
        const module = moduleId.get(grant.ModuleCode);
        if (module === undefined) throw new Refusal(unknownModule(grant.ModuleCode));
        const action = actionId.get(grant.ActionCode);
        if (action === undefined) throw new Refusal(unknownAction(grant.ActionCode));
        wanted.set(key(grant), { moduleId: module, actionId: action });
      }
      if (
        role.code === ADMIN_ROLE &&
        PROTECTED_ACTIONS.some((action) => !wanted.has(`${PERMISSION_MODULE}:${action}`))
      ) {
        throw new Refusal(ADMIN_LOCKOUT);
      }

      const before = await grantsOf(trx, role.id);
      await trx.deleteFrom('roleGrants').where('roleId', '=', role.id).execute();
      if (wanted.size > 0) {
        await trx
          .insertInto('roleGrants')
          .values([...wanted.values()].map((grant) => ({ roleId: role.id, ...grant })))
          .execute();
      }
      const after = await grantsOf(trx, role.id);
      const beforeKeys = new Set(before.map(key));
      const afterKeys = new Set(after.map(key));
      await writeAudit(trx, {
        entity: 'role',
        entityId: role.id,
        action: 'grants_update',
        userId: session.user.userId,
        details: {
          role: role.code,
          before: before.map(key),
          after: after.map(key),
          added: after.map(key).filter((grant) => !beforeKeys.has(grant)),
          removed: before.map(key).filter((grant) => !afterKeys.has(grant)),
        },
      });
      return {
        output: `Permissions of ${role.name} saved.`,
        records: { RoleId: role.id, Grants: after },
      };
    });
  });
}
