import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { RouteProblem } from '../features/errors/RouteProblem.tsx';
import { LoadingDots } from './LoadingDots.tsx';
import { askAgain } from './listQuery.ts';

/** A page query as every guarded page has it: its title and grant, its failure, asking again. */
export interface GuardedPage {
  data?: { pageInfo: { permitted: boolean } } | undefined;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * What a guarded page shows until it may show itself: the page query's failure with Try again,
 * the wait, or Access denied for a user without the grant. A page renders it while
 * `page.error || !page.data?.pageInfo.permitted`.
 */
export function PageGate({ page }: { page: GuardedPage }) {
  const { t } = useTranslation();
  if (page.error) return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (!page.data) return <LoadingDots label={t('common.loading')} />;
  return <Navigate to="/access-denied" replace />;
}
