import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from './MessagePage.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <MessagePage
      code="403"
      title={t('accessDenied.title')}
      body={t('accessDenied.body')}
      action={
        <Button asChild colorPalette="brand">
          <Link to="/purchase-order/list">{t('common.goHome')}</Link>
        </Button>
      }
    />
  );
}
