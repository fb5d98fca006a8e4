import { graphql } from '../../gql/index.ts';

export const VendorsQuery = graphql(`
  query Vendors(
    $stateId: ID,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: vendors(
      stateId: $stateId,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id code name gstin pan stateId stateName address contactPerson phone email
        bankName bankAccountNumber bankIfsc active canEdit canDelete
        status { text background color }
      }
      ...RecordListFields
    }
  }
`);

export const SaveVendorMutation = graphql(`
  mutation SaveVendor($input: VendorInput!) {
    saveVendor(input: $input) { message vendor { id name } }
  }
`);

export const DeleteVendorMutation = graphql(`
  mutation DeleteVendor($id: ID!) {
    deleteVendor(id: $id) { message }
  }
`);

/** The vendor screen's documents: its list (the root field aliased `list`), save and delete. */
export const vendorDocuments = {
  list: VendorsQuery,
  save: SaveVendorMutation,
  delete: DeleteVendorMutation,
};
