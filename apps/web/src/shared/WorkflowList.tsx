import { HStack, Stack } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BranchFilter } from '../features/session/BranchFilter.tsx';
import type { Choice } from './FormFields.tsx';
import { IconAction } from './IconAction.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { askAgain } from './listQuery.ts';
import { PageGate } from './PageGate.tsx';
import { exportUrlOf } from './RecordList.tsx';
import { type ListColumn, type ListPage, ServerList } from './ServerList.tsx';
import { StatusChip } from './StatusChip.tsx';
import type { ListParams } from './useListParams.ts';

/** What a workflow screen's page query answers: its title and grant, and the user's branches. */
export interface WorkflowPageData {
  pageInfo: { title: string; description: string; permitted: boolean };
  branchOptions: readonly Choice[];
}

/** A workflow list's page: rows, whether the user may create one, and its download. */
export type WorkflowListPage<Row> = ListPage<Row> & {
  canCreate: boolean;
  exportUrl?: string | null;
  options: { itemsPerPageOptions: readonly number[]; downloadable: boolean };
};

export interface WorkflowListProps<Row extends { id: string }> {
  /** The page query (useQuery of the screen's page document). */
  page: {
    data?: WorkflowPageData | undefined;
    error?: unknown;
    refetch: () => Promise<unknown>;
  };
  /** The list query (useListQuery), its root field aliased `list`. */
  query: {
    data?: { list: WorkflowListPage<Row> } | undefined;
    previousData?: { list: WorkflowListPage<Row> } | undefined;
    error?: unknown;
    loading: boolean;
    refetch: () => Promise<unknown>;
  };
  params: ListParams;
  /** The screen's own filters (useListFilters), after the branch filter. */
  filters?: { filtered: boolean; controls: ReactNode };
  columns: Readonly<Record<string, ListColumn<Row>>>;
  /** Each row's own page, and the name of the link to it ("View GRN/…"). */
  view: { label: (row: Row) => string; to: (row: Row) => string };
  /** Actions of a row after View (renew, scan, cancel), shown when the row allows them. */
  rowActions?: (row: Row) => ReactNode;
  /** Where Create goes, offered when the list says the user may create. */
  createTo: string;
  /** What stands under the filters (a scheduler's last run). */
  below?: ReactNode;
}

/** The row's number, a link to its page: the column a workflow's records are known by. */
export function numberColumn<Row extends { id: string; number: string }>(
  label: string,
  to: (row: Row) => string,
): ListColumn<Row> {
  return {
    label,
    text: (row) => row.number,
    render: (row) => <RouterLink to={to(row)}>{row.number}</RouterLink>,
    priority: 'essential',
    nowrap: true,
  };
}

/** The row's status chip, with what else the row says beside it (past target, waiting for you). */
export function statusChipColumn<
  Row extends { status: { text: string; background: string; color: string } },
>(label: string, beside?: (row: Row) => ReactNode): ListColumn<Row> {
  return {
    label,
    text: (row) => row.status.text,
    render: (row) =>
      beside ? (
        <HStack gap="1" wrap="wrap">
          <StatusChip chip={row.status} />
          {beside(row)}
        </HStack>
      ) : (
        <StatusChip chip={row.status} />
      ),
    priority: 'essential',
  };
}

/**
 * A workflow's list screen (goods receipts, installations, transfers, job orders, contracts,
 * audits): the page's grant and title, a branch's records a page at a time with the screen's own
 * columns and filters, View on each row, Create, Refresh and the download.
 */
export function WorkflowList<Row extends { id: string }>({
  page,
  query,
  params,
  filters,
  columns,
  view,
  rowActions,
  createTo,
  below,
}: WorkflowListProps<Row>) {
  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const list = (query.data ?? query.previousData)?.list;
  const bar = (
    <HStack align="end" gap="3" wrap="wrap">
      <BranchFilter params={params} options={page.data.branchOptions} />
      {filters?.controls}
    </HStack>
  );

  return (
    <ServerList<Row>
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      list={list}
      loading={query.loading}
      error={query.error}
      onRetry={() => askAgain(query.refetch)}
      params={params}
      filtered={filters?.filtered ?? false}
      rowKey={(row) => row.id}
      columns={columns}
      actions={(row) => (
        <HStack gap="0" data-row-actions={row.id}>
          <IconAction label={view.label(row)} asChild>
            <RouterLink to={view.to(row)}>
              <Eye />
            </RouterLink>
          </IconAction>
          {rowActions?.(row)}
        </HStack>
      )}
      toolbar={
        <ListToolbar
          createTo={list?.canCreate ? createTo : undefined}
          onRefresh={() => askAgain(query.refetch)}
          refreshing={query.loading}
          exportUrl={exportUrlOf(list, query.error)}
        />
      }
      filters={
        below ? (
          <Stack gap="3">
            {bar}
            {below}
          </Stack>
        ) : (
          bar
        )
      }
    />
  );
}
