import { describe, expect, it } from 'vitest';
import type { TableHeader } from './calls/shared.ts';
import { ListRequest } from './calls/shared.ts';
import { checkPaging, ListPagingError, pageRows, pagingOf, sortableColumns } from './paging.ts';

const HEADERS: TableHeader[] = [
  { text: 'Actions', value: 'Actions', sortable: false },
  { text: 'Code', value: 'Code' },
  { text: 'Date', value: 'DateTxt' },
  { text: 'Qty', value: 'Qty', align: 'end' },
  { text: 'Photo', value: 'Photo', sortable: false },
];

/** In the list's default order: newest first. */
const ROWS = [
  { Code: 'b-10', DateTxt: '02-01-2027', Qty: 9, Photo: 'files/x.png', Kind: 'tool' },
  { Code: 'B-2', DateTxt: '31-12-2026', Qty: 10, Photo: 'files/y.png', Kind: 'Tool' },
  { Code: 'a-1', DateTxt: '01-04-2026', Qty: 9, Photo: 'files/z.png', Kind: 'part' },
];

const codes = (rows: readonly { Code: string }[]) => rows.map((row) => row.Code);
const page = (paging: Parameters<typeof pageRows>[1]) =>
  pageRows(ROWS, paging, { headers: HEADERS, defaultPageSize: 2 });

describe('pageRows', () => {
  it('cuts pages of the default size, past the end empty, counting every match', () => {
    expect(page({})).toEqual({ rows: ROWS.slice(0, 2), total: 3 });
    expect(codes(page({ Page: 2 }).rows)).toEqual(['a-1']);
    expect(page({ Page: 9, ItemsPerPage: 5 })).toEqual({ rows: [], total: 3 });
  });

  it('sorts dates by date, numbers as numbers, text without case; ties keep the default order', () => {
    expect(codes(page({ SortBy: 'DateTxt', ItemsPerPage: 3 }).rows)).toEqual([
      'a-1',
      'B-2',
      'b-10',
    ]);
    expect(codes(page({ SortBy: 'Qty', ItemsPerPage: 3 }).rows)).toEqual(['b-10', 'a-1', 'B-2']);
    expect(codes(page({ SortBy: 'Qty', SortDesc: true, ItemsPerPage: 3 }).rows)).toEqual([
      'B-2',
      'b-10',
      'a-1',
    ]);
    // Code point order of the lower-cased text, as SQL's collate "C": '1' < '2'.
    expect(codes(page({ SortBy: 'Code', ItemsPerPage: 3 }).rows)).toEqual(['a-1', 'b-10', 'B-2']);
  });

  it('searches every word, without case, over the columns that show text only', () => {
    expect(codes(page({ Search: 'B-', ItemsPerPage: 3 }).rows)).toEqual(['b-10', 'B-2']);
    expect(codes(page({ Search: '2026 b', ItemsPerPage: 3 }).rows)).toEqual(['B-2']);
    expect(page({ Search: 'png' }).total).toBe(0);
    expect(page({ Search: 'tool' }).total).toBe(0);
  });

  it('filters on a row field by the value it shows, text without case', () => {
    expect(codes(page({ Filters: { Kind: 'TOOL' }, ItemsPerPage: 3 }).rows)).toEqual([
      'b-10',
      'B-2',
    ]);
    expect(page({ Filters: { Qty: 9 } }).total).toBe(2);
  });
});

describe('the paging fields', () => {
  it('are all optional; pagingOf tells a paged request from a legacy one', () => {
    expect(pagingOf(ListRequest.parse({ UserInterface: 1 }))).toBeNull();
    expect(pagingOf(ListRequest.parse({ Page: '2', SortDesc: 'true' }))).toEqual({
      Page: 2,
      ItemsPerPage: undefined,
      Search: undefined,
      SortBy: undefined,
      SortDesc: true,
      Filters: undefined,
    });
    expect(ListRequest.parse({ Filters: '{"StatusTxt":"Pending"}' }).Filters).toEqual({
      StatusTxt: 'Pending',
    });
  });

  it('checkPaging names a column that cannot be sorted and a field that is no filter', () => {
    expect(sortableColumns(HEADERS)).toEqual(['Code', 'DateTxt', 'Qty']);
    expect(() => checkPaging({ SortBy: 'Photo' }, HEADERS, [])).toThrow(
      new ListPagingError('SortBy', 'must be one of Code, DateTxt, Qty'),
    );
    expect(() => checkPaging({ Filters: { Kind: 'x' } }, HEADERS, ['Code'])).toThrow(
      'Filters.Kind is not a filter of this list (Code)',
    );
    expect(() =>
      checkPaging({ SortBy: 'Qty', Filters: { Kind: 'x' } }, HEADERS, ['Kind']),
    ).not.toThrow();
  });
});
