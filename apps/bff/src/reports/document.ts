import type { ReportCompany } from '@branch-assets/legacy-contract';

/*
 * A report as both its Excel workbook and its PDF are made from it (docs/reports.md): a title, the
 * period and branches it covers, the letterhead, and sections, each a table with its columns,
 * rows, subtotal rows and a total row. The workbook gives each section a sheet of real numbers
 * and dates; the PDF draws them one after another, landscape.
 */

/** How a cell is written: money as the wire's '1234.50', a date as 'YYYY-MM-DD'. */
export type CellKind = 'text' | 'count' | 'money' | 'date' | 'percent';

export type Cell = string | number | null;

export interface ReportColumn {
  readonly title: string;
  readonly kind: CellKind;
  /** In characters, for the sheet; the PDF shares its width out in proportion. */
  readonly width: number;
}

export interface ReportRow {
  readonly cells: readonly Cell[];
  /** A subtotal row: set bold. */
  readonly subtotal?: boolean;
}

export interface ReportSection {
  /** Also the sheet's name (at most 31 characters). */
  readonly title: string;
  readonly columns: readonly ReportColumn[];
  /** All of them, or pages of them read as they are written (the fixed asset register). */
  readonly rows: readonly ReportRow[] | (() => AsyncIterable<readonly ReportRow[]>);
  readonly total?: readonly Cell[];
  /** Under the table: how to read it, or what was left out. */
  readonly note?: string;
}

export interface ReportDocument {
  readonly title: string;
  /** Without extension. */
  readonly fileName: string;
  /** The period or date and the branches, one line each. */
  readonly scope: readonly string[];
  readonly company: ReportCompany | null;
  readonly sections: readonly ReportSection[];
}

/** Money for the sheet: the wire's exact text as a number of rupees (two decimals). */
export function moneyNumber(value: string): number {
  return Number(value);
}

export const column = (title: string, kind: CellKind, width?: number): ReportColumn => ({
  title,
  kind,
  width: width ?? (kind === 'money' ? 16 : kind === 'date' ? 12 : kind === 'count' ? 9 : 24),
});
