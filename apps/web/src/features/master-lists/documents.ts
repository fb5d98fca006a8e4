import { graphql } from '../../gql/index.ts';

export const MasterListPageQuery = graphql(`
  query MasterListPage($list: MasterList!) {
    masterListPage(list: $list) { title description permitted }
  }
`);

export const MasterRecordsQuery = graphql(`
  query MasterRecords(
    $list: MasterList!, $parentId: ID, $grandparentId: ID,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    masterRecords(
      list: $list, parentId: $parentId, grandparentId: $grandparentId,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id list name parentId parentName taxRate gstStateCode unit minimumStock depreciationClass
        active canEdit canDelete
        status { text background color }
      }
      ...RecordListFields
      nameField
      parentField
    }
  }
`);

export const MasterOptionsQuery = graphql(`
  query MasterOptions($list: MasterList!, $parentId: ID) {
    masterOptions(list: $list, parentId: $parentId) { value text }
  }
`);

export const SaveMasterRecordMutation = graphql(`
  mutation SaveMasterRecord($input: MasterRecordInput!) {
    saveMasterRecord(input: $input) { message record { id name } }
  }
`);

export const DeleteMasterRecordMutation = graphql(`
  mutation DeleteMasterRecord($list: MasterList!, $id: ID!) {
    deleteMasterRecord(list: $list, id: $id) { message }
  }
`);
