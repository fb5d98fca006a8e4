import { z } from 'zod';
import { Decision, Email, Id, IsoDateTime, phone, text } from '../primitives.ts';
import { recordCalls, recordFields, reference } from './record-calls.ts';
import { BaseRequest, Option } from './shared.ts';

/*
 * Staff: api/staff/lists · show · store · update · destroy · options, plus api/staff/form-options
 * (the select lists of the staff form). A staff member has a home branch (Branch), a code unique
 * within it (the legacy edit link is id1 = branch id, id2 = staff code), the branches they work in
 * (assignments) and optionally a login with a role. Store and update only add assignments; one is
 * removed with api/branch-asset/destroy. Everything is scoped: a caller sees and changes only staff
 * of the branches they work in, and gives only their own branches and roles within their grants.
 */

/** Left out, null or '' (a form-encoded empty field) all mean "none". */
const none = (input: unknown) => (input === null || input === '' ? undefined : input);

/** A list of ids: an array, or comma-separated text when form-encoded. */
const IdList = z.preprocess(
  (input) =>
    typeof input === 'string'
      ? input
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : input,
  z.array(Id, { error: 'must be a list of branch ids' }).max(100, 'must be at most 100 branches'),
);

export const StaffAssignment = z.object({
  /** The assignment's id: api/branch-asset/destroy's BranchStaff. */
  BranchStaffId: z.number().int(),
  BranchId: z.number().int(),
  BranchCode: z.string(),
  BranchName: z.string(),
  /** Whether the caller may remove this assignment (edit grant, and they work in the branch). */
  RemoveFlag: z.boolean(),
});
export type StaffAssignment = z.output<typeof StaffAssignment>;

// In the order of the list's columns.
const staff = recordFields('Staff', {
  /** Upper-cased; unique within the home branch. */
  StaffCode: {
    row: z.string(),
    request: text(20, { required: true })
      .transform((value) => value.toUpperCase())
      .refine(
        (value) => /^[A-Z0-9][A-Z0-9/-]{0,19}$/.test(value),
        'must be letters, digits, - or / such as CHN012',
      ),
    header: 'Code',
  },
  StaffName: { row: z.string(), request: text(100, { required: true }), header: 'Name' },
  /** The home branch (the edit link's id1), one the caller works in. */
  Branch: { request: Id },
  BranchId: { row: z.number().int() },
  BranchCode: { row: z.string(), header: 'Home Branch' },
  BranchName: { row: z.string() },
  Designation: reference('Designation'),
  Phone: {
    row: z.string().nullable(),
    request: z.preprocess(none, phone(false).optional()),
    header: 'Phone',
  },
  Email: {
    row: z.string().nullable(),
    request: z.preprocess(none, Email.optional()),
    header: 'Email',
  },
  /**
   * The assignments; a request gives branches to assign besides the home branch (which is always
   * assigned) and never removes one.
   */
  Branches: { row: z.array(StaffAssignment), request: z.preprocess(none, IdList.optional()) },
  /** The assigned branches' codes, for the table and the spreadsheet. */
  BranchesTxt: { row: z.string(), header: 'Branches' },
  /**
   * The login, when the staff member has one (the password is never sent): its user name
   * (lower-cased, unique); with Role and Password a request creates a login.
   */
  Username: {
    row: z.string().nullable(),
    request: z.preprocess(
      none,
      text(60, { required: false })
        .transform((value) => value.toLowerCase())
        .refine(
          (value) => /^[a-z0-9][a-z0-9._-]{2,59}$/.test(value),
          'must be 3 to 60 letters, digits, dots, dashes or underscores',
        )
        .optional(),
    ),
    header: 'Login',
  },
  RoleId: { row: z.number().int().nullable() },
  RoleName: { row: z.string().nullable(), header: 'Role' },
  /** The login's role (a role id), within the caller's own grants. */
  Role: { request: z.preprocess(none, Id.optional()) },
  /** A new login's initial password, or a reset; never stored or sent as it is. */
  Password: {
    request: z.preprocess(none, z.string().max(128, 'must be at most 128 characters').optional()),
  },
  /** 1 the login works, 0 it is disabled; left out it stays (a new login works). */
  LoginActive: {
    row: z.union([z.literal(0), z.literal(1)]).nullable(),
    request: z.preprocess(none, Decision.optional()),
  },
  LoginStatusTxt: { row: z.string() },
  /**
   * Extension: when the login is locked after too many failed password checks, the moment the lock
   * ends (api/staff/unlock-login ends it sooner); null or absent when it is not locked.
   */
  LoginLockedUntil: { row: IsoDateTime.nullable().optional() },
});

