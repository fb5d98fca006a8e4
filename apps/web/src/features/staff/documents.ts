import { graphql } from '../../gql/index.ts';

export const StaffQuery = graphql(`
  query Staff(
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: staff(
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id code name branchId branchCode branchName designationId designationName phone email
        branchesText active canEdit canDelete
        status { text background color }
        assignments { id branchId branchCode branchName canRemove }
        login { username roleId roleName active lockedUntil status { text background color } }
      }
      ...RecordListFields
    }
  }
`);

/** The form's select lists: the caller's branches, the designations and the roles they may give. */
export const StaffFormOptionsQuery = graphql(`
  query StaffFormOptions {
    branchOptions(source: USER) { value text }
    staffFormOptions { designations { value text } roles { value text } }
  }
`);

export const SaveStaffMutation = graphql(`
  mutation SaveStaff($input: StaffInput!) {
    saveStaff(input: $input) { message staff { id name } }
  }
`);

export const DeleteStaffMutation = graphql(`
  mutation DeleteStaff($id: ID!) {
    deleteStaff(id: $id) { message }
  }
`);

export const RemoveStaffAssignmentMutation = graphql(`
  mutation RemoveStaffAssignment($input: StaffAssignmentInput!) {
    removeStaffAssignment(input: $input) { message }
  }
`);

export const UnlockStaffLoginMutation = graphql(`
  mutation UnlockStaffLogin($id: ID!) {
    unlockStaffLogin(id: $id) { message }
  }
`);

/** The staff screen's documents: its list (the root field aliased `list`), save and delete. */
export const staffDocuments = {
  list: StaffQuery,
  save: SaveStaffMutation,
  delete: DeleteStaffMutation,
};
