import { isLanguage } from '@branch-assets/domain';
import { LANGUAGE_TAGS } from '@branch-assets/i18n';
import { useTranslation } from 'react-i18next';

/** The BCP 47 tag of the interface language, for dates and times. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? LANGUAGE_TAGS[i18n.language] : LANGUAGE_TAGS.eng;
}
