import { graphql } from '../../gql/index.ts';

export const VersionInfoQuery = graphql(`
  query VersionInfo {
    versionInfo { version buildDate environment testMode }
  }
`);
