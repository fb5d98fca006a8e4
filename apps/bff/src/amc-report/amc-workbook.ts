import type { AmcReport, AmcReportBranchRow } from '@branch-assets/legacy-contract';
import ExcelJS from 'exceljs';

/*
 * The AMC report as a workbook (docs/workflows.md): a sheet of contracts and a sheet of cover by
 * branch, with real numbers (amounts to two decimals, grouped) and real dates, and a totals row
 * under each. Small enough to build whole: a company has hundreds of contracts, not millions.
 */

const AMOUNT = '#,##0.00';
const DATE = 'dd-mm-yyyy';

/** A 'YYYY-MM-DD' as the date it names (midnight UTC, so no zone shifts the day). */
function day(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

function headed(sheet: ExcelJS.Worksheet, columns: { header: string; width: number }[]) {
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function amcWorkbook(report: AmcReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const contracts = workbook.addWorksheet('Contracts');
  headed(contracts, [
    { header: 'Branch', width: 10 },
    { header: 'Contract No', width: 22 },
    { header: 'Vendor', width: 30 },
    { header: 'Type', width: 6 },
    { header: 'Start', width: 12 },
    { header: 'End', width: 12 },
    { header: 'Days Left', width: 10 },
    { header: 'Status', width: 12 },
    { header: 'Value (₹)', width: 16 },
    { header: 'Covered Value (₹)', width: 18 },
    { header: 'Cost %', width: 8 },
    { header: 'Visits Due', width: 10 },
    { header: 'Visits Done', width: 11 },
  ]);
  for (const row of report.Contracts) {
    contracts.addRow([
      row.BranchCode,
      row.ContractNumber,
      row.VendorName,
      row.ContractType,
      day(row.StartDate),
      day(row.EndDate),
      row.DaysLeft,
      row.StatusTxt,
      Number(row.ContractValue),
      Number(row.CoveredValue),
      row.CostPercent,
      row.VisitsDue,
      row.VisitsDone,
    ]);
  }
  const last = report.Contracts.length + 1;
  const total = contracts.addRow([
    'Total',
    '',
    '',
    '',
    null,
    null,
    null,
    '',
    { formula: `SUM(I2:I${last})`, result: sum(report.Contracts.map((row) => row.ContractValue)) },
    { formula: `SUM(J2:J${last})`, result: sum(report.Contracts.map((row) => row.CoveredValue)) },
    null,
    {
      formula: `SUM(L2:L${last})`,
      result: report.Contracts.reduce((n, row) => n + row.VisitsDue, 0),
    },
    {
      formula: `SUM(M2:M${last})`,
      result: report.Contracts.reduce((n, row) => n + row.VisitsDone, 0),
    },
  ]);
  total.font = { bold: true };
  for (const key of [5, 6]) contracts.getColumn(key).numFmt = DATE;
  for (const key of [9, 10]) contracts.getColumn(key).numFmt = AMOUNT;
  contracts.getColumn(11).numFmt = '0.0';

  const cover = workbook.addWorksheet('Cover by branch');
  headed(cover, [
    { header: 'Branch', width: 10 },
    { header: 'In Use', width: 10 },
    { header: 'Under Warranty', width: 15 },
    { header: 'Under Contract', width: 15 },
    { header: 'Uncovered', width: 11 },
    { header: 'Uncovered Value (₹)', width: 20 },
  ]);
  for (const row of report.Branches) {
    cover.addRow([
      row.BranchCode,
      row.AssetsInUse,
      row.UnderWarranty,
      row.UnderContract,
      row.Uncovered,
      Number(row.UncoveredValue),
    ]);
  }
  const end = report.Branches.length + 1;
  const sums = cover.addRow([
    'Total',
    ...(
      [
        ['B', (row: AmcReportBranchRow) => row.AssetsInUse],
        ['C', (row: AmcReportBranchRow) => row.UnderWarranty],
        ['D', (row: AmcReportBranchRow) => row.UnderContract],
        ['E', (row: AmcReportBranchRow) => row.Uncovered],
      ] as const
    ).map(([letter, count]) => ({
      formula: `SUM(${letter}2:${letter}${end})`,
      result: report.Branches.reduce((n, row) => n + count(row), 0),
    })),
    {
      formula: `SUM(F2:F${end})`,
      result: sum(report.Branches.map((row) => row.UncoveredValue)),
    },
  ]);
  sums.font = { bold: true };
  cover.getColumn(6).numFmt = AMOUNT;
  const asOf = workbook.addWorksheet('About');
  asOf.addRow(['AMC report as of', day(report.AsOf)]).getCell(2).numFmt = DATE;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Rupee amounts as text summed exactly (in paise), as a number for the cell. */
function sum(amounts: readonly string[]): number {
  const paise = amounts.reduce((total, amount) => total + Math.round(Number(amount) * 100), 0);
  return paise / 100;
}
