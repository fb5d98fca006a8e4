import {
  COVERAGES,
  JOB_PRIORITIES,
  JOB_STATUSES,
  JOB_TYPES,
  SCHEDULED_DUE,
} from '@branch-assets/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOrdersQuery as Data } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { choiceFilter, flagFilter, linkFilter } from '../../shared/listFilters.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { numberColumn, statusChipColumn } from '../../shared/WorkflowList.tsx';
import { workflowScreen } from '../../shared/workflowScreen.tsx';
import { PastTargetBadge, PriorityBadge } from './chips.tsx';
import { JobOrdersPageQuery, JobOrdersQuery } from './documents.ts';
import { jobOrderUrl, NEW_JOB_ORDER } from './urls.ts';

type Row = Data['list']['rows'][number];

/** The list's filters; the dashboard's tiles link to them by these names (open, late, due). */
const FILTERS = {
  status: choiceFilter('status', JOB_STATUSES, {
    label: 'jobOrders.status',
    all: 'jobOrders.allStatuses',
    value: (value) => `jobOrders.statuses.${value}`,
  }),
  jobType: choiceFilter('type', JOB_TYPES, {
    label: 'jobOrders.jobType',
    all: 'jobOrders.allTypes',
    value: (value) => `jobOrders.types.${value}`,
  }),
  priority: choiceFilter('priority', JOB_PRIORITIES, {
    label: 'jobOrders.priority',
    all: 'jobOrders.allPriorities',
    value: (value) => `jobOrders.priorities.${value}`,
  }),
  coverage: choiceFilter('coverage', COVERAGES, {
    label: 'jobOrders.coverage',
    all: 'jobOrders.allCoverages',
    value: (value) => `jobOrders.coverages.${value}`,
  }),
  open: flagFilter('open', {
    label: 'jobOrders.openFilter',
    all: 'jobOrders.openAll',
    yes: 'jobOrders.openOnly',
    no: 'jobOrders.closedOnly',
  }),
  breached: flagFilter('late', {
    label: 'jobOrders.targetFilter',
    all: 'jobOrders.targetAll',
    yes: 'jobOrders.pastTargetOnly',
    no: 'jobOrders.withinTargetOnly',
  }),
  due: choiceFilter('due', SCHEDULED_DUE, {
    label: 'jobOrders.dueFilter',
    all: 'jobOrders.dueAll',
    value: (value) => `jobOrders.dues.${value}`,
  }),
  assetId: linkFilter('asset', 'jobOrders.oneAssetOnly'),
};

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
export const Component = workflowScreen({
  documents: { page: JobOrdersPageQuery, list: JobOrdersQuery },
  filters: FILTERS,
  variables: (chosen) => chosen,
  useColumns,
  view: { label: 'jobOrders.view', to: jobOrderUrl },
  createTo: NEW_JOB_ORDER,
});
