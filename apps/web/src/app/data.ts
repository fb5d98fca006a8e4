import { forgetSession } from '../features/session/forgetSession.ts';
import { createApolloClient } from './apollo.ts';
import { router } from './router.tsx';

/**
 * The one GraphQL client of the app. It lives in its own module, imported only by what needs
 * data, so the login page renders without Apollo in its bundle.
 */
export const client = createApolloClient({
  // The session expired or was revoked: forget what was cached and log in again with a notice.
  onSessionEnded: () => {
    if (router.state.location.pathname === '/login') return;
    void forgetSession(client, 'expired', (to) => void router.navigate(to, { replace: true }));
  },
});
