import { useQuery } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { Ban, Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import type { GoodsReceiptsQuery as Data, GoodsReceiptNoteState } from '../../gql/graphql.ts';
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
import { CancelReceiptDialog } from './CancelReceiptDialog.tsx';
import { GoodsReceiptsPageQuery, GoodsReceiptsQuery } from './documents.ts';

type Row = Data['list']['rows'][number];

export const NEW_RECEIPT = '/goods-receive-note/new';
const STATUS_PARAM = 'status';
const ORDER_PARAM = 'order';
const STATES: GoodsReceiptNoteState[] = ['RECEIVED', 'CANCELLED'];

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: {
        label: t('goodsReceipts.number'),
        text: (row) => row.number,
        render: (row) => (
          <RouterLink to={`/goods-receive-note/view?id=${row.id}`}>{row.number}</RouterLink>
        ),
        priority: 'essential',
        nowrap: true,
      },
      receivedDate: {
        label: t('goodsReceipts.receivedDate'),
        text: (row) => dates.date(row.receivedDate),
        priority: 'high',
        nowrap: true,
      },
      purchaseOrderNumber: {
        label: t('purchaseOrders.number'),
        text: (row) => row.purchaseOrderNumber,
        priority: 'high',
        nowrap: true,
      },
      vendorName: { label: t('purchaseOrders.vendor'), text: (row) => row.vendorName },
      invoiceNumber: { label: t('goodsReceipts.invoiceNumber'), text: (row) => row.invoiceNumber },
      receivedByName: {
        label: t('goodsReceipts.receivedBy'),
        text: (row) => row.receivedByName,
        priority: 'low',
      },
      acceptedUnits: {
        label: t('goodsReceipts.accepted'),
        text: (row) => String(row.acceptedUnits),
      },
      rejectedUnits: {
        label: t('goodsReceipts.rejected'),
        text: (row) => String(row.rejectedUnits),
        priority: 'low',
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

/** /goods-receive-note/list: the primary branch's goods receive notes, newest first. */
export function Component() {
  const { t } = useTranslation();
  const params = useListParams();
  const columns = useColumns();
  // The URL's branch (a select of the user's branches), else the primary one.
  const branchId = useListBranch(params);
  const status = enumFilter(STATES, params.filter(STATUS_PARAM));
  const purchaseOrderId = params.filter(ORDER_PARAM) || null;
  const page = useQuery(GoodsReceiptsPageQuery);
  const listQuery = useListQuery(GoodsReceiptsQuery, {
    variables: { branchId, status, purchaseOrderId, ...params.variables },
    skip: !branchId,
  });
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const { data, previousData, error, loading, refetch } = listQuery;

  if (page.error) return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (!page.data) return <LoadingDots label={t('common.loading')} />;
  if (!page.data.pageInfo.permitted) return <Navigate to="/access-denied" replace />;
  const list = (data ?? previousData)?.list;

  return (
    <>
      <ServerList<Row>
        title={page.data.pageInfo.title}
        description={page.data.pageInfo.description}
        list={list}
        loading={loading}
        error={error}
        onRetry={() => askAgain(refetch)}
        params={params}
        filtered={status !== null || purchaseOrderId !== null}
        rowKey={(row) => row.id}
        columns={columns}
        actions={(row) => (
          <HStack gap="0" data-row-actions={row.id}>
            <IconAction label={t('goodsReceipts.view', { number: row.number })} asChild>
              <RouterLink to={`/goods-receive-note/view?id=${row.id}`}>
                <Eye />
              </RouterLink>
            </IconAction>
            {row.canCancel ? (
              <IconAction
                label={t('goodsReceipts.cancel', { number: row.number })}
                colorPalette="red"
                onClick={() => setCancelling(row)}
              >
                <Ban />
              </IconAction>
            ) : null}
          </HStack>
        )}
        toolbar={
          <ListToolbar
            createTo={list?.canCreate ? NEW_RECEIPT : undefined}
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
              allLabel={t('purchaseOrders.allStatuses')}
              options={STATES.map((value) => ({
                value,
                text: t(`goodsReceipts.statuses.${value}`),
              }))}
            />
          </HStack>
        }
      />
      {cancelling ? (
        <CancelReceiptDialog
          note={cancelling}
          onClose={() => setCancelling(null)}
          onDone={() => {
            setCancelling(null);
            askAgain(refetch);
          }}
        />
      ) : null}
    </>
  );
}
