import { makeGstin } from '@branch-assets/domain';
import {
  AnyEnvelope,
  type BulkUploadReport,
  bulkDescription,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '../gallery/test-images.ts';
import { aBranch, aCompany, aVendor, useBranchLogins, withWrongCheck } from '../test/factories.ts';
import { fingerprint, useTestApi } from '../test/test-api.ts';
import { cellText, readSheet } from './read-sheet.ts';

/*
 * api/vendor/bulk-upload and api/branch/bulk-upload with good, partly bad and hostile files. Every
 * file is made here in code; nothing is written unless every row is good and Commit is 1. The file
 * starts from the reference data (states, roles) and makes the vendors, companies and branches it
 * names (test/factories.ts).
 */

const api = useTestApi({ reference: true });
const { token } = useBranchLogins(api, ['admin', 'viewer'] as const);

const { columns } = bulkDescription('vendorBulkUpload');
const HEADERS = columns.map((column) => column.header);

type Cells = Record<string, string | number>;

/** A complete, valid vendor row by header; `pan` decides the PAN and a GSTIN of `state`'s code. */
function vendor(name: string, pan: string, overrides: Cells = {}, code = '33'): Cells {
  const state = { '33': 'Tamil Nadu', '29': 'Karnataka', '32': 'Kerala' }[code] ?? 'Tamil Nadu';
  return {
    'Vendor Name': name,
    GSTIN: makeGstin(code, pan, '1'),
    PAN: pan,
    State: state,
    Address: '4 Race Course Road, Coimbatore 641018',
    'Contact Person': 'P. Selvam',
    Phone: '0422 222 3344',
    Email: 'sales@example.in',
    'Bank Name': '',
    'Bank Account Number': '',
    IFSC: '',
    'Active Status': '',
    ...overrides,
  };
}

async function xlsx(rows: readonly Cells[], headers: readonly string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Vendors');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvText(rows: readonly Cells[], headers: readonly string[] = HEADERS): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [headers, ...rows.map((row) => headers.map((header) => row[header] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n');
}

