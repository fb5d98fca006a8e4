import { graphql } from '../../gql/index.ts';

/** A branch's assets found by tag, name or serial number: the rows an asset picker ticks. */
export const AssetPickerQuery = graphql(`
  query AssetPicker($branchId: ID!, $search: String) {
    assets(branchId: $branchId, search: $search, pageSize: 50) {
      rows { id tag name serialNumber locationName assetStatus }
    }
  }
`);
