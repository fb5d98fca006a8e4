import { graphql } from '../../gql/index.ts';

export const CompaniesQuery = graphql(`
  query Companies(
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: companies(
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id name legalName pan gstin address logoUrl purchaseTerms gstInAssetCost active canEdit
        canDelete
        status { text background color }
      }
      ...RecordListFields
    }
  }
`);

export const SaveCompanyMutation = graphql(`
  mutation SaveCompany($input: CompanyInput!) {
    saveCompany(input: $input) { message company { id name } }
  }
`);

export const DeleteCompanyMutation = graphql(`
  mutation DeleteCompany($id: ID!) {
    deleteCompany(id: $id) { message }
  }
`);

/** The company screen's documents: its list (the root field aliased `list`), save and delete. */
export const companyDocuments = {
  list: CompaniesQuery,
  save: SaveCompanyMutation,
  delete: DeleteCompanyMutation,
};
