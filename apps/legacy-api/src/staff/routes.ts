import { passwordProblems } from '@branch-assets/domain';
import type { CallRequest, Option, StaffRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Session } from '../auth/session.ts';
import { accountKey, unlockAccount } from '../auth/throttle.ts';
import type { Db } from '../db/database.ts';
import { nameById } from '../db/name-by-id.ts';
import { usesOf } from '../db/references.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { branchLabel } from '../shared/branch-scope.ts';
import { listing } from '../shared/list-payload.ts';
import {
  activeByName,
  type RowFields,
  registerRecordCalls,
  valuesByRule,
} from '../shared/record-calls.ts';
import { staffInBranches } from './in-branches.ts';

/*
 * Staff (api/staff/*) on the shared record calls. What is particular to staff:
 * - Scope: a staff member belongs to their home branch and the branches they are assigned to; a
 *   caller sees and changes only staff with one of those among the branches they work in. One out
 *   of scope does not exist for them (the shared `find`).
 * - The code is unique within the home branch, as the table's unique (branch_id, code) and the
 *   legacy edit link (id1 = branch id, id2 = code) have it (the demo's codes, CHN-ANN-01, happen
 *   to be unique company-wide).
 * - A caller places staff only in branches they work in, and gives a login only a role whose every
 *   grant they have themselves: no one hands out more than they hold. The same rule protects a
 *   login above the caller's (an administrator's) from being renamed, reset or disabled by them.
 * - Store and update only add assignments; api/branch-asset/destroy removes one.
 */

const MODULE = 'staff';
const PASSWORD_RULE = 'Password must be 8 to 128 characters, with a letter and a digit.';

interface Assignment {
  branchStaffId: number;
  branchId: number;
  code: string;
  name: string;
}

function selectStaff(db: Db) {
  return db
    .selectFrom('staff as s')
    .innerJoin('branches as b', 'b.id', 's.branchId')
    .leftJoin('users as u', 'u.staffId', 's.id')
    .leftJoin('roles as r', 'r.id', 'u.roleId')
    .leftJoin('loginLocks as ll', (join) =>
      join.on(
        sql<boolean>`ll.scope = 'account' and ll.subject = lower(u.username) and ll.locked_until > now()`,
      ),
    )
    .selectAll('s')
    .select(({ ref }) => nameById('designations', ref('s.designationId')).as('designationName'))
    .select(['b.code as branchCode', 'b.name as branchName'])
    .select(['u.id as userId', 'u.username', 'u.roleId', 'u.active as loginActive'])
    .select(['r.name as roleName', 'r.code as roleCode', 'll.lockedUntil as loginLockedUntil']);
}

type StaffBase = Awaited<ReturnType<ReturnType<typeof selectStaff>['executeTakeFirstOrThrow']>>;
type StoredStaff = StaffBase & { assignments: Assignment[] };