async function upload(
  bytes: Buffer,
  options: { name?: string; type?: string; commit?: 0 | 1; user?: 'admin' | 'viewer' } = {},
) {
  const { body, contentType } = await multipartBody(
    { UserInterface: '1', Commit: String(options.commit ?? 0) },
    [
      {
        field: 'File',
        name: options.name ?? 'vendors.xlsx',
        type: options.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes,
      },
    ],
  );
  const response = await api.app.inject({
    method: 'POST',
    url: `/${legacyCalls.vendorBulkUpload.path}`,
    payload: body,
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${token(options.user ?? 'admin')}`,
    },
  });
  const envelope = AnyEnvelope.parse(response.json());
  return {
    status: response.statusCode,
    flag: envelope.flag,
    output: envelope.output,
    report:
      envelope.flag === 1 ? legacyCalls.vendorBulkUpload.records.parse(envelope.records) : null,
  };
}

function problemsOf(report: BulkUploadReport | null, row: number) {
  return report?.Rows.find((entry) => entry.Row === row)?.Problems ?? [];
}

async function vendorNamed(name: string) {
  return api.db
    .selectFrom('vendors')
    .select(['id', 'code', 'gstin', 'active', 'stateId'])
    .where('name', '=', name)
    .executeTakeFirst();
}

describe('a good file', () => {
  it('xlsx: the dry run reports every row and writes nothing; the commit writes all, with audit rows', async () => {
    const rows = [
      vendor('Kovai Medical Traders', 'AABCK1001A'),
      vendor('Mysore Scan Services', 'AABCM1002B', { 'Active Status': 'InActive' }, '29'),
      // Numbers typed as numbers: the account number keeps every digit.
      vendor(
        'Cochin Cardiac Supplies',
        'AABCC1003C',
        {
          'Bank Name': 'Federal Bank',
          'Bank Account Number': 123456789012,
          IFSC: 'fdrl0001234',
          Phone: 9847012345,
        },
        '32',
      ),
    ];
    const file = await xlsx(rows);
    const before = await fingerprint(api.db);
    const dry = await upload(file);
    expect([dry.flag, dry.output]).toEqual([
      1,
      'All 3 rows can be created; nothing is written until you commit.',
    ]);
    expect(dry.report).toMatchObject({
      Commit: 0,
      FileName: 'vendors.xlsx',
      RowCount: 3,
      ErrorCount: 0,
    });
    expect(dry.report?.Created).toBeUndefined();
    expect(dry.report?.Columns).toEqual(HEADERS);
    expect(dry.report?.Rows.map((row) => row.Row)).toEqual([2, 3, 4]);
    expect(dry.report?.Rows[2]?.Values).toMatchObject({
      'Bank Account Number': '123456789012',
      Phone: '9847012345',
    });
    expect(await fingerprint(api.db)).toEqual(before);

    const committed = await upload(file, { commit: 1 });
    expect([committed.flag, committed.output]).toEqual([1, '3 vendors created.']);
    expect(committed.report).toMatchObject({ Commit: 1, ErrorCount: 0, Created: 3 });
    const mysore = await vendorNamed('Mysore Scan Services');
    expect(mysore).toMatchObject({ active: false, gstin: makeGstin('29', 'AABCM1002B', '1') });
    expect(mysore?.code).toMatch(/^V\d{4}$/);
    const cochin = await api.call('vendorShow', token('admin'), {
      Vendor: (await vendorNamed('Cochin Cardiac Supplies'))?.id ?? 0,
    });
    expect(cochin.records).toMatchObject({
      BankAccountNumber: '123456789012',
      BankIfsc: 'FDRL0001234',
      StateName: 'Kerala',
      ActiveStatus: 1,
    });
    const audit = await api.db
      .selectFrom('auditLog')
      .select(['action', 'entityId', 'details'])
      .where('entity', '=', 'vendor')
      .where('action', 'in', ['create', 'bulk_upload'])
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'bulk_upload',
      'create',
      'create',
      'create',
    ]);
    expect(audit[0]?.details).toMatchObject({ fileName: 'vendors.xlsx', rowCount: 3 });
  });

  it('csv: a BOM, quoted commas, empty lines, headers in another order and case, a Problems column', async () => {
    const headers = ['problems', ...[...HEADERS].reverse().map((header) => header.toUpperCase())];
    const rows = [
      vendor('Salem Steel Furniture, Unit 2', 'AABCS1004D'),
      vendor('Erode Lab Instruments', 'AABCE1005E', { 'Active Status': 'active' }),
    ].map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([header, value]) => [header.toUpperCase(), value]),
      ),
    );
    const text = `\ufeff${csvText(rows, headers)}\r\n\r\n,,,\r\n`;
    // The name says .xlsx: the content decides.
    const dry = await upload(Buffer.from(text), { name: 'vendors.xlsx', type: 'text/csv' });
    expect(dry.report).toMatchObject({ RowCount: 2, ErrorCount: 0 });
    expect(dry.report?.Rows[0]?.Values['Vendor Name']).toBe('Salem Steel Furniture, Unit 2');
    const committed = await upload(Buffer.from(text), { commit: 1, name: 'vendors.csv' });
    expect([committed.flag, committed.output]).toEqual([1, '2 vendors created.']);
    expect(await vendorNamed('Erode Lab Instruments')).toMatchObject({ active: true });
  });
});

describe('a partly bad file', () => {
  it('reports every problem by row and column, and writes nothing even on Commit 1', async () => {
    // A vendor of its own that the file names again (not one another test's file created).
    const existing = await upload(await xlsx([vendor('Pollachi Coir Works', 'AABCP1012M')]), {
      commit: 1,
    });
    expect([existing.flag, existing.output]).toEqual([1, '1 vendor created.']);
    const rows = [
      vendor('Tiruppur Textile Machines', 'AABCT1006F'),
      vendor('', 'AABCT1007G'),
      vendor('Namakkal Poultry Equipment', 'AABCN1008H', { GSTIN: '33ABC', Email: 'not-mail' }),
      vendor('Tiruppur Textile Machines Two', 'AABCT1006F'),
      // The GSTIN of a vendor that exists.
      vendor('Pollachi Coir Works Again', 'AABCP1012M'),
      vendor('Hosur Tool Room', 'AABCH1009J', { State: 'Tamilnadu', 'Active Status': 'Yes' }),
      vendor('Karur Cables', 'AABCK1010K', { 'Bank Name': 'Canara Bank' }),
      // The state does not match the GSTIN's code: only the server's own checks can tell.
      vendor('Dindigul Locks', 'AABCD1011L', { State: 'Kerala' }),
    ];
    const file = await xlsx(rows);
    const dry = await upload(file);
    expect([dry.flag, dry.output]).toEqual([1, '7 of 8 rows have problems; nothing was written.']);
    const report = dry.report;
    expect(report).toMatchObject({ RowCount: 8, ErrorCount: 7 });
    expect(problemsOf(report, 2)).toEqual([]);
    expect(problemsOf(report, 3)).toEqual([
      { Column: 'Vendor Name', Message: 'Vendor Name is required' },
    ]);
    expect(problemsOf(report, 4)).toEqual([
      { Column: 'GSTIN', Message: 'GSTIN must be a GSTIN like 33AAPFU0939F1Z5' },
      { Column: 'Email', Message: 'Email must be an e-mail address' },
    ]);
    expect(problemsOf(report, 5)).toEqual([
      {
        Column: 'GSTIN',
        Message: `Duplicate in the file: GSTIN ${makeGstin('33', 'AABCT1006F', '1')} is also on row 2.`,
      },
    ]);
    expect(problemsOf(report, 6)).toEqual([
      {
        Column: 'GSTIN',
        Message: `A vendor with GSTIN ${makeGstin('33', 'AABCP1012M', '1')} already exists: Pollachi Coir Works.`,
      },
    ]);
    expect(problemsOf(report, 7)).toEqual([
      { Column: 'State', Message: 'State Tamilnadu does not exist.' },
      { Column: 'Active Status', Message: 'Active Status must be Active or InActive.' },
    ]);
    expect(problemsOf(report, 8)).toEqual([
      {
        Column: 'Bank Name',
        Message: 'Give the bank name, account number and IFSC together, or none of them.',
      },
    ]);
    expect(problemsOf(report, 9)).toEqual([
      {
        Column: 'GSTIN',
        Message: `GSTIN ${makeGstin('33', 'AABCD1011L', '1')} belongs to state code 33, not to Kerala (32).`,
      },
    ]);

    const before = await fingerprint(api.db);
    const committed = await upload(file, { commit: 1 });
    expect([committed.flag, committed.output]).toEqual([
      1,
      'Nothing was written: 7 of 8 rows have problems.',
    ]);
    expect(committed.report?.Created).toBeUndefined();
    expect(await fingerprint(api.db)).toEqual(before);
    expect(await vendorNamed('Tiruppur Textile Machines')).toBeUndefined();
  });
});

/** A minimal workbook archive around one sheet part, for the hostile archives. */
function archive(sheet: Uint8Array, level: 0 | 9 = 9): Buffer {
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
        'xl/workbook.xml': strToU8('<?xml version="1.0"?><workbook/>'),
        'xl/worksheets/sheet1.xml': sheet,
      },
      { level },
    ),
  );
}

describe('hostile and broken files', () => {
  it('are refused with a clear message, and change nothing', async () => {
    const good = await xlsx([vendor('Vellore Diagnostics', 'AABCV1012M')]);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    // A directory that understates a part: inflating stops at the declared size, and the part
    // read is then incomplete.
    const understated = archive(new Uint8Array(4 * 1024 * 1024).fill(0x20), 9);
    const central = understated.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
    understated.writeUInt32LE(1000, central + 24);
    const tooMany = await xlsx(
      Array.from({ length: 1204 }, (_, index) => vendor(`Vendor ${index}`, 'AABCV1012M')),
    );
    const cases: [string, Buffer, { status?: number; output: string | RegExp }][] = [
      [
        'a PNG renamed .xlsx',
        await pngImage(32, 32),
        {
          output:
            'The file is not a spreadsheet: send an Excel workbook (.xlsx) or a CSV file (a PNG image is not accepted).',
        },
      ],
      [
        'a PDF',
        Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
        { output: /\(a PDF document is not accepted\)/ },
      ],
      [
        'a binary file',
        Buffer.from([1, 2, 0, 3, 4, 5]),
        { output: /\(a binary file is not accepted\)/ },
      ],
      [
        'an old .xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        { output: /an Excel 97–2003 workbook \(\.xls\); save it as \.xlsx/ },
      ],
      [
        'a ZIP that is not a workbook',
        Buffer.from(zipSync({ 'notes.txt': strToU8('hello') })),
        { output: /\(a ZIP archive that is not an Excel workbook is not accepted\)/ },
      ],
      [
        'a text note',
        Buffer.from('Please add these vendors: Kovai, Salem\n'),
        { output: /^The header row does not match the template: missing Vendor Name, GSTIN,/ },
      ],
      [
        'wrong headers',
        await xlsx(
          [vendor('Vellore Diagnostics', 'AABCV1012M')],
          [...HEADERS.filter((header) => header !== 'PAN' && header !== 'IFSC'), 'GST No'],
        ),
        {
          output:
            'The header row does not match the template: missing PAN and IFSC; unexpected GST No. Download the template and keep its first row as it is.',
        },
      ],
      ['headers only', await xlsx([]), { output: 'The file has no data rows under the header.' }],
      [
        'a CSV with a quote never closed',
        Buffer.from(`${csvText([])}\r\n"Kovai Traders,33AABCK1001A1ZX\r\n`),
        {
          output:
            'The CSV file cannot be read near line 3: a quoted value is not closed or a quote is out of place.',
        },
      ],
      ['too many rows', tooMany, { output: 'The file has 1,204 rows; the limit is 1,000.' }],
      [
        'too large',
        Buffer.concat([Buffer.from(csvText([])), Buffer.alloc(1024 * 1024, 0x20)]),
        { status: 413, output: 'The file is too large: the limit is 1 MB.' },
      ],
      [
        'a truncated workbook',
        truncated,
        { output: 'The workbook is damaged or incomplete and cannot be read.' },
      ],
      [
        'a corrupted workbook',
        Buffer.concat([
          good.subarray(0, 30),
          Buffer.alloc(good.length - 60, 0x5a),
          good.subarray(-30),
        ]),
        { output: 'The workbook is damaged or incomplete and cannot be read.' },
      ],
      [
        'a zip bomb (50 MB of sheet in a small file)',
        archive(new Uint8Array(50 * 1024 * 1024).fill(0x20)),
        {
          output:
            /^The workbook is too large once unzipped \(50 MB from a file of [\d.]+ KB\): the limit is 10 MB, and at most 100 times the file's size\.$/,
        },
      ],
      [
        'a ratio bomb under the size limit',
        archive(new Uint8Array(8 * 1024 * 1024).fill(0x20)),
        { output: /^The workbook is too large once unzipped \(8 MB from a file of/ },
      ],
      [
        'an understated part',
        understated,
        { output: 'The workbook is damaged or incomplete and cannot be read.' },
      ],
      ['an empty file', Buffer.alloc(0), { status: 422, output: 'File is an empty file.' }],
    ];
    for (const [name, bytes, expected] of cases) {
      for (const commit of [0, 1] as const) {
        await expect(
          api.expectRefusedWithoutChange(() => upload(bytes, { commit }), expected),
          name,
        ).resolves.toBeUndefined();
      }
    }
  });

  it('needs the create grant on vendors', async () => {
    const file = await xlsx([vendor('Vellore Diagnostics', 'AABCV1012M')]);
    await api.expectRefusedWithoutChange(() => upload(file, { user: 'viewer', commit: 1 }), {
      output: 'You are not allowed to create vendors.',
    });
  });
});

