import { useQuery } from '@apollo/client/react';
import {
  COVERAGES,
  JOB_PRIORITIES,
  JOB_STATUSES,
  JOB_TYPES,
  SCHEDULED_DUE,
} from '@branch-assets/domain';
import { Button } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOrdersQuery as Data } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { enumFilter, idFilter, ListFilterSelect } from '../../shared/ListFilterSelect.tsx';
import { useListQuery } from '../../shared/listQuery.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { useListParams } from '../../shared/useListParams.ts';
import {
  EnumFilter,
  numberColumn,
  statusChipColumn,
  WorkflowList,
} from '../../shared/WorkflowList.tsx';
import { useListBranch } from '../session/BranchFilter.tsx';
import { PastTargetBadge, PriorityBadge } from './chips.tsx';
import { JobOrdersPageQuery, JobOrdersQuery } from './documents.ts';
import { jobOrderUrl, NEW_JOB_ORDER } from './urls.ts';

type Row = Data['list']['rows'][number];

const STATUS_PARAM = 'status';
const TYPE_PARAM = 'type';
const PRIORITY_PARAM = 'priority';
const COVERAGE_PARAM = 'coverage';
const OPEN_PARAM = 'open';
const BREACHED_PARAM = 'late';
const ASSET_PARAM = 'asset';
const DUE_PARAM = 'due';

/** A yes/no filter of the URL ('1' or '0') as the query's flag, or null for either. */
function flagFilter(text: string): boolean | null {
  return text === '1' ? true : text === '0' ? false : null;
}

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: numberColumn(t('jobOrders.number'), (row) => jobOrderUrl(row.id)),
      raisedAt: {
        label: t('jobOrders.raisedOn'),
        text: (row) => dates.date(row.raisedAt),
        priority: 'high',
        nowrap: true,
      },
      jobType: {
        label: t('jobOrders.jobType'),
        text: (row) => t(`jobOrders.types.${row.jobType}`),
      },
      priority: {
        label: t('jobOrders.priority'),
        text: (row) => t(`jobOrders.priorities.${row.priority}`),
        render: (row) => <PriorityBadge priority={row.priority} />,
        priority: 'essential',
        nowrap: true,
      },
      assetSummary: {
        label: t('jobOrders.asset'),
        text: (row) => row.assetSummary,
        priority: 'high',
      },
      assigneeName: {
        label: t('jobOrders.assignedTo'),
        text: (row) => row.assigneeName ?? '',
        priority: 'low',
      },
      coverage: {
        label: t('jobOrders.coverage'),
        text: (row) => t(`jobOrders.coverages.${row.coverage}`),
        priority: 'low',
      },
      status: statusChipColumn(t('jobOrders.status'), (row) => (
        <PastTargetBadge
          responseBreached={row.responseBreached}
          resolutionBreached={row.resolutionBreached}
        />
      )),
    }),
    [t, dates],
  );
}

/**
 * /job-order/list: a branch's job orders, newest first — their priority (P1 stands out), asset,
 * assignee, coverage and status, with those past their target marked — filtered by status, type,
 * priority, coverage, open or closed, past target or not, all kept in the URL.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useListParams();
  const columns = useColumns();
  const branchId = useListBranch(params);
  const status = enumFilter(JOB_STATUSES, params.filter(STATUS_PARAM));
  const jobType = enumFilter(JOB_TYPES, params.filter(TYPE_PARAM));
  const priority = enumFilter(JOB_PRIORITIES, params.filter(PRIORITY_PARAM));
  const coverage = enumFilter(COVERAGES, params.filter(COVERAGE_PARAM));
  const open = flagFilter(params.filter(OPEN_PARAM));
  const breached = flagFilter(params.filter(BREACHED_PARAM));
  const assetId = idFilter(params.filter(ASSET_PARAM));
  const due = enumFilter(SCHEDULED_DUE, params.filter(DUE_PARAM));
  const page = useQuery(JobOrdersPageQuery);
  const query = useListQuery(JobOrdersQuery, {
    variables: {
      branchId,
      status,
      jobType,
      priority,
      coverage,
      open,
      breached,
      assetId,
      due,
      ...params.variables,
    },
    skip: !branchId,
  });
  const filtered = [status, jobType, priority, coverage, open, breached, assetId, due].some(
    (value) => value !== null,
  );

  return (
    <WorkflowList<Row>
      page={page}
      query={query}
      params={params}
      filtered={filtered}
      columns={columns}
      view={{
        label: (row) => t('jobOrders.view', { number: row.number }),
        to: (row) => jobOrderUrl(row.id),
      }}
      createTo={NEW_JOB_ORDER}
      filters={
        <>
          <EnumFilter
            params={params}
            name={STATUS_PARAM}
            label={t('jobOrders.status')}
            allLabel={t('jobOrders.allStatuses')}
            values={JOB_STATUSES}
            text={(value) => t(`jobOrders.statuses.${value}`)}
          />
          <EnumFilter
            params={params}
            name={TYPE_PARAM}
            label={t('jobOrders.jobType')}
            allLabel={t('jobOrders.allTypes')}
            values={JOB_TYPES}
            text={(value) => t(`jobOrders.types.${value}`)}
          />
          <EnumFilter
            params={params}
            name={PRIORITY_PARAM}
            label={t('jobOrders.priority')}
            allLabel={t('jobOrders.allPriorities')}
            values={JOB_PRIORITIES}
            text={(value) => t(`jobOrders.priorities.${value}`)}
          />
          <EnumFilter
            params={params}
            name={COVERAGE_PARAM}
            label={t('jobOrders.coverage')}
            allLabel={t('jobOrders.allCoverages')}
            values={COVERAGES}
            text={(value) => t(`jobOrders.coverages.${value}`)}
          />
          <ListFilterSelect
            params={params}
            name={OPEN_PARAM}
            label={t('jobOrders.openFilter')}
            allLabel={t('jobOrders.openAll')}
            options={[
              { value: '1', text: t('jobOrders.openOnly') },
              { value: '0', text: t('jobOrders.closedOnly') },
            ]}
          />
          <ListFilterSelect
            params={params}
            name={BREACHED_PARAM}
            label={t('jobOrders.targetFilter')}
            allLabel={t('jobOrders.targetAll')}
            options={[
              { value: '1', text: t('jobOrders.pastTargetOnly') },
              { value: '0', text: t('jobOrders.withinTargetOnly') },
            ]}
          />
          <EnumFilter
            params={params}
            name={DUE_PARAM}
            label={t('jobOrders.dueFilter')}
            allLabel={t('jobOrders.dueAll')}
            values={SCHEDULED_DUE}
            text={(value) => t(`jobOrders.dues.${value}`)}
          />
          {assetId ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => params.setFilters({ [ASSET_PARAM]: '' })}
            >
              <X aria-hidden />
              {t('jobOrders.oneAssetOnly')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
