import { isoDate, PAGE_SIZE } from '@branch-assets/domain';
import {
  checkPaging,
  type ListPagingRequest,
  pageRows,
  pagingOf,
  type TableHeader,
  type TableOptions,
} from '@branch-assets/legacy-contract';

/** The row-actions column every editable list starts with. */
export const ACTIONS_HEADER: TableHeader = {
  text: 'Actions',
  value: 'Actions',
  align: 'center',
  sortable: false,
};

/** The legacy Active / InActive chip's column, last in the lists of records that have one. */
export const STATUS_HEADER: TableHeader = {
  text: 'Status',
  value: 'ActiveStatusTxt',
  align: 'center',
};

/** A page a list read in SQL: its rows and how many rows match in all (null: not counted). */
export interface SqlPage<Row> {
  rows: Row[];
  total: number | null;
}

/**
 * The `{TableData, TableHeader, TableOptions}` of a list call, as the legacy app expects it: page
 * size 10, the spreadsheet named after the list and today, its columns those of the table but the
 * actions. When the request sent paging fields the answer is one page and `TotalCount`: `rows` in
 * the list's default order are paged here, or `page` is the page a list read in SQL.
 */
export function listPayload<Row>(
  options: {
    headers: TableHeader[];
    itemKey: string;
    canDownload: boolean;
    excelFileName: string;
    /** The request's paging fields (the whole list request will do). */
    request?: ListPagingRequest;
    /** The row fields the list may be filtered on. */
    filters?: readonly string[];
  } & ({ rows: Row[] } | { page: SqlPage<Row> }),
): {
  TableData: Row[];
  TableHeader: TableHeader[];
  TableOptions: TableOptions;
  TotalCount?: number;
} {
  const columns = options.headers.filter((header) => header.value !== ACTIONS_HEADER.value);
  const paging = options.request ? pagingOf(options.request) : null;
  let rows: Row[];
  let total: number | null = null;
  if ('page' in options) {
    // Checked by the SQL pager.
    ({ rows, total } = options.page);
  } else if (paging) {
    checkPaging(paging, options.headers, options.filters ?? []);
    ({ rows, total } = pageRows(options.rows, paging, {
      headers: options.headers,
      defaultPageSize: PAGE_SIZE,
      itemKey: options.itemKey,
    }));
  } else {
    rows = options.rows;
  }
  return {
    // A page after a row (After) is not counted again: the caller has the count of the first.
    ...(paging && total !== null ? { TotalCount: total } : {}),
    TableData: rows,
    TableHeader: options.headers,
    TableOptions: {
      ItemKey: options.itemKey,
      ItemsPerPage: PAGE_SIZE,
      FooterProps: {
        'items-per-page-options': [10, 25, 50, 100, -1],
        'show-first-last-page': true,
      },
      SingleSelectFlag: true,
      ShowSelectFlag: false,
      DownloadFlag: options.canDownload,
      ExcelFileName: `${options.excelFileName}_${isoDate(new Date())}.xlsx`,
      ExcelFields: Object.fromEntries(
        columns.map((header, index) => [String(index), header.value]),
      ),
    },
  };
}

/** 'a', 'a and b', 'a, b and c'. */
export function listing(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
