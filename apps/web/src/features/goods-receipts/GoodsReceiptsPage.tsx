import { useQuery } from '@apollo/client/react';
import { Ban } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsReceiptsQuery as Data, GoodsReceiptNoteState } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import { enumFilter } from '../../shared/ListFilterSelect.tsx';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { useListParams } from '../../shared/useListParams.ts';
import {
  EnumFilter,
  numberColumn,
  statusChipColumn,
  WorkflowList,
} from '../../shared/WorkflowList.tsx';
import { useListBranch } from '../session/BranchFilter.tsx';
import { CancelReceiptDialog } from './CancelReceiptDialog.tsx';
import { GoodsReceiptsPageQuery, GoodsReceiptsQuery } from './documents.ts';
import { receiptUrl } from './urls.ts';

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
      number: numberColumn(t('goodsReceipts.number'), (row) => receiptUrl(row.id)),
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
      status: statusChipColumn(t('purchaseOrders.status')),
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
  const query = useListQuery(GoodsReceiptsQuery, {
    variables: { branchId, status, purchaseOrderId, ...params.variables },
    skip: !branchId,
  });
  const [cancelling, setCancelling] = useState<Row | null>(null);

  return (
    <>
      <WorkflowList<Row>
        page={page}
        query={query}
        params={params}
        filtered={status !== null || purchaseOrderId !== null}
        columns={columns}
        view={{
          label: (row) => t('goodsReceipts.view', { number: row.number }),
          to: (row) => receiptUrl(row.id),
        }}
        rowActions={(row) =>
          row.canCancel ? (
            <IconAction
              label={t('goodsReceipts.cancel', { number: row.number })}
              colorPalette="red"
              onClick={() => setCancelling(row)}
            >
              <Ban />
            </IconAction>
          ) : null
        }
        createTo={NEW_RECEIPT}
        filters={
          <EnumFilter
            params={params}
            name={STATUS_PARAM}
            label={t('purchaseOrders.status')}
            allLabel={t('purchaseOrders.allStatuses')}
            values={STATES}
            text={(value) => t(`goodsReceipts.statuses.${value}`)}
          />
        }
      />
      {cancelling ? (
        <CancelReceiptDialog
          note={cancelling}
          onClose={() => setCancelling(null)}
          onDone={() => {
            setCancelling(null);
            askAgain(query.refetch);
          }}
        />
      ) : null}
    </>
  );
}