/** The assignments of the given staff, by branch code. */
async function withAssignments(db: Db, rows: StaffBase[]): Promise<StoredStaff[]> {
  if (rows.length === 0) return [];
  const assignments = await db
    .selectFrom('branchStaff as bs')
    .innerJoin('branches as b', 'b.id', 'bs.branchId')
    .select(['bs.id as branchStaffId', 'bs.staffId', 'bs.branchId', 'b.code', 'b.name'])
    .where(
      'bs.staffId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('b.code')
    .execute();
  const byStaff = Map.groupBy(assignments, (assignment) => assignment.staffId);
  return rows.map((row) => ({
    ...row,
    assignments: (byStaff.get(row.id) ?? []).map(({ staffId: _staffId, ...rest }) => rest),
  }));
}

/** The branches a staff member belongs to: home and assignments. */
function branchesOf(staff: StoredStaff): number[] {
  return [staff.branchId, ...staff.assignments.map((assignment) => assignment.branchId)];
}

function inScope(access: Access, staff: StoredStaff): boolean {
  return branchesOf(staff).some((branchId) => access.worksIn(branchId));
}

/** Staff of the caller's branches: home branch or an assignment among them. */
async function listStaff(
  db: Db,
  access: Access,
  body: CallRequest<'staffLists'>,
  activeOnly = false,
): Promise<StoredStaff[]> {
  const mine = [...access.branchIds];
  if (body.Branch !== undefined && !access.worksIn(body.Branch)) {
    throw new Refusal(`You do not work in branch ${await branchLabel(db, body.Branch)}.`);
  }
  const wanted = body.Branch === undefined ? mine : [body.Branch];
  if (wanted.length === 0) return [];
  let query = selectStaff(db).where(staffInBranches(wanted));
  if (activeOnly) query = query.where('s.active', '=', true);
  return withAssignments(db, await query.orderBy('b.code').orderBy('s.code').execute());
}

async function findStaff(db: Db, id: number): Promise<StoredStaff | undefined> {
  const row = await selectStaff(db).where('s.id', '=', id).executeTakeFirst();
  return row ? (await withAssignments(db, [row]))[0] : undefined;
}

function toRow(staff: StoredStaff, access: Access): RowFields<StaffRow> {
  const canEdit = access.can(MODULE, 'edit');
  const hasLogin = staff.userId !== null;
  return {
    StaffId: staff.id,
    StaffCode: staff.code,
    StaffName: staff.name,
    BranchId: staff.branchId,
    BranchCode: staff.branchCode,
    BranchName: staff.branchName,
    DesignationId: staff.designationId,
    DesignationName: staff.designationName,
    Phone: staff.phone,
    Email: staff.email,
    Branches: staff.assignments.map((assignment) => ({
      BranchStaffId: assignment.branchStaffId,
      BranchId: assignment.branchId,
      BranchCode: assignment.code,
      BranchName: assignment.name,
      RemoveFlag: canEdit && access.worksIn(assignment.branchId),
    })),
    BranchesTxt: staff.assignments.map((assignment) => assignment.code).join(', '),
    Username: staff.username,
    RoleId: staff.roleId,
    RoleName: staff.roleName,
    LoginActive: hasLogin ? (staff.loginActive ? 1 : 0) : null,
    LoginStatusTxt: hasLogin ? (staff.loginActive ? 'Enabled' : 'Disabled') : '',
    LoginLockedUntil: staff.loginLockedUntil?.toISOString() ?? null,
  };
}

/** Every role with its grants as `module:action`. */
async function roleGrants(db: Db) {
  const [roles, grants] = await Promise.all([
    db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('id').execute(),
    db
      .selectFrom('roleGrants as g')
      .innerJoin('modules as m', 'm.id', 'g.moduleId')
      .innerJoin('actions as a', 'a.id', 'g.actionId')
      .select(['g.roleId', 'm.code as module', 'a.code as action'])
      .execute(),
  ]);
  const byRole = Map.groupBy(grants, (grant) => grant.roleId);
  return roles.map((role) => ({
    ...role,
    grants: (byRole.get(role.id) ?? []).map((grant) => [grant.module, grant.action] as const),
  }));
}

/** A role the caller may give: every one of its grants is also the caller's. */
function mayGive(access: Access, grants: readonly (readonly [string, string])[]): boolean {
  return grants.every(([module, action]) => access.can(module, action));
}

async function grantableRole(db: Db, access: Access, roleId: number) {
  const role = (await roleGrants(db)).find((candidate) => candidate.id === roleId);
  return role ? { ...role, grantable: mayGive(access, role.grants) } : undefined;
}

type StaffBody = CallRequest<'staffStore'>;

/** What a write does beside the staff row, decided (and checked) in `values`. */
interface Plan {
  assign: number[];
  login:
    | { kind: 'create'; username: string; roleId: number; passwordHash: string }
    | {
        kind: 'update';
        userId: number;
        set: { username?: string; roleId?: number; active?: boolean; passwordHash?: string };
      }
    | null;
}

async function checkBranch(db: Db, access: Access, id: number): Promise<void> {
  const exists = await db
    .selectFrom('branches')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw new Refusal(`Branch ${id} does not exist.`);
  if (!access.worksIn(id))
    throw new Refusal(`You do not work in branch ${await branchLabel(db, id)}.`);
}

async function loginPlan(
  trx: Db,
  body: StaffBody,
  self: StoredStaff | null,
  session: Session,
): Promise<Plan['login']> {
  const { access } = session;
  const wantsLogin = [body.Username, body.Role, body.Password].some((value) => value !== undefined);
  const existing = self?.userId ? self : null;
  if (!existing && !wantsLogin) return null;
  // A user name is checked against every committed login: logins are written one at a time.
  await sql`lock table users in share row exclusive mode`.execute(trx);
  const checkUsername = async (username: string, userId: number | null) => {
    const holder = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username)
      .where('id', '<>', userId ?? 0)
      .executeTakeFirst();
    if (holder) throw new Refusal(`User name ${username} is already taken.`);
  };
  const checkRole = async (roleId: number) => {
    const role = await grantableRole(trx, access, roleId);
    if (!role) throw new Refusal(`Role ${roleId} does not exist.`);
    if (!role.grantable)
      throw new Refusal(`You may not give the role ${role.name}: it has grants you do not have.`);
  };
  const checkPassword = (password: string) => {
    if (passwordProblems(password).length > 0) throw new Refusal(PASSWORD_RULE);
  };

  if (!existing || existing.userId === null || existing.roleId === null) {
    if (body.Username === undefined || body.Role === undefined || body.Password === undefined)
      throw new Refusal('A login needs a user name, a role and a password.');
    if (self && self.id === session.user.staffId)
      throw new Refusal('You cannot change your own login here.');
    await checkUsername(body.Username, null);
    await checkRole(body.Role);
    checkPassword(body.Password);
    return {
      kind: 'create',
      username: body.Username,
      roleId: body.Role,
      passwordHash: await hashPassword(body.Password),
    };
  }

  const set: NonNullable<Extract<Plan['login'], { kind: 'update' }>>['set'] = {};
  if (body.Username !== undefined && body.Username !== existing.username?.toLowerCase())
    set.username = body.Username;
  if (body.Role !== undefined && body.Role !== existing.roleId) set.roleId = body.Role;
  if (body.LoginActive !== undefined && (body.LoginActive === 1) !== existing.loginActive)
    set.active = body.LoginActive === 1;
  if (body.Password !== undefined) {
    checkPassword(body.Password);
    set.passwordHash = await hashPassword(body.Password);
  }
  if (Object.keys(set).length === 0) return null;
  if (existing.id === session.user.staffId)
    throw new Refusal('You cannot change your own login here.');
  const current = await grantableRole(trx, access, existing.roleId);
  if (!current?.grantable) {
    throw new Refusal(
      `The login of ${existing.name} has the role ${existing.roleName ?? existing.roleId}, above yours: you may not change it.`,
    );
  }
  if (set.username !== undefined) await checkUsername(set.username, existing.userId);
  if (set.roleId !== undefined) await checkRole(set.roleId);
  return { kind: 'update', userId: existing.userId, set };
}

