import { useQuery } from '@apollo/client/react';
import {
  Button,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useDates } from '../../shared/dates.ts';
import { askAgain } from '../../shared/listQuery.ts';
import { listStateOf } from '../../shared/listState.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { CriticalAssets } from './CriticalAssets.tsx';
import { DashboardTiles, TilesSkeleton } from './DashboardTiles.tsx';
import { DashboardPageQuery, DashboardQuery } from './documents.ts';
import { dashboardTiles } from './tiles.ts';

// The charts and their library are a chunk of their own, fetched once the page is there.
const DashboardCharts = lazy(() =>
  import('./DashboardCharts.tsx').then((module) => ({ default: module.DashboardCharts })),
);

const SCOPE_PARAM = 'scope';
const ALL = 'all';

function ChartsSkeleton() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" aria-hidden>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} height="72" borderRadius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * /dashboard/branch-manager: the primary branch at a glance (or all the user's branches with
 * `?scope=all`, kept in the address): tiles that open their lists filtered, the critical assets
 * down, and four charts (docs/reports.md).
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const primary = session.primaryBranch;
  const all = params.get(SCOPE_PARAM) === ALL || !primary;
  const branchId = all ? null : (primary?.id ?? null);
  const page = useQuery(DashboardPageQuery);
  const query = useQuery(DashboardQuery, {
    variables: branchId ? { branchId } : {},
    skip: !page.data?.pageInfo.permitted,
    notifyOnNetworkStatusChange: true,
  });

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;

  const choose = (everyBranch: boolean) => {
    const next = new URLSearchParams(params);
    if (everyBranch) next.set(SCOPE_PARAM, ALL);
    else next.delete(SCOPE_PARAM);
    setParams(next);
  };
  const shown = query.data?.dashboard ?? query.previousData?.dashboard;
  const tiles = shown ? dashboardTiles(shown, branchId) : [];

  return (
    <PageCard
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      toolbar={
        <>
          <Switch.Root
            checked={all}
            disabled={!primary}
            onCheckedChange={(event) => choose(event.checked)}
            size="sm"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{t('dashboard.allBranches')}</Switch.Label>
          </Switch.Root>
          <Button
            variant="outline"
            size="sm"
            onClick={() => askAgain(query.refetch)}
            loading={query.loading}
          >
            <RefreshCw aria-hidden />
            {t('common.refresh')}
          </Button>
        </>
      }
    >
      {query.error && !query.loading ? (
        <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />
      ) : !shown ? (
        <Stack gap="6" aria-busy="true">
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
          <TilesSkeleton />
          <ChartsSkeleton />
        </Stack>
      ) : (
        <Stack
          gap="6"
          aria-busy={query.loading}
          opacity={query.loading ? 0.6 : 1}
          data-dashboard-scope={all ? ALL : branchId}
        >
          <HStack gap="1" wrap="wrap" fontSize="sm" color="fg.muted">
            <Text>
              {t('dashboard.branchesShown', {
                list: shown.branches
                  .map((branch) =>
                    all ? branch.branchCode : `${branch.branchCode} - ${branch.branchName}`,
                  )
                  .join(', '),
              })}
            </Text>
            <Text aria-hidden>·</Text>
            <Text>
              {t('dashboard.asOf', { date: dates.date(shown.asOf), year: shown.financialYear })}
            </Text>
          </HStack>
          <DashboardTiles tiles={tiles} />
          {shown.tiles.criticalDown !== null ? (
            <CriticalAssets
              assets={shown.criticalAssets}
              answers={listStateOf(location.pathname, location.search)}
              busy={query.loading}
            />
          ) : null}
          <Suspense fallback={<ChartsSkeleton />}>
            <DashboardCharts dashboard={shown} />
          </Suspense>
        </Stack>
      )}
    </PageCard>
  );
}
