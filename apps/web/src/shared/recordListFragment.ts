import { graphql } from '../gql/index.ts';

/** What RecordList shows of any record list besides its rows (the schema's RecordList). */
export const RecordListFields = graphql(`
  fragment RecordListFields on RecordList {
    headers { text value align sortable }
    options { itemsPerPage itemsPerPageOptions downloadable }
    canCreate
    exportUrl
  }
`);
