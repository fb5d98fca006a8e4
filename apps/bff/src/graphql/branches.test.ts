import { describe, expect, it } from 'vitest';
import type { BranchRecordsOfQuery } from '../test/gql/graphql.ts';
import { graphql } from '../test/gql/index.ts';
import { type Client, errorCode, expectRefused, useStack } from '../test/harness.ts';
import { downloadSheet, rowValues } from '../test/workbook.ts';

const BranchRecordsQuery = graphql(`
  query BranchRecordsOf {
    branchRecords(pageSize: 1000) {
      rows {
        id code name companyId companyName stateId stateName districtId districtName cityId cityName
        gstin phone email logoUrl active status { text } canEdit canDelete
      }
      headers { value }
      options { downloadable }
      canCreate
      exportUrl
    }
  }
`);

const BranchRecordQuery = graphql(`
  query BranchRecordOf($id: ID!) {
    branchRecord(id: $id) { id code name logoUrl }
  }
`);

const SaveBranch = graphql(`
  mutation SaveBranchOf($input: BranchInput!) {
    saveBranch(input: $input) { message branch { id code active logoUrl status { text } } }
  }
`);

const DeleteBranch = graphql(`
  mutation DeleteBranchOf($id: ID!) {
    deleteBranch(id: $id) { message }
  }
`);

const { admin, manager } = useStack(['admin', 'manager']).users;

type Rows = BranchRecordsOfQuery['branchRecords']['rows'];

async function rowsOf(client: Client): Promise<Rows> {
  const answer = await client.graphql(BranchRecordsQuery);
  expect(answer.errors).toBeUndefined();
  return answer.data?.branchRecords.rows ?? [];
}

describe('branches through the gateway', () => {
  it('lists every branch for the admin with export; the manager reads only their branches', async () => {
    const answer = await admin.graphql(BranchRecordsQuery);
    expect(answer.errors).toBeUndefined();
    const list = answer.data?.branchRecords;
    expect(list?.rows.length).toBe(12);
    expect(list?.rows.find((row) => row.code === 'CHN-HO')).toMatchObject({
      name: 'Chennai Head Office',
      companyName: 'Sundaram Healthcare',
      stateName: 'Tamil Nadu',
      cityName: 'Chennai',
      logoUrl: '/files/branch-logos/CHN-HO.svg',
      active: true,
      canEdit: true,
      canDelete: true,
    });
    expect(list?.headers.map((header) => header.value)).toContain('gstin');
    expect(list?.canCreate).toBe(true);
    expect(list?.exportUrl).toBe('/exports/branches.xlsx');

    const managed = await manager.graphql(BranchRecordsQuery);
    expect(managed.errors).toBeUndefined();
    expect(managed.data?.branchRecords.rows.map((row) => row.code)).toEqual(['CHN-ANN', 'CHN-VEL']);
    expect(managed.data?.branchRecords.canCreate).toBe(false);
    expect(managed.data?.branchRecords.exportUrl).toBeNull();
    const headOffice = list?.rows.find((row) => row.code === 'CHN-HO')?.id ?? '';
    const outside = await manager.graphql(BranchRecordQuery, { id: headOffice });
    expectRefused(outside, 'REJECTED', `Branch ${headOffice} does not exist.`);
  });

  it('creates, changes and deletes a branch; refusals carry the server message', async () => {
    const template = (await rowsOf(admin)).find((row) => row.code === 'CHN-VEL');
    if (!template) throw new Error('no CHN-VEL');
    const input = {
      code: 'br001',
      name: 'Chennai Adyar',
      companyId: template.companyId,
      address: '7, L.B. Road, Adyar',
      stateId: template.stateId,
      districtId: template.districtId,
      cityId: template.cityId,
      pincode: '600020',
      gstin: template.gstin ?? '',
      phone: '044 2441 7788',
    };
    const created = await admin.graphql(SaveBranch, { input });
    expect(created.errors).toBeUndefined();
    expect(created.data?.saveBranch).toMatchObject({
      message: 'Branch Chennai Adyar (BR001) created.',
      branch: { code: 'BR001', active: true, logoUrl: null },
    });
    const id = created.data?.saveBranch.branch.id ?? '';

    const again = await admin.graphql(SaveBranch, { input: { ...input, name: 'Other' } });
    expectRefused(again, 'REJECTED', 'Branch code BR001 already exists.');
    const badGstin = await admin.graphql(SaveBranch, { input: { ...input, id, gstin: 'x' } });
    expect(errorCode(badGstin)).toBe('BAD_USER_INPUT');

    const changed = await admin.graphql(SaveBranch, { input: { ...input, id, active: false } });
    expect(changed.data?.saveBranch.branch).toMatchObject({
      active: false,
      status: { text: 'InActive' },
    });
    const refused = await manager.graphql(SaveBranch, { input: { ...input, code: 'BR002' } });
    expectRefused(refused, 'REJECTED', 'You are not allowed to create branches.');
    const refusedDelete = await manager.graphql(DeleteBranch, { id });
    expect(refusedDelete.errors?.[0]?.message).toBe('You are not allowed to delete branches.');

    const deleted = await admin.graphql(DeleteBranch, { id });
    expect(deleted.data?.deleteBranch.message).toBe('Branch Chennai Adyar (BR001) deleted.');
    const inUse = await admin.graphql(DeleteBranch, { id: template.id });
    expectRefused(
      inUse,
      'REJECTED',
      /^Cannot delete Branch Chennai Velachery \(CHN-VEL\): it is used by \d+ staff members/,
    );
  });

  it('keeps a logo sent back as it came', async () => {
    const row = (await rowsOf(admin)).find((branch) => branch.code === 'CHN-ANN');
    if (!row) throw new Error('no CHN-ANN');
    const saved = await admin.graphql(SaveBranch, {
      input: {
        id: row.id,
        code: row.code,
        name: row.name,
        companyId: row.companyId,
        address: 'AF-41, 2nd Avenue, Anna Nagar, Chennai 600040',
        stateId: row.stateId,
        districtId: row.districtId,
        cityId: row.cityId,
        gstin: row.gstin ?? '',
        phone: row.phone ?? '',
        email: row.email,
        logoUrl: row.logoUrl,
      },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.saveBranch.branch.logoUrl).toBe('/files/branch-logos/CHN-ANN.svg');
  });

  it('exports the branches as a workbook with every row; refused without the download grant', async () => {
    const sheet = await downloadSheet(
      admin,
      '/exports/branches.xlsx',
      /Branches_\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    expect(rowValues(sheet, 1)).toEqual([
      'Code',
      'Branch',
      'Company',
      'City',
      'District',
      'State',
      'GSTIN',
      'Phone',
      'Email',
      'Status',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('BLR-JAY');
    expect(sheet.actualRowCount - 1).toBe(12);
    expect((await manager.fetch('/exports/branches.xlsx')).status).toBe(403);
  });
});
