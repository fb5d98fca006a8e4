import { makeGstin } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useStack } from '../test/harness.ts';
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

const { admin, viewer } = useStack(['admin', 'viewer']).users;

describe('companies through the gateway', () => {
  it('lists companies with their flags and export for the admin; the viewer only reads', async () => {
    const answer = await admin.graphql(CompaniesQuery);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.companies.rows).toEqual([
      expect.objectContaining({
        name: 'Sundaram Healthcare',
        pan: 'AAKCS4821M',
        gstin: '33AAKCS4821M1Z3',
        logoUrl: null,
        active: true,
      }),
    ]);
    expect(answer.data?.companies.headers.map((header) => header.value)).toContain('pan');
    expect(answer.data?.companies.canCreate).toBe(true);
    expect(answer.data?.companies.exportUrl).toBe('/exports/companies.xlsx');
    const viewed = await viewer.graphql(CompaniesQuery);
    expect(viewed.errors).toBeUndefined();
    expect(viewed.data?.companies.canCreate).toBe(false);
    expect(viewed.data?.companies.exportUrl).toBeNull();
    expect(viewed.data?.companies.rows.every((row) => !row.canEdit && !row.canDelete)).toBe(true);
    const id = answer.data?.companies.rows[0]?.id ?? '';
    const one = await viewer.graphql(CompanyQuery, { id });
    expect(one.data?.company.name).toBe('Sundaram Healthcare');
    expect(one.data?.companyOptions.map((option) => option.text)).toEqual(['Sundaram Healthcare']);
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

    // A logo must be a company logo of the gallery, in the server's words.
    const badLogo = await admin.graphql(SaveCompany, {
      input: { ...input, id, logoUrl: '/files/branch-logos/CHN-HO.svg' },
    });
    expectRefused(
      badLogo,
      'REJECTED',
      'Logo files/branch-logos/CHN-HO.svg is not a company logo of the gallery.',
    );
    // The GSTIN must hold the company's PAN, in the server's words; a good one is kept upper-cased.
    const otherPan = await admin.graphql(SaveCompany, {
      input: { ...input, id, gstin: '33AAKCS4821M1Z3' },
    });
    expectRefused(
      otherPan,
      'REJECTED',
      'GSTIN 33AAKCS4821M1Z3 does not hold the PAN of the company (AAKCK1234M).',
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

    const demo = (await admin.graphql(CompaniesQuery)).data?.companies.rows[0]?.id ?? '';
    const inUse = await admin.graphql(DeleteCompany, { id: demo });
    expectRefused(
      inUse,
      'REJECTED',
      /^Cannot delete Company Sundaram Healthcare: it is used by \d+ branches\.$/,
    );

    const refused = await viewer.graphql(SaveCompany, {
      input: { ...input, name: 'Viewer Company', pan: 'AAKCV1234V' },
    });
    expectRefused(refused, 'REJECTED', 'You are not allowed to create companies.');
    const refusedDelete = await viewer.graphql(DeleteCompany, { id: demo });
    expect(refusedDelete.errors?.[0]?.message).toBe('You are not allowed to delete companies.');
  });

  it('exports the companies as a workbook with every row', async () => {
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
    expect(sheet.getRow(2).getCell(1).value).toBe('Sundaram Healthcare');
    expect(sheet.getRow(2).getCell(4).value).toBe('33AAKCS4821M1Z3');
    expect(sheet.actualRowCount - 1).toBe(1);
    expect((await viewer.fetch('/exports/companies.xlsx')).status).toBe(403);
  });
});
