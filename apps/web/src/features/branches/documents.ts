import { graphql } from '../../gql/index.ts';

export const BranchRecordsQuery = graphql(`
  query BranchRecords(
    $stateId: ID,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: branchRecords(
      stateId: $stateId,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id code name companyId companyName address stateId stateName districtId districtName
        cityId cityName pincode gstin phone email logoUrl active canEdit canDelete
        status { text background color }
      }
      ...RecordListFields
    }
  }
`);

export const BranchCompanyOptionsQuery = graphql(`
  query BranchCompanyOptions {
    companyOptions { value text }
  }
`);

export const SaveBranchMutation = graphql(`
  mutation SaveBranch($input: BranchInput!) {
    saveBranch(input: $input) { message branch { id code name } }
  }
`);

export const DeleteBranchMutation = graphql(`
  mutation DeleteBranch($id: ID!) {
    deleteBranch(id: $id) { message }
  }
`);

/** The branch screen's documents: its list (the root field aliased `list`), save and delete. */
export const branchDocuments = {
  list: BranchRecordsQuery,
  save: SaveBranchMutation,
  delete: DeleteBranchMutation,
};
