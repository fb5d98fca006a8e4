import { graphql } from '../../gql/index.ts';

export const AssetLocationsQuery = graphql(`
  query AssetLocations(
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: assetLocations(
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id name branchId branchName branchCode active canEdit canDelete
        status { text background color }
      }
      ...RecordListFields
    }
  }
`);

export const SaveAssetLocationMutation = graphql(`
  mutation SaveAssetLocation($input: AssetLocationInput!) {
    saveAssetLocation(input: $input) { message assetLocation { id name } }
  }
`);

export const DeleteAssetLocationMutation = graphql(`
  mutation DeleteAssetLocation($id: ID!) {
    deleteAssetLocation(id: $id) { message }
  }
`);

export const assetLocationDocuments = {
  list: AssetLocationsQuery,
  save: SaveAssetLocationMutation,
  delete: DeleteAssetLocationMutation,
};
