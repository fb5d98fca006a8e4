import { z } from 'zod';
import { Boolish, Id, jsonText, text, UserInterface } from '../primitives.ts';

export const Branch = z.object({
  BranchId: z.number().int(),
  BranchCode: z.string(),
  BranchName: z.string(),
  AssetLogoPath: z.string().nullable(),
});
export type Branch = z.output<typeof Branch>;

export const Option = z.object({ value: z.union([z.string(), z.number()]), text: z.string() });
export type Option = z.output<typeof Option>;

export const TableHeader = z.object({
  text: z.string(),
  value: z.string(),
  align: z.enum(['start', 'center', 'end']).optional(),
  sortable: z.boolean().optional(),
});
export type TableHeader = z.output<typeof TableHeader>;

export const TableOptions = z.object({
  ItemKey: z.string(),
  ItemsPerPage: z.number().int(),
  FooterProps: z.record(z.string(), z.unknown()),
  SingleSelectFlag: z.boolean(),
  ShowSelectFlag: z.boolean(),
  DownloadFlag: z.boolean(),
  ExcelFileName: z.string(),
  /** Column index ("0", "1", …) to the row field shown in that column, in column order. */
  ExcelFields: z.record(z.string().regex(/^\d+$/), z.string()),
  /** Addition: true when the user works in more than one branch, so the list offers a branch select. */
  BranchFlag: z.boolean().optional(),
});
export type TableOptions = z.output<typeof TableOptions>;

/**
 * The payload of every `lists` call. TotalCount (extension) is sent when the request asked for a
 * page: the number of rows matching Search and Filters, of which TableData is one page.
 */
export function listPayload<Row extends z.ZodType>(row: Row) {
  return z.object({
    TableData: z.array(row),
    TableHeader: z.array(TableHeader),
    TableOptions,
    TotalCount: z.number().int().nonnegative().optional(),
  });
}

/** The row schema of a list payload (listPayload's TableData element), or null for another payload. */
export function listRowSchema(records: z.ZodType): z.ZodObject | null {
  const tableData = (records as { shape?: Record<string, z.ZodType> }).shape?.TableData;
  const row = tableData instanceof z.ZodArray ? tableData.element : null;
  return row instanceof z.ZodObject ? row : null;
}

export const BaseRequest = z.object({ UserInterface });

/** The largest page a list call answers. */
export const MAX_ITEMS_PER_PAGE = 5000;

const WHOLE_FROM = (min: number, max: number) => `must be a whole number from ${min} to ${max}`;

/** A whole number in a range, also as its decimal text (form-encoded bodies). */
export function wholeNumber(min: number, max: number) {
  const rule = WHOLE_FROM(min, max);
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/, rule)
          .transform(Number),
      ],
      { error: rule },
    )
    .pipe(z.number().int(rule).min(min, rule).max(max, rule));
}

/** A row field's name, as Filters, SortBy and Fields give it. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,59}$/;

/** A filter's value: the value the row shows in that field (text, a number or a flag). */
const FilterValue = z.union(
  [z.string().max(100, 'must be at most 100 characters'), z.number(), z.boolean()],
  {
    error: 'must be text, a number or true/false',
  },
);

/**
 * Filters: row field → the value a row must show in it. Form-encoded bodies (API version 2) send
 * the object as JSON text.
 */
const Filters = jsonText(
  z
    .record(z.string().regex(FIELD_NAME, 'must name row fields'), FilterValue, {
      error: 'must be an object of row field to value',
    })
    .refine((filters) => Object.keys(filters).length <= 10, 'must have at most 10 fields'),
);

/**
 * The paging fields every table `lists` call accepts (extension, all optional). With none of them
 * the call answers every row as the legacy server does; with any of them it answers one page and
 * TotalCount. SortBy is a header `value`; Search matches what the rows show (codes, names, numbers,
 * dates, status texts), case-insensitively; Filters narrow to rows showing exactly a value.
 */
export const ListPaging = {
  Page: wholeNumber(1, 10_000_000).optional(),
  ItemsPerPage: wholeNumber(1, MAX_ITEMS_PER_PAGE).optional(),
  Search: text(100, { required: false }).optional(),
  SortBy: z
    .string({ error: 'must be a column name' })
    .regex(FIELD_NAME, 'must be a column name')
    .optional(),
  SortDesc: Boolish.optional(),
  Filters: Filters.optional(),
  /**
   * The ItemKey of the last row already read: the page after it, in the same order (Page is then
   * not used, and TotalCount not counted again). How a long list is read to its end.
   */
  After: Id.optional(),
  /**
   * Every page from the one asked for (by After or Page) to the end of the list, streamed in one
   * answer as NDJSON (see STREAM_CONTENT_TYPE): one line per page of ItemsPerPage rows, a JSON
   * array of rows, then a last line `{"flag":1,"output":…}`. How an export reads a long list
   * without a call per page. A server that does not know it answers the one page. Only for a
   * server that knows After: the pages after the first are read after the row before.
   */
  Stream: Boolish.optional(),
  /**
   * With Stream: the row fields the caller reads. Each streamed row then holds only these and the
   * ItemKey (an export reads its columns, not a row's colours and action flags: a third of the
   * bytes to write and parse). A server that does not know it streams whole rows.
   */
  Fields: jsonText(
    z
      .array(
        z.string({ error: 'must name row fields' }).regex(FIELD_NAME, {
          error: 'must name row fields',
        }),
        { error: 'must be a list of row fields' },
      )
      .min(1, 'must name at least one row field')
      .max(60, 'must name at most 60 row fields'),
  ).optional(),
};

/** The content type of a streamed list answer (Stream). */
export const STREAM_CONTENT_TYPE = 'application/x-ndjson';

/** A list call's request: its own fields and the paging fields. */
export const ListRequest = BaseRequest.extend(ListPaging);
export type ListPagingRequest = z.output<z.ZodObject<typeof ListPaging>>;

export const User = z.object({
  UserId: z.number().int(),
  Username: z.string(),
  DisplayName: z.string(),
  Role: z.string(),
  PrimaryBranch: Branch.nullable(),
});
export type User = z.output<typeof User>;

export { Id, text };
