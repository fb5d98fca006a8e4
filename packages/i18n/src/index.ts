import type { Language } from '@branch-assets/domain';
import { eng, type Messages } from './locales/eng.ts';

export type { Messages } from './locales/eng.ts';
/** English is the default and the fallback, so it is always at hand; the others load on demand. */
export { eng } from './locales/eng.ts';

/**
 * A language's strings. Each non-English language is its own module, so a bundler puts it in a
 * chunk of its own and a browser fetches only the language the user picks.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  switch (language) {
    case 'eng':
      return eng;
    case 'tam':
      return (await import('./locales/tam.ts')).tam;
    case 'hin':
      return (await import('./locales/hin.ts')).hin;
    case 'tel':
      return (await import('./locales/tel.ts')).tel;
    case 'mal':
      return (await import('./locales/mal.ts')).mal;
    case 'kan':
      return (await import('./locales/kan.ts')).kan;
  }
}

export { LANGUAGE_TAGS } from './tags.ts';
