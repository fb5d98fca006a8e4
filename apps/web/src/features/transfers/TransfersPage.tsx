import { Badge } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TransfersQuery as Data,
  TransferDirection,
  TransferState,
} from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { choiceFilter } from '../../shared/listFilters.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { numberColumn, statusChipColumn } from '../../shared/WorkflowList.tsx';
import { workflowScreen } from '../../shared/workflowScreen.tsx';
import { TransfersPageQuery, TransfersQuery } from './documents.ts';

type Row = Data['list']['rows'][number];

export const NEW_TRANSFER = '/asset-transfer/new';
export const transferUrl = (id: string) => `/asset-transfer/view?id=${id}`;
const DIRECTIONS: TransferDirection[] = ['INCOMING'];
const STATES: TransferState[] = [
  'REQUESTED',
  'APPROVED',
  'IN_TRANSIT',
  'RECEIVED_SHORT',
  'RECEIVED',
  'REJECTED',
  'CANCELLED',
];

/** Outgoing unless the address says incoming: the direction does not narrow the list. */
const FILTERS = {
  direction: choiceFilter(
    'direction',
    DIRECTIONS,
    {
      label: 'transfers.direction',
      all: 'transfers.directions.OUTGOING',
      value: (value) => `transfers.directions.${value}`,
    },
    { narrows: false },
  ),
  status: choiceFilter('status', STATES, {
    label: 'purchaseOrders.status',
    all: 'transfers.allStatuses',
    value: (value) => `transfers.statuses.${value}`,
  }),
};

/** What waits for the user on a row: approve, dispatch or receive. */
function waiting(row: Row): 'decide' | 'dispatch' | 'receive' | null {
  if (row.canDecide) return 'decide';
  if (row.canDispatch) return 'dispatch';
  if (row.canReceive) return 'receive';
  return null;
}

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: numberColumn(t('transfers.number'), (row) => transferUrl(row.id)),
      requestedAt: {
        label: t('transfers.requestedAt'),
        text: (row) => dates.date(row.requestedAt),
        priority: 'high',
        nowrap: true,
      },
      fromBranchName: { label: t('transfers.from'), text: (row) => row.fromBranchName },
      toBranchName: { label: t('transfers.to'), text: (row) => row.toBranchName },
      assetCount: { label: t('transfers.assetCount'), text: (row) => String(row.assetCount) },
      shortCount: {
        label: t('transfers.shortCount'),
        text: (row) => String(row.shortCount),
        priority: 'low',
      },
      gatePassNumber: {
        label: t('transfers.gatePass'),
        text: (row) => row.gatePassNumber ?? '',
        priority: 'low',
        nowrap: true,
      },
      status: statusChipColumn(t('purchaseOrders.status'), (row) => {
        const next = waiting(row);
        return next ? (
          <Badge colorPalette="orange" variant="outline">
            {t(`transfers.waiting.${next}`)}
          </Badge>
        ) : null;
      }),
    }),
    [t, dates],
  );
}

/**
 * /asset-transferred/list: the transfers out of the primary branch (or one chosen), or into it,
 * newest first, each saying what waits for the user: approve, dispatch or receive.
 */
export const Component = workflowScreen({
  documents: { page: TransfersPageQuery, list: TransfersQuery },
  filters: FILTERS,
  variables: (chosen) => ({ ...chosen, direction: chosen.direction ?? 'OUTGOING' }),
  useColumns,
  view: { label: 'transfers.view', to: transferUrl },
  createTo: NEW_TRANSFER,
});
