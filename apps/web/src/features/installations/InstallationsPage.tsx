import { useQuery } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import type { InstallationsQuery as Data, InstallationState } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import { enumFilter, ListFilterSelect } from '../../shared/ListFilterSelect.tsx';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { exportUrlOf } from '../../shared/RecordList.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useListParams } from '../../shared/useListParams.ts';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { BranchFilter, useListBranch } from '../session/BranchFilter.tsx';
import { InstallationsPageQuery, InstallationsQuery } from './documents.ts';

type Row = Data['list']['rows'][number];

export const NEW_INSTALLATION = '/asset-installation/new';
export const installationUrl = (id: string) => `/asset-installation/view?id=${id}`;
const STATUS_PARAM = 'status';
const STATES: InstallationState[] = ['PENDING', 'SIGNED_OFF', 'SENT_BACK'];

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: {
        label: t('installations.number'),
        text: (row) => row.number,
        render: (row) => <RouterLink to={installationUrl(row.id)}>{row.number}</RouterLink>,
        priority: 'essential',
        nowrap: true,
      },
      installedAt: {
        label: t('installations.installedAt'),
        text: (row) => dates.dateTime(row.installedAt),
        priority: 'high',
        nowrap: true,
      },
      assetTags: { label: t('installations.assets'), text: (row) => row.assetTags },
      assetCount: {
        label: t('installations.assetCount'),
        text: (row) => String(row.assetCount),
        priority: 'low',
      },
      locationName: { label: t('installations.location'), text: (row) => row.locationName },
      installedByName: {
        label: t('installations.installedBy'),
        text: (row) => row.installedByName,
        priority: 'low',
      },
      goodsReceiptNoteNumber: {
        label: t('installations.goodsReceiptNote'),
        text: (row) => row.goodsReceiptNoteNumber ?? '',
        priority: 'low',
        nowrap: true,
      },
      status: {
        label: t('purchaseOrders.status'),
        text: (row) => row.status.text,
        render: (row) => <StatusChip chip={row.status} />,
        priority: 'essential',
      },
    }),
    [t, dates],
  );
}

/**
 * /asset-installation/list: the installations of the primary branch (or one chosen), newest
 * first, with those waiting for the user's sign-off at a filter's reach.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useListParams();
  const columns = useColumns();
  const branchId = useListBranch(params);
  const status = enumFilter(STATES, params.filter(STATUS_PARAM));
  const page = useQuery(InstallationsPageQuery);
  const { data, previousData, error, loading, refetch } = useListQuery(InstallationsQuery, {
    variables: { branchId, status, ...params.variables },
    skip: !branchId,
  });

  if (page.error) return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (!page.data) return <LoadingDots label={t('common.loading')} />;
  if (!page.data.pageInfo.permitted) return <Navigate to="/access-denied" replace />;
  const list = (data ?? previousData)?.list;

  return (
    <ServerList<Row>
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      list={list}
      loading={loading}
      error={error}
      onRetry={() => askAgain(refetch)}
      params={params}
      filtered={status !== null}
      rowKey={(row) => row.id}
      columns={columns}
      actions={(row) => (
        <HStack gap="0" data-row-actions={row.id}>
          <IconAction label={t('installations.view', { number: row.number })} asChild>
            <RouterLink to={installationUrl(row.id)}>
              <Eye />
            </RouterLink>
          </IconAction>
        </HStack>
      )}
      toolbar={
        <ListToolbar
          createTo={list?.canCreate ? NEW_INSTALLATION : undefined}
          onRefresh={() => askAgain(refetch)}
          refreshing={loading}
          exportUrl={exportUrlOf(list, error)}
        />
      }
      filters={
        <HStack align="end" gap="3" wrap="wrap">
          <BranchFilter params={params} options={page.data.branchOptions} />
          <ListFilterSelect
            params={params}
            name={STATUS_PARAM}
            label={t('purchaseOrders.status')}
            allLabel={t('installations.allStatuses')}
            options={STATES.map((value) => ({
              value,
              text: t(`installations.statuses.${value}`),
            }))}
          />
        </HStack>
      }
    />
  );
}
