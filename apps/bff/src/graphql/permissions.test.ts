import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import {
  type Client,
  errorCode,
  expectRefused,
  loggedIn,
  useLogin,
  useStack,
} from '../test/harness.ts';
import { downloadSheet, rowValues } from '../test/workbook.ts';

const Grid = graphql(`
  query PermissionGridTest($roleId: ID) {
    permissionGrid(roleId: $roleId) {
      roleId
      exportUrl
      roles { id code name }
      actions { id code name }
      modules { id code name menuEntries }
      grants { module action }
    }
  }
`);

const SetGrants = graphql(`
  mutation SetRoleGrantsTest($roleId: ID!, $grants: [GrantInput!]!) {
    setRoleGrants(roleId: $roleId, grants: $grants) { message roleId grants { module action } }
  }
`);

const MenuLinks = graphql(`
  query PermissionMenuTest {
    menu { link children { link } }
  }
`);

const BrandPage = graphql(`
  query PermissionBrandPageTest {
    pageInfo(module: "brand", action: "list") { permitted }
  }
`);

interface GrantValue {
  module: string;
  action: string;
}

const stack = useStack(['admin']);
const { admin } = stack.users;
/** A login of the viewer role whose records are the file's own. */
const viewer = useLogin(stack, 'viewer').client;

async function roleIdOf(code: string): Promise<string> {
  const answer = await admin.graphql(Grid, {});
  const role = answer.data?.permissionGrid.roles.find((candidate) => candidate.code === code);
  if (!role) throw new Error(`no role ${code}`);
  return role.id;
}

async function grantsOf(roleId: string): Promise<GrantValue[]> {
  const answer = await admin.graphql(Grid, { roleId });
  expect(answer.errors).toBeUndefined();
  return answer.data?.permissionGrid.grants ?? [];
}

async function menuLinks(client: Client): Promise<string[]> {
  const answer = await client.graphql(MenuLinks);
  expect(answer.errors).toBeUndefined();
  return (answer.data?.menu ?? []).flatMap((item) =>
    item.children.length ? item.children.map((child) => child.link) : [item.link],
  );
}

