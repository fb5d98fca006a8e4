import { statusTone, toneColors } from '@branch-assets/domain';
import { exportUrl } from '../../exports/lists.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';

function chip(text: string) {
  const colors = toneColors(statusTone(text));
  return { text, background: colors.background, color: colors.text };
}

/** Absent and null both mean "leave it out" in the legacy request. */
const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** Staff: the legacy staff calls, the form's select lists and the assignment removal. */
export const staffResolvers: Resolvers = {
  Query: {
    staff: async (_parent, { branchId }, { read }) => {
      const { records } = await read('staffLists', {
        UserInterface: 1,
        ...(given(branchId) ? { Branch: numericId(branchId, 'branchId') } : {}),
      });
      return {
        rows: records.TableData,
        headers: records.TableHeader,
        options: records.TableOptions,
        branchId: given(branchId) ? String(branchId) : null,
      };
    },
    staffMember: async (_parent, { id }, { read }) =>
      (await read('staffShow', { UserInterface: 1, Staff: numericId(id, 'id') })).records,
    staffOptions: async (_parent, { branchId }, { read }) =>
      (
        await read('staffOptions', {
          UserInterface: 1,
          ...(given(branchId) ? { Branch: numericId(branchId, 'branchId') } : {}),
        })
      ).records,
    staffFormOptions: async (_parent, _args, { read }) =>
      (await read('staffFormOptions', { UserInterface: 1 })).records,
  },
  Mutation: {
    saveStaff: async (_parent, { input }, { write }) => {
      const fields = {
        UserInterface: 1,
        Branch: numericId(input.branchId, 'branchId'),
        StaffCode: input.code,
        StaffName: input.name,
        Designation: numericId(input.designationId, 'designationId'),
        Phone: input.phone ?? '',
        Email: input.email ?? '',
        Branches: (input.assignBranchIds ?? []).map((id) => numericId(id, 'assignBranchIds')),
        ...(given(input.active)
          ? { ActiveStatus: input.active ? (1 as const) : (0 as const) }
          : {}),
        ...(given(input.username) && input.username !== '' ? { Username: input.username } : {}),
        ...(given(input.roleId) && input.roleId !== ''
          ? { Role: numericId(input.roleId, 'roleId') }
          : {}),
        ...(given(input.password) && input.password !== '' ? { Password: input.password } : {}),
        ...(given(input.loginActive)
          ? { LoginActive: input.loginActive ? (1 as const) : (0 as const) }
          : {}),
      };
      const { output, records } = input.id
        ? await write('staffUpdate', { ...fields, Staff: numericId(input.id, 'id') })
        : await write('staffStore', fields);
      return { message: output, staff: records };
    },
    deleteStaff: async (_parent, { id }, { write }) => {
      const { output } = await write('staffDestroy', {
        UserInterface: 1,
        Staff: numericId(id, 'id'),
      });
      return { message: output };
    },
    removeStaffAssignment: async (_parent, { input }, { write }) => {
      const { output } = await write('branchAssetDestroy', {
        UserInterface: 1,
        BranchStaff: numericId(input.id, 'id'),
        Branch: numericId(input.branchId, 'branchId'),
        Staff: numericId(input.staffId, 'staffId'),
      });
      return { message: output };
    },
  },
  StaffList: {
    rows: (list) => list.rows,
    headers: (list) => list.headers,
    options: (list) => list.options,
    canCreate: (_list, _args, context) => permitted(context, 'staff', 'create'),
    exportUrl: (list) =>
      list.options.DownloadFlag
        ? exportUrl('staff', list.branchId ? { branchId: list.branchId } : {})
        : null,
  },
  StaffMember: {
    id: (staff) => String(staff.StaffId),
    code: (staff) => staff.StaffCode,
    name: (staff) => staff.StaffName,
    branchId: (staff) => String(staff.BranchId),
    branchCode: (staff) => staff.BranchCode,
    branchName: (staff) => staff.BranchName,
    designationId: (staff) => String(staff.DesignationId),
    designationName: (staff) => staff.DesignationName,
    phone: (staff) => staff.Phone,
    email: (staff) => staff.Email,
    assignments: (staff) => staff.Branches,
    branchesText: (staff) => staff.BranchesTxt,
    // The login type reads the same row; a staff member without a user name has none.
    login: (staff) => (staff.Username === null ? null : staff),
    active: (staff) => staff.ActiveStatus === 1,
    status: (staff) => chip(staff.ActiveStatusTxt),
    canEdit: (staff) => staff.EditFlag,
    canDelete: (staff) => staff.DeleteFlag,
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
    status: (staff) => chip(staff.LoginStatusTxt),
  },
  StaffFormOptions: {
    designations: (options) => options.Designations,
    roles: (options) => options.Roles,
  },
  StaffResult: {
    message: (result) => result.message,
    staff: (result) => result.staff,
  },
};
