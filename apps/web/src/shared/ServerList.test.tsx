import { ApolloProvider } from '@apollo/client/react';
import { SKELETON_ROWS } from '@branch-assets/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CompaniesQuery } from '../features/companies/documents.ts';
import type { CompaniesQuery as CompaniesData } from '../gql/graphql.ts';
import { companies, companiesOf, type FakeCompany } from '../test/fakeCompanies.ts';
import { fakeGateway } from '../test/fakeGateway.ts';
import { renderWithApp } from '../test/render.tsx';
import { askAgain, useListQuery } from './listQuery.ts';
import { listStateOfHash } from './listState.ts';
import { SEARCH_DELAY_MS, ServerList } from './ServerList.tsx';
import { useListParams } from './useListParams.ts';

type Row = CompaniesData['list']['rows'][number];

/** Where the app is: the path and the query string the list keeps its state in. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function CompanyList({ selectable = false }: { selectable?: boolean }) {
  const params = useListParams();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const { data, previousData, loading, error, refetch } = useListQuery(CompaniesQuery, {
    variables: params.variables,
  });
  return (
    <>
      <ServerList<Row>
        title="Companies"
        description="Every company"
        list={(data ?? previousData)?.list}
        loading={loading}
        error={error}
        onRetry={() => askAgain(refetch)}
        params={params}
        rowKey={(row) => row.id}
        columns={{
          name: { label: 'Name', text: (row) => row.name },
          address: { text: (row) => row.address },
        }}
        actions={(row) => <button type="button">Open {row.name}</button>}
        toolbar={
          <button type="button" onClick={() => askAgain(refetch)}>
            Refresh
          </button>
        }
        {...(selectable
          ? {
              selection: {
                selected: ticked,
                label: (row: Row) => `Select ${row.name}`,
                onToggle: (rows: readonly Row[], on: boolean) =>
                  setTicked((before) => {
                    const after = new Set(before);
                    for (const row of rows) {
                      if (on) after.add(row.id);
                      else after.delete(row.id);
                    }
                    return after;
                  }),
              },
            }
          : {})}
      />
      <output data-testid="ticked">{[...ticked].length}</output>
      <Location />
    </>
  );
}

/** Goes to another address in the app, as a link or an address typed into the browser does. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go to {to}
    </button>
  );
}

function renderList(
  route = '/companies',
  all: readonly FakeCompany[] = companies,
  options: { hold?: boolean; goTo?: string; selectable?: boolean } = {},
) {
  const gateway = fakeGateway({ companies: companiesOf(all) });
  if (options.hold) gateway.hold();
  const list = (
    <>
      <CompanyList selectable={options.selectable ?? false} />
      {options.goTo ? <GoTo to={options.goTo} /> : null}
    </>
  );
  const rendered = renderWithApp(list, {
    route,
    wrapper: (children: ReactNode) => (
      <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
    ),
  });
  const requests = () => gateway.callsOf('Companies').map((call) => call.variables);
  return { ...rendered, gateway, requests };
}

function bodyRows() {
  const body = screen.getAllByRole('rowgroup')[1];
  if (!body) throw new Error('no table body');
  return within(body).getAllByRole('row');
}

const location = () => screen.getByTestId('location').textContent;
const firstPage = () => screen.findByText('1–10 of 23');

describe('ServerList', () => {
  it('ticks rows one by one or the whole page, and keeps them across pages', async () => {
    const { user } = renderList('/companies', companies, { selectable: true });
    await firstPage();
    const ticked = () => screen.getByTestId('ticked').textContent;
    await user.click(screen.getByRole('checkbox', { name: 'Select Company 03' }));
    expect(ticked()).toBe('1');
    const page = screen.getByRole('checkbox', { name: 'Select every row of this page' });
    expect(page).toHaveProperty('indeterminate', true);
    await user.click(page);
    expect(ticked()).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('11–20 of 23');
    expect(
      screen.getByRole('checkbox', { name: 'Select every row of this page' }),
    ).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Company 11' }));
    expect(ticked()).toBe('11');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await firstPage();
    await user.click(screen.getByRole('checkbox', { name: 'Select every row of this page' }));
    expect(ticked()).toBe('1');
  });

  it("shows the server's title, description and columns in the server's order", async () => {
    renderList();
    await firstPage();
    expect(screen.getByRole('heading', { name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByText('Every company')).toBeInTheDocument();
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // The screen's translated label wins over the server text; unknown columns are left out.
    expect(headings).toEqual(['Actions', 'Address', 'Name']);
  });

  it('shows the page the server answered and its count over all pages', async () => {
    const { requests } = renderList();
    await firstPage();
    expect(bodyRows()).toHaveLength(10);
    expect(requests()).toEqual([{ page: 1 }]);
    // The server's options without its 'All' (-1).
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25']);
  });

  it('asks the server for the next, last, previous and first page, in the URL', async () => {
    const { user, requests } = renderList();
    await firstPage();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Company 11' })).toBeInTheDocument();
    expect(location()).toBe('/companies?page=2');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await firstPage()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(location()).toBe('/companies');
    expect(requests().map((variables) => variables.page)).toEqual([1, 2, 3, 2, 1]);
  });

  it('changes the rows per page from the first page', async () => {
    const { user, requests } = renderList('/companies?page=2');
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    expect(await screen.findByText('1–23 of 23')).toBeInTheDocument();
    expect(location()).toBe('/companies?size=25');
    expect(requests().at(-1)).toEqual({ page: 1, pageSize: 25 });
  });

  it('sorts by a header: a click asks ascending, a second click descending', async () => {
    const { user, requests } = renderList('/companies?page=2');
    await screen.findByText('11–20 of 23');
    const header = () => screen.getByRole('columnheader', { name: 'Name' });
    expect(header()).not.toHaveAttribute('aria-sort');
    const button = screen.getByRole('button', { name: 'Name' });
    expect(button).toHaveAccessibleDescription('Sort by Name');
    // Actions is not sortable: its heading is no button.
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    expect(location()).toBe('/companies?sort=name');
    expect(requests().at(-1)).toEqual({ page: 1, sortBy: 'name', sortDesc: false });
    expect(screen.getByRole('button', { name: 'Name' })).toHaveAccessibleDescription(
      'Sorted ascending',
    );

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    expect(location()).toBe('/companies?sort=name&desc=1');
    expect(requests().at(-1)).toEqual({ page: 1, sortBy: 'name', sortDesc: true });
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Company 23'));
  });

  it('sorts from the keyboard (Enter and Space on the heading)', async () => {
    const { user, requests } = renderList();
    await firstPage();
    screen.getByRole('button', { name: 'Address' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Address' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Address' })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    expect(requests().at(-1)).toEqual({ page: 1, sortBy: 'address', sortDesc: true });
  });

  it('starts from the state in the URL and keeps the other parameters', async () => {
    const { user, requests } = renderList(
      '/companies?id1=7&id2=AB&page=2&size=10&q=company&sort=name&desc=1',
    );
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    expect(requests()).toEqual([
      { page: 2, pageSize: 10, search: 'company', sortBy: 'name', sortDesc: true },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('company');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('21–23 of 23');
    expect(location()).toBe('/companies?id1=7&id2=AB&page=3&size=10&q=company&sort=name&desc=1');
  });

  it('searches once typing rests, from the first page', async () => {
    const { user, requests } = renderList('/companies?page=2');
    await screen.findByText('11–20 of 23');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'madurai');
    // Nothing is asked while the user types.
    expect(requests()).toHaveLength(1);
    expect(await screen.findByText('1–10 of 11')).toBeInTheDocument();
    expect(requests()).toEqual([{ page: 2 }, { page: 1, search: 'madurai' }]);
    expect(location()).toBe('/companies?q=madurai');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'company 23{Enter}');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Company 23' })).toBeInTheDocument();
    // Enter asked at once; the cleared box was never asked for (typing went on within the delay).
    expect(requests().at(-1)).toEqual({ page: 1, search: 'company 23' });
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 50)));
    expect(requests()).toHaveLength(3);
  });

  it('says so when the search matches nothing, and keeps the box to change it', async () => {
    const { user } = renderList();
    await firstPage();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nowhere');
    expect(await screen.findByText('No matching records found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nowhere');
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('keeps the previous page on screen, busy, while the next one loads', async () => {
    const { user, gateway } = renderList();
    await firstPage();
    gateway.hold();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Open Company 01' })).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    act(() => gateway.release());
    expect(await screen.findByRole('button', { name: 'Open Company 11' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows six skeleton rows until the first answer', async () => {
    const gateway = fakeGateway({ companies: companiesOf(companies) });
    gateway.hold();
    renderWithApp(<CompanyList />, {
      route: '/companies',
      wrapper: (children: ReactNode) => (
        <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
      ),
    });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(SKELETON_ROWS);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    act(() => gateway.release());
    expect(await firstPage()).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
  });

  it('shows the no-data message and no search box for an empty list', async () => {
    renderList('/companies', []);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('says a refresh failed, hides the old rows, and shows them again after Try again', async () => {
    const { user, gateway } = renderList();
    await firstPage();
    gateway.setDown(true);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this page');
    expect(alert).toHaveTextContent('could not be reached');
    expect(screen.queryByRole('button', { name: 'Open Company 01' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // Still down: the failure stays.
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('data-loading'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this page');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    gateway.setDown(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open Company 01' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
  });

  it('says a page failed to load rather than showing the previous one', async () => {
    const { user, gateway } = renderList();
    await firstPage();
    gateway.setDown(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this page');
    expect(screen.queryByRole('button', { name: 'Open Company 01' })).not.toBeInTheDocument();
    expect(location()).toBe('/companies?page=2');
    gateway.setDown(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open Company 11' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves to the last page there is when the page asked for is past the end', async () => {
    const { requests } = renderList('/companies?page=9');
    expect(await screen.findByText('21–23 of 23')).toBeInTheDocument();
    expect(location()).toBe('/companies?page=3');
    expect(requests().map((variables) => variables.page)).toEqual([9, 3]);
  });
});

/** What the table showed at each change of the page: the address, whether busy, what it answers. */
interface Seen {
  address: string | null;
  busy: string | null;
  shows: string | null;
}

