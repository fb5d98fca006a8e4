import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkTimeoutError } from '../../app/lazy-route.ts';
import { MessagePage } from './MessagePage.tsx';

/**
 * What a route shows when its code could not be loaded (a new deployment, a lost connection, or
 * over 120 s): the reason and a reload, which fetches the current chunks.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <MessagePage
      code="!"
      title={error instanceof ChunkTimeoutError ? t('shell.chunkTimeout') : t('shell.chunkFailed')}
      body=""
      action={
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
