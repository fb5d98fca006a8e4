import {
  type CallInput,
  type CallRecords,
  type LegacyCallName,
  type MasterListName,
  masterLists,
  type TableHeader,
  type TableOptions,
} from '@branch-assets/legacy-contract';
import { z } from 'zod';

/**
 * The lists that can be downloaded as a workbook. Adding one is one entry: the legacy `lists` call
 * and how the query string becomes its input. Columns, headers, file name and permission all come
 * from the list's own answer (ExcelFields, TableHeader, ExcelFileName, DownloadFlag).
 */
/** The calls that answer with a server-described list (TableData, TableHeader, TableOptions). */
type ListCallName = {
  [Name in LegacyCallName]: CallRecords<Name> extends {
    TableData: readonly unknown[];
    TableHeader: readonly TableHeader[];
    TableOptions: TableOptions;
  }
    ? Name
    : never;
}[LegacyCallName];

interface ExportableList<Name extends ListCallName> {
  call: Name;
  query: z.ZodType<Record<string, string>>;
  input(query: Record<string, string>): CallInput<Name>;
}

const branchQuery = z.object({
  branchId: z.string().regex(/^[1-9]\d{0,9}$/, 'branchId must be a positive whole number'),
});

function exportable<Name extends ListCallName>(list: ExportableList<Name>): ExportableList<Name> {
  return list;
}

/** A list asked for whole, with no query string. */
function wholeList<Name extends ListCallName>(call: Name) {
  return exportable({
    call,
    query: z.object({}) as z.ZodType<Record<string, string>>,
    input: () => ({ UserInterface: 1 }) as CallInput<Name>,
  });
}

const parentQuery = z.object({
  parentId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'parentId must be a positive whole number')
    .optional(),
});

/** A master list, whole or the children of one parent (`?parentId=`). */
function masterExport(list: MasterListName) {
  const parent = masterLists[list].fields.parent;
  return exportable({
    call: `${list}Lists` as ListCallName,
    query: parentQuery as z.ZodType<Record<string, string>>,
    input: (query) =>
      ({
        UserInterface: 1,
        ...(parent && query.parentId ? { [parent.key]: Number(query.parentId) } : {}),
      }) as CallInput<ListCallName>,
  });
}

export const EXPORTABLE_LISTS = {
  'purchase-orders': exportable({
    call: 'purchaseOrderLists',
    query: branchQuery,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
  }),
  designations: masterExport('designation'),
  brands: masterExport('brand'),
  'asset-categories': masterExport('assetCategory'),
  'sub-categories': masterExport('subCategory'),
  'asset-types': masterExport('assetType'),
  vendors: wholeList('vendorLists'),
  companies: wholeList('companyLists'),
  states: masterExport('state'),
  districts: masterExport('district'),
  cities: masterExport('city'),
  branches: wholeList('branchRecordLists'),
  gallery: wholeList('galleryLists'),
  menus: wholeList('menuItemLists'),
  // One role's grid (`?roleId=`), a row per module.
  permissions: exportable({
    call: 'menuPermissionGrid',
    query: z.object({
      roleId: z.string().regex(/^[1-9]\d{0,9}$/, 'roleId must be a positive whole number'),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Role: Number(query.roleId) }),
  }),
  // The caller's staff, or those assigned to one branch (`?branchId=`).
  staff: exportable({
    call: 'staffLists',
    query: z.object({ branchId: branchQuery.shape.branchId.optional() }) as z.ZodType<
      Record<string, string>
    >,
    input: (query) => ({
      UserInterface: 1,
      ...(query.branchId ? { Branch: Number(query.branchId) } : {}),
    }),
  }),
} as const;

export type ExportableListName = keyof typeof EXPORTABLE_LISTS;

export function isExportableList(name: string): name is ExportableListName {
  return Object.hasOwn(EXPORTABLE_LISTS, name);
}

export function exportUrl(list: ExportableListName, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `/exports/${list}.xlsx${search ? `?${search}` : ''}`;
}

export interface SheetColumn {
  field: string;
  header: string;
}

/** The workbook's columns: ExcelFields in index order, each titled by its table header. */
export function sheetColumns(
  options: TableOptions,
  headers: readonly TableHeader[],
): SheetColumn[] {
  return Object.entries(options.ExcelFields)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, field]) => ({
      field,
      header: headers.find((header) => header.value === field)?.text ?? field,
    }));
}

/** A file name safe in a Content-Disposition header, always ending in .xlsx. */
export function safeFileName(name: string): string {
  const base = name
    .replace(/\.xlsx?$/i, '')
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^[.\s_]+|[.\s]+$/g, '')
    .slice(0, 120);
  return `${base || 'export'}.xlsx`;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
