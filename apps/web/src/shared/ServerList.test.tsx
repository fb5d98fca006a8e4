import { SKELETON_ROWS } from '@branch-assets/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { type ListHeader, ServerList } from './ServerList.tsx';

interface Row {
  id: string;
  name: string;
  city: string;
}

const headers: ListHeader[] = [
  { text: 'Actions', value: 'Actions', align: 'CENTER' },
  { text: 'City', value: 'City', align: 'START' },
  { text: 'Name', value: 'Name', align: 'START' },
  { text: 'Unknown to the screen', value: 'Mystery', align: 'START' },
];
const columns = {
  Name: { text: (row: Row) => row.name },
  City: { label: 'Town', text: (row: Row) => row.city },
};
const rows: Row[] = Array.from({ length: 23 }, (_, index) => ({
  id: String(index + 1),
  name: `Branch ${index + 1}`,
  city: index % 2 === 0 ? 'Chennai' : 'Madurai',
}));

function renderList(props: { rows: Row[] | undefined; loading?: boolean; itemsPerPage?: number }) {
  return renderWithApp(
    <ServerList<Row>
      title="Branches"
      description="All branches"
      headers={headers}
      rows={props.rows}
      loading={props.loading ?? false}
      itemsPerPage={props.itemsPerPage ?? 10}
      itemsPerPageOptions={[10, 25]}
      rowKey={(row) => row.id}
      columns={columns}
      actions={(row) => <button type="button">Open {row.name}</button>}
    />,
  );
}

describe('ServerList', () => {
  it("shows the server's title, description and columns in the server's order", () => {
    renderList({ rows });
    expect(screen.getByRole('heading', { name: 'Branches' })).toBeInTheDocument();
    expect(screen.getByText('All branches')).toBeInTheDocument();
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // The screen's translated label wins over the server text; unknown columns are left out.
    expect(headings).toEqual(['Actions', 'Town', 'Name']);
  });

  it('pages by the server page size', () => {
    renderList({ rows, itemsPerPage: 10 });
    const body = screen.getAllByRole('rowgroup')[1];
    if (!body) throw new Error('no table body');
    expect(within(body).getAllByRole('row')).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
  });

  it('moves between pages', async () => {
    const { user } = renderList({ rows });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Branch 11' })).toBeInTheDocument();
  });

  it('filters on every column as the user types', async () => {
    const { user } = renderList({ rows });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'madurai');
    expect(await screen.findByText('1–10 of 11')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'branch 23');
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Branch 23' })).toBeInTheDocument();
  });

  it('says so when the search matches nothing', async () => {
    const { user } = renderList({ rows });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nowhere');
    expect(await screen.findByText('No matching records found')).toBeInTheDocument();
  });

  it('shows six skeleton rows while the first load runs', () => {
    renderList({ rows: undefined, loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(SKELETON_ROWS);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows the no-data message and no search box for an empty list', () => {
    renderList({ rows: [] });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
