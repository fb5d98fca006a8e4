import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../app/i18n.ts';
import { system } from '../app/theme.ts';
import { Alerts } from '../shared/alerts.tsx';

/** Renders a component as the app does: theme, language, a router and the alert area. */
export function renderWithApp(
  element: ReactElement,
  options: {
    language?: 'eng' | 'tam';
    route?: string;
    wrapper?: (children: ReactNode) => ReactNode;
  } = {},
) {
  // English, the default: component tests check behaviour; the browser tests switch languages.
  const i18n = createI18n();
  const inner = (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{element}</MemoryRouter>
        <Alerts />
      </ChakraProvider>
    </I18nextProvider>
  );
  return {
    user: userEvent.setup(),
    i18n,
    ...render(options.wrapper ? options.wrapper(inner) : inner),
  };
}
