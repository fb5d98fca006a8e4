import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Cell, CellKind, ReportDocument, ReportRow, ReportSection } from './document.ts';

/*
 * A report as a workbook, streamed to `output`: a sheet per section with the report's title and
 * scope above a frozen header row, real numbers (amounts to two decimals with grouping), real
 * dates, and the total row in bold. Rows are committed as they are written, so the fixed asset
 * register of a whole company goes through without the process holding it.
 */

const FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  count: '#,##0',
  money: '#,##,##0.00',
  date: 'dd-mm-yyyy',
  percent: '0.00"%"',
};

/** A 'YYYY-MM-DD' as the day it names (midnight UTC, so no zone shifts it). */
function day(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

function value(cell: Cell, kind: CellKind): ExcelJS.CellValue {
  if (cell === null || cell === '') return null;
  if (kind === 'date' && typeof cell === 'string') return day(cell);
  if ((kind === 'money' || kind === 'percent' || kind === 'count') && typeof cell === 'string')
    return Number(cell);
  return cell;
}

/** Sheet names are at most 31 characters and never hold : \ / ? * [ ]. */
export function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

async function* pagesOf(section: ReportSection): AsyncIterable<readonly ReportRow[]> {
  if (typeof section.rows === 'function') yield* section.rows();
  else yield section.rows;
}

async function writeSection(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  report: ReportDocument,
  section: ReportSection,
  name: string,
): Promise<void> {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 4 + report.scope.length }],
  });
  sheet.columns = section.columns.map((column) => ({ width: column.width }));
  const title = sheet.addRow([`${report.title} — ${section.title}`]);
  title.font = { bold: true, size: 13 };
  title.commit();
  for (const line of [report.company?.LegalName, ...report.scope]) {
    if (line) sheet.addRow([line]).commit();
  }
  sheet.addRow([]).commit();
  const header = sheet.addRow(section.columns.map((column) => column.title));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'middle' };
  header.commit();
  for await (const page of pagesOf(section)) {
    for (const row of page) {
      const written = sheet.addRow(
        row.cells.map((cell, index) => value(cell, section.columns[index]?.kind ?? 'text')),
      );
      section.columns.forEach((column, index) => {
        const format = FORMATS[column.kind];
        if (format) written.getCell(index + 1).numFmt = format;
      });
      if (row.subtotal) written.font = { bold: true };
      written.commit();
    }
  }
  if (section.total) {
    // The server's total, as a value: a sum formula would count the subtotal rows twice.
    const total = sheet.addRow(
      section.total.map((cell, index) => value(cell, section.columns[index]?.kind ?? 'text')),
    );
    section.columns.forEach((column, index) => {
      const format = FORMATS[column.kind];
      if (format) total.getCell(index + 1).numFmt = format;
    });
    total.font = { bold: true };
    total.commit();
  }
  if (section.note) {
    sheet.addRow([]).commit();
    const note = sheet.addRow([section.note]);
    note.font = { italic: true, color: { argb: 'FF5A5F66' } };
    note.commit();
  }
  sheet.commit();
}

export async function writeReportWorkbook(report: ReportDocument, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Branch Assets';
  const taken = new Set<string>();
  for (const section of report.sections) {
    await writeSection(workbook, report, section, sheetName(section.title, taken));
  }
  await workbook.commit();
}
