import { aBranch, aDesignation, aLogin, aStaffMember } from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

const StaffQuery = graphql(`
  query StaffOf($branchId: ID) {
    staff(branchId: $branchId, pageSize: 1000) {
      rows {
        id code name branchId branchCode designationName branchesText active canEdit canDelete
        status { text }
        assignments { id branchId branchCode canRemove }
        login { username roleName active status { text } }
      }
      headers { value }
      options { downloadable }
      canCreate
      exportUrl
    }
  }
`);

const FormOptions = graphql(`
  query StaffFormOptionsOf {
    staffFormOptions { designations { value text } roles { value text } }
  }
`);

const BranchOptions = graphql(`
  query StaffBranchOptions {
    branchOptions { value text }
  }
`);

const SaveStaff = graphql(`
  mutation SaveStaffOf($input: StaffInput!) {
    saveStaff(input: $input) {
      message
      staff { id code name branchesText assignments { id branchId branchCode } login { username roleName active } }
    }
  }
`);

const DeleteStaff = graphql(`
  mutation DeleteStaffOf($id: ID!) {
    deleteStaff(id: $id) { message }
  }
`);

const RemoveAssignment = graphql(`
  mutation RemoveStaffAssignmentOf($input: StaffAssignmentInput!) {
    removeStaffAssignment(input: $input) { message }
  }
`);

const stack = useStack(['admin']);
const { admin } = stack.users;

/** A manager of two branches of their own, and an administrator assigned to the first. */
let manager: Client;
let one: { id: number; code: string; name: string };
let two: { id: number; code: string; name: string };

beforeAll(async () => {
  one = await aBranch(stack.db, { code: 'STF-ONE' });
  two = await aBranch(stack.db, { code: 'STF-TWO' });
  manager = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [one.id, two.id] }),
  );
});

describe('staff through the gateway', () => {
  it('lists the staff of the caller’s branches: everyone for the admin, fewer for the manager', async () => {
    const administrator = await aLogin(stack.db, { role: 'admin', branches: [one.id] });
    const outsider = await aBranch(stack.db);
    await aStaffMember(stack.db, { branches: [outsider.id] });
    const all = await admin.graphql(StaffQuery, {});
    expect(all.errors).toBeUndefined();
    expect(all.data?.staff.canCreate).toBe(true);
    expect(all.data?.staff.exportUrl).toBe('/exports/staff.xlsx');
    const mine = await manager.graphql(StaffQuery, {});
    const rows = mine.data?.staff.rows ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(all.data?.staff.rows.length ?? 0);
    expect(mine.data?.staff.canCreate).toBe(true);
    expect(mine.data?.staff.exportUrl).toBeNull();
    expect(rows.every((row) => row.canEdit && !row.canDelete)).toBe(true);
    expect(
      rows.every((row) =>
        [row.branchCode, ...row.assignments.map((a) => a.branchCode)].some((code) =>
          [one.code, two.code].includes(code),
        ),
      ),
    ).toBe(true);
    const admins = rows.find((row) => row.login?.username === administrator.username);
    expect(admins?.login).toMatchObject({ roleName: 'Administrator', active: true });
    const outside = await manager.graphql(StaffQuery, { branchId: String(outsider.id) });
    expectRefused(
      outside,
      'REJECTED',
      new RegExp(`^You do not work in branch ${outsider.code} - ${outsider.name}`),
    );
  });

  it('offers the manager only the roles within their grants', async () => {
    const roles = (client: Client) =>
      client.graphql(FormOptions).then((answer) => answer.data?.staffFormOptions.roles ?? []);
    expect((await roles(admin)).length).toBe(5);
    expect((await roles(manager)).map((role) => role.text)).toEqual(['Branch manager']);
  });

  it('creates with a login, refuses a taken code, removes an assignment and deletes', async () => {
    const designation = await aDesignation(stack.db);
    const options = await manager.graphql(FormOptions);
    const designations = options.data?.staffFormOptions.designations ?? [];
    expect(designations).toContainEqual({ value: String(designation.id), text: designation.name });
    const roleId = options.data?.staffFormOptions.roles[0]?.value ?? '';
    const branches = (await manager.graphql(BranchOptions)).data?.branchOptions ?? [];
    expect(branches.map((option) => String(option.value)).sort()).toEqual(
      [String(one.id), String(two.id)].sort(),
    );
    const input = {
      branchId: String(one.id),
      code: 'gw001',
      name: 'Gateway Person',
      designationId: String(designation.id),
      phone: '044 2345 6789',
      assignBranchIds: [String(two.id)],
      username: 'gateway.person',
      roleId: String(roleId),
      password: 'Gateway123',
    };
    const created = await manager.graphql(SaveStaff, { input });
    expect(created.errors).toBeUndefined();
    const staff = created.data?.saveStaff.staff;
    expect(staff).toMatchObject({
      code: 'GW001',
      branchesText: 'STF-ONE, STF-TWO',
      login: { username: 'gateway.person', roleName: 'Branch manager', active: true },
    });

    const again = await manager.graphql(SaveStaff, {
      input: { ...input, name: 'Copy', username: 'other.person' },
    });
    expectRefused(again, 'REJECTED', /^Staff code GW001 already exists in branch STF-ONE/);

    const assignment = staff?.assignments.find((entry) => entry.branchCode === 'STF-TWO');
    const removed = await manager.graphql(RemoveAssignment, {
      input: { id: assignment?.id ?? '', branchId: String(two.id), staffId: staff?.id ?? '' },
    });
    expect(removed.data?.removeStaffAssignment.message).toBe(
      'Staff member removed from the branch.',
    );

    const notManagers = await manager.graphql(DeleteStaff, { id: staff?.id ?? '' });
    expectRefused(notManagers, 'REJECTED', 'You are not allowed to delete staff.');
    const deleted = await admin.graphql(DeleteStaff, { id: staff?.id ?? '' });
    expect(deleted.data?.deleteStaff.message).toBe('Staff Gateway Person (GW001) deleted.');
  });

  it('exports the staff as a workbook for the admin, and refuses the manager', async () => {
    const all = await admin.graphql(StaffQuery, {});
    const sheet = await downloadSheet(admin, '/exports/staff.xlsx');
    expect(sheet.actualRowCount - 1).toBe(all.data?.staff.rows.length);
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect((await manager.fetch('/exports/staff.xlsx')).status).toBe(403);
  });
});
