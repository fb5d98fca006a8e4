import { describe, expect, it } from 'vitest';
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

const { admin, manager } = useStack(['admin', 'manager']).users;

async function branch(client: Client, code: string): Promise<string> {
  const answer = await client.graphql(BranchOptions);
  const option = answer.data?.branchOptions.find((candidate) => candidate.text.startsWith(code));
  if (!option) throw new Error(`no branch ${code}`);
  return String(option.value);
}

describe('staff through the gateway', () => {
  it('lists the staff of the caller’s branches: everyone for the admin, fewer for the manager', async () => {
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
          ['CHN-ANN', 'CHN-VEL'].includes(code),
        ),
      ),
    ).toBe(true);
    const admins = rows.find((row) => row.login?.username === 'admin');
    expect(admins?.login).toMatchObject({ roleName: 'Administrator', active: true });
    const outside = await manager.graphql(StaffQuery, { branchId: await branch(admin, 'CHN-HO') });
    expectRefused(outside, 'REJECTED', /^You do not work in branch CHN-HO - /);
  });

  it('offers the manager only the roles within their grants', async () => {
    const roles = (client: Client) =>
      client.graphql(FormOptions).then((answer) => answer.data?.staffFormOptions.roles ?? []);
    expect((await roles(admin)).length).toBe(5);
    expect((await roles(manager)).map((role) => role.text)).toEqual(['Branch manager']);
  });

  it('creates with a login, refuses a taken code, removes an assignment and deletes', async () => {
    const options = await manager.graphql(FormOptions);
    const designationId = options.data?.staffFormOptions.designations[0]?.value ?? '';
    const roleId = options.data?.staffFormOptions.roles[0]?.value ?? '';
    const ann = await branch(manager, 'CHN-ANN');
    const vel = await branch(manager, 'CHN-VEL');
    const input = {
      branchId: ann,
      code: 'gw001',
      name: 'Gateway Person',
      designationId: String(designationId),
      phone: '044 2345 6789',
      assignBranchIds: [vel],
      username: 'gateway.person',
      roleId: String(roleId),
      password: 'Gateway123',
    };
    const created = await manager.graphql(SaveStaff, { input });
    expect(created.errors).toBeUndefined();
    const staff = created.data?.saveStaff.staff;
    expect(staff).toMatchObject({
      code: 'GW001',
      branchesText: 'CHN-ANN, CHN-VEL',
      login: { username: 'gateway.person', roleName: 'Branch manager', active: true },
    });

    const again = await manager.graphql(SaveStaff, {
      input: { ...input, name: 'Copy', username: 'other.person' },
    });
    expectRefused(again, 'REJECTED', /^Staff code GW001 already exists in branch CHN-ANN/);

    const assignment = staff?.assignments.find((entry) => entry.branchCode === 'CHN-VEL');
    const removed = await manager.graphql(RemoveAssignment, {
      input: { id: assignment?.id ?? '', branchId: vel, staffId: staff?.id ?? '' },
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
