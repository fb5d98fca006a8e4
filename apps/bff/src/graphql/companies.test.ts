import { makeGstin } from '@branch-assets/domain';
import { aBranch, aCompany } from '@branch-assets/legacy-api/testing';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet, rowValues } from '../test/workbook.ts';

const CompaniesQuery = graphql(`
  query CompaniesOf {
    companies(pageSize: 1000) {
      rows { id name legalName pan gstin address logoUrl active status { text } canEdit canDelete }
      headers { value }
      options { downloadable }
      canCreate
      exportUrl
    }
  }
`);

const CompanyQuery = graphql(`
  query CompanyOf($id: ID!) {
    company(id: $id) { id name pan }
    companyOptions { value text }
  }
`);

const SaveCompany = graphql(`
  mutation SaveCompanyOf($input: CompanyInput!) {
    saveCompany(input: $input) { message company { id name pan gstin logoUrl active status { text } } }
  }
`);

const DeleteCompany = graphql(`
  mutation DeleteCompanyOf($id: ID!) {
    deleteCompany(id: $id) { message }
  }
`);

const stack = useStack(['admin']);
const { admin } = stack.users;

/** A viewer whose records are the file's own: they only read and are refused. */
const viewer = useLogin(stack, 'viewer').client;

/** Every company, in the server's order (by name, then id). */
function everyCompany() {
  return stack.db
    .selectFrom('companies')
    .select(['id', 'name', 'active'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

describe('companies through the gateway', () => {
  it('lists companies with their flags and export for the admin; the viewer only reads', async () => {
    const company = await aCompany(stack.db, { gstinState: '33' });
    const answer = await admin.graphql(CompaniesQuery);
    expect(answer.errors).toBeUndefined();
    const every = await everyCompany();
    expect(answer.data?.companies.rows.map((row) => row.id)).toEqual(
      every.map((row) => String(row.id)),
    );
    expect(answer.data?.companies.rows.find((row) => row.id === String(company.id))).toEqual(
      expect.objectContaining({
        name: company.name,
        pan: company.pan,
        gstin: company.gstin,
        logoUrl: null,
        active: true,
      }),
    );
    expect(answer.data?.companies.headers.map((header) => header.value)).toContain('pan');
    expect(answer.data?.companies.canCreate).toBe(true);
    expect(answer.data?.companies.exportUrl).toBe('/exports/companies.xlsx');
    const viewed = await viewer.graphql(CompaniesQuery);
    expect(viewed.errors).toBeUndefined();
    expect(viewed.data?.companies.canCreate).toBe(false);
    expect(viewed.data?.companies.exportUrl).toBeNull();
    expect(viewed.data?.companies.rows.length).toBe(every.length);
    expect(viewed.data?.companies.rows.every((row) => !row.canEdit && !row.canDelete)).toBe(true);
    const one = await viewer.graphql(CompanyQuery, { id: String(company.id) });
    expect(one.data?.company.name).toBe(company.name);
    const active = await stack.db
      .selectFrom('companies')
      .select('name')
      .where('active', '=', true)
      .orderBy('name')
      .execute();
    expect(one.data?.companyOptions.map((option) => option.text)).toEqual(
      active.map((row) => row.name),
    );
    expect(one.data?.companyOptions.map((option) => option.text)).toContain(company.name);
  });

  it('creates, changes and deletes a company; refusals carry the server message', async () => {
    const input = {
      name: 'Kaveri Diagnostics',
      legalName: 'Kaveri Diagnostics Private Limited',
      pan: 'aakck1234m',
      address: '5 Mount Road, Chennai',
    };
    const created = await admin.graphql(SaveCompany, { input });
    expect(created.errors).toBeUndefined();
    expect(created.data?.saveCompany).toMatchObject({
      message: 'Company Kaveri Diagnostics created.',
      company: { pan: 'AAKCK1234M', active: true },
    });
    const id = created.data?.saveCompany.company.id ?? '';

    const again = await admin.graphql(SaveCompany, {
      input: { ...input, name: 'KAVERI diagnostics', pan: 'AAKCK9999M' },
    });
    expectRefused(again, 'REJECTED', 'Company KAVERI diagnostics already exists.');
    const badPan = await admin.graphql(SaveCompany, { input: { ...input, id, pan: 'x' } });
    expect(errorCode(badPan)).toBe('BAD_USER_INPUT');

    // A logo must be a company logo of the gallery, in the server's words: a branch's is not.
    const branchWithLogo = await aBranch(stack.db, { logo: true });
    const badLogo = await admin.graphql(SaveCompany, {
      input: { ...input, id, logoUrl: `/files/branch-logos/${branchWithLogo.code}.svg` },
    });
    expectRefused(
      badLogo,
      'REJECTED',
      `Logo files/branch-logos/${branchWithLogo.code}.svg is not a company logo of the gallery.`,
    );
    // The GSTIN must hold the company's PAN, in the server's words; a good one is kept upper-cased.
    const othersGstin = makeGstin('33', 'AAKCT5821Q', '1');
    const otherPan = await admin.graphql(SaveCompany, {
      input: { ...input, id, gstin: othersGstin },
    });
    expectRefused(
      otherPan,
      'REJECTED',
      `GSTIN ${othersGstin} does not hold the PAN of the company (AAKCK1234M).`,
    );
    const withGstin = await admin.graphql(SaveCompany, {
      input: { ...input, id, gstin: makeGstin('33', 'AAKCK1234M', '1').toLowerCase() },
    });
    expect(withGstin.data?.saveCompany.company.gstin).toBe(makeGstin('33', 'AAKCK1234M', '1'));
    const changed = await admin.graphql(SaveCompany, { input: { ...input, id, active: false } });
    expect(changed.data?.saveCompany.company).toMatchObject({
      active: false,
      status: { text: 'InActive' },
    });
    const deleted = await admin.graphql(DeleteCompany, { id });
    expect(deleted.data?.deleteCompany.message).toBe('Company Kaveri Diagnostics deleted.');

    const used = await aCompany(stack.db);
    await aBranch(stack.db, { company: used });
    await aBranch(stack.db, { company: used });
    const inUse = await admin.graphql(DeleteCompany, { id: String(used.id) });
    expectRefused(
      inUse,
      'REJECTED',
      `Cannot delete Company ${used.name}: it is used by 2 branches.`,
    );

    const refused = await viewer.graphql(SaveCompany, {
      input: { ...input, name: 'Viewer Company', pan: 'AAKCV1234V' },
    });
    expectRefused(refused, 'REJECTED', 'You are not allowed to create companies.');
    const refusedDelete = await viewer.graphql(DeleteCompany, { id: String(used.id) });
    expect(refusedDelete.errors?.[0]?.message).toBe('You are not allowed to delete companies.');
  });

  it('exports the companies as a workbook with every row', async () => {
    const company = await aCompany(stack.db, { gstinState: '33' });
    const sheet = await downloadSheet(
      admin,
      '/exports/companies.xlsx',
      /Companies_\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    expect(rowValues(sheet, 1)).toEqual([
      'Company',
      'Legal Name',
      'PAN',
      'GSTIN',
      'Address',
      'Status',
    ]);
    // Every company, in the server's order, each with its own values.
    const names = Array.from({ length: sheet.actualRowCount - 1 }, (_, index) =>
      String(rowValues(sheet, index + 2)[0]),
    );
    expect(names).toEqual((await everyCompany()).map((row) => row.name));
    const row = names.indexOf(company.name) + 2;
    expect(sheet.getRow(row).getCell(3).value).toBe(company.pan);
    expect(sheet.getRow(row).getCell(4).value).toBe(company.gstin);
    expect((await viewer.fetch('/exports/companies.xlsx')).status).toBe(403);
  });
});
