import { Ban } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsReceiptsQuery as Data, GoodsReceiptNoteState } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import { choiceFilter, linkFilter } from '../../shared/listFilters.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { numberColumn, statusChipColumn, WorkflowList } from '../../shared/WorkflowList.tsx';
import { useWorkflowList } from '../../shared/workflowScreen.tsx';
import { CancelReceiptDialog } from './CancelReceiptDialog.tsx';
import { GoodsReceiptsPageQuery, GoodsReceiptsQuery } from './documents.ts';
import { receiptUrl } from './urls.ts';

type Row = Data['list']['rows'][number];

export const NEW_RECEIPT = '/goods-receive-note/new';
const STATES: GoodsReceiptNoteState[] = ['RECEIVED', 'CANCELLED'];
/** An order's page links to its receipts by `order`. */
const FILTERS = {
  status: choiceFilter('status', STATES, {
    label: 'purchaseOrders.status',
    all: 'purchaseOrders.allStatuses',
    value: (value) => `goodsReceipts.statuses.${value}`,
  }),
  purchaseOrderId: linkFilter('order'),
};

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
  const columns = useColumns();
  const list = useWorkflowList(
    { page: GoodsReceiptsPageQuery, list: GoodsReceiptsQuery },
    FILTERS,
    (chosen) => chosen,
  );
  const [cancelling, setCancelling] = useState<Row | null>(null);

  return (
    <>
      <WorkflowList<Row>
        {...list}
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
      />
      {cancelling ? (
        <CancelReceiptDialog
          note={cancelling}
          onClose={() => setCancelling(null)}
          onDone={() => {
            setCancelling(null);
            askAgain(list.query.refetch);
          }}
        />
      ) : null}
    </>
  );
}
