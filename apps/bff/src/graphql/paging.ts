import type { ServerTranslator } from '@branch-assets/i18n/server';
import {
  type CallDefinition,
  checkPaging,
  graphqlName,
  type LegacyCallName,
  type ListFieldNames,
  ListPagingError,
  type ListPagingRequest,
  ListRequest,
  legacyCalls,
  listFieldNames,
  pageRows,
  type TableHeader,
  type TableOptions,
} from '@branch-assets/legacy-contract';
import type { z } from 'zod';
import { AppError } from '../errors/codes.ts';

/*
 * The paging arguments every list field takes (binding names: page, pageSize, search, sortBy,
 * sortDesc) and the list's own filters, as the legacy lists call's paging fields; and the page the
 * field answers. A legacy server that pages answers TotalCount; one that does not answers every
 * row, and the gateway pages, searches and sorts them with the contract's pageRows, so that a
 * caller cannot tell which server it is behind.
 *
 * The caller sees GraphQL names only: headers, item key and spreadsheet fields are renamed on the
 * way out and `sortBy` on the way in (the contract's graphql-names.ts).
 */

const NAMES = new Map<LegacyCallName, ListFieldNames>();

/** A lists call's row field names both ways. */
export function fieldNamesOf(call: LegacyCallName): ListFieldNames {
  let names = NAMES.get(call);
  if (!names) {
    names = listFieldNames(legacyCalls[call] as CallDefinition<z.ZodType, z.ZodType>);
    NAMES.set(call, names);
  }
  return names;
}

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

/** The legacy row field a sortBy names; a name the list does not have is the caller's mistake. */
function sortField(sortBy: string, names: ListFieldNames): string {
  const legacy = names.toLegacy.get(sortBy);
  if (legacy === undefined || legacy === 'Actions')
    throw new AppError('BAD_USER_INPUT', `sortBy ${sortBy} is not a column of the list.`);
  return legacy;
}

/**
 * The legacy paging fields of a list field's arguments, for the list's lists call; always a page
 * (the first by default). `filters` are legacy row fields already.
 */
export function pagingFields(
  call: LegacyCallName,
  args: ListArgs,
  filters: ListFilters = {},
): ListPagingRequest {
  const names = fieldNamesOf(call);
  const fields = {
    Page: args.page ?? 1,
    ...(args.pageSize !== undefined && args.pageSize !== null
      ? { ItemsPerPage: args.pageSize }
      : {}),
    ...(args.search?.trim() ? { Search: args.search.trim() } : {}),
    ...(args.sortBy ? { SortBy: sortField(args.sortBy, names) } : {}),
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

/**
 * A legacy server's refusal of a list's paging fields names them by their legacy names
 * ('SortBy must be one of CompanyName, …'); the caller hears it by the argument it sent.
 */
export function pagingRefusal(error: unknown, args: ListArgs): unknown {
  if (
    error instanceof AppError &&
    error.code === 'BAD_USER_INPUT' &&
    /^SortBy\b/.test(error.message)
  )
    return new AppError(
      'BAD_USER_INPUT',
      `sortBy ${args.sortBy ?? ''} is not a column the list sorts by.`,
    );
  return error;
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

/** A header, item key or spreadsheet field by its GraphQL name (by the rule when not described). */
function renamed(field: string, names: ListFieldNames): string {
  return names.toGraphql.get(field) ?? graphqlName(field);
}

/**
 * The page a list call answered, paged here when the legacy server answered every row; its
 * headers and options name the row fields as the GraphQL rows do.
 */
export function pageOf<Row>(
  call: LegacyCallName,
  answer: ListAnswer<Row>,
  paging: ListPagingRequest,
  texts?: ServerTranslator,
): ListPageModel<Row> {
  const names = fieldNamesOf(call);
  const list = call.replace(/Lists$/, '');
  const pageSize = paging.ItemsPerPage ?? answer.TableOptions.ItemsPerPage;
  const options = answer.TableOptions;
  const common = {
    headers: answer.TableHeader.map((header) => {
      const value = renamed(header.value, names);
      return {
        ...header,
        value,
        text: texts ? texts.header(list, value, header.text) : header.text,
      };
    }),
    options: {
      ...options,
      ItemKey: renamed(options.ItemKey, names),
      ExcelFields: Object.fromEntries(
        Object.entries(options.ExcelFields).map(([index, field]) => [index, renamed(field, names)]),
      ),
    },
    page: paging.Page ?? 1,
    pageSize,
  };
  if (answer.TotalCount !== undefined) {
    return { ...common, rows: answer.TableData, totalCount: answer.TotalCount };
  }
  try {
    checkPaging(paging, answer.TableHeader, Object.keys(paging.Filters ?? {}));
  } catch (error) {
    if (error instanceof ListPagingError && error.field === 'SortBy') {
      const sortable = common.headers.filter(
        (header) => header.sortable !== false && header.value !== 'actions',
      );
      throw badInput(
        'sortBy',
        `must be one of ${sortable.map((header) => header.value).join(', ')}`,
      );
    }
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
