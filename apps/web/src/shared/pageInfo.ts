import { graphql } from '../gql/index.ts';

/**
 * A screen's title, description and whether the user may open it (legacy api/menu-details/show),
 * asked with the screen's module: one document for every screen, cached per module and action.
 */
export const PageInfoQuery = graphql(`
  query PageInfo($module: String!, $action: String!) {
    pageInfo(module: $module, action: $action) { title description permitted }
  }
`);
