import { useQuery } from '@apollo/client/react';
import { Badge, HStack } from '@chakra-ui/react';
import { Eye, ScanLine } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import type { AuditState, AuditsQuery as Data } from '../../gql/graphql.ts';
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
import { AuditsPageQuery, AuditsQuery } from './documents.ts';
import { auditUrl, NEW_AUDIT, scanUrl } from './urls.ts';

type Row = Data['list']['rows'][number];

const STATUS_PARAM = 'status';
const DUE_PARAM = 'due';
export const AUDIT_STATES: AuditState[] = ['IN_PROGRESS', 'SUBMITTED', 'SIGNED_OFF', 'CANCELLED'];

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: {
        label: t('audits.number'),
        text: (row) => row.number,
        render: (row) => <RouterLink to={auditUrl(row.id)}>{row.number}</RouterLink>,
        priority: 'essential',
        nowrap: true,
      },
      locationName: {
        label: t('audits.location'),
        text: (row) => row.locationName ?? t('audits.wholeBranch'),
        priority: 'high',
      },
      dueDate: {
        label: t('audits.dueDate'),
        text: (row) => dates.date(row.dueDate),
        nowrap: true,
      },
      auditorNames: {
        label: t('audits.auditors'),
        text: (row) => row.auditorNames,
        priority: 'low',
      },
      expectedCount: { label: t('audits.expected'), text: (row) => String(row.expectedCount) },
      foundCount: { label: t('audits.found'), text: (row) => String(row.foundCount) },
      wrongLocationCount: {
        label: t('audits.wrongLocation'),
        text: (row) => String(row.wrongLocationCount),
        priority: 'low',
      },
      missingCount: { label: t('audits.missing'), text: (row) => String(row.missingCount) },
      unexpectedCount: {
        label: t('audits.unexpected'),
        text: (row) => String(row.unexpectedCount),
        priority: 'low',
      },
      status: {
        label: t('purchaseOrders.status'),
        text: (row) => row.status.text,
        render: (row) => (
          <HStack gap="1" wrap="wrap">
            <StatusChip chip={row.status} />
            {row.canResolve || row.canSignOff ? (
              <Badge colorPalette="orange" variant="outline">
                {t('audits.waitingForYou')}
              </Badge>
            ) : null}
          </HStack>
        ),
        priority: 'essential',
      },
    }),
    [t, dates],
  );
}

/** /asset-audit/list: a branch's physical audits, newest first, by status or due. */
export function Component() {
  const { t } = useTranslation();
  const params = useListParams();
  const columns = useColumns();
  const branchId = useListBranch(params);
  const status = enumFilter(AUDIT_STATES, params.filter(STATUS_PARAM));
  const due = params.filter(DUE_PARAM) === 'true' ? true : null;
  const page = useQuery(AuditsPageQuery);
  const { data, previousData, error, loading, refetch } = useListQuery(AuditsQuery, {
    variables: { branchId, status, due, ...params.variables },
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
      filtered={status !== null || due !== null}
      rowKey={(row) => row.id}
      columns={columns}
      actions={(row) => (
        <HStack gap="0" data-row-actions={row.id}>
          <IconAction label={t('audits.view', { number: row.number })} asChild>
            <RouterLink to={auditUrl(row.id)}>
              <Eye />
            </RouterLink>
          </IconAction>
          {row.canScan ? (
            <IconAction label={t('audits.scanAudit', { number: row.number })} asChild>
              <RouterLink to={scanUrl(row.id)}>
                <ScanLine />
              </RouterLink>
            </IconAction>
          ) : null}
        </HStack>
      )}
      toolbar={
        <ListToolbar
          createTo={list?.canCreate ? NEW_AUDIT : undefined}
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
            allLabel={t('audits.allStatuses')}
            options={AUDIT_STATES.map((value) => ({ value, text: t(`audits.statuses.${value}`) }))}
          />
          <ListFilterSelect
            params={params}
            name={DUE_PARAM}
            label={t('audits.dueFilter')}
            allLabel={t('audits.anyDue')}
            options={[{ value: 'true', text: t('audits.dueSoon') }]}
          />
        </HStack>
      }
    />
  );
}
