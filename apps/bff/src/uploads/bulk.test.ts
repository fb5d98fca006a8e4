import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Client, useLogin, useStack } from '../test/harness.ts';
import { readWorkbook } from '../test/workbook.ts';

/*
 * Bulk upload through the gateway: the template, the upload target answering the report, and the
 * error workbook built from the report's rows, read back and uploaded again once fixed.
 */

interface Report {
  fileName: string;
  rowCount: number;
  errorCount: number;
  commit: boolean;
  created: number | null;
  columns: string[];
  rows: {
    row: number;
    values: Record<string, string>;
    problems: { column: string | null; message: string }[];
  }[];
}

interface UploadAnswer {
  message?: string;
  record?: Report;
  error?: { code: string; message: string };
}

const stack = useStack(['admin']);
const { admin } = stack.users;
/** A viewer whose records are the file's own. */
const viewer = useLogin(stack, 'viewer').client;

function sheetRows(sheet: ExcelJS.Worksheet | undefined): string[][] {
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(
  client: Client,
  bytes: Buffer,
  commit: 0 | 1,
  init: { csrf?: boolean; name?: string } = {},
): Promise<{ status: number; body: UploadAnswer }> {
  const query = new URLSearchParams({
    commit: String(commit === 1),
    fileName: init.name ?? 'vendors.xlsx',
  });
  const response = await client.fetch(`/uploads/vendor-bulk?${query}`, {
    method: 'POST',
    headers: { 'content-type': XLSX_TYPE },
    body: new Uint8Array(bytes),
    ...(init.csrf === false ? { csrf: false } : {}),
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

async function workbookOf(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Vendors');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the template', () => {
  it('has the header row, one example row and the notes with the limits', async () => {
    const response = await admin.fetch('/templates/vendor.xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain('Vendors_template.xlsx');
    const workbook = await readWorkbook(response);
    const [header, example, ...rest] = sheetRows(workbook.worksheets[0]);
    expect(workbook.worksheets[0]?.name).toBe('Vendors');
    expect(header?.slice(0, 4)).toEqual(['Vendor Name', 'GSTIN', 'PAN', 'State']);
    expect(header).toHaveLength(12);
    expect(example?.slice(0, 4)).toEqual([
      'Amman Surgical Traders',
      '33AABCK4321L1ZR',
      'AABCK4321L',
      'Tamil Nadu',
    ]);
    expect(rest).toEqual([]);
    const notes = sheetRows(workbook.getWorksheet('Notes')).map((row) => row.join(' | '));
    expect(notes).toContain(
      'Limits: At most 1 MB and 1,000 data rows per file; an .xlsx may hold at most 10 MB once unzipped.',
    );
    expect(
      notes.find((line) => line.startsWith('GSTIN | No | Blank for an unregistered supplier')),
    ).toBeDefined();
  });

  it('and the description need a session; an unknown resource is not found', async () => {
    const description = await admin.fetch('/bulk-uploads/vendor');
    expect(await description.json()).toMatchObject({
      canCreate: true,
      uploadUrl: '/uploads/vendor-bulk',
      templateUrl: '/templates/vendor.xlsx',
      errorsUrl: '/bulk-errors/vendor.xlsx',
      maxText: '1 MB',
      maxRows: 1000,
    });
    const anonymous = await stack.visitor().fetch('/templates/vendor.xlsx');
    expect(anonymous.status).toBe(401);
    expect((await admin.fetch('/templates/no-such-list.xlsx')).status).toBe(404);
    expect(await (await viewer.fetch('/bulk-uploads/vendor')).json()).toMatchObject({
      canCreate: false,
    });
  });
});

describe('an upload through the gateway', () => {
  it('the template uploads as it is: a dry run with no problems, nothing written', async () => {
    const template = Buffer.from(await (await admin.fetch('/templates/vendor.xlsx')).arrayBuffer());
    const answer = await upload(admin, template, 0, { name: 'Vendors_template.xlsx' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      'All 1 row can be created; nothing is written until you commit.',
    );
    expect(answer.body.record).toMatchObject({
      commit: false,
      fileName: 'Vendors_template.xlsx',
      rowCount: 1,
      errorCount: 0,
      created: null,
    });
  });

  it.each(['branch', 'asset'])('the %s template uploads as it is', async (resource) => {
    const template = Buffer.from(
      await (await admin.fetch(`/templates/${resource}.xlsx`)).arrayBuffer(),
    );
    const response = await admin.fetch(`/uploads/${resource}-bulk?fileName=template.xlsx`, {
      method: 'POST',
      headers: { 'content-type': XLSX_TYPE },
      body: new Uint8Array(template),
    });
    const answer = (await response.json()) as UploadAnswer;
    expect(answer.record).toMatchObject({ rowCount: 1, errorCount: 0 });
  });

  it('describes the asset upload: larger files, and rows that change the assets they name', async () => {
    expect(await (await admin.fetch('/bulk-uploads/asset')).json()).toMatchObject({
      maxRows: 10000,
      maxText: '5 MB',
      updates: expect.stringMatching(/^a row whose Tag/),
    });
  });

  it('rows in error come back as a workbook with Problems; fixed, it commits', async () => {
    const template = await readWorkbook(await admin.fetch('/templates/vendor.xlsx'));
    const [header = [], example = []] = sheetRows(template.worksheets[0]);
    const badEmail = [...example];
    badEmail[0] = 'Amman Surgical Traders';
    badEmail[7] = 'orders at amman';
    const unknownState = [...example];
    unknownState[0] = 'Theni Medicals';
    unknownState[3] = 'Tamilnad';
    const file = await workbookOf([header, badEmail, unknownState]);
    const dry = await upload(admin, file, 1);
    expect(dry.body.message).toBe('Nothing was written: 2 of 2 rows have problems.');
    const report = dry.body.record;
    expect(report?.rows.map((row) => row.problems)).toEqual([
      [{ column: 'Email', message: 'Email must be an e-mail address' }],
      [
        { column: 'State', message: 'State Tamilnad does not exist.' },
        {
          column: 'GSTIN',
          message: 'Duplicate in the file: GSTIN 33AABCK4321L1ZR is also on row 2.',
        },
      ],
    ]);

    const errors = await admin.fetch('/bulk-errors/vendor.xlsx', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: report?.rows.filter((row) => row.problems.length > 0) }),
    });
    expect(errors.status).toBe(200);
    expect(errors.headers.get('content-disposition')).toContain('Vendors_errors.xlsx');
    const [errorHeader, first, second] = sheetRows((await readWorkbook(errors)).worksheets[0]);
    expect(errorHeader).toEqual([...header, 'Problems']);
    expect(first?.slice(0, 12)).toEqual(badEmail);
    expect(first?.[12]).toBe('Row 2: Email must be an e-mail address');
    expect(second?.[12]).toBe(
      'Row 3: State Tamilnad does not exist. Duplicate in the file: GSTIN 33AABCK4321L1ZR is also on row 2.',
    );

    // Fixed in the error workbook itself, Problems column and all: the second row is dropped.
    // As a supplier of its own, without a GSTIN: the template's example stays a new vendor for the
    // file's other tests, in whatever order they run.
    const fixed = [...(first ?? [])];
    fixed[0] = 'Amman Surgicals, Madurai';
    fixed[1] = '';
    fixed[2] = 'AABCA7311Q';
    fixed[7] = 'orders@amman.in';
    fixed[12] = 'Row 2: Email must be an e-mail address';
    const committed = await upload(admin, await workbookOf([errorHeader ?? [], fixed]), 1);
    expect(committed.body.message).toBe('1 vendor created.');
    expect(committed.body.record).toMatchObject({ commit: true, errorCount: 0, created: 1 });
  });

  it('a row reports every problem at once, and its Problems cell names each as a sentence', async () => {
    const template = await readWorkbook(await admin.fetch('/templates/vendor.xlsx'));
    const [header = [], example = []] = sheetRows(template.worksheets[0]);
    // A bad e-mail, a GSTIN with a wrong check character and a state its code is not.
    const row = [...example];
    row[0] = 'Palani Multi Problems';
    row[1] = '33AABCK4321L1ZA';
    row[3] = 'Kerala';
    row[7] = 'orders at palani';
    const dry = await upload(admin, await workbookOf([header, row]), 0);
    const report = dry.body.record;
    expect(report?.rows.map((entry) => entry.problems)).toEqual([
      [
        { column: 'Email', message: 'Email must be an e-mail address' },
        {
          column: 'GSTIN',
          message: 'GSTIN 33AABCK4321L1ZA is not valid: its check character is wrong.',
        },
        {
          column: 'GSTIN',
          message: 'GSTIN 33AABCK4321L1ZA belongs to state code 33, not to Kerala (32).',
        },
      ],
    ]);
    const errors = await admin.fetch('/bulk-errors/vendor.xlsx', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: report?.rows }),
    });
    const [, first] = sheetRows((await readWorkbook(errors)).worksheets[0]);
    expect(first?.[12]).toBe(
      'Row 2: Email must be an e-mail address. GSTIN 33AABCK4321L1ZA is not valid: its check character is wrong. GSTIN 33AABCK4321L1ZA belongs to state code 33, not to Kerala (32).',
    );
  });

  it('refuses without the CSRF header, without the grant, and a file that is no spreadsheet', async () => {
    const file = await workbookOf([['Vendor Name'], ['X']]);
    const noHeader = await upload(admin, file, 0, { csrf: false });
    expect(noHeader.status).toBe(403);
    const refused = await upload(viewer, file, 1);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'REJECTED',
      message: 'You are not allowed to create vendors.',
    });
    const picture = await upload(admin, Buffer.from('%PDF-1.4 a report'), 0, { name: 'a.xlsx' });
    expect(picture.body.error?.message).toBe(
      'The file is not a spreadsheet: send an Excel workbook (.xlsx) or a CSV file (a PDF document is not accepted).',
    );
    const bad = await admin.fetch('/bulk-errors/vendor.xlsx', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [] }),
    });
    expect(bad.status).toBe(400);
  });
});
