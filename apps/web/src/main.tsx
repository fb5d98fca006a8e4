import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createI18n, storedLanguage, switchLanguage } from './app/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const i18n = createI18n();
const language = storedLanguage();
// A remembered language is fetched before the first paint, so the page never flashes English.
await switchLanguage(i18n, language).catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
