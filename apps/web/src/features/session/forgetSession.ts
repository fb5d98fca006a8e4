import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { SessionQuery } from './documents.ts';

/** Why a session ended, as the login page's notice says it: `/login?loggedOut=1`, `?expired=1`. */
export type SessionEnding = 'loggedOut' | 'expired';

let endings = 0;
let lastEnding: SessionEnding | null = null;

/** How many sessions have ended in this page so far. */
export function endingCount(): number {
  return endings;
}

/**
 * Where a user whose session ended goes: the login page with the notice of why. Given the count
 * a guard saw when the user arrived at its location, only an ending since then has a notice: a
 * user who comes back to a screen later is just sent to log in.
 */
export function loginAfterEnding(seenEndings = -1): string {
  return lastEnding && endings !== seenEndings ? `/login?${lastEnding}=1` : '/login';
}

/**
 * Forgets what was cached for a session that ended (logged out, expired, revoked) and records it
 * as ended. The route guard watches the session query, so every guarded screen leaves for the
 * login page at once, with the notice of why: also while the login page is still loading, and
 * when the user goes back to a screen of the ended session. The guard asks the gateway again when
 * it next mounts (after a new login).
 */
export async function forgetSession(
  client: ApolloClient,
  ending: SessionEnding,
  /** Goes to the login page; called at once, in the same turn as the guard leaves. */
  leave?: (to: string) => void,
): Promise<void> {
  endings += 1;
  lastEnding = ending;
  // First the ended session, which the guard sees, then the rest goes: after clearStore the cache
  // no longer tells the queries that watch it. The cache keeps type names beside the fields.
  const ended = {
    __typename: 'Session' as const,
    authenticated: false,
    user: null,
    primaryBranch: null,
  };
  client.writeQuery({ query: SessionQuery, data: { session: ended } });
  // Not after clearStore: a navigation made once the login page is there (the user going back to
  // a screen) must not be undone by this one arriving late.
  leave?.(loginAfterEnding());
  await client.clearStore();
}

/** For a screen that learns outside GraphQL (an upload) that the session ended: as the data client does. */
export function useSessionEnded(): () => void {
  const client = useApolloClient();
  const navigate = useNavigate();
  return () => void forgetSession(client, 'expired', (to) => navigate(to, { replace: true }));
}
