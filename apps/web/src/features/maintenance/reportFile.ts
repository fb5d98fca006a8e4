import { formatPaise, toPaise } from '@branch-assets/domain';

/*
 * The AMC report's download: its tables one after the other in one CSV file that Excel opens
 * (UTF-8 with a byte order mark, so ₹ and the Indian scripts show; CRLF lines). The gateway's
 * workbook exports are for server lists only, and the web app has no workbook library of its
 * own, so the file is made here in the browser.
 */

/** A cell: text as it is, a number as a number (amounts, counts, percentages). */
export type Cell = string | number | null;

export interface CsvTable {
  title: string;
  headers: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/** The sum of Decimal amounts ('1234.50'), as a Decimal. */
export function sumAmounts(amounts: readonly string[]): string {
  return formatPaise(amounts.reduce((sum, amount) => sum + toPaise(amount), 0));
}

/**
 * One cell as CSV: quoted when it holds a comma, a quote or a line break; a text that a
 * spreadsheet would read as a formula (=, +, -, @ first) is kept as text with a leading quote.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The tables, each under its title and separated by a blank line. */
export function csvOf(tables: readonly CsvTable[]): string {
  const lines: string[] = [];
  for (const table of tables) {
    if (lines.length > 0) lines.push('');
    lines.push(csvCell(table.title));
    lines.push(table.headers.map(csvCell).join(','));
    for (const row of table.rows) lines.push(row.map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Hands the browser a file to save, made from text. */
export function saveText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
