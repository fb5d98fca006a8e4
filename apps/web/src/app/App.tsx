import { ChakraProvider } from '@chakra-ui/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { Alerts } from '../shared/alerts.tsx';
import { router } from './router.tsx';
import { system } from './theme.ts';

export function App({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
        <Alerts />
      </ChakraProvider>
    </I18nextProvider>
  );
}
