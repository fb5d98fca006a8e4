import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { ListPage } from './ServerList.tsx';
import { type ListParams, positive } from './useListParams.ts';

/** The URL's names of each list argument (a sort's `desc` goes with it). */
const URL_NAMES: Readonly<Record<string, readonly string[]>> = {
  page: ['page'],
  pageSize: ['size'],
  search: ['q'],
  sortBy: ['sort', 'desc'],
  sortDesc: ['sort', 'desc'],
};

/**
 * The list arguments by the first word of a refusal, lower-cased: the gateway names its own
 * arguments ('sortBy must be one of …'), and passes on the legacy server's words, which name the
 * contract's fields ('SortBy must be one of …', 'ItemsPerPage must be …').
 */
const ARGUMENT_OF: Readonly<Record<string, string>> = {
  page: 'page',
  pagesize: 'pageSize',
  itemsperpage: 'pageSize',
  search: 'search',
  sortby: 'sortBy',
  sortdesc: 'sortDesc',
};

/**
 * The list argument a refusal names: a bad paging value is BAD_USER_INPUT whose message starts
 * with the argument or the legacy field. Undefined for any other failure.
 */
export function refusedArgument(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const first = error.errors[0];
  if (first?.extensions?.code !== 'BAD_USER_INPUT') return undefined;
  const word = /^(\w+)\b/.exec(first.message)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(ARGUMENT_OF, word) ? ARGUMENT_OF[word] : undefined;
}

/** What to change in the URL (null removes a name), and whether it answers a refusal. */
export interface ListCorrection {
  values: Record<string, string | null>;
  /** The server refused the URL's value: its error is not the list's to show. */
  refused: boolean;
}

/** The rows per page the server offers nearest to those asked: the largest not above, else the least. */
function offeredSize(offered: readonly number[], asked: number): number | undefined {
  const below = offered.filter((size) => size <= asked);
  return below.length > 0 ? Math.max(...below) : offered.length > 0 ? Math.min(...offered) : asked;
}

function nonEmpty(values: Record<string, string | null>): boolean {
  return Object.keys(values).length > 0;
}

/**
 * What a list's URL needs corrected so that a hand-edited or old link shows a list rather than an
 * error whose Try again asks the same again:
 * - texts that are no number (`page=x`, `size=0`) and `desc` without `sort` are dropped at once;
 * - a value the server refused (BAD_USER_INPUT naming `sortBy`, `pageSize`, `page`, `search`) is
 *   dropped;
 * - once the answer is there: rows per page the server does not offer become the nearest it offers
 *   (`size` above MAX_PAGE_SIZE was asked as MAX_PAGE_SIZE meanwhile), a sort by a column the answer
 *   has no sortable header for is dropped, and a page past the end becomes the last page.
 * Null when the URL is fine. Each correction changes what it looked at, so it is made once.
 */
export function listCorrection({
  params,
  list,
  error,
  loading,
}: {
  params: ListParams;
  list: ListPage<unknown> | undefined;
  error: unknown;
  loading: boolean;
}): ListCorrection | null {
  const values: Record<string, string | null> = {};
  const page = params.filter('page');
  if (page !== '' && positive(page) === undefined) values.page = null;
  if (params.filter('size') !== '' && params.pageSize === undefined) values.size = null;
  if (params.sortBy === undefined && params.filter('desc') !== '') values.desc = null;
  const refused = refusedArgument(error);
  if (refused !== undefined) {
    for (const name of URL_NAMES[refused] ?? [])
      if (params.filter(name) !== '') values[name] = null;
  }
  if (nonEmpty(values)) {
    const answered =
      refused !== undefined && (URL_NAMES[refused] ?? []).some((name) => name in values);
    return { values, refused: answered };
  }
  // The rest needs the answer to what the URL asks for.
  if (list === undefined || loading || error) return null;

  if (params.pageSize !== undefined) {
    const offered = list.options.itemsPerPageOptions.filter((size) => size > 0);
    const size = offered.includes(params.pageSize)
      ? params.pageSize
      : offeredSize(offered, params.pageSize);
    if (size !== undefined && String(size) !== params.filter('size')) values.size = String(size);
  }
  const sortBy = params.sortBy;
  if (
    sortBy !== undefined &&
    !list.headers.some((header) => header.value === sortBy && header.sortable === true)
  ) {
    values.sort = null;
    values.desc = null;
  }
  if (nonEmpty(values)) return { values, refused: false };

  // A page past the end (its last rows deleted, an old link) moves to the last page there is.
  const lastPage = Math.max(1, Math.ceil(list.totalCount / Math.max(1, list.pageSize)));
  if (list.rows.length === 0 && list.totalCount > 0 && params.page > lastPage)
    return { values: { page: String(lastPage) }, refused: false };
  return null;
}
