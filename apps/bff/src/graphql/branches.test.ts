import { aBranch, aCity, aCompany, aLogin, aStaffMember } from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
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

const stack = useStack(['admin']);
const { admin } = stack.users;

/** A manager of two branches of their own, made before the tests; they only read and are refused. */
let manager: Client;
let managed: { id: number; code: string }[];

beforeAll(async () => {
  const company = await aCompany(stack.db);
  managed = [
    await aBranch(stack.db, { company, code: 'BRT-MGR1' }),
    await aBranch(stack.db, { company, code: 'BRT-MGR2' }),
  ];
  manager = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: managed.map((branch) => branch.id) }),
  );
});

type Rows = BranchRecordsOfQuery['branchRecords']['rows'];

async function rowsOf(client: Client): Promise<Rows> {
  const answer = await client.graphql(BranchRecordsQuery);
  expect(answer.errors).toBeUndefined();
  return answer.data?.branchRecords.rows ?? [];
}

/** The row of the branch `code` in the admin's list (or the test stops there). */
async function rowOf(code: string): Promise<Rows[number]> {
  const row = (await rowsOf(admin)).find((candidate) => candidate.code === code);
  if (!row) throw new Error(`no branch ${code}`);
  return row;
}

/** Every branch's code, in the order the server keeps them (by code). */
async function everyCode(): Promise<string[]> {
  const rows = await stack.db.selectFrom('branches').select('code').orderBy('code').execute();
  return rows.map((row) => row.code);
}

describe('branches through the gateway', () => {
  it('lists every branch for the admin with export; the manager reads only their branches', async () => {
    const company = await aCompany(stack.db);
    const city = await aCity(stack.db);
    const branch = await aBranch(stack.db, { company, city, logo: true });
    const answer = await admin.graphql(BranchRecordsQuery);
    expect(answer.errors).toBeUndefined();
    const list = answer.data?.branchRecords;
    expect(list?.rows.map((row) => row.code).sort()).toEqual((await everyCode()).sort());
    expect(list?.rows.find((row) => row.code === branch.code)).toMatchObject({
      id: String(branch.id),
      name: branch.name,
      companyId: String(company.id),
      companyName: company.name,
      stateName: 'Tamil Nadu',
      districtName: city.districtName,
      cityName: city.name,
      gstin: branch.gstin,
      logoUrl: `/files/branch-logos/${branch.code}.svg`,
      active: true,
      canEdit: true,
      canDelete: true,
    });
    expect(list?.headers.map((header) => header.value)).toContain('gstin');
    expect(list?.canCreate).toBe(true);
    expect(list?.exportUrl).toBe('/exports/branches.xlsx');

    const mine = await manager.graphql(BranchRecordsQuery);
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.branchRecords.rows.map((row) => row.code)).toEqual(['BRT-MGR1', 'BRT-MGR2']);
    expect(mine.data?.branchRecords.canCreate).toBe(false);
    expect(mine.data?.branchRecords.exportUrl).toBeNull();
    const outside = await manager.graphql(BranchRecordQuery, { id: String(branch.id) });
    expectRefused(outside, 'REJECTED', `Branch ${branch.id} does not exist.`);
  });

  it('creates, changes and deletes a branch; refusals carry the server message', async () => {
    const used = await aBranch(stack.db);
    await aStaffMember(stack.db, { branches: [used.id] });
    const template = await rowOf(used.code);
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
      `Cannot delete Branch ${used.name} (${used.code}): it is used by 1 staff member and 1 staff assignment.`,
    );
  });

  it('keeps a logo sent back as it came', async () => {
    const branch = await aBranch(stack.db, { logo: true });
    const row = await rowOf(branch.code);
    const saved = await admin.graphql(SaveBranch, {
      input: {
        id: row.id,
        code: row.code,
        name: row.name,
        companyId: row.companyId,
        address: '12, Changed Street, Chennai 600040',
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
    expect(saved.data?.saveBranch.branch.logoUrl).toBe(`/files/branch-logos/${branch.code}.svg`);
  });

  it('exports the branches as a workbook with every row; refused without the download grant', async () => {
    const branch = await aBranch(stack.db);
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
    // Every branch, in the server's order (by code), each a row of the list's own values.
    const codes = Array.from({ length: sheet.actualRowCount - 1 }, (_, index) =>
      String(rowValues(sheet, index + 2)[0]),
    );
    expect(codes).toEqual(await everyCode());
    const row = await rowOf(branch.code);
    expect(rowValues(sheet, codes.indexOf(branch.code) + 2)).toEqual([
      branch.code,
      branch.name,
      row.companyName,
      row.cityName,
      row.districtName,
      row.stateName,
      branch.gstin,
      row.phone,
      row.email,
      'Active',
    ]);
    expect((await manager.fetch('/exports/branches.xlsx')).status).toBe(403);
  });
});
