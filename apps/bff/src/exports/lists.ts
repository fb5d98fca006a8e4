import {
  COVERAGES,
  JOB_PRIORITIES,
  JOB_STATUSES,
  JOB_TYPES,
  MOVEMENT_REASONS,
  SCHEDULED_DUE,
} from '@branch-assets/domain';
import {
  AUDIT_STATES,
  type CallInput,
  type CallRecords,
  CONTRACT_STATES,
  CONTRACT_TYPES,
  INSTALLATION_STATES,
  type LegacyCallName,
  type MasterListName,
  masterLists,
  type TableHeader,
  type TableOptions,
  TRANSFER_DIRECTIONS,
  TRANSFER_STATES,
} from '@branch-assets/legacy-contract';
import { z } from 'zod';
import type { GalleryKind as GalleryKindName, PurchaseOrderState } from '../generated/resolvers.ts';
import { accessoryBranch, accessoryFilters } from '../graphql/accessory-filters.ts';
import {
  ASSET_FILTER_FIELDS,
  type AssetFilterName,
  assetFilters,
  KIND_FROM_GRAPHQL,
  STATUS_TEXT,
} from '../graphql/list-filters.ts';
import type { ListFilters } from '../graphql/paging.ts';

/**
 * The lists that can be downloaded as a workbook. Adding one is one entry: the legacy `lists` call
 * and how the query string becomes its input. Columns, headers, file name and permission all come
 * from the list's own answer (ExcelFields, TableHeader, ExcelFileName, DownloadFlag).
 */
/** The calls that answer with a server-described list (TableData, TableHeader, TableOptions). */
export type ListCallName = {
  [Name in LegacyCallName]: CallRecords<Name> extends {
    TableData: readonly unknown[];
    TableHeader: readonly TableHeader[];
    TableOptions: TableOptions;
  }
    ? Name
    : never;
}[LegacyCallName];

export interface ExportableList<Name extends ListCallName> {
  call: Name;
  /** The list's own query parameters (its branch, parent, …), beside search, sortBy and sortDesc. */
  query: z.ZodType<Record<string, string>>;
  input(query: Record<string, string>): CallInput<Name>;
  /** The paging Filters its query parameters stand for (a status, a state). */
  filters?(query: Record<string, string>): ListFilters;
}

const wholeNumber = (name: string) =>
  z.string().regex(/^[1-9]\d{0,9}$/, `${name} must be a positive whole number`);

const branchQuery = z.object({ branchId: wholeNumber('branchId') });

function exportable<Name extends ListCallName>(list: ExportableList<Name>): ExportableList<Name> {
  return list;
}

/** A list asked for whole, with no query string of its own. */
function wholeList<Name extends ListCallName>(call: Name) {
  return exportable({
    call,
    query: z.object({}) as z.ZodType<Record<string, string>>,
    input: () => ({ UserInterface: 1 }) as CallInput<Name>,
  });
}

/** A list of records that have a state, whole or one state's (`?stateId=`). */
function byState<Name extends ListCallName>(call: Name) {
  return exportable({
    call,
    query: z.object({ stateId: wholeNumber('stateId').optional() }) as z.ZodType<
      Record<string, string>
    >,
    input: () => ({ UserInterface: 1 }) as CallInput<Name>,
    filters: (query): ListFilters => (query.stateId ? { StateId: Number(query.stateId) } : {}),
  });
}

const parentQuery = z.object({
  parentId: wholeNumber('parentId').optional(),
  grandparentId: wholeNumber('grandparentId').optional(),
});

/**
 * A master list, whole or the children of one parent (`?parentId=`), or of the parent's parent
 * (`?grandparentId=`: the cities of a state).
 */
function masterExport(list: MasterListName) {
  const { parent, grandparent } = masterLists[list].fields;
  return exportable({
    call: `${list}Lists` as ListCallName,
    query: parentQuery as z.ZodType<Record<string, string>>,
    input: (query) =>
      ({
        UserInterface: 1,
        ...(parent && query.parentId ? { [parent.key]: Number(query.parentId) } : {}),
        ...(grandparent && query.grandparentId
          ? { [grandparent.key]: Number(query.grandparentId) }
          : {}),
      }) as CallInput<ListCallName>,
  });
}

const PURCHASE_ORDER_STATES = Object.keys(STATUS_TEXT) as [
  PurchaseOrderState,
  ...PurchaseOrderState[],
];
const GALLERY_KINDS = Object.keys(KIND_FROM_GRAPHQL) as [GalleryKindName, ...GalleryKindName[]];