export const StaffRow = staff.row;
export type StaffRow = z.output<typeof StaffRow>;

const ListsRequest = BaseRequest.extend({
  /** Only the staff assigned to this branch (one the caller works in). */
  Branch: z.preprocess(none, Id.optional()),
});

export const staffCalls = recordCalls({
  prefix: 'staff',
  path: 'staff',
  key: 'Staff',
  graphqlNames: {
    StaffCode: 'code',
    Branches: 'assignments',
    Username: 'login.username',
    RoleId: 'login.roleId',
    RoleName: 'login.roleName',
    LoginActive: 'login.active',
    LoginStatusTxt: 'login.status',
    LoginLockedUntil: 'login.lockedUntil',
  },
  title: 'Staff',
  plural: 'staff',
  row: staff.row,
  fields: staff.request,
  headers: staff.headers,
  listsRequest: ListsRequest,
  optionsRequest: ListsRequest,
  summaries: {
    lists:
      'The staff of the branches the caller works in (home branch or an assignment), active or not, with per-row EditFlag and DeleteFlag; Branch narrows to one branch.',
    store:
      'Creates a staff member in a home branch the caller works in, assigned to it and to Branches; with Username, Role and Password also a login. The code is unique within the home branch.',
    destroy:
      'Deletes a staff member, their assignments and their login, unless the login is named by purchase orders, the audit log or the gallery (otherwise set them InActive).',
    options: "The active staff of the caller's branches (or of Branch) as select options.",
  },
  refusals: {
    store: [
      'Branch … does not exist.',
      'You do not work in branch ….',
      'Designation … does not exist.',
      'Staff code … already exists in branch ….',
      'User name … is already taken.',
      'Role … does not exist.',
      'You may not give the role …: it has grants you do not have.',
      'A login needs a user name, a role and a password.',
      'Password must be 8 to 128 characters, with a letter and a digit.',
      'The login of … has the role …, above yours: you may not change it.',
      'You cannot change your own login here.',
    ],
    destroy: [
      'Cannot delete Staff …: it is your own record.',
      'Cannot delete Staff …: their login … is named by … (set them InActive instead).',
    ],
  },
});

export const StaffFormOptionsRecords = z.object({
  /** The active designations, by name. */
  Designations: z.array(Option),
  /** The roles the caller may give: those whose every grant the caller has. */
  Roles: z.array(Option),
});
export type StaffFormOptionsRecords = z.output<typeof StaffFormOptionsRecords>;

/**
 * The staff form's select lists in one call. Designations are here rather than asked of
 * api/designation/options because a branch manager creates staff without the designation grant.
 */
export const staffFormOptionsCall = {
  staffFormOptions: {
    path: 'api/staff/form-options' as const,
    method: 'POST' as const,
    authenticated: true,
    readOnly: true,
    summary:
      "The staff form's select lists: the active designations, and the roles the caller may give (those whose every grant the caller has). Needs the create or edit grant on staff.",
    request: BaseRequest,
    records: StaffFormOptionsRecords,
    refusals: ['You are not allowed to create or edit staff.'],
  },
};

export const StaffUnlockLoginRequest = BaseRequest.extend({ Staff: Id });

/** Extension: an administrator's end to a login's lock after failed password checks. */
export const staffUnlockLoginCall = {
  staffUnlockLogin: {
    path: 'api/staff/unlock-login' as const,
    method: 'POST' as const,
    authenticated: true,
    readOnly: false,
    summary:
      "Ends the lock on a staff member's login after too many failed password checks (login or change-password), and forgets those failures. Needs the edit grant on staff, a staff member of the caller's branches, and a login whose role the caller may give. A lock on a client address is not ended here: it ends by itself.",
    request: StaffUnlockLoginRequest,
    records: z.null(),
    refusals: [
      'Staff … not found.',
      'Your role may not edit staff.',
      '… has no login.',
      'The login of … is not locked.',
      'The login of … has the role …, above yours: you may not change it.',
    ],
  },
};