/**
 * What a store or update does beside the staff row: the branches to assign (checked to be the
 * caller's) and the login to create or change.
 */
async function staffPlan(
  trx: Db,
  body: StaffBody,
  self: StoredStaff | null,
  session: Session,
): Promise<Plan> {
  const { access } = session;
  const assigned = new Set(self ? self.assignments.map((assignment) => assignment.branchId) : []);
  const assign: number[] = [];
  for (const branchId of [body.Branch, ...(body.Branches ?? [])]) {
    if (assigned.has(branchId) || assign.includes(branchId)) continue;
    if (branchId !== body.Branch) await checkBranch(trx, access, branchId);
    assign.push(branchId);
  }
  return { assign, login: await loginPlan(trx, body, self, session) };
}

/** The staff columns a store or update writes, checked; prepare plans the rest of the write. */
async function staffValues(trx: Db, body: StaffBody, self: StoredStaff | null, session: Session) {
  const { access } = session;
  // The home branch is the caller's to give; an unchanged one stays even if it is not theirs.
  if (!self || self.branchId !== body.Branch) await checkBranch(trx, access, body.Branch);
  const designation = await trx
    .selectFrom('designations')
    .select('id')
    .where('id', '=', body.Designation)
    .executeTakeFirst();
  if (!designation) throw new Refusal(`Designation ${body.Designation} does not exist.`);
  const holder = await trx
    .selectFrom('staff')
    .select('name')
    .where('branchId', '=', body.Branch)
    .where('code', '=', body.StaffCode)
    .where('id', '<>', self?.id ?? 0)
    .executeTakeFirst();
  if (holder) {
    throw new Refusal(
      `Staff code ${body.StaffCode} already exists in branch ${await branchLabel(trx, body.Branch)}.`,
    );
  }
  // The assignments and the login are written by afterWrite (staffPlan), not as columns.
  return valuesByRule('staffStore', 'Staff', body, [
    'Branches',
    'Username',
    'Role',
    'Password',
    'LoginActive',
  ]);
}

