import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The URL's names for a list's state (the hash route's query string), so a reload or a shared
 * link shows the same page: `page` (1-based), `size` (rows per page), `q` (search), `sort` (a
 * header's value) and `desc` (1 for descending). A screen's own filters (`branch`, `parent`) and
 * other parameters (an edit link's `id1`, `id2`) sit beside them untouched.
 */
export const LIST_PARAM_NAMES = ['page', 'size', 'q', 'sort', 'desc'] as const;

/** The largest page the web app asks for (the schema gives up to 5000, for reading a whole list). */
export const MAX_PAGE_SIZE = 1000;

/** The paging arguments every list field of the schema takes (binding names). */
export interface ListVariables {
  page: number;
  pageSize?: number;
  search?: string;
  sortBy?: string;
  sortDesc?: boolean;
}

/** A list's state in the URL and the ways to change it. */
export interface ListParams {
  /** The page asked for (1-based). */
  page: number;
  /**
   * The rows per page chosen, at most MAX_PAGE_SIZE (a larger one in the URL is clamped before it
   * is asked for), or undefined for the server's own page size.
   */
  pageSize: number | undefined;
  /** The search as committed (trimmed); '' for none. */
  search: string;
  /** The header value sorted by, or undefined for the server's default order. */
  sortBy: string | undefined;
  sortDesc: boolean;
  /** The list query's paging variables. */
  variables: ListVariables;
  /** A history entry per page, so Back returns to the page before; `replace` corrects the URL. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Another page size, from the first page. */
  setPageSize: (size: number) => void;
  /** Another search, from the first page (replacing the history entry: it changes as one types). */
  setSearch: (search: string) => void;
  /** Sorts by a column, ascending; a second time on the same column, the other way. */
  toggleSort: (column: string) => void;
  /** A screen's own filter in the URL; '' when absent. */
  filter: (name: string) => string;
  /** Sets (or, with '', removes) a screen's filters, from the first page; other state is kept. */
  setFilters: (filters: Readonly<Record<string, string>>, options?: { replace?: boolean }) => void;
  /**
   * Corrects the URL in place (its history entry replaced, the page kept unless named): a value
   * sets a name, null removes it. For values the server refused or does not offer.
   */
  correct: (values: Readonly<Record<string, string | null>>) => void;
  /** Starts the list over: no page, search, sort, filters or other parameters. */
  clear: (options?: { replace?: boolean }) => void;
  /** The query string of the list's state and filters, without the screen's other parameters. */
  listQuery: (keep?: readonly string[]) => string;
}

/** A positive whole number of the URL (`page`, `size`), or undefined for none or another text. */
export function positive(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/**
 * The one place a list's state lives: the hash route's query string. Every list screen (through
 * useRecordPage or directly) reads its paging variables here and ServerList changes them here.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page')) ?? 1;
  const asked = positive(params.get('size'));
  const pageSize = asked === undefined ? undefined : Math.min(asked, MAX_PAGE_SIZE);
  const search = (params.get('q') ?? '').trim();
  const sortBy = params.get('sort') || undefined;
  const sortDesc = sortBy !== undefined && params.get('desc') === '1';

  const variables: ListVariables = { page };
  if (pageSize !== undefined) variables.pageSize = pageSize;
  if (search) variables.search = search;
  if (sortBy !== undefined) {
    variables.sortBy = sortBy;
    variables.sortDesc = sortDesc;
  }

  // The router hands a change the query string of the last render, so two changes made before
  // the next render (a filter and the list correcting a bad sort) would lose the first: each
  // change starts from the one before it until the URL has been rendered.
  const latest = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);

  /** Applies changes to the current query string; '' or null removes a name. Page 1 is implied. */
  const change = (
    values: Readonly<Record<string, string | null>>,
    options: { replace?: boolean } = {},
  ) => {
    const base = latest.current?.from === params ? latest.current.next : params;
    const next = new URLSearchParams(base);
    for (const [name, value] of Object.entries(values)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    if (next.get('page') === '1') next.delete('page');
    latest.current = { from: params, next };
    setParams(next, { replace: options.replace ?? false });
  };

  return {
    page,
    pageSize,
    search,
    sortBy,
    sortDesc,
    variables,
    setPage: (next, options) => change({ page: String(Math.max(1, next)) }, options),
    setPageSize: (size) => change({ size: String(size), page: null }),
    setSearch: (next) => {
      if (next.trim() !== search) change({ q: next.trim(), page: null }, { replace: true });
    },
    toggleSort: (column) =>
      change({
        sort: column,
        desc: sortBy === column && !sortDesc ? '1' : null,
        page: null,
      }),
    filter: (name) => params.get(name) ?? '',
    setFilters: (filters, options) => change({ ...filters, page: null }, options),
    correct: (values) => change(values, { replace: true }),
    clear: (options) => {
      latest.current = { from: params, next: new URLSearchParams() };
      setParams(new URLSearchParams(), { replace: options?.replace ?? false });
    },
    listQuery: (keep = []) => {
      const query = new URLSearchParams();
      for (const [name, value] of params) {
        if ((LIST_PARAM_NAMES as readonly string[]).includes(name) || keep.includes(name))
          query.append(name, value);
      }
      return query.toString();
    },
  };
}
