import { isLanguage, LANGUAGES } from '@branch-assets/domain';
import { NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../app/i18n.ts';

/**
 * The interface language; i18n.ts remembers the choice in this browser.
 *
 * Each language is named in its own script, in the app's fonts. The select is as wide as the
 * chosen name (`field-sizing: content`), not the widest: to size a native select to its widest
 * option Chromium lays out every option in the select's font, which fetched the fonts of all five
 * Indian scripts (≈ 147 KB) on every page with this menu. Now a script's font is fetched when text
 * in it is shown: the chosen name, or the options once the list is opened. Until a font arrives,
 * the system's draws the names (font-display: swap): Nirmala UI on Windows, Noto on Android and
 * Chrome OS. A browser without field-sizing sizes the select to its widest option, as before.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        id={id}
        fieldSizing="content"
        aria-label={t('language.label')}
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void switchLanguage(i18n, event.target.value);
        }}
        data-testid="language-menu"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
