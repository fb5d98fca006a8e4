import {
  checkPaging,
  ListPagingError,
  type ListPagingRequest,
  ListRequest,
  pageRows,
  type TableHeader,
  type TableOptions,
} from '@branch-assets/legacy-contract';
import { AppError } from '../errors/codes.ts';

/*
 * The paging arguments every list field takes (binding names: page, pageSize, search, sortBy,
 * sortDesc) and the list's own filters, as the legacy lists call's paging fields; and the page the
 * field answers. A legacy server that pages answers TotalCount; one that does not answers every
 * row, and the gateway pages, searches and sorts them with the contract's pageRows, so that a
 * caller cannot tell which server it is behind.
 */

export interface ListArgs {
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  sortBy?: string | null;
  sortDesc?: boolean | null;
}

export type ListFilters = Record<string, string | number | boolean>;

/** The arguments with their GraphQL names, so a refusal names what the caller sent. */
const ARGUMENT_OF: Record<string, string> = {
  Page: 'page',
  ItemsPerPage: 'pageSize',
  Search: 'search',
  SortBy: 'sortBy',
  SortDesc: 'sortDesc',
  Filters: 'filters',
};

function badInput(field: string, rule: string): AppError {
  const [head = field, ...rest] = field.split('.');
  return new AppError(
    'BAD_USER_INPUT',
    `${[ARGUMENT_OF[head] ?? head, ...rest].join('.')} ${rule}.`,
  );
}

/** The legacy paging fields of a list field's arguments; always a page (the first by default). */
export function pagingFields(args: ListArgs, filters: ListFilters = {}): ListPagingRequest {
  const fields = {
    Page: args.page ?? 1,
    ...(args.pageSize !== undefined && args.pageSize !== null
      ? { ItemsPerPage: args.pageSize }
      : {}),
    ...(args.search?.trim() ? { Search: args.search.trim() } : {}),
    ...(args.sortBy ? { SortBy: args.sortBy } : {}),
    ...(args.sortDesc ? { SortDesc: true } : {}),
    ...(Object.keys(filters).length > 0 ? { Filters: filters } : {}),
  };
  // The contract's own rules, so that the gateway refuses exactly what the legacy server would.
  const parsed = ListRequest.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(issue?.path.join('.') || 'input', issue?.message ?? 'is not valid');
  }
  return fields;
}

export interface ListAnswer<Row> {
  TableData: Row[];
  TableHeader: TableHeader[];
  TableOptions: TableOptions;
  TotalCount?: number | undefined;
}

/** A list field's answer: one page of rows, and how many match in all. */
export interface ListPageModel<Row> {
  rows: Row[];
  headers: TableHeader[];
  options: TableOptions;
  totalCount: number;
  page: number;
  pageSize: number;
}

/** The page a list call answered, paged here when the legacy server answered every row. */
export function pageOf<Row>(
  answer: ListAnswer<Row>,
  paging: ListPagingRequest,
): ListPageModel<Row> {
  const pageSize = paging.ItemsPerPage ?? answer.TableOptions.ItemsPerPage;
  const common = {
    headers: answer.TableHeader,
    options: answer.TableOptions,
    page: paging.Page ?? 1,
    pageSize,
  };
  if (answer.TotalCount !== undefined) {
    return { ...common, rows: answer.TableData, totalCount: answer.TotalCount };
  }
  try {
    checkPaging(paging, answer.TableHeader, Object.keys(paging.Filters ?? {}));
  } catch (error) {
    if (error instanceof ListPagingError)
      throw badInput(error.field, error.message.slice(error.field.length + 1));
    throw error;
  }
  const { rows, total } = pageRows(answer.TableData, paging, {
    headers: answer.TableHeader,
    defaultPageSize: pageSize,
  });
  // The gateway never sends After for a list field: every page it asks is counted.
  return { ...common, rows, totalCount: total ?? rows.length };
}

/** The query string an export link carries so the workbook holds what the list shows. */
export function exportQuery(args: ListArgs): Record<string, string> {
  return {
    ...(args.search?.trim() ? { search: args.search.trim() } : {}),
    ...(args.sortBy ? { sortBy: args.sortBy } : {}),
    ...(args.sortDesc ? { sortDesc: 'true' } : {}),
  };
}
