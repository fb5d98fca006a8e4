import { useQuery } from '@apollo/client/react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { SessionQuery } from './documents.ts';
import { endingCount, loginAfterEnding } from './forgetSession.ts';
import { SessionContext } from './SessionContext.tsx';

/**
 * The route guard: it asks the gateway whether there is a session (scripts never see the token)
 * and sends a visitor without one to /login, remembering where they were going.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Only a session that ends while the user is at this location has a notice. Counted per
  // location, not per mount: React may keep this guard mounted across a navigation (a transition
  // to the login page that has not committed yet when the user goes back to a screen).
  const seen = useRef({ key: location.key, endings: endingCount() });
  if (seen.current.key !== location.key)
    seen.current = { key: location.key, endings: endingCount() };
  // Asked of the gateway whenever the guard mounts (a new login finds no stale answer), then
  // watched in the cache: forgetSession's ended session sends the user to /login at once.
  const { data, error, refetch } = useQuery(SessionQuery, {
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  if (error && !data) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!data) return <LoadingDots label={t('common.loading')} />;
  const { session } = data;
  if (!session.authenticated || !session.user) {
    return (
      <Navigate
        to={loginAfterEnding(seen.current.endings)}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return (
    <SessionContext.Provider value={{ ...session, user: session.user }}>
      {children}
    </SessionContext.Provider>
  );
}
