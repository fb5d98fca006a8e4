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

/**
 * What the server sent is cached in the language it was asked in: when the user picks another
 * language, everything is asked again in it (the i18n setup sets <html lang> on every change).
 */
if (typeof MutationObserver !== 'undefined' && typeof document !== 'undefined') {
  let asked = document.documentElement.lang;
  new MutationObserver(() => {
    const now = document.documentElement.lang;
    if (now === asked) return;
    asked = now;
    void client.resetStore().catch(() => undefined);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}
