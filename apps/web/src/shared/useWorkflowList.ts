import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useListBranch } from '../features/session/BranchFilter.tsx';
import { type Filters, type FilterVariables, useListFilters } from './listFilters.tsx';
import { useListQuery } from './listQuery.ts';
import { type ListVariables, useListParams } from './useListParams.ts';

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
