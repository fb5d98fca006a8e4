import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { RouteProblem } from '../features/errors/RouteProblem.tsx';
import { notifySuccess } from './alerts.tsx';
import { EditDeleteActions } from './EditDeleteActions.tsx';
import { describeProblem } from './errors.ts';
import { ListToolbar } from './ListToolbar.tsx';
import { LoadingDots } from './LoadingDots.tsx';
import { type ListColumn, type ListHeader, ServerList } from './ServerList.tsx';

/** What every record list answers: its rows and how the server describes the table. */
export interface RecordListData<Row> {
  rows: readonly Row[];
  headers: readonly ListHeader[];
  options: { itemsPerPage: number; itemsPerPageOptions: readonly number[]; downloadable?: boolean };
  canCreate: boolean;
  exportUrl?: string | null;
}

interface Gate {
  page: {
    data?: { title: string; description: string; permitted: boolean } | undefined;
    error?: unknown;
    refetch: () => unknown;
  };
  list: { data?: unknown; error?: unknown; refetch: () => unknown };
  loadingLabel: string;
}

/**
 * What a record page shows before its list: a way to retry when the page or the list could not be
 * loaded, access-denied when the server gives no permission, the loading dots while it asks.
 * Null once the list is there.
 */
export function recordPageGate({ page, list, loadingLabel }: Gate): ReactNode | null {
  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !page.data.permitted) return <Navigate to="/access-denied" replace />;
  if (list.error && !list.data)
    return <RouteProblem error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data || !page.data) return <LoadingDots label={loadingLabel} />;
  return null;
}

/**
 * Runs a save from a form dialog: the server's message as the success notice and `after` (reload,
 * close); a refusal comes back as the message the dialog shows beside the form.
 */
export async function submitRecord(
  t: TFunction,
  save: () => Promise<string>,
  after: () => void,
): Promise<string | null> {
  try {
    notifySuccess(await save());
    after();
    return null;
  } catch (failure) {
    return describeProblem(failure, t).message;
  }
}

/**
 * A record list as every master-data screen shows it: the server's table, Edit and Delete by the
 * row's flags, Create by the grants, Refresh, and the download when there are rows.
 */
export function RecordList<Row extends { id: string; canEdit: boolean; canDelete: boolean }>({
  page,
  list,
  firstLoad,
  loading,
  columns,
  nameOf,
  onCreate,
  onEdit,
  onDelete,
  onRefresh,
  filters,
  bulkUploadTo,
}: {
  page: { title: string; description: string };
  list: RecordListData<Row>;
  /** True until the first answer: the table shows its skeleton. */
  firstLoad: boolean;
  loading: boolean;
  columns: Readonly<Record<string, ListColumn<Row>>>;
  nameOf: (row: Row) => string;
  onCreate: () => void;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  onRefresh: () => void;
  filters?: ReactNode;
  /** The bulk upload page, offered beside Create. */
  bulkUploadTo?: string;
}) {
  return (
    <ServerList<Row>
      title={page.title}
      description={page.description}
      headers={list.headers}
      rows={firstLoad ? undefined : list.rows}
      loading={loading}
      itemsPerPage={list.options.itemsPerPage}
      itemsPerPageOptions={list.options.itemsPerPageOptions}
      rowKey={(row) => row.id}
      columns={columns}
      actions={(row) => (
        <EditDeleteActions
          name={nameOf(row)}
          onEdit={row.canEdit ? () => onEdit(row) : undefined}
          onDelete={row.canDelete ? () => onDelete(row) : undefined}
        />
      )}
      toolbar={
        <ListToolbar
          onCreate={list.canCreate ? onCreate : undefined}
          bulkUploadTo={list.canCreate ? bulkUploadTo : undefined}
          onRefresh={onRefresh}
          refreshing={loading}
          exportUrl={list.options.downloadable && list.rows.length > 0 ? list.exportUrl : null}
        />
      }
      filters={filters}
    />
  );
}
