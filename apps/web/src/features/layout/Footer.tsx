import { useQuery } from '@apollo/client/react';
import { APP_VERSION } from '@branch-assets/domain';
import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql/index.ts';

export const VersionInfoQuery = graphql(`
  query VersionInfo {
    versionInfo { version buildDate environment testMode }
  }
`);

/** The footer: the year, the provider credit, the app's version and the server's. */
export function Footer() {
  const { t } = useTranslation();
  const { data } = useQuery(VersionInfoQuery, { fetchPolicy: 'cache-first' });
  const server = data?.versionInfo;
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
      <Text>
        {t('shell.footerVersion', { version: APP_VERSION })}
        {server
          ? ` · ${t('shell.footerServer', {
              version: server.version,
              environment: server.environment,
              buildDate: server.buildDate,
            })}`
          : ''}
      </Text>
    </Flex>
  );
}
