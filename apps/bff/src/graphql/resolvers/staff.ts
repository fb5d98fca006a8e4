import type { Resolvers, StaffInput } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import type { StaffListModel } from '../models.ts';
import * as Records from './records.ts';

/** Absent and null both mean "leave it out" in the legacy request. */
const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

const STAFF: Records.Calls<'staff'> = { prefix: 'staff', key: 'Staff' };

function branchFilter(branchId: string | null | undefined) {
  return given(branchId) ? { Branch: numericId(branchId, 'branchId') } : {};
}

/** A staff member's fields by the contract's names; the assignments and the login are its own. */
function staffFields(input: StaffInput): Records.StoreFields<'staff'> {
  // A blank login field is left out: an existing login keeps it.
  const login = {
    Username: given(input.username) && input.username !== '' ? input.username : undefined,
    Role:
      given(input.roleId) && input.roleId !== '' ? numericId(input.roleId, 'roleId') : undefined,
    Password: given(input.password) && input.password !== '' ? input.password : undefined,
    LoginActive: given(input.loginActive) ? (input.loginActive ? 1 : 0) : undefined,
  } as const;
  return Records.storeFieldsOf('staff', input, {
    Branches: (input.assignBranchIds ?? []).map((id) => numericId(id, 'assignBranchIds')),
    ...login,
  });
}

/** Staff: the legacy staff calls, the form's select lists and the assignment removal. */
export const staffResolvers: Resolvers = {
  Query: {
    staff: async (_parent, { branchId, ...args }, context) => ({
      ...(await Records.readList(context, STAFF, args, {
        filters: branchFilter(branchId),
        exportQuery: given(branchId) ? { branchId: String(branchId) } : {},
      })),
      branchId: given(branchId) ? String(branchId) : null,
    }),
    staffMember: Records.showQuery(STAFF),
    staffOptions: async (_parent, { branchId }, { read }) =>
      (await read('staffOptions', { UserInterface: 1, ...branchFilter(branchId) })).records,
    staffFormOptions: async (_parent, _args, { read }) =>
      (await read('staffFormOptions', { UserInterface: 1 })).records,
  },
  Mutation: {
    saveStaff: Records.saveMutation(STAFF, staffFields),
    deleteStaff: Records.deleteMutation(STAFF),
    removeStaffAssignment: async (_parent, { input }, { write }) => {
      const { output } = await write('branchAssetDestroy', {
        UserInterface: 1,
        BranchStaff: numericId(input.id, 'id'),
        Branch: numericId(input.branchId, 'branchId'),
        Staff: numericId(input.staffId, 'staffId'),
      });
      return { message: output };
    },
    unlockStaffLogin: async (_parent, { id }, { write }) => {
      const { output } = await write('staffUnlockLogin', {
        UserInterface: 1,
        Staff: numericId(id, 'id'),
      });
      return { message: output };
    },
  },
  StaffList: Records.listFields<StaffListModel>({ module: 'staff', exportName: 'staff' }),
  StaffMember: {
    ...Records.namedFields('staffLists'),
    // The login type reads the same row; a staff member without a user name has none.
    login: (staff) => (staff.Username === null ? null : staff),
    ...Records.rowFields,
  },
  StaffAssignment: {
    id: (assignment) => String(assignment.BranchStaffId),
    branchId: (assignment) => String(assignment.BranchId),
    branchCode: (assignment) => assignment.BranchCode,
    branchName: (assignment) => assignment.BranchName,
    canRemove: (assignment) => assignment.RemoveFlag,
  },
  StaffLogin: {
    username: (staff) => staff.Username ?? '',
    roleId: (staff) => String(staff.RoleId ?? ''),
    roleName: (staff) => staff.RoleName ?? '',
    active: (staff) => staff.LoginActive === 1,
    status: (staff, _args, { texts }) =>
      Records.statusChip(
        texts,
        staff.LoginStatusTxt,
        staff.LoginActive === 1 ? 'ENABLED' : staff.LoginActive === 0 ? 'DISABLED' : null,
      ),
    lockedUntil: (staff) => staff.LoginLockedUntil ?? null,
  },
  StaffFormOptions: {
    designations: (options) => options.Designations,
    roles: (options) => options.Roles,
  },
  StaffResult: {
    message: (result) => result.message,
    staff: (result) => result.record,
  },
};
