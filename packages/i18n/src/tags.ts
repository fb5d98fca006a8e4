import type { Language } from '@branch-assets/domain';

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
