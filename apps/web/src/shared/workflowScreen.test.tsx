import { ApolloProvider } from '@apollo/client/react';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Component as AuditsPage } from '../features/asset-audits/AuditsPage.tsx';
import { SessionContext } from '../features/session/SessionContext.tsx';
import { fakeGateway } from '../test/fakeGateway.ts';
import { renderWithApp } from '../test/render.tsx';

/*
 * A workflow screen made from its description (workflowScreen), here the audits': the list asked
 * for with the branch and the filters the address holds, each row's View link and its own action
 * (Count), and Create.
 */

const session = {
  authenticated: true,
  user: { id: '1', username: 'manager', displayName: 'Manager', role: 'Branch Manager' },
  primaryBranch: { id: '3', code: 'CHN-ANN', name: 'Anna Nagar', logoUrl: null },
};

const chip = { text: 'In progress', background: '#fff4e5', color: '#663c00', code: 'IN_PROGRESS' };

function audit(id: string, canScan: boolean) {
  return {
    id,
    number: `AUD/CHN-ANN/2026-27/${id}`,
    locationName: 'ICU',
    dueDate: '2026-12-01',
    auditorNames: 'Priya',
    expectedCount: 3,
    foundCount: 1,
    wrongLocationCount: 0,
    missingCount: 0,
    unexpectedCount: 0,
    canScan,
    canResolve: false,
    canSignOff: false,
    status: chip,
  };
}

function renderAudits(route: string) {
  const gateway = fakeGateway({
    pageInfo: () => ({ title: 'Physical Audits', description: 'Every audit', permitted: true }),
    branchOptions: () => [
      { value: '3', text: 'CHN-ANN - Anna Nagar' },
      { value: '4', text: 'CHN-VEL - Velachery' },
    ],
    assetAudits: () => ({
      rows: [audit('7', true), audit('8', false)],
      headers: [
        { text: 'Audit No', value: 'number', align: 'START', sortable: true },
        { text: 'Status', value: 'status', align: 'START', sortable: true },
        { text: '', value: 'actions', align: 'END', sortable: false },
      ],
      totalCount: 2,
      page: 1,
      pageSize: 10,
      options: { itemsPerPage: 10, itemsPerPageOptions: [10, 25], downloadable: false },
      canCreate: true,
      exportUrl: null,
    }),
  });
  const rendered = renderWithApp(
    <SessionContext.Provider value={session}>
      <AuditsPage />
    </SessionContext.Provider>,
    {
      route,
      wrapper: (children: ReactNode) => (
        <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
      ),
    },
  );
  return { ...rendered, requests: () => gateway.callsOf('Audits').map((call) => call.variables) };
}

describe('workflowScreen', () => {
  it('asks for the branch and filters of the address, and shows View, the row’s own action and Create', async () => {
    const { requests } = renderAudits(
      '/asset-audit/list?branch=4&status=SUBMITTED&due=true&page=2',
    );
    expect(await screen.findByRole('heading', { name: 'Physical Audits' })).toBeVisible();
    await waitFor(() =>
      expect(requests().at(-1)).toEqual({
        branchId: '4',
        status: 'SUBMITTED',
        due: true,
        page: 2,
      }),
    );
    expect(
      await screen.findByRole('link', { name: 'View audit AUD/CHN-ANN/2026-27/7' }),
    ).toHaveAttribute('href', '/asset-audit/view?id=7');
    expect(
      screen.getByRole('link', { name: 'Count audit AUD/CHN-ANN/2026-27/7' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Count audit AUD/CHN-ANN/2026-27/8' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/asset-audit/new',
    );
  });

  it('asks for the primary branch and no filter when the address has none', async () => {
    const { requests } = renderAudits('/asset-audit/list');
    await screen.findByRole('link', { name: 'View audit AUD/CHN-ANN/2026-27/8' });
    expect(requests().at(-1)).toEqual({ branchId: '3', status: null, due: null, page: 1 });
  });
});