/**
 * Watches the table from now on: after every change of the page (a render committed), the
 * address rendered and the table's aria-busy and data-list-state, read together.
 */
function watchTable() {
  const seen: Seen[] = [];
  const look = () => {
    const table = document.querySelector('table');
    seen.push({
      address: screen.queryByTestId('location')?.textContent ?? null,
      busy: table?.getAttribute('aria-busy') ?? null,
      shows: table?.getAttribute('data-list-state') ?? null,
    });
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  onTestFinished(() => observer.disconnect());
  return {
    seen,
    /** The changes where the table claimed to show the address's answer while it did not. */
    lies: () => {
      look();
      return seen.filter(
        (entry) =>
          entry.busy !== 'true' &&
          (entry.address === null || entry.shows !== listStateOfHash(entry.address)),
      );
    },
  };
}

describe('ServerList: the address its rows answer', () => {
  const table = () => screen.getByRole('table');

  it.each([
    {
      change: 'the next page',
      address: '/companies?page=2',
      act: async (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next page' })),
      answer: '11–20 of 23',
    },
    {
      change: 'a sort',
      address: '/companies?sort=name&desc=1',
      state: '/companies?desc=1&sort=name',
      act: async (user: UserEvent) => {
        await user.click(screen.getByRole('button', { name: 'Name' }));
        await user.click(screen.getByRole('button', { name: 'Name' }));
      },
      answer: '1–10 of 23',
      first: 'Company 23',
    },
    {
      change: 'a search',
      address: '/companies?q=madurai',
      act: async (user: UserEvent) =>
        user.type(screen.getByRole('searchbox', { name: 'Search' }), 'madurai{Enter}'),
      answer: '1–10 of 11',
      first: 'Company 02',
    },
    {
      change: 'rows per page',
      address: '/companies?size=25',
      act: async (user: UserEvent) =>
        user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25'),
      answer: '1–23 of 23',
    },
    {
      change: 'an address typed in',
      address: '/companies?page=3',
      act: async (user: UserEvent) =>
        user.click(screen.getByRole('button', { name: 'Go to /companies?page=3' })),
      answer: '21–23 of 23',
    },
  ])(
    'after $change: busy with the old rows and their address, then the new answer and its address',
    async (row) => {
      const { user, gateway } = renderList('/companies', companies, { goTo: '/companies?page=3' });
      await firstPage();
      expect(table()).toHaveAttribute('data-list-state', '/companies');
      expect(table()).toHaveAttribute('aria-busy', 'false');
      const watch = watchTable();
      gateway.hold();

      await row.act(user);
      await waitFor(() => expect(location()).toBe(row.address));
      // The address has changed; its answer has not come: the old rows say what they answer.
      expect(table()).toHaveAttribute('aria-busy', 'true');
      expect(table()).toHaveAttribute('data-list-state', '/companies');
      expect(screen.getByText('1–10 of 23')).toBeInTheDocument();

      act(() => gateway.release());
      expect(await screen.findByText(row.answer)).toBeInTheDocument();
      expect(table()).toHaveAttribute('aria-busy', 'false');
      expect(table()).toHaveAttribute('data-list-state', row.state ?? row.address);
      if (row.first) expect(bodyRows()[0]).toHaveTextContent(row.first);
      // Never, in between, did the table claim to show the answer to an address it did not.
      expect(watch.lies()).toEqual([]);
      expect(watch.seen.some((entry) => entry.busy === 'true')).toBe(true);
    },
  );

  it('answers at once, never busy, an address that asks for the same list', async () => {
    const { user, requests } = renderList('/companies?page=2', companies, {
      goTo: '/companies?page=2&id=14',
    });
    await screen.findByText('11–20 of 23');
    const watch = watchTable();
    await user.click(screen.getByRole('button', { name: 'Go to /companies?page=2&id=14' }));
    expect(location()).toBe('/companies?page=2&id=14');
    // Its parameters in name order: the order of an address changes no list.
    expect(table()).toHaveAttribute('data-list-state', '/companies?id=14&page=2');
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(watch.lies()).toEqual([]);
    expect(watch.seen.filter((entry) => entry.busy === 'true')).toEqual([]);
    expect(requests()).toEqual([{ page: 2 }]);
  });

  it('answers a failed page once Try again has its answer', async () => {
    const { user, gateway } = renderList();
    await firstPage();
    gateway.setDown(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this page');
    gateway.setDown(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open Company 11' })).toBeInTheDocument();
    expect(table()).toHaveAttribute('data-list-state', '/companies?page=2');
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });
});

describe('ServerList: a URL the server refuses or does not offer', () => {
  it('drops a sort the server refuses, busy meanwhile and without an error to try again', async () => {
    // Actions is a header, but not a sortable one: the server refuses it (BAD_USER_INPUT).
    const { gateway, requests } = renderList('/companies?page=2&sort=actions&desc=1', companies, {
      hold: true,
    });
    act(() => {
      gateway.release();
      gateway.hold();
    });
    // The refusal came back: the sort is dropped from the URL (its entry replaced), the page kept.
    await waitFor(() => expect(location()).toBe('/companies?page=2'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    act(() => gateway.release());
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    expect(requests()).toEqual([{ page: 2, sortBy: 'actions', sortDesc: true }, { page: 2 }]);
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('drops a bad sort typed into the address while a list is on screen', async () => {
    const { user, requests } = renderList('/companies', companies, {
      goTo: '/companies?sort=NoSuchColumn',
    });
    await firstPage();
    const watch = watchTable();
    await user.click(screen.getByRole('button', { name: 'Go to /companies?sort=NoSuchColumn' }));
    await waitFor(() => expect(location()).toBe('/companies'));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    // Busy from the refused address until the corrected one's answer: never claimed answered.
    expect(watch.lies()).toEqual([]);
    expect(watch.seen.map((entry) => entry.shows)).not.toContain('/companies?sort=NoSuchColumn');
    expect(screen.getByRole('table')).toHaveAttribute('data-list-state', '/companies');
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Company 01' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests()).toContainEqual({ page: 1, sortBy: 'NoSuchColumn', sortDesc: false });
  });

  it.each([
    // None offered at or below 7: the least the server offers.
    { asked: 'size=7', first: 7, size: 10, summary: '1–10 of 23' },
    // The largest offered not above 20.
    { asked: 'size=20', first: 20, size: 10, summary: '1–10 of 23' },
    // Above the schema's largest page: clamped before it is asked, then the largest offered.
    { asked: 'size=5000', first: 1000, size: 25, summary: '1–23 of 23' },
  ])('corrects rows per page the server does not offer ($asked)', async (row) => {
    const { requests } = renderList(`/companies?${row.asked}&q=company`);
    await waitFor(() => expect(location()).toBe(`/companies?size=${row.size}&q=company`));
    expect(await screen.findByText(row.summary)).toBeInTheDocument();
    expect(requests()).toEqual([
      { page: 1, pageSize: row.first, search: 'company' },
      { page: 1, pageSize: row.size, search: 'company' },
    ]);
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(sizes).toHaveValue(String(row.size));
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('drops a page or size that is no number, and desc without a sort, before asking', async () => {
    const { requests } = renderList('/companies?page=x&size=0&desc=1&id=4');
    expect(await firstPage()).toBeInTheDocument();
    expect(location()).toBe('/companies?id=4');
    expect(requests()).toEqual([{ page: 1 }]);
  });
});

describe('ServerList: columns', () => {
  it('hides and shows columns from the column chooser, remembered per screen until fitted again', async () => {
    localStorage.clear();
    onTestFinished(() => localStorage.clear());
    const { user, unmount } = renderList();
    await firstPage();
    const headings = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // Without a layout (jsdom) every column fits; the row's actions are not offered to hide.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(
      screen.getAllByRole('menuitemcheckbox').map((item) => [item.textContent, item.ariaChecked]),
    ).toEqual([
      ['Address', 'true'],
      ['Name', 'true'],
    ]);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Address' }));
    await waitFor(() => expect(headings()).toEqual(['Actions', 'Name']));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Address' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Columns: 1 hidden' })).toBeInTheDocument();
    unmount();

    const again = renderList();
    await firstPage();
    expect(headings()).toEqual(['Actions', 'Name']);
    // By keyboard: the chooser opens with Enter, End reaches its last item, Enter chooses it.
    screen.getByRole('button', { name: 'Columns: 1 hidden' }).focus();
    await again.user.keyboard('{Enter}');
    const fit = await screen.findByRole('menuitem', { name: 'Fit the columns to the screen' });
    // The menu takes the focus a frame after it opens; End pressed before that goes to the button.
    await waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).not.toBeNull());
    await again.user.keyboard('{End}');
    await waitFor(() => expect(fit).toHaveAttribute('data-highlighted'));
    await again.user.keyboard('{Enter}');
    await waitFor(() => expect(headings()).toEqual(['Actions', 'Address', 'Name']));
    expect(localStorage.length).toBe(0);
  });
});
