import { graphql } from '../gql/index.ts';

/**
 * What RecordList shows of any record list besides its rows (the schema's RecordList): the table's
 * description, the count over all pages and the page answered.
 */
export const RecordListFields = graphql(`
  fragment RecordListFields on RecordList {
    headers { text value align sortable }
    totalCount page pageSize
    options { itemsPerPage itemsPerPageOptions downloadable }
    canCreate
    exportUrl
  }
`);
