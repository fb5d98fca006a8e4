import { isLanguage, LANGUAGES } from '@branch-assets/domain';
import { NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../app/i18n.ts';

/** The interface language; i18n.ts remembers the choice in this browser. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        id={id}
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
