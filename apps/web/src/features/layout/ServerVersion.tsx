import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionInfoQuery } from '../../gql/graphql.ts';

type ServerInfo = VersionInfoQuery['versionInfo'];

/**
 * The footer's question, by a plain request: the footer is on the login page, which otherwise
 * needs no data client (Apollo would add ≈ 62 KB to it). The same fields as version-info.ts, whose
 * document the banner asks through the data client.
 */
const QUERY = 'query VersionInfo { versionInfo { version buildDate environment testMode } }';

/** The answer, once known: one request per visit, shared by the login and signed-in footers. */
let known: ServerInfo | null = null;
let request: Promise<ServerInfo | null> | undefined;

function loadServerInfo(): Promise<ServerInfo | null> {
  request ??= fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'branch-assets-web' },
    body: JSON.stringify({ operationName: 'VersionInfo', query: QUERY }),
  })
    .then(async (response) => {
      const answer = (await response.json()) as { data?: VersionInfoQuery | null };
      known = answer.data?.versionInfo ?? null;
      if (!known) throw new Error('no version in the answer');
      return known;
    })
    .catch(() => {
      // Not shown this time (server unreachable); the next footer asks again.
      request = undefined;
      return null;
    });
  return request;
}

/** The server's version for the footer, after the app's own; nothing until it is known. */
export function ServerVersion() {
  const { t } = useTranslation();
  const [server, setServer] = useState(known);
  useEffect(() => {
    if (server) return;
    let mounted = true;
    void loadServerInfo().then((info) => {
      if (mounted && info) setServer(info);
    });
    return () => {
      mounted = false;
    };
  }, [server]);
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
