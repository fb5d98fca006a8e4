import type { Language } from '@branch-assets/domain';
import { eng, type Messages } from './locales/eng.ts';
import { hin } from './locales/hin.ts';
import { kan } from './locales/kan.ts';
import { mal } from './locales/mal.ts';
import { tam } from './locales/tam.ts';
import { tel } from './locales/tel.ts';

export type { Messages } from './locales/eng.ts';

/** Every language's strings, by the legacy three-letter language codes. */
export const messages: Record<Language, Messages> = { eng, tam, hin, tel, mal, kan };

/**
 * BCP 47 tags for `lang` attributes and Intl formatting. The legacy codes are ISO 639-2/B-like;
 * browsers and screen readers want ISO 639-1.
 */
export const LANGUAGE_TAGS: Record<Language, string> = {
  eng: 'en-IN',
  tam: 'ta-IN',
  hin: 'hi-IN',
  tel: 'te-IN',
  mal: 'ml-IN',
  kan: 'kn-IN',
};
