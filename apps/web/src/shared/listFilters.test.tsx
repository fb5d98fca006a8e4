import { JOB_STATUSES } from '@branch-assets/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { choiceFilter, flagFilter, linkFilter, useListFilters } from './listFilters.tsx';
import { useListParams } from './useListParams.ts';

/*
 * A list screen's own filters described once (useListFilters): each read from the address as the
 * query's variable (a value the filter does not know is no filter), shown as a select or, for a
 * link's filter, as the button that lifts it; and whether they narrow the list.
 */

const FILTERS = {
  direction: choiceFilter(
    'direction',
    ['INCOMING'] as const,
    {
      label: 'transfers.direction',
      all: 'transfers.directions.OUTGOING',
      value: (value) => `transfers.directions.${value}`,
    },
    { narrows: false },
  ),
  status: choiceFilter('status', JOB_STATUSES, {
    label: 'jobOrders.status',
    all: 'jobOrders.allStatuses',
    value: (value) => `jobOrders.statuses.${value}`,
  }),
  open: flagFilter('open', {
    label: 'jobOrders.openFilter',
    all: 'jobOrders.openAll',
    yes: 'jobOrders.openOnly',
    no: 'jobOrders.closedOnly',
  }),
  due: flagFilter(
    'due',
    { label: 'audits.dueFilter', all: 'audits.anyDue', yes: 'audits.dueSoon' },
    { yes: 'true', no: 'false' },
  ),
  assetId: linkFilter('asset', 'jobOrders.oneAssetOnly'),
};

function Probe() {
  const params = useListParams();
  const filters = useListFilters(params, FILTERS);
  return (
    <>
      <output aria-label="variables">{JSON.stringify(filters.variables)}</output>
      <output aria-label="filtered">{String(filters.filtered)}</output>
      {filters.controls}
    </>
  );
}

const variables = () => JSON.parse(screen.getByLabelText('variables').textContent ?? '{}');
const filtered = () => screen.getByLabelText('filtered').textContent;

describe('useListFilters', () => {
  it('asks for nothing and says nothing narrows when the address has no filter', () => {
    renderWithApp(<Probe />, { route: '/job-order/list' });
    expect(variables()).toEqual({
      direction: null,
      status: null,
      open: null,
      due: null,
      assetId: null,
    });
    expect(filtered()).toBe('false');
    // A link's filter has no select, and no button until a link sets it.
    expect(screen.getAllByRole('combobox')).toHaveLength(4);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads each filter from the address as its variable, and drops what it does not know', () => {
    renderWithApp(<Probe />, {
      route: '/job-order/list?direction=INCOMING&status=ASSIGNED&open=0&due=false&asset=12x',
    });
    expect(variables()).toEqual({
      direction: 'INCOMING',
      status: 'ASSIGNED',
      open: false,
      // Due offers only "due soon": false is no value of it, nor is "12x" a record's id.
      due: null,
      assetId: null,
    });
    expect(filtered()).toBe('true');
  });

  it('does not count a filter that only turns the list around (the direction) as narrowing', () => {
    renderWithApp(<Probe />, { route: '/transfer/list?direction=INCOMING' });
    expect(variables().direction).toBe('INCOMING');
    expect(filtered()).toBe('false');
  });

  it('shows each select with its choices, and choosing one asks for it', async () => {
    const { user } = renderWithApp(<Probe />, { route: '/job-order/list' });
    const open = screen.getByRole('combobox', { name: 'Open or closed' });
    expect(
      within(open)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Open and closed', 'Open only', 'Closed or cancelled only']);
    const due = screen.getByRole('combobox', { name: /due/i });
    expect(within(due).getAllByRole('option')).toHaveLength(2);
    await user.selectOptions(open, 'Open only');
    expect(variables().open).toBe(true);
    expect(filtered()).toBe('true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ASSIGNED');
    expect(variables().status).toBe('ASSIGNED');
  });

  it('offers to lift a link’s filter while it is set, and lifting it asks for every row', async () => {
    const { user } = renderWithApp(<Probe />, { route: '/job-order/list?asset=12' });
    expect(variables().assetId).toBe('12');
    expect(filtered()).toBe('true');
    await user.click(screen.getByRole('button', { name: "One asset's job orders: show all" }));
    expect(variables().assetId).toBeNull();
    expect(filtered()).toBe('false');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
