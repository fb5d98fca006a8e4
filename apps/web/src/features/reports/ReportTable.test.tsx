import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { chosenBranches } from './ReportFilters.tsx';
import { formatCell, ReportTable } from './ReportTable.tsx';

const columns = [
  { key: 'branch', header: 'Branch' },
  { key: 'orders', header: 'Orders', kind: 'count' as const },
  { key: 'total', header: 'Total', kind: 'amount' as const },
];

describe('ReportTable', () => {
  it('shows the rows and the server’s total, amounts in rupees with Indian grouping', () => {
    renderWithApp(
      <ReportTable
        title="Purchase spend by branch"
        columns={columns}
        rows={[
          { key: '1', cells: { branch: 'CHN-ANN', orders: 12, total: '1234567.5' } },
          { key: '2', cells: { branch: 'CHN-VEL', orders: 1500, total: '10.00' } },
        ]}
        // The server's total, not the sum of the rows: the table shows it as it is.
        total={{ orders: 1512, total: '12345678.90' }}
        empty="Nothing in this period."
        state="/reports/finance"
      />,
    );
    const table = screen.getByRole('table', { name: 'Purchase spend by branch' });
    expect(table).toHaveAttribute('data-list-state', '/reports/finance');
    expect(table).toHaveAttribute('aria-busy', 'false');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Branch', 'Orders', 'Total']);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('CHN-ANN');
    expect(rows[1]).toHaveTextContent('₹12,34,567.50');
    expect(rows[2]).toHaveTextContent('1,500');
    const total = rows.at(-1) as HTMLElement;
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Total');
    expect(total).toHaveTextContent('1,512');
    expect(total).toHaveTextContent('₹1,23,45,678.90');
    // Amounts are right-aligned.
    expect(within(total).getByText('₹1,23,45,678.90')).toHaveStyle({ textAlign: 'end' });
  });

  it('marks subtotal rows and leaves a total’s columns without a figure blank', () => {
    renderWithApp(
      <ReportTable
        title="Register"
        columns={[
          { key: 'branch', header: 'Branch' },
          { key: 'status', header: 'Status' },
          ...columns.slice(2),
        ]}
        rows={[
          { key: 'a', cells: { branch: 'CHN-ANN', status: 'In use', total: '5.00' } },
          { key: 'a-sub', subtotal: true, cells: { branch: 'Subtotal CHN-ANN', total: '5.00' } },
        ]}
        total={{ total: '5.00' }}
        totalLabel="Total of all 1 assets"
        empty="Nothing."
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Subtotal CHN-ANN');
    expect(rows[2]).not.toHaveTextContent('—');
    const total = rows.at(-1) as HTMLElement;
    expect(total).toHaveTextContent('Total of all 1 assets₹5.00');
    expect(total).not.toHaveTextContent('—');
  });

  it('says the empty text instead of a table with no rows', () => {
    renderWithApp(
      <ReportTable
        title="Commitments"
        columns={columns}
        rows={[]}
        empty="Nothing in this period."
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Commitments' })).toBeVisible();
    expect(screen.getByText('Nothing in this period.')).toBeVisible();
  });

  it('groups columns under a common header in two header rows', () => {
    renderWithApp(
      <ReportTable
        title="Movement"
        columns={[
          { key: 'branch', header: 'Branch' },
          { key: 'opening.assets', header: 'Number', kind: 'count', group: 'Opening' },
          { key: 'opening.cost', header: 'Cost', kind: 'amount', group: 'Opening' },
        ]}
        rows={[{ key: '1', cells: { branch: 'X', 'opening.assets': 2, 'opening.cost': '3.00' } }]}
        empty="-"
      />,
    );
    const opening = screen.getByRole('columnheader', { name: 'Opening' });
    expect(opening).toHaveAttribute('colspan', '2');
    expect(opening).toHaveAttribute('scope', 'colgroup');
    expect(screen.getByRole('columnheader', { name: 'Branch' })).toHaveAttribute('rowspan', '2');
  });
});

describe('formatCell', () => {
  it('formats by the column’s kind', () => {
    expect(formatCell('-1500.5', 'amount')).toBe('-₹1,500.50');
    expect(formatCell(1234567, 'count')).toBe('12,34,567');
    expect(formatCell(18, 'rate')).toBe('18%');
    expect(formatCell(null, 'amount')).toBe('—');
  });
});

describe('the branches of a report', () => {
  const options = [
    { value: '1', text: 'CHN-HO - Head Office' },
    { value: '2', text: 'CHN-ANN - Anna Nagar' },
    { value: '3', text: 'CHN-VEL - Velachery' },
  ];
  it('are the address’s that are the user’s, else the primary branch, else the first', () => {
    expect(chosenBranches('3,2,9,3', options, '1')).toEqual(['3', '2']);
    expect(chosenBranches('', options, '2')).toEqual(['2']);
    expect(chosenBranches('9', options, '7')).toEqual(['1']);
    expect(chosenBranches('', [], '1')).toEqual([]);
  });
});
