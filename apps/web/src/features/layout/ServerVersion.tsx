import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { client } from '../../app/data.ts';
import { VersionInfoQuery } from './version-info.ts';

/**
 * The server's version for the footer. Loaded after the page (the login page does not otherwise
 * need the data client), with the app's one client so the answer is cached for the banner too.
 */
export function Component() {
  const { t } = useTranslation();
  const { data } = useQuery(VersionInfoQuery, { client, fetchPolicy: 'cache-first' });
  const server = data?.versionInfo;
  if (!server) return null;
  return (
    <>
      {` · ${t('shell.footerServer', {
        version: server.version,
        environment: server.environment,
        buildDate: server.buildDate,
      })}`}
    </>
  );
}