describe('reading cells', () => {
  it('turns every kind of cell into the text the user typed', () => {
    expect(cellText(30012345678)).toBe('30012345678');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(new Date(Date.UTC(2026, 10, 22)))).toBe('2026-11-22');
    expect(cellText({ richText: [{ text: 'Kovai ' }, { text: 'Traders' }] })).toBe('Kovai Traders');
    expect(cellText({ text: 'mail@example.in', hyperlink: 'mailto:mail@example.in' })).toBe(
      'mail@example.in',
    );
    expect(cellText({ formula: 'A1&B1', result: 'AB' })).toBe('AB');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
    expect(cellText(null)).toBe('');
  });

  it('numbers rows as the sheet does, skipping blank rows and the rows above the header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vendors');
    sheet.getRow(2).values = [...HEADERS];
    sheet.getRow(3).values = HEADERS.map((header) => String(vendor('A', 'AABCA1013N')[header]));
    sheet.getRow(5).values = HEADERS.map(
      (header) => `  ${String(vendor('B', 'AABCB1014P')[header])}\u00a0`,
    );
    const rows = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()), columns);
    expect(rows.map((row) => [row.row, row.values['Vendor Name']])).toEqual([
      [3, 'A'],
      [5, 'B'],
    ]);
  });
});

describe('a full file', () => {
  it('writes 1,000 rows in one transaction', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) =>
      vendor(`Bulk Vendor ${index + 1}`, `AABCX${String(index).padStart(4, '0')}Z`),
    );
    const committed = await upload(await xlsx(rows), { commit: 1 });
    expect([committed.flag, committed.output]).toEqual([1, '1,000 vendors created.']);
    expect(await vendorNamed('Bulk Vendor 1000')).toBeDefined();
  });
});

