import { graphql } from '../../gql/index.ts';

export const BranchRecordsQuery = graphql(`
  query BranchRecords {
    list: branchRecords {
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
