import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans-tamil/400.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-telugu/400.css';
import '@fontsource/noto-sans-malayalam/400.css';
import '@fontsource/noto-sans-kannada/400.css';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@branch-assets/domain';
import { LANGUAGE_TAGS, messages } from '@branch-assets/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const STORAGE_KEY = 'branch-assets.language';

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyDocumentLanguage(language: string): void {
  if (isLanguage(language)) document.documentElement.lang = LANGUAGE_TAGS[language];
}

/** i18next with every language bundled: the strings are small, and switching is then instant. */
export function createI18n(language: Language = storedLanguage()) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: messages[code] }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  applyDocumentLanguage(language);
  instance.on('languageChanged', (next) => {
    applyDocumentLanguage(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  });
  return instance;
}
