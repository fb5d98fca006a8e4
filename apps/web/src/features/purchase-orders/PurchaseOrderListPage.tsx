import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isBuilt } from '../../app/built-routes.ts';
import type { PurchaseOrderRowFieldsFragment, PurchaseOrderState } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { ChoiceOptions, type TextKey } from '../../shared/FormFields.tsx';
import { enumFilter, ListFilterSelect } from '../../shared/ListFilterSelect.tsx';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { exportUrlOf } from '../../shared/RecordList.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { type ListParams, useListParams } from '../../shared/useListParams.ts';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { PurchaseOrderListQuery, PurchaseOrderPageQuery } from './documents.ts';
import { ORDER_FORM, PurchaseOrderActions } from './PurchaseOrderActions.tsx';
import { type DialogTarget, PurchaseOrderDialog } from './PurchaseOrderDialog.tsx';

type Row = PurchaseOrderRowFieldsFragment;

/** The URL's name for the branch listed (beside the list's own page, size, q, sort, desc). */
const BRANCH_PARAM = 'branch';
/** The URL's name for the overall status the list is narrowed to. */
const STATUS_PARAM = 'status';

/** Every overall status's name, in the order the status filter offers them. */
const STATUS_LABELS = {
  DRAFT: 'purchaseOrders.statuses.DRAFT',
  PENDING: 'purchaseOrders.statuses.PENDING',
  WAITING_FOR_APPROVAL: 'purchaseOrders.statuses.WAITING_FOR_APPROVAL',
  APPROVED: 'purchaseOrders.statuses.APPROVED',
  REJECTED: 'purchaseOrders.statuses.REJECTED',
  CANCELLED: 'purchaseOrders.statuses.CANCELLED',
  PARTIALLY_RECEIVED: 'purchaseOrders.statuses.PARTIALLY_RECEIVED',
  RECEIVED: 'purchaseOrders.statuses.RECEIVED',
  CLOSED_SHORT: 'purchaseOrders.statuses.CLOSED_SHORT',
  COMPLETED: 'purchaseOrders.statuses.COMPLETED',
} as const satisfies Record<PurchaseOrderState, TextKey>;
const STATUSES = Object.keys(STATUS_LABELS) as PurchaseOrderState[];

