import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { describeProblem } from '../../shared/errors.ts';
import { listStateOf } from '../../shared/listState.ts';

/** A report that could not be read: why, and Try again (the filters stay as they are). */
export function ReportProblem({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.loadFailed')}</Alert.Title>
        <Alert.Description>{describeProblem(error, t).message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" onClick={onRetry} loading={retrying}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}

/**
 * What the report's tables say they show (data-list-state, as the app's lists write it): the
 * address they are rendered for once its answer is on screen, nothing while it loads. A browser
 * test waits for it as it waits for a list (e2e/helpers.ts listSettled).
 */
export function useShownState(loading: boolean): string | null {
  const location = useLocation();
  return loading ? null : listStateOf(location.pathname, location.search);
}
