import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans-tamil/400.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-telugu/400.css';
import '@fontsource/noto-sans-malayalam/400.css';
import '@fontsource/noto-sans-kannada/400.css';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@branch-assets/domain';
import { eng, LANGUAGE_TAGS, loadMessages } from '@branch-assets/i18n';
import i18next, { type i18n } from 'i18next';
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

/**
 * i18next with English bundled (the default and the fallback); another language's strings are
 * fetched when it is first chosen. The fonts' CSS declares each script's font by Unicode range,
 * so a browser downloads a script's font only when text in it is shown.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { [DEFAULT_LANGUAGE]: { translation: eng } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  applyDocumentLanguage(DEFAULT_LANGUAGE);
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

/** Switches to a language, fetching its strings first when this is its first use. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadMessages(language));
  }
  await instance.changeLanguage(language);
}
