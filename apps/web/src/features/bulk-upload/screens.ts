/*
 * The bulk upload screens: one description per resource (docs/bulk-upload.md). The page asks the
 * gateway for the rest (GET /bulk-uploads/<resource>: columns, limits, addresses, the grant).
 */

import { RECORD_ROUTES } from '../../shared/recordRoutes.ts';

export interface BulkUploadScreen {
  /** The gateway's name for the resource: /bulk-uploads/<resource>, /templates/<resource>.xlsx. */
  resource: string;
  /** The i18n key of the page's title. */
  title: 'bulkUpload.titles.vendor' | 'bulkUpload.titles.branch' | 'bulkUpload.titles.asset';
  /** Where the records are listed, for the link after a commit. */
  list: string;
}

/** By route. Adding a resource is a line here, and its title in the six languages. */
export const BULK_UPLOAD_SCREENS: Readonly<Record<string, BulkUploadScreen>> = {
  [RECORD_ROUTES.vendor.bulkUpload]: {
    resource: 'vendor',
    title: 'bulkUpload.titles.vendor',
    list: RECORD_ROUTES.vendor.list,
  },
  [RECORD_ROUTES.branch.bulkUpload]: {
    resource: 'branch',
    title: 'bulkUpload.titles.branch',
    list: RECORD_ROUTES.branch.list,
  },
  [RECORD_ROUTES.asset.bulkUpload]: {
    resource: 'asset',
    title: 'bulkUpload.titles.asset',
    list: RECORD_ROUTES.asset.list,
  },
};

export function bulkScreenFor(pathname: string): BulkUploadScreen | undefined {
  return Object.hasOwn(BULK_UPLOAD_SCREENS, pathname) ? BULK_UPLOAD_SCREENS[pathname] : undefined;
}

/** GET /bulk-uploads/<resource>. */
export interface BulkDescription {
  resource: string;
  canCreate: boolean;
  plural: string;
  sheet: string;
  columns: { header: string; required: boolean; note: string; example: string }[];
  maxBytes: number;
  maxText: string;
  maxRows: number;
  limitsText: string;
  accept: string[];
  acceptText: string;
  templateUrl: string;
  uploadUrl: string;
  errorsUrl: string;
}

export interface BulkReportRow {
  row: number;
  values: Record<string, string>;
  problems: { column: string | null; message: string }[];
}

/** The record of POST /uploads/<resource>-bulk. */
export interface BulkReport {
  commit: boolean;
  fileName: string;
  columns: string[];
  rowCount: number;
  errorCount: number;
  /** Records written: set only by a commit that wrote them. */
  created: number | null;
  rows: BulkReportRow[];
}

/** What POST /bulk-errors/<resource>.xlsx takes: the rows with problems. */
export function errorRows(report: BulkReport): BulkReportRow[] {
  return report.rows.filter((row) => row.problems.length > 0);
}
