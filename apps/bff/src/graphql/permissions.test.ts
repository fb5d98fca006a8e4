import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import {
  Client,
  errorCode,
  type RunningGateway,
  type RunningLegacy,
  startGateway,
  startLegacy,
} from '../test/harness.ts';

const Grid = graphql(`
  query PermissionGridTest($roleId: ID) {
    permissionGrid(roleId: $roleId) {
      roles { id code name }
      modules { id code name menuEntries }
      actions { id code name }
      roleId
      grants { module action }
      exportUrl
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

let legacy: RunningLegacy;
let gateway: RunningGateway;
let gatewayV2: RunningGateway;
let admin: Client;
let viewer: Client;

async function loggedIn(url: string, username: string): Promise<Client> {
  const client = new Client(url);
  const response = await client.login(username);
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
  return client;
}

beforeAll(async () => {
  legacy = await startLegacy();
  gateway = await startGateway(legacy.url);
  gatewayV2 = await startGateway(legacy.url, { LEGACY_API_VERSION: '2' });
  admin = await loggedIn(gateway.url, 'admin');
  viewer = await loggedIn(gateway.url, 'viewer');
});
afterAll(async () => {
  await gatewayV2?.close();
  await gateway?.close();
  await legacy?.close();
});

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
    expect(errorCode(unknown)).toBe('REJECTED');
    expect(unknown.errors?.[0]?.message).toBe('Role not found.');
    expect(errorCode(await admin.graphql(Grid, { roleId: 'abc' }))).toBe('BAD_USER_INPUT');
  });

  it("downloads a role's grid as a workbook: a row per module, Yes or No per action", async () => {
    const viewerRole = await roleIdOf('viewer');
    const answer = await admin.graphql(Grid, { roleId: viewerRole });
    const grid = answer.data?.permissionGrid;
    expect(grid?.exportUrl).toBe(`/exports/permissions.xlsx?roleId=${viewerRole}`);
    const response = await admin.fetch(grid?.exportUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /filename="Permissions Viewer_\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('My Worksheet');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Module',
      'List',
      'Create',
      'Edit',
      'Delete',
      'Verify',
      'Approve',
      'Download',
      'Menu entries it sees',
    ]);
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(grid?.modules.length);
    const brands = grid?.modules.findIndex((module) => module.code === 'brand') ?? -1;
    expect(sheet?.getRow(brands + 2).values).toEqual([
      undefined,
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
    expect(errorCode(lockout)).toBe('REJECTED');
    expect(lockout.errors?.[0]?.message).toBe(
      'The Administrator role must keep the list and edit grants on Menu permissions.',
    );
    const unknown = await admin.graphql(SetGrants, {
      roleId: adminRole,
      grants: [...original, { module: 'spaceship', action: 'list' }],
    });
    expect(errorCode(unknown)).toBe('REJECTED');
    expect(unknown.errors?.[0]?.message).toBe('Unknown module spaceship.');
    expect(await grantsOf(adminRole)).toEqual(original);
  });

  it('works the same through a gateway speaking API version 2 (the grants as JSON text)', async () => {
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
    expect(errorCode(grid)).toBe('REJECTED');
    expect(grid.errors?.[0]?.message).toBe('You are not allowed to see permissions.');
    const viewerRole = await roleIdOf('viewer');
    const before = await grantsOf(viewerRole);
    const change = await viewer.graphql(SetGrants, {
      roleId: viewerRole,
      grants: [...before, { module: 'menu_permission', action: 'edit' }],
    });
    expect(errorCode(change)).toBe('REJECTED');
    expect(change.errors?.[0]?.message).toBe('You are not allowed to change permissions.');
    expect(await grantsOf(viewerRole)).toEqual(before);
  });

  it('a visitor without a session is UNAUTHENTICATED', async () => {
    const visitor = new Client(gateway.url);
    expect(errorCode(await visitor.graphql(Grid, {}))).toBe('UNAUTHENTICATED');
    expect(errorCode(await visitor.graphql(SetGrants, { roleId: '1', grants: [] }))).toBe(
      'UNAUTHENTICATED',
    );
  });
});
