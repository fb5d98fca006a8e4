import { useQuery } from '@apollo/client/react';
import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { PurchaseOrderRowFieldsFragment } from '../../gql/graphql.ts';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { PurchaseOrderListQuery } from './documents.ts';
import { PurchaseOrderActions } from './PurchaseOrderActions.tsx';
import { type DialogTarget, PurchaseOrderDialog } from './PurchaseOrderDialog.tsx';

type Row = PurchaseOrderRowFieldsFragment;

/** The list's columns by the server's field names; the server decides which appear and in what order. */
function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      PurchaseOrderNumber: { label: t('purchaseOrders.number'), text: (row) => row.number },
      PurchaseOrderDateTxt: { label: t('purchaseOrders.date'), text: (row) => row.dateText },
      BilledBranchName: {
        label: t('purchaseOrders.billedTo'),
        text: (row) => row.billedBranchName,
      },
      ShippedBranchName: {
        label: t('purchaseOrders.shippedTo'),
        text: (row) => row.shippedBranchName,
      },
      VendorName: { label: t('purchaseOrders.vendor'), text: (row) => row.vendorName },
      VerifiedStatusTxt: {
        label: t('purchaseOrders.verificationStatus'),
        text: (row) => row.verification.text,
        render: (row) => <StatusChip chip={row.verification} />,
      },
      ApprovalStatusTxt: {
        label: t('purchaseOrders.approvalStatus'),
        text: (row) => row.approval.text,
        render: (row) => <StatusChip chip={row.approval} />,
      },
      StatusTxt: {
        label: t('purchaseOrders.status'),
        text: (row) => row.status.text,
        render: (row) => <StatusChip chip={row.status} />,
      },
    }),
    [t],
  );
}

/** The purchase order list: the app's landing page, loaded with the first bundle. */
export function PurchaseOrderListPage() {
  const session = useSession();
  // Keyed on the primary branch: choosing another one starts the page over for that branch.
  return (
    <PurchaseOrderList
      key={session.primaryBranch?.id ?? 'none'}
      primaryBranchId={session.primaryBranch?.id}
    />
  );
}

function PurchaseOrderList({ primaryBranchId }: { primaryBranchId: string | undefined }) {
  const { t } = useTranslation();
  const columns = useColumns();
  const [branchId, setBranchId] = useState(primaryBranchId);
  const [selected, setSelected] = useState(primaryBranchId ?? '');
  const [branchError, setBranchError] = useState(false);
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const { data, previousData, error, loading, refetch } = useQuery(PurchaseOrderListQuery, {
    variables: { branchId: branchId ?? '' },
    skip: !branchId,
    notifyOnNetworkStatusChange: true,
  });
  const current = data ?? previousData;

  if (!branchId) return null; // The branch chooser is open: there is no branch to list yet.
  if (error && !current) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!current) return <LoadingDots label={t('common.loading')} />;
  if (!current.pageInfo.permitted) return <Navigate to="/access-denied" replace />;

  const list = current.purchaseOrders;
  const rows = list.rows;
  const refreshing = loading;

  function search() {
    if (!selected) {
      setBranchError(true);
      return;
    }
    setBranchError(false);
    if (selected === branchId) void refetch();
    else setBranchId(selected);
  }

  return (
    <>
      <ServerList<Row>
        title={current.pageInfo.title}
        description={current.pageInfo.description}
        headers={list.headers}
        rows={loading && !data ? undefined : rows}
        loading={refreshing}
        itemsPerPage={list.options.itemsPerPage}
        itemsPerPageOptions={list.options.itemsPerPageOptions}
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
              })
            }
          />
        )}
        toolbar={
          <ListToolbar
            createTo={current.canCreate ? '/purchase-order/create' : undefined}
            onRefresh={() => void refetch()}
            refreshing={refreshing}
            exportUrl={list.options.downloadable && rows.length > 0 ? list.exportUrl : null}
          />
        }
        filters={
          list.options.branchSelect ? (
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
                      options={current.branchOptions}
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
          ) : null
        }
      />
      {dialog ? (
        <PurchaseOrderDialog
          key={`${dialog.mode}-${dialog.id}`}
          target={dialog}
          onClose={() => setDialog(null)}
          onDecided={() => {
            setDialog(null);
            void refetch();
          }}
        />
      ) : null}
    </>
  );
}
