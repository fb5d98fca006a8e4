import { BULK_LIMITS, bulkDescription } from '@branch-assets/legacy-contract';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/*
 * Hostile spreadsheets made in code for the tests and the bench: no binary is committed.
 */

const SHEET = 'xl/worksheets/sheet1.xml';

/**
 * The zip bomb of issue 13 that the directory check cannot refuse: a vendor workbook whose sheet
 * inflates to 80% of BULK_LIMITS.maxUnzippedBytes (8 MB of cells, some 25,600 rows) from a file of
 * about 870 KB, within the size and ratio limits. Every part is honest, so it must be parsed
 * before the row count can refuse it: seconds of exceljs, which must happen off the event loop.
 */
export async function sheetBomb(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook
    .addWorksheet('Vendors')
    .addRow(bulkDescription('vendorBulkUpload').columns.map((column) => column.header));
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const sheet = strFromU8(parts[SHEET] ?? new Uint8Array());
  const rows: string[] = [];
  // Every cell has its own reference (exceljs needs it), which keeps deflate at about 9 : 1: the
  // file stays under the 1 MB upload limit with some room for the form around it.
  let size = 0;
  for (let row = 2; size < BULK_LIMITS.maxUnzippedBytes * 0.8; row += 1) {
    let cells = '';
    for (let column = 0; column < 12; column += 1) {
      cells += `<c r="${String.fromCharCode(65 + column)}${row}"><v>1</v></c>`;
    }
    const xml = `<row r="${row}">${cells}</row>`;
    rows.push(xml);
    size += xml.length;
  }
  parts[SHEET] = strToU8(sheet.replace('</sheetData>', `${rows.join('')}</sheetData>`));
  return Buffer.from(zipSync(parts, { level: 9 }));
}
