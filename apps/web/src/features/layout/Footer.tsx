import { APP_VERSION } from '@branch-assets/domain';
import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ServerVersion } from './ServerVersion.tsx';

/** The footer: the year, the provider credit, the app's version and the server's. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Flex
      as="footer"
      px="6"
      py="3"
      gap="2"
      wrap="wrap"
      justify="space-between"
      fontSize="xs"
      color="fg.muted"
      borderTopWidth="1px"
      bg="white"
    >
      <Text>
        {t('shell.footerCopyright', { year: new Date().getFullYear() })} · {t('shell.footerCredit')}
      </Text>
      <Text data-testid="footer-version">
        {t('shell.footerVersion', { version: APP_VERSION })}
        <ServerVersion />
      </Text>
    </Flex>
  );
}