/** Writes the planned assignments and login, after the staff row. */
async function afterWrite(
  trx: Db,
  staffId: number,
  body: StaffBody,
  plan: Plan,
  session: Session,
): Promise<void> {
  if (plan.assign.length > 0) {
    await trx
      .insertInto('branchStaff')
      .values(plan.assign.map((branchId) => ({ branchId, staffId })))
      .execute();
  }
  const { login } = plan;
  if (login?.kind === 'create') {
    const { id } = await trx
      .insertInto('users')
      .values({
        staffId,
        username: login.username,
        passwordHash: login.passwordHash,
        roleId: login.roleId,
        primaryBranchId: body.Branch,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      entity: 'user',
      entityId: id,
      action: 'Login created',
      userId: session.user.userId,
      details: { staffId, username: login.username, roleId: login.roleId },
    });
  } else if (login?.kind === 'update') {
    const { passwordHash, ...visible } = login.set;
    await trx
      .updateTable('users')
      .set({
        ...visible,
        ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
      })
      .where('id', '=', login.userId)
      .execute();
    // A reset password or a disabled login ends the sessions that were open with the old state.
    if (passwordHash || visible.active === false) {
      await trx
        .updateTable('authTokens')
        .set({ revokedAt: new Date() })
        .where('userId', '=', login.userId)
        .where('revokedAt', 'is', null)
        .execute();
    }
    await writeAudit(trx, {
      entity: 'user',
      entityId: login.userId,
      action: passwordHash ? 'Login changed, password reset' : 'Login changed',
      userId: session.user.userId,
      details: { staffId, ...visible },
    });
  }
}

/**
 * A staff member goes with their assignments (cascade) and their login. The login is checked and
 * deleted here, before the shared destroy deletes the staff row its foreign key names; a refusal
 * later in the same transaction rolls it back.
 */
async function cannotDelete(trx: Db, staff: StoredStaff, session: Session): Promise<string | null> {
  if (staff.id === session.user.staffId) return 'it is your own record';
  if (staff.userId === null) return null;
  const uses = await usesOf(trx, 'users', staff.userId);
  if (uses.length > 0) {
    return `their login ${staff.username} is named by ${listing(uses)} (set them InActive instead)`;
  }
  await trx.deleteFrom('users').where('id', '=', staff.userId).execute();
  return null;
}

async function staffOptions(
  db: Db,
  access: Access,
  body: CallRequest<'staffOptions'>,
): Promise<Option[]> {
  const staff = await listStaff(db, access, body, true);
  return staff.map((member) => ({ value: member.id, text: `${member.code} - ${member.name}` }));
}

export async function staffRoutes(app: FastifyInstance) {
  registerRecordCalls(app, {
    prefix: 'staff',
    module: MODULE,
    title: 'Staff',
    plural: 'staff',
    table: 'staff',
    list: (db, access, body) => listStaff(db, access, body),
    find: findStaff,
    inScope,
    options: staffOptions,
    label: (staff) => `${staff.name} (${staff.code})`,
    active: (record) => record.active,
    toRow,
    values: staffValues,
    prepare: staffPlan,
    afterWrite,
    cannotDelete,
  });

  registerCall(app, 'staffFormOptions', async ({ db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'create') && !access.can(MODULE, 'edit'))
      throw new Refusal('You are not allowed to create or edit staff.');
    const [designations, roles] = await Promise.all([
      activeByName('designations')(db),
      roleGrants(db),
    ]);
    return {
      output: `${designations.length} designations, ${roles.length} roles.`,
      records: {
        Designations: designations,
        Roles: roles
          .filter((role) => mayGive(access, role.grants))
          .map((role) => ({ value: role.id, text: role.name })),
      },
    };
  });

  registerCall(app, 'staffUnlockLogin', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'edit')) throw new Refusal('Your role may not edit staff.');
    const staff = await findStaff(db, body.Staff);
    if (!staff || !inScope(access, staff)) throw new Refusal(`Staff ${body.Staff} not found.`);
    if (staff.userId === null || staff.username === null || staff.roleId === null)
      throw new Refusal(`${staff.name} has no login.`);
    const role = await grantableRole(db, access, staff.roleId);
    if (!role?.grantable) {
      throw new Refusal(
        `The login of ${staff.name} has the role ${staff.roleName ?? staff.roleId}, above yours: you may not change it.`,
      );
    }
    const { userId, username } = staff;
    const unlocked = await db.transaction().execute(async (trx) => {
      if (!(await unlockAccount(trx, accountKey(username)))) return false;
      await writeAudit(trx, {
        entity: 'user',
        entityId: userId,
        action: 'Login unlocked',
        userId: session.user.userId,
        details: { staffId: staff.id, username },
      });
      return true;
    });
    if (!unlocked) throw new Refusal(`The login of ${staff.name} is not locked.`);
    return { output: `The login of ${staff.name} is unlocked.`, records: null };
  });
}