describe('permissionGrid as admin', () => {
  it('answers every role, module and action, and the first role by default', async () => {
    const answer = await admin.graphql(Grid, {});
    expect(answer.errors).toBeUndefined();
    const grid = answer.data?.permissionGrid;
    expect(grid?.roles.map((role) => role.code)).toEqual([
      'admin',
      'verifier',
      'approver',
      'manager',
      'viewer',
    ]);
    expect(grid?.actions.map((action) => action.code)).toEqual([
      'list',
      'create',
      'edit',
      'delete',
      'verify',
      'approve',
      'download',
    ]);
    expect(grid?.modules.find((module) => module.code === 'brand')).toMatchObject({
      name: 'Brands',
      menuEntries: ['Brands'],
    });
    expect(grid?.roleId).toBe(grid?.roles[0]?.id);
    expect(grid?.grants).toContainEqual({ module: 'menu_permission', action: 'edit' });
  });

  it("answers the chosen role's grants; an unknown role is REJECTED, a malformed id BAD_USER_INPUT", async () => {
    const viewerRole = await roleIdOf('viewer');
    const grants = await grantsOf(viewerRole);
    expect(grants).toContainEqual({ module: 'brand', action: 'list' });
    expect(grants.every((grant) => grant.action === 'list')).toBe(true);
    const unknown = await admin.graphql(Grid, { roleId: '9999' });
    expectRefused(unknown, 'REJECTED', 'Role not found.');
    expect(errorCode(await admin.graphql(Grid, { roleId: 'abc' }))).toBe('BAD_USER_INPUT');
  });

  it("downloads a role's grid as a workbook: a row per module, Yes or No per action", async () => {
    const viewerRole = await roleIdOf('viewer');
    const answer = await admin.graphql(Grid, { roleId: viewerRole });
    const grid = answer.data?.permissionGrid;
    expect(grid?.exportUrl).toBe(`/exports/permissions.xlsx?roleId=${viewerRole}`);
    const sheet = await downloadSheet(
      admin,
      grid?.exportUrl ?? '',
      /filename="Permissions Viewer_\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    // A column per action, in the grid's order, between the module and the menu entries it sees.
    const actions = ['List', 'Create', 'Edit', 'Delete', 'Verify', 'Approve', 'Download'];
    expect(rowValues(sheet, 1)).toEqual(['Module', ...actions, 'Menu entries it sees']);
    expect(sheet.actualRowCount - 1).toBe(grid?.modules.length);
    const brands = grid?.modules.findIndex((module) => module.code === 'brand') ?? -1;
    expect(rowValues(sheet, brands + 2)).toEqual([
      'Brands',
      'Yes',
      'No',
      'No',
      'No',
      'No',
      'No',
      'No',
      'Brands',
    ]);
    expect((await admin.fetch('/exports/permissions.xlsx?roleId=x')).status).toBe(400);
  });
});

describe('setRoleGrants', () => {
  it('takes a grant from the viewer: their next request is held to it; giving it back restores it', async () => {
    const viewerRole = await roleIdOf('viewer');
    const original = await grantsOf(viewerRole);
    const without = original.filter(
      (grant) => !(grant.module === 'brand' && grant.action === 'list'),
    );
    const saved = await admin.graphql(SetGrants, { roleId: viewerRole, grants: without });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.setRoleGrants).toEqual({
      message: 'Permissions of Viewer saved.',
      roleId: viewerRole,
      grants: without,
    });
    expect(await menuLinks(viewer)).not.toContain('/brand/lists');
    expect((await viewer.graphql(BrandPage)).data?.pageInfo.permitted).toBe(false);

    const restored = await admin.graphql(SetGrants, { roleId: viewerRole, grants: original });
    expect(restored.errors).toBeUndefined();
    expect(await menuLinks(viewer)).toContain('/brand/lists');
    expect((await viewer.graphql(BrandPage)).data?.pageInfo.permitted).toBe(true);
  });

  it('refuses to lock the administrator out of this screen, and unknown codes, as REJECTED', async () => {
    const adminRole = await roleIdOf('admin');
    const original = await grantsOf(adminRole);
    const lockout = await admin.graphql(SetGrants, {
      roleId: adminRole,
      grants: original.filter((grant) => grant.module !== 'menu_permission'),
    });
    expectRefused(
      lockout,
      'REJECTED',
      'The Administrator role must keep the list and edit grants on Menu permissions.',
    );
    const unknown = await admin.graphql(SetGrants, {
      roleId: adminRole,
      grants: [...original, { module: 'spaceship', action: 'list' }],
    });
    expectRefused(unknown, 'REJECTED', 'Unknown module spaceship.');
    expect(await grantsOf(adminRole)).toEqual(original);
  });

  it('works the same through a gateway speaking API version 2 (the grants as JSON text)', async () => {
    const gatewayV2 = await stack.gatewayWith({ LEGACY_API_VERSION: '2' });
    const client = await loggedIn(gatewayV2.url, 'admin');
    const viewerRole = await roleIdOf('viewer');
    const original = await grantsOf(viewerRole);
    const extra = { module: 'menu', action: 'list' };
    const saved = await client.graphql(SetGrants, {
      roleId: viewerRole,
      grants: [...original, extra],
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.setRoleGrants.grants).toContainEqual(extra);
    expect(await menuLinks(viewer)).toContain('/menu/lists');
    const restored = await client.graphql(SetGrants, { roleId: viewerRole, grants: original });
    expect(restored.errors).toBeUndefined();
    expect(await menuLinks(viewer)).not.toContain('/menu/lists');
  });
});

describe('as viewer', () => {
  it('may neither see nor change permissions: REJECTED with the server’s words, nothing changed', async () => {
    const grid = await viewer.graphql(Grid, {});
    expectRefused(grid, 'REJECTED', 'You are not allowed to see permissions.');
    const viewerRole = await roleIdOf('viewer');
    const before = await grantsOf(viewerRole);
    const change = await viewer.graphql(SetGrants, {
      roleId: viewerRole,
      grants: [...before, { module: 'menu_permission', action: 'edit' }],
    });
    expectRefused(change, 'REJECTED', 'You are not allowed to change permissions.');
    expect(await grantsOf(viewerRole)).toEqual(before);
  });

  it('a visitor without a session is UNAUTHENTICATED', async () => {
    const visitor = stack.visitor();
    expectRefused(await visitor.graphql(Grid, {}), 'UNAUTHENTICATED');
    expectRefused(await visitor.graphql(SetGrants, { roleId: '1', grants: [] }), 'UNAUTHENTICATED');
  });
});
