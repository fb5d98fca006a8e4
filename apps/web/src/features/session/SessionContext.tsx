import { createContext, useContext } from 'react';
import type { SessionQuery } from '../../gql/graphql.ts';

type AuthenticatedSession = SessionQuery['session'] & {
  user: NonNullable<SessionQuery['session']['user']>;
};

/** The signed-in session, provided by the route guard to everything inside the default layout. */
export const SessionContext = createContext<AuthenticatedSession | null>(null);

export function useSession(): AuthenticatedSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in layout');
  return session;
}
