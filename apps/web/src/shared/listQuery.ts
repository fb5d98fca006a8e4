import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';

/**
 * How every list query is asked (useQuery options): a page already in the cache shows at once and
 * is asked for again in the background; `loading` follows every request (a refetch, another
 * page), so the table can say it is busy while the previous answer stays on screen.
 */
export const LIST_QUERY_OPTIONS = {
  fetchPolicy: 'cache-and-network',
  nextFetchPolicy: 'cache-first',
  notifyOnNetworkStatusChange: true,
} as const;

/**
 * A list query (LIST_QUERY_OPTIONS) whose variables follow the URL once the URL has changed on
 * screen. The router changes the location in a React transition, and Apollo's useQuery starts
 * the new request while rendering; a transition render that React sets aside (Apollo's own
 * 'loading' update interrupts it) then left the query and the location pulling each other back
 * and forth, asking for both pages without end. Handing the variables over after the commit
 * keeps every request to a render that stays. Meanwhile the list counts as loading.
 */
export function useListQuery<Data, Variables extends OperationVariables>(
  document: TypedDocumentNode<Data, Variables>,
  options: { variables: Variables; skip?: boolean },
): useQuery.Result<Data, Variables, 'complete' | 'streaming' | 'empty'> {
  const [settled, setSettled] = useState(options);
  // The variables are plain JSON (ids, numbers, text).
  const changed = JSON.stringify(settled) !== JSON.stringify(options);
  useEffect(() => {
    if (changed) setSettled(options);
  });
  const result = useQuery(document, {
    ...LIST_QUERY_OPTIONS,
    variables: settled.variables,
    skip: settled.skip ?? false,
  } as useQuery.Options<Data, Variables>) as useQuery.Result<
    Data,
    Variables,
    'complete' | 'streaming' | 'empty'
  >;
  // Until the new variables are handed over, what is on screen is not yet what the URL asks for.
  return changed ? { ...result, loading: true } : result;
}

/**
 * Asks a query again (Refresh, Try again, after a save). A failure shows through the query's
 * `error`, where the list says so; the promise's own rejection is not a second report.
 */
export function askAgain(refetch: () => Promise<unknown>): void {
  refetch().catch(() => undefined);
}
