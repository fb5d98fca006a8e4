import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListBranch } from '../features/session/BranchFilter.tsx';
import type { TextKey } from './FormFields.tsx';
import { type Filters, type FilterVariables, useListFilters } from './listFilters.tsx';
import { useListQuery } from './listQuery.ts';
import type { ListColumn } from './ServerList.tsx';
import { type ListVariables, useListParams } from './useListParams.ts';
import { WorkflowList, type WorkflowListPage, type WorkflowPageData } from './WorkflowList.tsx';

/** What a workflow list asks for: the branch, its filters' values and the page, from the address. */
export type ChosenVariables<F extends Filters> = { branchId: string } & FilterVariables<F> &
  ListVariables;

/**
 * A workflow list screen's state (goods receipts, installations, transfers, job orders, contracts,
 * audits): its page query, and one page of its list query for the branch, filters, page, search
 * and sort the address holds — the props WorkflowList takes, spread. `variables` turns what was
 * chosen into the list query's variables (a default the server's schema wants, such as a
 * transfer's direction), and is where the names are checked against the query's.
 */
export function useWorkflowList<
  PageData,
  Data,
  Variables extends OperationVariables,
  F extends Filters,
>(
  documents: {
    page: TypedDocumentNode<PageData, Record<string, never>>;
    list: TypedDocumentNode<Data, Variables>;
  },
  filterDescriptions: F,
  variables: (chosen: ChosenVariables<F>) => NoInfer<Variables>,
) {
  const params = useListParams();
  const branchId = useListBranch(params);
  const filters = useListFilters(params, filterDescriptions);
  const page = useQuery(documents.page);
  const query = useListQuery(documents.list, {
    variables: variables({ branchId, ...filters.variables, ...params.variables }),
    skip: !branchId,
  });
  return { page, query, params, filters };
}

/** A workflow list's row: its id and number, by which its page and actions are named. */
interface WorkflowRow {
  id: string;
  number: string;
}

/**
 * A workflow's list screen from its description, as recordScreen makes a record's: its documents,
 * filters and columns, each row's page (View, named by `view.label` with the row's number), the
 * row's own actions (a component, given the row), Create, and what stands under the filters. A
 * screen with more of its own (a dialog a row opens) uses useWorkflowList and WorkflowList itself.
 */
export function workflowScreen<
  Row extends WorkflowRow,
  PageData extends WorkflowPageData,
  Data extends { list: WorkflowListPage<Row> },
  Variables extends OperationVariables,
  F extends Filters,
>(screen: {
  documents: {
    page: TypedDocumentNode<PageData, Record<string, never>>;
    list: TypedDocumentNode<Data, Variables>;
  };
  filters: F;
  variables: (chosen: ChosenVariables<F>) => NoInfer<Variables>;
  useColumns: () => Readonly<Record<string, ListColumn<Row>>>;
  view: { label: TextKey; to: (id: string) => string };
  RowActions?: ComponentType<{ row: Row }>;
  /** Where Create goes: a path, or one made for the branch on screen. */
  createTo: string | ((branchId: string) => string);
  below?: ReactNode;
}): ComponentType {
  const { RowActions, createTo } = screen;
  return function WorkflowScreen() {
    const { t } = useTranslation();
    const columns = screen.useColumns();
    const list = useWorkflowList(screen.documents, screen.filters, screen.variables);
    const branchId = useListBranch(list.params);
    return (
      <WorkflowList<Row>
        {...list}
        columns={columns}
        view={{
          label: (row) => t(screen.view.label, { number: row.number }),
          to: (row) => screen.view.to(row.id),
        }}
        {...(RowActions ? { rowActions: (row: Row) => <RowActions row={row} /> } : {})}
        createTo={typeof createTo === 'string' ? createTo : createTo(branchId)}
        below={screen.below}
      />
    );
  };
}
