import { isoDate, PAGE_SIZE } from '@branch-assets/domain';
import type { TableHeader, TableOptions } from '@branch-assets/legacy-contract';

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

/**
 * The `{TableData, TableHeader, TableOptions}` of a list call, as the legacy app expects it: page
 * size 10, the spreadsheet named after the list and today, its columns those of the table but the
 * actions.
 */
export function listPayload<Row>(options: {
  rows: Row[];
  headers: TableHeader[];
  itemKey: string;
  canDownload: boolean;
  excelFileName: string;
}): { TableData: Row[]; TableHeader: TableHeader[]; TableOptions: TableOptions } {
  const columns = options.headers.filter((header) => header.value !== ACTIONS_HEADER.value);
  return {
    TableData: options.rows,
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
