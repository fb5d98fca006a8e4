import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { RouteProblem } from '../features/errors/RouteProblem.tsx';
import { notifySuccess } from './alerts.tsx';
import { EditDeleteActions } from './EditDeleteActions.tsx';
import { describeProblem } from './errors.ts';
import { ListToolbar } from './ListToolbar.tsx';
import { LoadingDots } from './LoadingDots.tsx';
import { type ListColumn, type ListPage, type RowSelection, ServerList } from './ServerList.tsx';
import type { ListParams } from './useListParams.ts';

/** What every record list answers: a page of its rows and how the server describes the table. */
export interface RecordListData<Row> extends ListPage<Row> {
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
  loadingLabel: string;
}

/**
 * What a record page shows before its list: a way to retry when the page (its title and
 * permission) could not be loaded, access-denied when the server gives no permission, the loading
 * dots while it asks. Null once the page is known: the list then shows its skeleton, its rows or
 * its own failure (ServerList).
 */
export function recordPageGate({ page, loadingLabel }: Gate): ReactNode | null {
  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !page.data.permitted) return <Navigate to="/access-denied" replace />;
  if (!page.data) return <LoadingDots label={loadingLabel} />;
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

/** What RecordList needs of a record page besides its columns and filters (useRecordPage). */
export interface RecordListProps<Row> {
  page: { title: string; description: string };
  /** The last answer (the previous page while the next loads); undefined before the first. */
  list: RecordListData<Row> | undefined;
  loading: boolean;
  /** Why the last request for the list failed. */
  error: unknown;
  onRetry: () => void;
  params: ListParams;
  /** A filter of the screen's narrows the list. */
  filtered?: boolean;
  nameOf: (row: Row) => string;
  onCreate: () => void;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  onRefresh: () => void;
}

/**
 * A record list as every master-data screen shows it: the server's table, Edit and Delete by the
 * row's flags, Create by the grants, Refresh, and the download when there are rows.
 */
export function RecordList<Row extends { id: string; canEdit: boolean; canDelete: boolean }>({
  page,
  list,
  loading,
  error,
  onRetry,
  params,
  filtered,
  columns,
  nameOf,
  onCreate,
  onEdit,
  onDelete,
  onRefresh,
  filters,
  bulkUploadTo,
  selection,
}: RecordListProps<Row> & {
  columns: Readonly<Record<string, ListColumn<Row>>>;
  filters?: ReactNode;
  /** Rows the user may tick, to act on several at once. */
  selection?: RowSelection<Row> | undefined;
  /** The bulk upload page, offered beside Create. */
  bulkUploadTo?: string | undefined;
}) {
  const canCreate = list?.canCreate === true;
  return (
    <ServerList<Row>
      title={page.title}
      description={page.description}
      list={list}
      loading={loading}
      error={error}
      onRetry={onRetry}
      params={params}
      filtered={filtered}
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
          onCreate={canCreate ? onCreate : undefined}
          bulkUploadTo={canCreate ? bulkUploadTo : undefined}
          onRefresh={onRefresh}
          refreshing={loading}
          exportUrl={exportUrlOf(list, error)}
        />
      }
      filters={filters}
      {...(selection ? { selection } : {})}
    />
  );
}

/**
 * The download link of the list on screen: the server's `exportUrl` carries the same search,
 * sort and filters as the answer it came with. None when downloading is off, nothing matches, or
 * the last request failed.
 */
export function exportUrlOf(
  list:
    | { totalCount: number; exportUrl?: string | null; options: { downloadable?: boolean } }
    | undefined,
  error?: unknown,
): string | null {
  if (!list || error || !list.options.downloadable || list.totalCount === 0) return null;
  return list.exportUrl ?? null;
}
