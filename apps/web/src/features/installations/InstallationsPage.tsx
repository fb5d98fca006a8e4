import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallationsQuery as Data, InstallationState } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { choiceFilter } from '../../shared/listFilters.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { numberColumn, statusChipColumn } from '../../shared/WorkflowList.tsx';
import { workflowScreen } from '../../shared/workflowScreen.tsx';
import { InstallationsPageQuery, InstallationsQuery } from './documents.ts';

type Row = Data['list']['rows'][number];

export const NEW_INSTALLATION = '/asset-installation/new';
export const installationUrl = (id: string) => `/asset-installation/view?id=${id}`;
const STATES: InstallationState[] = ['PENDING', 'SIGNED_OFF', 'SENT_BACK'];
const FILTERS = {
  status: choiceFilter('status', STATES, {
    label: 'purchaseOrders.status',
    all: 'installations.allStatuses',
    value: (value) => `installations.statuses.${value}`,
  }),
};

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: numberColumn(t('installations.number'), (row) => installationUrl(row.id)),
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
      status: statusChipColumn(t('purchaseOrders.status')),
    }),
    [t, dates],
  );
}

/**
 * /asset-installation/list: the installations of the primary branch (or one chosen), newest
 * first, with those waiting for the user's sign-off at a filter's reach.
 */
export const Component = workflowScreen({
  documents: { page: InstallationsPageQuery, list: InstallationsQuery },
  filters: FILTERS,
  variables: (chosen) => chosen,
  useColumns,
  view: { label: 'installations.view', to: installationUrl },
  createTo: NEW_INSTALLATION,
});
