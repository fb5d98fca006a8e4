import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { Play, RefreshCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ContractState, MaintenanceContractsQuery as Data } from '../../gql/graphql.ts';
import { notifySuccess } from '../../shared/alerts.tsx';
import { useDates } from '../../shared/dates.ts';
import { describeProblem } from '../../shared/errors.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { choiceFilter } from '../../shared/listFilters.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { formatMoney } from '../../shared/money.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { numberColumn, statusChipColumn } from '../../shared/WorkflowList.tsx';
import { workflowScreen } from '../../shared/workflowScreen.tsx';
import { CONTRACT_TYPES } from './contractValues.ts';
import { DaysLeft } from './DaysLeft.tsx';
import {
  ContractsPageQuery,
  ContractsQuery,
  RunSchedulerMutation,
  SchedulerRunsQuery,
} from './documents.ts';

type Row = Data['list']['rows'][number];

export const NEW_CONTRACT = '/amc/create';
export const contractUrl = (id: string) => `/amc/view?id=${id}`;
export const renewUrl = (id: string) => `/amc/create?renew=${id}`;
export const editUrl = (id: string) => `/amc/create?id=${id}`;
export const CONTRACT_STATES: readonly ContractState[] = [
  'UPCOMING',
  'ACTIVE',
  'ENDING',
  'ENDED',
  'RENEWED',
];
const FILTERS = {
  status: choiceFilter('status', CONTRACT_STATES, {
    label: 'contracts.status',
    all: 'contracts.allStatuses',
    value: (value) => `contracts.statuses.${value}`,
  }),
  contractType: choiceFilter('type', CONTRACT_TYPES, {
    label: 'contracts.type',
    all: 'contracts.allTypes',
    value: (value) => `contracts.typeChoices.${value}`,
  }),
};

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: numberColumn(t('contracts.number'), (row) => contractUrl(row.id)),
      vendorName: { label: t('contracts.vendor'), text: (row) => row.vendorName, priority: 'high' },
      contractType: {
        label: t('contracts.type'),
        text: (row) => row.contractType,
        render: (row) => (
          <Text as="span" title={t(`contracts.types.${row.contractType}`)}>
            {row.contractType}
          </Text>
        ),
        nowrap: true,
      },
      startDate: {
        label: t('contracts.start'),
        text: (row) => dates.date(row.startDate),
        priority: 'low',
        nowrap: true,
      },
      endDate: {
        label: t('contracts.end'),
        text: (row) => dates.date(row.endDate),
        priority: 'high',
        nowrap: true,
      },
      daysLeft: {
        label: t('contracts.daysLeft'),
        text: (row) =>
          row.daysLeft < 0
            ? t('contracts.endedDaysAgo', { count: -row.daysLeft })
            : String(row.daysLeft),
        render: (row) => <DaysLeft days={row.daysLeft} />,
        nowrap: true,
      },
      assetCount: { label: t('contracts.assetCount'), text: (row) => String(row.assetCount) },
      contractValue: {
        label: t('contracts.value'),
        text: (row) => formatMoney(row.contractValue),
        nowrap: true,
      },
      status: statusChipColumn(t('contracts.status')),
    }),
    [t, dates],
  );
}

/**
 * The preventive scheduler's last run, and a way to run it now: for administrators only. Anyone
 * else is refused the runs, and then sees nothing of it.
 */
function SchedulerPanel() {
  const { t } = useTranslation();
  const dates = useDates();
  const runs = useQuery(SchedulerRunsQuery, { fetchPolicy: 'network-only' });
  const [run, running] = useMutation(RunSchedulerMutation);
  const [problem, setProblem] = useState<string | null>(null);
  if (runs.error || !runs.data) return null;
  const last = runs.data.schedulerRuns[0];
  const runNow = async () => {
    setProblem(null);
    try {
      const answer = await run();
      const made = answer.data?.runScheduler;
      notifySuccess(t('contracts.scheduler.ran', { count: made?.jobsCreated ?? 0 }));
      askAgain(runs.refetch);
    } catch (failure) {
      setProblem(describeProblem(failure, t).message);
    }
  };
  return (
    <Box
      as="section"
      aria-label={t('contracts.scheduler.title')}
      borderWidth="1px"
      borderRadius="md"
      px="3"
      py="2"
    >
      <HStack gap="3" wrap="wrap" justify="space-between">
        <Text fontSize="sm">
          <Text as="span" fontWeight="600">
            {t('contracts.scheduler.title')}:{' '}
          </Text>
          {last
            ? t('contracts.scheduler.lastRun', {
                at: dates.dateTime(last.finishedAt ?? last.startedAt),
                count: last.jobsCreated,
              })
            : t('contracts.scheduler.never')}
          {last?.error ? (
            <Badge ms="2" colorPalette="red" variant="outline">
              {t('contracts.scheduler.failed', { error: last.error })}
            </Badge>
          ) : null}
        </Text>
        <Button size="xs" variant="outline" loading={running.loading} onClick={() => void runNow()}>
          <Play aria-hidden />
          {t('contracts.scheduler.runNow')}
        </Button>
      </HStack>
      <InlineAlert status="error" title={problem} />
    </Box>
  );
}

/** Renew, on a contract that may be renewed. */
function RenewAction({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!row.canRenew) return null;
  return (
    <IconAction label={t('contracts.renewOne', { number: row.number })} asChild>
      <RouterLink to={renewUrl(row.id)}>
        <RefreshCcw />
      </RouterLink>
    </IconAction>
  );
}

/**
 * /amc/list: a branch's AMC and CMC contracts, those ending first, with how many days each has
 * left, filtered by where it stands and its type; for an administrator, the preventive
 * scheduler's last run.
 */
export const Component = workflowScreen({
  documents: { page: ContractsPageQuery, list: ContractsQuery },
  filters: FILTERS,
  variables: (chosen) => chosen,
  useColumns,
  view: { label: 'contracts.view', to: contractUrl },
  RowActions: RenewAction,
  createTo: (branchId) => `${NEW_CONTRACT}?branch=${branchId}`,
  below: <SchedulerPanel />,
});
