import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../features/session/SessionContext.tsx';
import { renderWithApp } from '../test/render.tsx';
import { choiceFilter, useListFilters } from './listFilters.tsx';
import { useListParams } from './useListParams.ts';
import {
  numberColumn,
  statusChipColumn,
  WorkflowList,
  type WorkflowListPage,
  type WorkflowPageData,
} from './WorkflowList.tsx';

/*
 * The list screen every workflow shares (WorkflowList): the page's grant and failure, each row's
 * View link and the workflow's own actions, Create only where the list allows it, the branch
 * filter beside the screen's own filters.
 */

interface Row {
  id: string;
  number: string;
  canRenew: boolean;
  status: { text: string; background: string; color: string };
}

const session = {
  authenticated: true,
  user: { id: '1', username: 'admin', displayName: 'Admin', role: 'Administrator' },
  primaryBranch: { id: '1', code: 'CHN-ANN', name: 'Anna Nagar', logoUrl: null },
};

const pageData: WorkflowPageData = {
  pageInfo: { title: 'Maintenance Contracts', description: 'Every contract', permitted: true },
  branchOptions: [
    { value: '1', text: 'CHN-ANN - Anna Nagar' },
    { value: '2', text: 'CHN-VEL - Velachery' },
  ],
};

function listOf(rows: Row[], canCreate: boolean): WorkflowListPage<Row> {
  return {
    rows,
    headers: [
      { text: 'Number', value: 'number', align: 'START', sortable: true },
      { text: 'Status', value: 'status', align: 'START', sortable: true },
      { text: '', value: 'actions', align: 'END', sortable: false },
    ],
    totalCount: rows.length,
    page: 1,
    pageSize: 10,
    options: { itemsPerPageOptions: [10, 25], downloadable: true },
    canCreate,
    exportUrl: '/exports/contracts.xlsx',
  };
}

const ACTIVE = { text: 'Active', background: '#e6f4ea', color: '#1e4620' };

const ROWS: Row[] = [
  { id: '7', number: 'AMC/7', canRenew: true, status: ACTIVE },
  { id: '8', number: 'AMC/8', canRenew: false, status: ACTIVE },
];

const FILTERS = {
  status: choiceFilter('status', ['ACTIVE', 'ENDED'] as const, {
    label: 'contracts.status',
    all: 'contracts.allStatuses',
    value: (value) => `contracts.statuses.${value}`,
  }),
};

function Screen(props: {
  page: Parameters<typeof WorkflowList<Row>>[0]['page'];
  list?: WorkflowListPage<Row>;
}) {
  const params = useListParams();
  const filters = useListFilters(params, FILTERS);
  return (
    <WorkflowList<Row>
      page={props.page}
      query={{
        data: props.list ? { list: props.list } : undefined,
        loading: false,
        refetch: () => Promise.resolve(),
      }}
      params={params}
      filters={filters}
      columns={{
        number: numberColumn('Number', (row) => `/amc/view?id=${row.id}`),
        status: statusChipColumn('Status', (row) => (row.canRenew ? 'Renewable' : null)),
      }}
      view={{ label: (row) => `View ${row.number}`, to: (row) => `/amc/view?id=${row.id}` }}
      rowActions={(row) =>
        row.canRenew ? <a href={`#renew-${row.id}`}>Renew {row.number}</a> : null
      }
      createTo="/amc/new?branch=1"
      below={<p>The scheduler last ran today.</p>}
    />
  );
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  return renderWithApp(
    <SessionContext.Provider value={session}>
      <Routes>
        <Route path="/amc/list" element={<Screen {...props} />} />
        <Route path="/access-denied" element={<p>Access denied</p>} />
      </Routes>
    </SessionContext.Provider>,
    { route: '/amc/list' },
  );
}

describe('WorkflowList', () => {
  it('lists the rows with View and the row’s own actions, Create, the filters and what stands below', async () => {
    renderScreen({
      page: { data: pageData, refetch: () => Promise.resolve() },
      list: listOf(ROWS, true),
    });
    expect(await screen.findByRole('heading', { name: 'Maintenance Contracts' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View AMC/7' })).toHaveAttribute(
      'href',
      '/amc/view?id=7',
    );
    expect(screen.getByRole('link', { name: 'Renew AMC/7' })).toBeInTheDocument();
    // The number links to the row's page; the status chip says what else the row says beside it.
    expect(screen.getByRole('link', { name: 'AMC/7' })).toHaveAttribute('href', '/amc/view?id=7');
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/Active\s*Renewable/);
    expect(second).toHaveTextContent('Active');
    expect(second).not.toHaveTextContent('Renewable');
    expect(screen.queryByRole('link', { name: 'Renew AMC/8' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/amc/new?branch=1',
    );
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Active', 'Ended']);
    expect(screen.getByText('The scheduler last ran today.')).toBeVisible();
  });

  it('offers no Create where the list says the user may not create', async () => {
    renderScreen({
      page: { data: pageData, refetch: () => Promise.resolve() },
      list: listOf(ROWS, false),
    });
    expect(await screen.findByRole('link', { name: 'View AMC/8' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('sends a user without the grant to Access denied', async () => {
    const denied = { ...pageData, pageInfo: { ...pageData.pageInfo, permitted: false } };
    renderScreen({
      page: { data: denied, refetch: () => Promise.resolve() },
      list: listOf(ROWS, true),
    });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View AMC/7' })).not.toBeInTheDocument();
  });

  it('says when the page could not be read, and asks again on Try again', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const { user } = renderScreen({ page: { error: new Error('Failed to fetch'), refetch } });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByText(/Failed to fetch|could not|reach/i)).toBeInTheDocument();
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