/** The downloads of lists other than master lists, each its own entry. */
const OWN_EXPORTS = {
  'purchase-orders': exportable({
    call: 'purchaseOrderLists',
    query: branchQuery.extend({
      status: z
        .enum(PURCHASE_ORDER_STATES, { error: 'status is not a purchase order state' })
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
    filters: (query): ListFilters =>
      query.status ? { StatusTxt: STATUS_TEXT[query.status as PurchaseOrderState] } : {},
  }),
  // A branch's goods receive notes, one order's (purchaseOrderId) or in one state (status).
  'goods-receipt-notes': exportable({
    call: 'goodsReceiptNoteLists',
    query: branchQuery.extend({
      purchaseOrderId: wholeNumber('purchaseOrderId').optional(),
      status: z
        .enum(['RECEIVED', 'CANCELLED'], { error: 'status is RECEIVED or CANCELLED' })
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
    filters: (query): ListFilters => ({
      ...(query.purchaseOrderId ? { PurchaseOrderId: Number(query.purchaseOrderId) } : {}),
      ...(query.status ? { StatusCode: query.status } : {}),
    }),
  }),
  // A branch's installations, in one state (status) or all.
  'asset-installations': exportable({
    call: 'assetInstallationLists',
    query: branchQuery.extend({
      status: z
        .enum(INSTALLATION_STATES, { error: 'status is not an installation state' })
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
    filters: (query): ListFilters => (query.status ? { StatusCode: query.status } : {}),
  }),
  // A branch's transfers out (direction OUTGOING, the default) or in, in one state or all.
  'asset-transfers': exportable({
    call: 'assetTransferLists',
    query: branchQuery.extend({
      direction: z
        .enum(TRANSFER_DIRECTIONS, { error: 'direction is OUTGOING or INCOMING' })
        .optional(),
      status: z.enum(TRANSFER_STATES, { error: 'status is not a transfer state' }).optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({
      UserInterface: 1,
      Branch: Number(query.branchId),
      Direction: (query.direction ?? 'OUTGOING') as 'OUTGOING' | 'INCOMING',
    }),
    filters: (query): ListFilters => (query.status ? { StatusCode: query.status } : {}),
  }),
  // A branch's physical audits, with the list's own filters.
  'asset-audits': exportable({
    call: 'assetAuditLists',
    query: branchQuery.extend({
      status: z.enum(AUDIT_STATES, { error: 'status is not an audit state' }).optional(),
      open: z.enum(['true', 'false'], { error: 'open is true or false' }).optional(),
      due: z.enum(['true', 'false'], { error: 'due is true or false' }).optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
    filters: (query): ListFilters => ({
      ...(query.status ? { StatusCode: query.status } : {}),
      ...(query.open ? { Open: query.open === 'true' } : {}),
      ...(query.due ? { Due: query.due === 'true' } : {}),
    }),
  }),
  // A branch's job orders, with the list's own filters.
  'job-orders': exportable({
    call: 'jobOrderLists',
    query: branchQuery.extend({
      status: z.enum(JOB_STATUSES, { error: 'status is not a job order state' }).optional(),
      jobType: z.enum(JOB_TYPES, { error: 'jobType is not a job type' }).optional(),
      priority: z.enum(JOB_PRIORITIES, { error: 'priority is P1 to P4' }).optional(),
      coverage: z.enum(COVERAGES, { error: 'coverage is not a coverage' }).optional(),
      open: z.enum(['true', 'false'], { error: 'open is true or false' }).optional(),
      breached: z.enum(['true', 'false'], { error: 'breached is true or false' }).optional(),
      due: z.enum(SCHEDULED_DUE, { error: 'due is SOON or OVERDUE' }).optional(),
      assetId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'assetId must be a positive whole number')
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
    filters: (query): ListFilters => ({
      ...(query.status ? { StatusCode: query.status } : {}),
      ...(query.jobType ? { JobTypeCode: query.jobType } : {}),
      ...(query.priority ? { Priority: query.priority } : {}),
      ...(query.coverage ? { CoverageCode: query.coverage } : {}),
      ...(query.open ? { Open: query.open === 'true' } : {}),
      ...(query.breached ? { Breached: query.breached === 'true' } : {}),
      ...(query.assetId ? { Asset: Number(query.assetId) } : {}),
      ...(query.due ? { Due: query.due } : {}),
    }),
  }),
  // A branch's maintenance contracts, with the list's own filters.
  'maintenance-contracts': exportable({
    call: 'maintenanceContractLists',
    query: branchQuery.extend({
      status: z.enum(CONTRACT_STATES, { error: 'status is not a contract state' }).optional(),
      contractType: z.enum(CONTRACT_TYPES, { error: 'contractType is AMC or CMC' }).optional(),
      vendorId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'vendorId must be a positive whole number')
        .optional(),
      assetId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'assetId must be a positive whole number')
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Branch: Number(query.branchId) }),
    filters: (query): ListFilters => ({
      ...(query.status ? { StatusCode: query.status } : {}),
      ...(query.contractType ? { ContractType: query.contractType } : {}),
      ...(query.vendorId ? { Vendor: Number(query.vendorId) } : {}),
      ...(query.assetId ? { Asset: Number(query.assetId) } : {}),
    }),
  }),
  vendors: byState('vendorLists'),
  companies: wholeList('companyLists'),
  branches: byState('branchRecordLists'),
  gallery: exportable({
    call: 'galleryLists',
    query: z.object({
      kind: z.enum(GALLERY_KINDS, { error: 'kind is not a gallery kind' }).optional(),
    }) as z.ZodType<Record<string, string>>,
    input: () => ({ UserInterface: 1 }),
    filters: (query): ListFilters =>
      query.kind ? { Kind: KIND_FROM_GRAPHQL[query.kind as GalleryKindName] } : {},
  }),
  menus: wholeList('menuItemLists'),
  // The register as the list showed it: its filters by the list's argument names.
  assets: exportable({
    call: 'assetLists',
    query: z.object(
      Object.fromEntries(
        Object.keys(ASSET_FILTER_FIELDS).map((name) => [
          name,
          z.string().max(40, `${name} is too long`).optional(),
        ]),
      ),
    ) as z.ZodType<Record<string, string>>,
    input: () => ({ UserInterface: 1 }),
    filters: (query): ListFilters =>
      assetFilters(query as Partial<Record<AssetFilterName, string>>),
  }),
  'asset-locations': exportable({
    call: 'assetLocationLists',
    query: z.object({ branchId: branchQuery.shape.branchId.optional() }) as z.ZodType<
      Record<string, string>
    >,
    input: () => ({ UserInterface: 1 }),
    filters: (query): ListFilters => (query.branchId ? { BranchId: Number(query.branchId) } : {}),
  }),
  // The accessories as the list showed them: one branch's stock, a type, a brand, below minimum.
  accessories: exportable({
    call: 'accessoryLists',
    query: z.object({
      branchId: branchQuery.shape.branchId.optional(),
      accessoryTypeId: wholeNumber('accessoryTypeId').optional(),
      brandId: wholeNumber('brandId').optional(),
      belowMinimum: z
        .enum(['true', 'false'], { error: 'belowMinimum must be true or false' })
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, ...accessoryBranch(query) }),
    filters: (query): ListFilters => accessoryFilters(query),
  }),
  // One accessory's ledger as its page showed it: all its movements, or one branch's, one reason's.
  'accessory-ledger': exportable({
    call: 'accessoryLedger',
    query: z.object({
      accessoryId: wholeNumber('accessoryId'),
      branchId: branchQuery.shape.branchId.optional(),
      reason: z
        .enum(MOVEMENT_REASONS, { error: `reason must be one of ${MOVEMENT_REASONS.join(', ')}` })
        .optional(),
    }) as z.ZodType<Record<string, string>>,
    input: (query) => ({ UserInterface: 1, Accessory: Number(query.accessoryId) }),
    filters: (query): ListFilters => ({
      ...(query.branchId ? { BranchId: Number(query.branchId) } : {}),
      ...(query.reason ? { Reason: query.reason } : {}),
    }),
  }),
  // One role's grid (`?roleId=`), a row per module.
  permissions: exportable({
    call: 'menuPermissionGrid',
    query: z.object({ roleId: wholeNumber('roleId') }) as z.ZodType<Record<string, string>>,
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

/** A master list's download is named as its pages are: its plural in kebab case (asset-categories). */
export function masterExportName(list: MasterListName): string {
  return masterLists[list].spec.plural.toLowerCase().replace(/\s+/g, '-');
}

/** Every list that can be downloaded: its own entry, or any master list of the contract's registry. */
export const EXPORTABLE_LISTS: Readonly<Record<string, ExportableList<ListCallName>>> = {
  ...OWN_EXPORTS,
  ...Object.fromEntries(
    (Object.keys(masterLists) as MasterListName[]).map((list) => [
      masterExportName(list),
      masterExport(list),
    ]),
  ),
};

/** The query parameters every export takes: the list's search and sort, as the list shows it. */
export const pagingQuery = z.object({
  search: z.string().max(100, 'search must be at most 100 characters').optional(),
  sortBy: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, 'sortBy must be a column name')
    .optional(),
  sortDesc: z.enum(['true', 'false'], { error: 'sortDesc must be true or false' }).optional(),
});

/** A list other than a master list whose download is its own entry (a record list's exportName). */
export type ExportableListName = keyof typeof OWN_EXPORTS;

export function isExportableList(name: string): boolean {
  return Object.hasOwn(EXPORTABLE_LISTS, name);
}

export function exportUrl(list: string, query: Record<string, string>): string {
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
