import { makeGstin } from '@branch-assets/domain';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { checkScreen, listRows, openScreenAs, searchList, signIn } from './helpers.ts';

/*
 * A vendor bulk upload as a user does it: the template, a file with errors, the report by row and
 * column, the rows in error downloaded, fixed and uploaded with the good row, then committed.
 * Every file is made here; none is committed to the repository.
 */

const FILE_LABEL = 'Spreadsheet file (.xlsx or .csv)';

function row(name: string, pan: string, overrides: Record<string, string> = {}) {
  return {
    'Vendor Name': name,
    // Kerala: the vendors test counts Tamil Nadu's vendors while this file may be adding these.
    GSTIN: makeGstin('32', pan, '1'),
    PAN: pan,
    State: 'Kerala',
    Address: '7 Broadway, Kochi 682031',
    'Contact Person': 'M. Karthik',
    Phone: '0452 234 5678',
    Email: 'office@example.in',
    'Bank Name': '',
    'Bank Account Number': '',
    IFSC: '',
    'Active Status': 'Active',
    ...overrides,
  };
}

async function workbookBuffer(header: readonly string[], rows: readonly (readonly string[])[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Vendors');
  sheet.addRow([...header]);
  for (const cells of rows) sheet.addRow([...cells]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return workbook;
}

function cellsOf(sheet: ExcelJS.Worksheet | undefined): string[][] {
  const rows: string[][] = [];
  sheet?.eachRow((sheetRow) => {
    const values = Array.isArray(sheetRow.values) ? sheetRow.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

test('admin uploads vendors: errors by row and column, rows in error downloaded, fixed and committed', async ({
  page,
}) => {
  await openScreenAs(page, 'admin', '/vendor/list', 'Vendors');
  await page.getByRole('link', { name: 'Bulk upload' }).click();
  await expect(page).toHaveURL(/#\/vendor\/bulk-upload$/);
  await expect(page.getByRole('heading', { name: 'Vendor bulk upload' })).toBeVisible();
  await checkScreen(page, 'bulk-upload');

  const template = await downloaded(page, () =>
    page.getByRole('link', { name: 'Download template' }).click(),
  );
  const [header = []] = cellsOf(template.worksheets[0]);
  expect(header.slice(0, 3)).toEqual(['Vendor Name', 'GSTIN', 'PAN']);
  expect(template.getWorksheet('Notes')).toBeDefined();

  const good = row('Thanjavur Bulk Traders', 'AAFCT2001K');
  const badEmail = row('Madurai Bulk Surgicals', 'AAFCM2002L', { Email: 'office at madurai' });
  const badState = row('Trichy Bulk Scans', 'AAFCT2003M', { State: 'Keralam' });
  const asCells = (values: Record<string, string>) => header.map((name) => values[name] ?? '');
  await page.getByLabel(FILE_LABEL).setInputFiles({
    name: 'new-vendors.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbookBuffer(header, [good, badEmail, badState].map(asCells)),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText('new-vendors.xlsx: rows checked 3, rows with problems 2. Nothing was written.'),
  ).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems by row and column' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems.getByRole('row').nth(1)).toContainText('3Emailoffice at madurai');
  await expect(problems.getByRole('row').nth(1)).toContainText('Email must be an e-mail address');
  await expect(problems.getByRole('row').nth(2)).toContainText('State Keralam does not exist.');
  // Commit is offered only for a file without problems.
  await expect(page.getByRole('button', { name: 'Commit' })).toHaveCount(0);
  await checkScreen(page, 'bulk-upload-report');

  const errors = await downloaded(page, () =>
    page.getByRole('button', { name: 'Download rows in error' }).click(),
  );
  const [errorHeader = [], ...errorRows] = cellsOf(errors.worksheets[0]);
  expect(errorHeader).toEqual([...header, 'Problems']);
  expect(errorRows.map((cells) => cells[0])).toEqual([
    'Madurai Bulk Surgicals',
    'Trichy Bulk Scans',
  ]);
  expect(errorRows[0]?.at(-1)).toBe('Row 3: Email must be an e-mail address');

  // Fixed in the error workbook (its Problems column is skipped on upload), with the good row back.
  const email = header.indexOf('Email');
  const state = header.indexOf('State');
  const fixed = errorRows.map((cells) => [...cells]);
  if (fixed[0]) fixed[0][email] = 'office@madurai-bulk.in';
  if (fixed[1]) fixed[1][state] = 'Kerala';
  await page.getByLabel(FILE_LABEL).setInputFiles({
    name: 'new-vendors-fixed.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbookBuffer(errorHeader, [[...asCells(good), ''], ...fixed]),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText(
      'new-vendors-fixed.xlsx: rows checked 3, no problems found. Commit to write them.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('link', { name: 'Back to the list' })).toBeVisible();
  await expect(page.getByText('3 vendors created.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/#\/vendor\/list$/);
  await searchList(page, 'Bulk');
  await expect(listRows(page)).toHaveCount(3);
  await expect(listRows(page).filter({ hasText: 'Madurai Bulk Surgicals' })).toContainText(
    makeGstin('32', 'AAFCM2002L', '1'),
  );

  // The specs share one database and others count the vendors: the three go again, by the list.
  for (let left = 3; left > 0; left -= 1) {
    await listRows(page).first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await expect(listRows(page).filter({ hasText: 'Bulk' })).toHaveCount(left - 1);
  }
});

test('a file that is not a spreadsheet is refused with the reason; the viewer has no bulk upload', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/#/vendor/bulk-upload');
  await page.getByLabel(FILE_LABEL).setInputFiles({
    name: 'vendors.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('%PDF-1.7 not a workbook'),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The file is not a spreadsheet' }),
  ).toContainText('(a PDF document is not accepted)');

  // Branches use the same page, described by one line.
  await page.goto('/#/branch/bulk-upload');
  await expect(page.getByRole('heading', { name: 'Branch bulk upload' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download template' })).toHaveAttribute(
    'href',
    '/templates/branch.xlsx',
  );
  await checkScreen(page, 'branch-bulk-upload');

  await page.context().clearCookies();
  await openScreenAs(page, 'viewer', '/vendor/list', 'Vendors');
  await expect(page.getByRole('link', { name: 'Bulk upload' })).toHaveCount(0);
  await page.goto('/#/vendor/bulk-upload');
  await expect(page).toHaveURL(/#\/access-denied$/);
});

test('admin brings the register in from a spreadsheet: a wrong room fixed, then committed', async ({
  page,
}) => {
  const mark = `${Date.now().toString(36)}${test.info().workerIndex}`.toUpperCase();
  await openScreenAs(page, 'admin', '/asset/list', 'Assets');
  await page.getByRole('link', { name: 'Bulk upload' }).click();
  await expect(page.getByRole('heading', { name: 'Asset bulk upload' })).toBeVisible();
  const template = await downloaded(page, () =>
    page.getByRole('link', { name: 'Download template' }).click(),
  );
  const [header = []] = cellsOf(template.worksheets[0]);
  expect(header.slice(0, 3)).toEqual(['Tag', 'Name', 'Branch']);
  const asset = (serial: string, room: string) => {
    const values: Record<string, string> = {
      Name: `Syringe pump ${serial}`,
      Branch: 'CHN-ANN',
      Location: room,
      Category: 'Medical Equipment',
      'Sub-category': 'Patient Monitoring',
      'Asset Type': 'Multipara Monitor',
      Brand: 'Philips',
      'Serial Number': serial,
      Criticality: 'High',
      Condition: 'Good',
      Status: 'In use',
      'Put To Use Date': '2021-04-01',
    };
    return header.map((name) => values[name] ?? '');
  };
  const upload = async (name: string, rows: string[][]) => {
    await page.getByLabel(FILE_LABEL).setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbookBuffer(header, rows),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
  };
  await upload('register.xlsx', [asset(`${mark}-1`, 'ICU'), asset(`${mark}-2`, 'Nowhere')]);
  const problems = page.getByRole('table', { name: 'Problems by row and column' });
  await expect(problems.getByRole('row').nth(1)).toContainText(
    'Location Nowhere does not exist in Branch CHN-ANN.',
  );
  await upload('register-fixed.xlsx', [asset(`${mark}-1`, 'ICU'), asset(`${mark}-2`, 'ICU')]);
  await expect(
    page.getByText('register-fixed.xlsx: rows checked 2, no problems found. Commit to write them.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByText('2 assets created, 0 assets updated.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await searchList(page, mark);
  await expect(listRows(page)).toHaveCount(2);
});
