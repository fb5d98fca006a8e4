import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { MockedProvider } from '@apollo/client/testing/react';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PermissionGridQuery as GridData } from '../../gql/graphql.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PermissionGridQuery, PermissionPageQuery, SetRoleGrantsMutation } from './documents.ts';
import { PermissionsPage } from './PermissionsPage.tsx';

/*
 * The screen's own behaviour (draft, Reset, what Save sends, how answers are told) against
 * Apollo's MockedProvider; the rules themselves are the server's, driven end to end in
 * e2e/permissions.spec.ts.
 */
const grid: GridData['permissionGrid'] = {
  roles: [
    { id: '1', code: 'admin', name: 'Administrator' },
    { id: '5', code: 'viewer', name: 'Viewer' },
  ],
  modules: [
    { id: '18', code: 'brand', name: 'Brands', menuEntries: ['Brands'] },
    {
      id: '26',
      code: 'menu_permission',
      name: 'Menu permissions',
      menuEntries: ['Menu Permissions'],
    },
  ],
  actions: [
    { id: '1', code: 'list', name: 'List' },
    { id: '2', code: 'create', name: 'Create' },
  ],
  roleId: '5',
  grants: [{ module: 'brand', action: 'list' }],
  exportUrl: '/exports/permissions.xlsx?roleId=5',
};

const pageMock = (permitted: boolean, canEdit = true) => ({
  request: { query: PermissionPageQuery },
  result: {
    data: {
      pageInfo: { title: 'Menu Permissions', description: 'What each role may do', permitted },
      canEdit,
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const gridMock = {
  request: { query: PermissionGridQuery, variables: { roleId: null } },
  result: { data: { permissionGrid: grid } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const saveVariables = {
  roleId: '5',
  grants: [
    { module: 'brand', action: 'create' },
    { module: 'brand', action: 'list' },
  ],
};

function renderPage(mocks: readonly object[]) {
  return renderWithApp(
    <Routes>
      <Route path="/menu-permission/lists" element={<PermissionsPage />} />
      <Route path="/access-denied" element={<p>Access denied page</p>} />
    </Routes>,
    {
      route: '/menu-permission/lists',
      wrapper: (children: ReactNode) => (
        <MockedProvider mocks={mocks as never}>{children}</MockedProvider>
      ),
    },
  );
}

describe('PermissionsPage', () => {
  it('shows the grid with a named checkbox per grant; Reset undoes a change', async () => {
    const { user } = renderPage([pageMock(true), gridMock]);
    const create = await screen.findByRole('checkbox', { name: 'Brands: Create' });
    expect(screen.getByRole('checkbox', { name: 'Brands: List' })).toBeChecked();
    expect(create).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(create);
    expect(create).toBeChecked();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(create).not.toBeChecked();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows which menu entries the role sees, and search narrows the modules', async () => {
    const { user } = renderPage([pageMock(true), gridMock]);
    const brands = await screen.findByRole('row', { name: /^Brands/ });
    // The viewer may list brands: the entry is in its menu; menu permissions it may not list.
    expect(within(brands).getAllByRole('cell').at(-1)).toHaveTextContent(/^Brands$/);
    const permissions = screen.getByRole('row', { name: /^Menu permissions/ });
    expect(within(permissions).getAllByRole('cell').at(-1)).toHaveTextContent(
      'Menu Permissions (not in its menu)',
    );
    expect(screen.getByRole('link', { name: 'Download as spreadsheet' })).toHaveAttribute(
      'href',
      '/exports/permissions.xlsx?roleId=5',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'brand');
    expect(screen.queryByRole('row', { name: /^Menu permissions/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Brands: List' })).toBeChecked();
  });

  it('saves the full set of grants and tells the server’s message', async () => {
    const { user } = renderPage([
      pageMock(true),
      gridMock,
      {
        request: { query: SetRoleGrantsMutation, variables: saveVariables },
        result: {
          data: {
            setRoleGrants: {
              message: 'Permissions of Viewer saved.',
              roleId: '5',
              grants: saveVariables.grants,
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('checkbox', { name: 'Brands: Create' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions of Viewer saved.')).toBeInTheDocument();
  });

  it('keeps a refusal on screen in the server’s words', async () => {
    const { user } = renderPage([
      pageMock(true),
      gridMock,
      {
        request: { query: SetRoleGrantsMutation, variables: saveVariables },
        error: new CombinedGraphQLErrors({
          errors: [
            {
              message: 'You are not allowed to change permissions.',
              extensions: { code: 'REJECTED' },
            },
          ],
        }),
      },
    ]);
    await user.click(await screen.findByRole('checkbox', { name: 'Brands: Create' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not allowed to change permissions.',
    );
    // The draft stays, to try again or reset.
    expect(screen.getByRole('checkbox', { name: 'Brands: Create' })).toBeChecked();
  });

  it('is read-only for a user who may list but not edit', async () => {
    renderPage([pageMock(true, false), gridMock]);
    expect(await screen.findByRole('checkbox', { name: 'Brands: List' })).toBeDisabled();
    expect(
      screen.getByText('You may see these permissions but not change them.'),
    ).toBeInTheDocument();
  });

  it('sends a user without the list grant to access denied', async () => {
    renderPage([pageMock(false)]);
    expect(await screen.findByText('Access denied page')).toBeInTheDocument();
  });
});
