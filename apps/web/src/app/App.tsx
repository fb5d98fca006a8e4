import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { Alerts } from '../shared/alerts.tsx';
import { createApolloClient } from './apollo.ts';
import { createI18n } from './i18n.ts';
import { createRouter } from './router.tsx';
import { system } from './theme.ts';

function createApp() {
  const router = createRouter();
  const client = createApolloClient({
    // The session expired or was revoked: forget what was cached and log in again with a notice.
    onSessionEnded: () => {
      if (router.state.location.pathname === '/login') return;
      void client
        .clearStore()
        .finally(() => router.navigate('/login?expired=1', { replace: true }));
    },
  });
  return { router, client, i18n: createI18n() };
}

export function App() {
  const [{ router, client, i18n }] = useState(createApp);
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <ApolloProvider client={client}>
          <RouterProvider router={router} />
          <Alerts />
        </ApolloProvider>
      </ChakraProvider>
    </I18nextProvider>
  );
}