/** A branch's code and the names of its company, district and city, as a sheet names them. */
async function namesOf(branch: number) {
  return api.db
    .selectFrom('branches as b')
    .innerJoin('companies as co', 'co.id', 'b.companyId')
    .innerJoin('districts as d', 'd.id', 'b.districtId')
    .innerJoin('cities as c', 'c.id', 'b.cityId')
    .select(['b.code', 'co.name as company', 'co.pan', 'd.name as district', 'c.name as city'])
    .where('b.id', '=', branch)
    .executeTakeFirstOrThrow();
}

const branchColumns = bulkDescription('branchBulkUpload').columns;

/**
 * The company, district and city new branches name (those of a branch the factories made in
 * Tamil Nadu), and a city of another district.
 */
function useBranchPlaces() {
  let places: (Awaited<ReturnType<typeof namesOf>> & { otherCity: string }) | null = null;
  beforeAll(async () => {
    const company = await aCompany(api.db);
    const home = await namesOf((await aBranch(api.db, { company })).id);
    const other = await namesOf((await aBranch(api.db, { company })).id);
    places = { ...home, otherCity: other.city };
  });
  return () => {
    if (!places) throw new Error('the places are made in beforeAll');
    return places;
  };
}

async function branchUpload(rows: readonly Cells[] | Buffer, commit: 0 | 1) {
  const headers = branchColumns.map((column) => column.header);
  const bytes = Buffer.isBuffer(rows) ? rows : await xlsx(rows, headers);
  const { body, contentType } = await multipartBody({ Commit: String(commit) }, [
    { field: 'File', name: 'branches.xlsx', type: 'application/octet-stream', bytes },
  ]);
  const response = await api.app.inject({
    method: 'POST',
    url: `/${legacyCalls.branchBulkUpload.path}`,
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token('admin')}` },
  });
  const envelope = AnyEnvelope.parse(response.json());
  return {
    output: envelope.output,
    report: legacyCalls.branchBulkUpload.records.parse(envelope.records),
  };
}

describe('branches, the same mechanism', () => {
  const places = useBranchPlaces();
  /** A complete, valid branch row by header, in the places' company, district and city. */
  const branch = (overrides: Cells = {}): Cells => ({
    ...Object.fromEntries(branchColumns.map((column) => [column.header, column.example])),
    Company: places().company,
    District: places().district,
    City: places().city,
    GSTIN: makeGstin('33', places().pan, '1'),
    ...overrides,
  });

  it('looks places up by name within their parent, and commits with the branch rules', async () => {
    const { code, district } = places();
    const bad = await branchUpload(
      [
        branch({ 'Branch Code': code }),
        branch({ 'Branch Code': 'KOC-KAK', State: 'Kerala' }),
        branch({ 'Branch Code': 'CBE-SAI', City: places().otherCity }),
        branch({ 'Branch Code': 'CBE-PLM', Company: 'Sundaram Hospitals' }),
      ],
      1,
    );
    expect(bad.output).toBe('Nothing was written: 4 of 4 rows have problems.');
    expect(bad.report.Rows.map((row) => row.Problems)).toEqual([
      [{ Column: 'Branch Code', Message: `Branch code ${code} already exists.` }],
      [
        { Column: 'District', Message: `District ${district} is not in State Kerala.` },
        {
          Column: 'GSTIN',
          Message: `GSTIN ${makeGstin('33', places().pan, '1')} belongs to state code 33, not to Kerala (32).`,
        },
      ],
      [{ Column: 'City', Message: `City ${places().otherCity} is not in District ${district}.` }],
      [{ Column: 'Company', Message: 'Company Sundaram Hospitals does not exist.' }],
    ]);

    const good = await branchUpload(
      [branch(), branch({ 'Branch Code': 'CBE-PLM', 'Branch Name': 'Coimbatore Peelamedu' })],
      1,
    );
    expect([good.output, good.report.Created]).toEqual(['2 branches created.', 2]);
    const stored = await api.db
      .selectFrom('branches')
      .select(['code', 'gstin', 'active'])
      .where('code', 'in', ['CBE-GDP', 'CBE-PLM'])
      .orderBy('code')
      .execute();
    const gstin = makeGstin('33', places().pan, '1');
    expect(stored).toEqual([
      { code: 'CBE-GDP', gstin, active: true },
      { code: 'CBE-PLM', gstin, active: true },
    ]);
  });

  it('reads a CSV as well, and refuses a file that is not a spreadsheet, writing nothing', async () => {
    const headers = branchColumns.map((column) => column.header);
    const csv = csvText(
      [
        branch({ 'Branch Code': 'cbe-rsp2', 'Branch Name': 'Coimbatore R.S. Puram, Annexe' }),
        branch({ 'Branch Code': 'CBE-RSP2' }),
      ],
      headers,
    );
    const duplicate = await branchUpload(Buffer.from(csv), 1);
    expect(duplicate.output).toBe('Nothing was written: 1 of 2 rows has problems.');
    expect(duplicate.report.Rows[0]?.Values['Branch Name']).toBe('Coimbatore R.S. Puram, Annexe');
    expect(duplicate.report.Rows[1]?.Problems[0]?.Column).toBe('Branch Code');
    expect(duplicate.report.Rows[1]?.Problems[0]?.Message).toMatch(/^Duplicate in the file: /);

    const committed = await branchUpload(
      Buffer.from(csv.split(/\r?\n/).slice(0, 2).join('\r\n')),
      1,
    );
    expect([committed.output, committed.report.Created]).toEqual(['1 branch created.', 1]);
    expect(
      await api.db.selectFrom('branches').select('name').where('code', '=', 'CBE-RSP2').execute(),
    ).toEqual([{ name: 'Coimbatore R.S. Puram, Annexe' }]);

    await api.expectRefusedWithoutChange(
      async () => {
        const { body, contentType } = await multipartBody({ Commit: '1' }, [
          {
            field: 'File',
            name: 'branches.csv',
            type: 'text/csv',
            bytes: Buffer.from('%PDF-1.7 not a spreadsheet'),
          },
        ]);
        const response = await api.app.inject({
          method: 'POST',
          url: `/${legacyCalls.branchBulkUpload.path}`,
          payload: body,
          headers: { 'content-type': contentType, authorization: `Bearer ${token('admin')}` },
        });
        return { ...AnyEnvelope.parse(response.json()), status: response.statusCode };
      },
      { output: /^The file is not a spreadsheet/ },
    );
  });
});

describe('every problem of a row, in one pass', () => {
  const places = useBranchPlaces();

  it('vendors: a format error beside a duplicate GSTIN (in the file and the database), its check character, state and PAN, and the bank details; nothing written', async () => {
    // A vendor whose GSTIN has a wrong check character, as an old record may have it.
    const oldId = await aVendor(api.db);
    const broken = withWrongCheck(
      (
        await api.db
          .selectFrom('vendors')
          .select('gstin')
          .where('id', '=', oldId)
          .executeTakeFirstOrThrow()
      ).gstin ?? '',
    );
    await api.db.updateTable('vendors').set({ gstin: broken }).where('id', '=', oldId).execute();
    const old = await api.db
      .selectFrom('vendors')
      .select(['name', 'pan'])
      .where('id', '=', oldId)
      .executeTakeFirstOrThrow();
    const taken = await api.db
      .selectFrom('vendors')
      .select(['name', 'gstin', 'pan'])
      .where('id', '=', await aVendor(api.db))
      .executeTakeFirstOrThrow();
    const rows = [
      vendor('Kanchi Silk Looms', 'AABCK2002R'),
      // Well-formed: the store's first refusal (the check character), and the rest with it.
      vendor('Vellore Bulk Medicals', old.pan, { GSTIN: broken }),
      vendor('Arcot Surgical', 'AABCA2003S', {
        GSTIN: broken,
        Email: 'not-mail',
        State: 'Kerala',
        'Bank Name': 'Canara Bank',
      }),
      vendor('Ranipet Traders', taken.pan, {
        GSTIN: taken.gstin ?? '',
        Phone: '12',
        State: 'Tamilnadu',
        'Active Status': 'Yes',
      }),
    ];
    const file = await xlsx(rows);
    const before = await fingerprint(api.db);
    for (const commit of [0, 1] as const) {
      const { report } = await upload(file, { commit });
      expect(report).toMatchObject({ RowCount: 4, ErrorCount: 3 });
      expect(report?.Created).toBeUndefined();
      expect(problemsOf(report, 2)).toEqual([]);
      const checkCharacter = {
        Column: 'GSTIN',
        Message: `GSTIN ${broken} is not valid: its check character is wrong.`,
      };
      const heldBy = {
        Column: 'GSTIN',
        Message: `A vendor with GSTIN ${broken} already exists: ${old.name}.`,
      };
      expect(problemsOf(report, 3)).toEqual([checkCharacter, heldBy]);
      expect(problemsOf(report, 4)).toEqual([
        { Column: 'Email', Message: 'Email must be an e-mail address' },
        { Column: 'GSTIN', Message: `Duplicate in the file: GSTIN ${broken} is also on row 3.` },
        checkCharacter,
        {
          Column: 'GSTIN',
          Message: `GSTIN ${broken} belongs to state code 33, not to Kerala (32).`,
        },
        {
          Column: 'PAN',
          Message: `PAN AABCA2003S is not the one in GSTIN ${broken} (${old.pan}).`,
        },
        heldBy,
        {
          Column: 'Bank Name',
          Message: 'Give the bank name, account number and IFSC together, or none of them.',
        },
      ]);
      // The state cannot be read: the GSTIN is checked without it.
      expect(problemsOf(report, 5)).toEqual([
        { Column: 'State', Message: 'State Tamilnadu does not exist.' },
        { Column: 'Active Status', Message: 'Active Status must be Active or InActive.' },
        { Column: 'Phone', Message: expect.stringMatching(/^Phone /) },
        {
          Column: 'GSTIN',
          Message: `A vendor with GSTIN ${taken.gstin} already exists: ${taken.name}.`,
        },
      ]);
    }
    expect(await fingerprint(api.db)).toEqual(before);
    expect(await vendorNamed('Kanchi Silk Looms')).toBeUndefined();
  });

  it('branches: a format error beside a taken code (in the file and the database), the GSTIN’s check character and state, a city outside its district and an unknown company; nothing written', async () => {
    const { code, company, district, city, otherCity, pan } = places();
    const gstin = makeGstin('33', pan, '1');
    const broken = withWrongCheck(gstin);
    const branch = (overrides: Cells): Cells => ({
      ...Object.fromEntries(branchColumns.map((column) => [column.header, column.example])),
      Company: company,
      District: district,
      City: city,
      GSTIN: gstin,
      ...overrides,
    });
    const file = await xlsx(
      [
        branch({ 'Branch Code': 'VLR-NEW', 'Branch Name': 'Vellore New' }),
        branch({
          'Branch Code': code,
          'PIN Code': '12',
          Email: 'not-mail',
          GSTIN: broken,
          City: otherCity,
        }),
        branch({
          'Branch Code': code.toLowerCase(),
          Company: 'Nowhere Hospitals',
          Phone: 'call us',
          GSTIN: makeGstin('29', pan, '1'),
        }),
      ],
      branchColumns.map((column) => column.header),
    );
    const before = await fingerprint(api.db);
    for (const commit of [0, 1] as const) {
      const { output, report } = await branchUpload(file, commit);
      expect(output).toBe(
        commit === 1
          ? 'Nothing was written: 2 of 3 rows have problems.'
          : '2 of 3 rows have problems; nothing was written.',
      );
      expect(report.Rows.map((row) => row.Problems)).toEqual([
        [],
        [
          { Column: 'City', Message: `City ${otherCity} is not in District ${district}.` },
          { Column: 'PIN Code', Message: 'PIN Code must be a PIN code of 6 digits' },
          { Column: 'Email', Message: 'Email must be an e-mail address' },
          { Column: 'Branch Code', Message: `Branch code ${code} already exists.` },
          {
            Column: 'GSTIN',
            Message: `GSTIN ${broken} is not valid: its check character is wrong.`,
          },
        ],
        [
          { Column: 'Company', Message: 'Company Nowhere Hospitals does not exist.' },
          { Column: 'Phone', Message: expect.stringMatching(/^Phone /) },
          {
            Column: 'Branch Code',
            Message: `Duplicate in the file: Branch Code ${code.toLowerCase()} is also on row 3.`,
          },
          { Column: 'Branch Code', Message: `Branch code ${code} already exists.` },
          {
            Column: 'GSTIN',
            Message: `GSTIN ${makeGstin('29', pan, '1')} belongs to state code 29, not to Tamil Nadu (33).`,
          },
        ],
      ]);
    }
    expect(await fingerprint(api.db)).toEqual(before);
    expect(await api.count('branches', { code: 'VLR-NEW' })).toBe(0);
  });
});
