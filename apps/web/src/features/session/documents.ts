import { graphql } from '../../gql/index.ts';

export const SessionQuery = graphql(`
  query Session {
    session {
      authenticated
      user { id username displayName role }
      primaryBranch { id code name logoUrl }
    }
  }
`);
