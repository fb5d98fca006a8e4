import type { ListPagingRequest, TableHeader } from './calls/shared.ts';

/*
 * What the paging fields of a list call mean, written once for every list that pages in memory:
 * legacy-api's small lists (master data the company keeps by hand) and the gateway, which pages a
 * full answer itself when the legacy server it talks to does not page. legacy-api's large lists
 * page in SQL with the same meaning (apps/legacy-api/src/shared/sql-page.ts).
 */

/** The paging fields of a list request that sent any; null when it asked for every row. */
export function pagingOf(request: ListPagingRequest): ListPagingRequest | null {
  const { Page, ItemsPerPage, Search, SortBy, SortDesc, Filters, After } = request;
  const paging = { Page, ItemsPerPage, Search, SortBy, SortDesc, Filters, After };
  return Object.values(paging).some((value) => value !== undefined) ? paging : null;
}

/** The actions column shows buttons, not data: it is neither searched nor sorted. */
export const ACTIONS_COLUMN = 'Actions';

/** A paging field with a value the list cannot use: a 422 naming the field. */
export class ListPagingError extends Error {
  readonly field: string;
  constructor(field: string, rule: string) {
    super(`${field} ${rule}`);
    this.name = 'ListPagingError';
    this.field = field;
  }
}

/**
 * The columns a list may be sorted by and that Search matches: every column but the actions and
 * those marked `sortable: false` (a thumbnail shows no text).
 */
export function sortableColumns(headers: readonly TableHeader[]): string[] {
  return headers
    .filter((header) => header.value !== ACTIONS_COLUMN && header.sortable !== false)
    .map((header) => header.value);
}

/** The words of a search: each must appear in some column of a matching row. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Refuses SortBy naming no sortable column and Filters naming a field the list does not filter on,
 * naming the field as validation does.
 */
export function checkPaging(
  paging: ListPagingRequest,
  headers: readonly TableHeader[],
  filterFields: readonly string[],
): void {
  const sortable = sortableColumns(headers);
  if (paging.SortBy !== undefined && !sortable.includes(paging.SortBy)) {
    throw new ListPagingError('SortBy', `must be one of ${sortable.join(', ')}`);
  }
  for (const field of Object.keys(paging.Filters ?? {})) {
    if (!filterFields.includes(field)) {
      throw new ListPagingError(
        `Filters.${field}`,
        filterFields.length > 0
          ? `is not a filter of this list (${filterFields.join(', ')})`
          : 'is not a filter of this list (it has none)',
      );
    }
  }
}

/** What a cell shows, as text. */
function shown(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

const DISPLAY_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

/**
 * A cell as it sorts: numbers as numbers, DD-MM-YYYY dates by date, text lower-cased in code
 * point order (as SQL's `lower(text) collate "C"`, so that every server sorts alike).
 */
function sortKey(value: unknown): number | string {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = shown(value);
  const date = DISPLAY_DATE.exec(text);
  return date ? `${date[3]}-${date[2]}-${date[1]}` : text.toLowerCase();
}

function compare(a: unknown, b: unknown): number {
  const left = sortKey(a);
  const right = sortKey(b);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const [x, y] = [String(left), String(right)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether a row shows exactly the filter's value (text compared without case). */
function matchesFilter(cell: unknown, value: string | number | boolean): boolean {
  if (typeof value === 'string') return shown(cell).toLowerCase() === value.toLowerCase();
  return cell === value || shown(cell) === String(value);
}

export interface Page<Row> {
  rows: Row[];
  /** The rows matching in all; null for a page after a row (After), which is not counted. */
  total: number | null;
}

/**
 * One page of rows already in the list's default order: filtered, searched over the data columns,
 * sorted (ties keep the default order), then cut. A page past the end is empty.
 */
export function pageRows<Row>(
  rows: readonly Row[],
  paging: ListPagingRequest,
  options: {
    headers: readonly TableHeader[];
    defaultPageSize: number;
    /** The row field After names rows by (the list's ItemKey). */
    itemKey?: string;
  },
): Page<Row> {
  const cell = (row: Row, field: string) => (row as Record<string, unknown>)[field];
  const columns = sortableColumns(options.headers);
  const words = searchWords(paging.Search);
  const filters = Object.entries(paging.Filters ?? {});
  let matching = rows.filter(
    (row) =>
      filters.every(([field, value]) => matchesFilter(cell(row, field), value)) &&
      words.every((word) =>
        columns.some((column) => shown(cell(row, column)).toLowerCase().includes(word)),
      ),
  );
  const { SortBy: sortBy } = paging;
  if (sortBy !== undefined) {
    const direction = paging.SortDesc ? -1 : 1;
    matching = matching
      .map((row, index) => ({ row, index }))
      .sort(
        (a, b) =>
          direction * compare(cell(a.row, sortBy), cell(b.row, sortBy)) || a.index - b.index,
      )
      .map(({ row }) => row);
  }
  const size = paging.ItemsPerPage ?? options.defaultPageSize;
  if (paging.After !== undefined) {
    const { itemKey } = options;
    const index = itemKey ? matching.findIndex((row) => cell(row, itemKey) === paging.After) : -1;
    if (index < 0) throw new ListPagingError('After', 'is not a row of this list');
    return { rows: matching.slice(index + 1, index + 1 + size), total: null };
  }
  const start = ((paging.Page ?? 1) - 1) * size;
  return { rows: matching.slice(start, start + size), total: matching.length };
}