/** The list's columns by the server's field names; the server decides which appear and in what order. */
function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: {
        label: t('purchaseOrders.number'),
        // A draft has no number until it is submitted.
        text: (row) => row.number || '—',
        priority: 'essential',
        nowrap: true,
      },
      dateText: {
        label: t('purchaseOrders.date'),
        text: (row) => dates.date(row.date),
        priority: 'high',
        nowrap: true,
      },
      billedBranchName: {
        label: t('purchaseOrders.billedTo'),
        text: (row) => row.billedBranchName,
        priority: 'low',
      },
      shippedBranchName: {
        label: t('purchaseOrders.shippedTo'),
        text: (row) => row.shippedBranchName,
        priority: 'low',
      },
      vendorName: {
        label: t('purchaseOrders.vendor'),
        text: (row) => row.vendorName,
        priority: 'high',
      },
      verification: {
        label: t('purchaseOrders.verificationStatus'),
        text: (row) => row.verification.text,
        render: (row) => <StatusChip chip={row.verification} />,
      },
      approval: {
        label: t('purchaseOrders.approvalStatus'),
        text: (row) => row.approval.text,
        render: (row) => <StatusChip chip={row.approval} />,
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

/** The purchase order list: the app's landing page, loaded with the first bundle. */
export function PurchaseOrderListPage() {
  const session = useSession();
  const params = useListParams();
  const primaryBranchId = session.primaryBranch?.id;
  // Choosing another primary branch starts the list over for that branch: its first page, no
  // search, no branch of the URL's.
  const listedPrimary = useRef(primaryBranchId);
  const startOver = useEffectEvent(() => params.clear({ replace: true }));
  useEffect(() => {
    if (listedPrimary.current === primaryBranchId) return;
    if (listedPrimary.current !== undefined) startOver();
    listedPrimary.current = primaryBranchId;
  }, [primaryBranchId]);
  return (
    <PurchaseOrderList
      key={primaryBranchId ?? 'none'}
      primaryBranchId={primaryBranchId}
      params={params}
    />
  );
}

function PurchaseOrderList({
  primaryBranchId,
  params,
}: {
  primaryBranchId: string | undefined;
  params: ListParams;
}) {
  const { t } = useTranslation();
  const columns = useColumns();
  // The branch listed is the URL's (`branch`), so a reload or a link shows the same list; the
  // primary branch when there is none.
  const branchId = params.filter(BRANCH_PARAM) || primaryBranchId;
  const [selected, setSelected] = useState(branchId ?? '');
  const [shownBranch, setShownBranch] = useState(branchId);
  if (shownBranch !== branchId) {
    // Back or a link changed the branch: the select follows.
    setShownBranch(branchId);
    setSelected(branchId ?? '');
  }
  // The status is the URL's too; one that is none of the schema's is not asked for (and the
  // select drops it from the URL).
  const status = enumFilter(STATUSES, params.filter(STATUS_PARAM));
  const [branchError, setBranchError] = useState(false);
  const [dialog, setDialog] = useState<(DialogTarget & { index: number }) | null>(null);
  // Where the keyboard goes back to when a dialog closes: its row's actions, or, when a decision
  // took the row off the list, the row now at its place.
  const [returnTo, setReturnTo] = useState<{ id: string; index: number } | null>(null);
  // Its variables follow the URL's branch too: asked as the list is, after the URL has changed on
  // screen (useListQuery), or the two renders of a transition asked for both branches in turn
  // without end (16–33 requests for one Search in the scale bench).
  const page = useListQuery(PurchaseOrderPageQuery, {
    variables: { branchId: branchId ?? '' },
    skip: !branchId,
  });
  const listQuery = useListQuery(PurchaseOrderListQuery, {
    variables: { branchId: branchId ?? '', status, ...params.variables },
    skip: !branchId,
  });
  const { data, previousData, error, loading, refetch } = listQuery;
  const pageData = page.data ?? page.previousData;
  useEffect(() => {
    if (!returnTo || loading) return;
    const groups = [...document.querySelectorAll<HTMLElement>('[data-row-actions]')];
    const group =
      groups.find((candidate) => candidate.dataset.rowActions === returnTo.id) ??
      groups[Math.min(returnTo.index, groups.length - 1)];
    group?.querySelector<HTMLElement>('button, a')?.focus();
    setReturnTo(null);
  }, [returnTo, loading]);

  if (!branchId) return null; // The branch chooser is open: there is no branch to list yet.
  if (page.error && !pageData)
    return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (!pageData) return <LoadingDots label={t('common.loading')} />;
  if (!pageData.pageInfo.permitted) return <Navigate to="/access-denied" replace />;

  const list = (data ?? previousData)?.purchaseOrders;

  function search() {
    if (!selected) {
      setBranchError(true);
      return;
    }
    setBranchError(false);
    if (selected === branchId) askAgain(refetch);
    else params.setFilters({ [BRANCH_PARAM]: selected });
  }

  return (
    <>
      <ServerList<Row>
        title={pageData.pageInfo.title}
        description={pageData.pageInfo.description}
        list={list}
        loading={loading}
        error={error}
        onRetry={() => askAgain(refetch)}
        params={params}
        filtered={status !== null}
        rowKey={(row) => row.id}
        columns={columns}
        actions={(row) => (
          <PurchaseOrderActions
            row={row}
            onOpen={(mode) =>
              setDialog({
                mode,
                id: row.id,
                number: row.number,
                billedBranchId: row.billedBranchId,
                index: list?.rows.indexOf(row) ?? 0,
              })
            }
          />
        )}
        toolbar={
          <ListToolbar
            createTo={pageData.canCreate && isBuilt(ORDER_FORM) ? ORDER_FORM : undefined}
            onRefresh={() => askAgain(refetch)}
            refreshing={loading}
            exportUrl={exportUrlOf(list, error)}
          />
        }
        filters={
          <HStack align="end" gap="3" wrap="wrap">
            {list?.options.branchSelect ? (
              <HStack
                as="form"
                align="end"
                gap="3"
                onSubmit={(event) => {
                  event.preventDefault();
                  search();
                }}
              >
                <Field.Root invalid={branchError} required maxW="sm">
                  <Field.Label>{t('purchaseOrders.branch')}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={selected}
                      onChange={(event) => {
                        setSelected(event.target.value);
                        setBranchError(event.target.value === '');
                      }}
                    >
                      <ChoiceOptions
                        placeholder={t('purchaseOrders.branchPlaceholder')}
                        options={pageData.branchOptions}
                      />
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{t('purchaseOrders.branchRequired')}</Field.ErrorText>
                </Field.Root>
                <Button type="submit" size="sm" colorPalette="brand" mb={branchError ? '6' : '0'}>
                  <Search aria-hidden />
                  {t('common.search')}
                </Button>
              </HStack>
            ) : null}
            <ListFilterSelect
              params={params}
              name={STATUS_PARAM}
              label={t('purchaseOrders.status')}
              allLabel={t('purchaseOrders.allStatuses')}
              options={STATUSES.map((value) => ({ value, text: t(STATUS_LABELS[value]) }))}
            />
          </HStack>
        }
      />
      {dialog ? (
        <PurchaseOrderDialog
          key={`${dialog.mode}-${dialog.id}`}
          target={dialog}
          onClose={() => {
            setReturnTo({ id: dialog.id, index: dialog.index });
            setDialog(null);
          }}
          onDecided={() => {
            const place = { id: dialog.id, index: dialog.index };
            setDialog(null);
            // Once the list is read again: the row may have left it (a status filter).
            refetch()
              .catch(() => undefined)
              .then(() => setReturnTo(place));
          }}
        />
      ) : null}
    </>
  );
}
