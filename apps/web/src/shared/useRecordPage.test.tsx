import { ApolloProvider } from '@apollo/client/react';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Component as CompaniesPage } from '../features/companies/CompaniesPage.tsx';
import { companies, companiesOf } from '../test/fakeCompanies.ts';
import { fakeGateway } from '../test/fakeGateway.ts';
import { renderWithApp } from '../test/render.tsx';
import { formInput } from './useRecordPage.tsx';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The companies screen (a record screen with its own create and edit links) at a route. */
function renderCompanies(route: string) {
  const gateway = fakeGateway({
    pageInfo: () => ({ title: 'Companies', description: 'Every company', permitted: true }),
    companies: companiesOf(companies),
    galleryOptions: () => [],
  });
  const rendered = renderWithApp(
    <>
      <CompaniesPage />
      <Location />
    </>,
    {
      route,
      wrapper: (children: ReactNode) => (
        <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
      ),
    },
  );
  const requests = () => gateway.callsOf('Companies').map((call) => call.variables);
  return { ...rendered, requests };
}

const location = () => screen.getByTestId('location').textContent;

describe('useRecordPage', () => {
  it("keeps the list's state in the edit link, and returns to it when the form closes", async () => {
    const { user } = renderCompanies('/company/lists?page=3&sort=name');
    const actions = await screen.findByRole('group', { name: /Company 21/ });
    await user.click(within(actions).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company: Company 21' });
    expect(location()).toBe('/company/edit?id=21&page=3&sort=name');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(location()).toBe('/company/lists?page=3&sort=name'));
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
  });

  it('opens an edit link without the list state for a record on another page', async () => {
    const { requests } = renderCompanies('/company/edit?id=23');
    expect(await screen.findByRole('dialog', { name: 'Edit company: Company 23' })).toBeVisible();
    // The first page did not have it: the record was looked for among every record.
    expect(requests()).toEqual([{ page: 1 }, { page: 1, pageSize: 1000 }]);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
  });

  it.each([
    ['/company/edit?id=999', 'This link names no record you may edit'],
    ['/company/edit', 'The link does not say which record to edit.'],
  ])('says when the edit link %s names no record, and offers the list', async (route, text) => {
    const { user } = renderCompanies(route);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Show the list' }));
    await waitFor(() => expect(location()).toBe('/company/lists'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('formInput', () => {
  it("makes a save input from a form's values by the rule: id, trimmed texts, the status as active", () => {
    const values = { name: '  Acme  ', gstin: '', active: '0', assign: ['4'], order: 3 };
    expect(formInput(values, { id: '12' })).toEqual({
      id: '12',
      name: 'Acme',
      gstin: '',
      active: false,
      assign: ['4'],
      order: 3,
    });
    expect(formInput({ name: 'New', active: '1' }, null)).toEqual({
      id: null,
      name: 'New',
      active: true,
    });
  });
});
