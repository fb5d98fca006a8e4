import { useQuery } from '@apollo/client/react';
import { Alert, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../shared/useLocale.ts';
import { useSession } from '../session/SessionContext.tsx';
import { VersionInfoQuery } from './version-info.ts';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Clock({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Text asChild fontFamily="mono" fontWeight="600">
      <time title={t('shell.clock')} dateTime={now.toISOString()}>
        {now.toLocaleTimeString(locale, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hour12: false,
        })}
      </time>
    </Text>
  );
}

/** The test-mode notice when the server says so, otherwise a welcome with today's date and a clock. */
export function Banner() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const { data } = useQuery(VersionInfoQuery, { fetchPolicy: 'cache-first' });
  if (data?.versionInfo.testMode) {
    return (
      <Alert.Root status="warning" borderRadius="0" role="note">
        <Alert.Indicator />
        <Alert.Title>{t('shell.testMode')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Flex
      px="6"
      py="2"
      bg="brand.subtle"
      justify="space-between"
      align="center"
      fontSize="sm"
      wrap="wrap"
      gap="2"
    >
      <Text>
        {t('shell.welcome', {
          name: session.user.displayName,
          date: new Date().toLocaleDateString(locale, { dateStyle: 'full' }),
        })}
      </Text>
      <Clock locale={locale} />
    </Flex>
  );
}
