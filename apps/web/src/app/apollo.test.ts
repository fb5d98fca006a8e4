import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CompaniesQuery, DeleteCompanyMutation } from '../features/companies/documents.ts';
import { describeProblem } from '../shared/errors.ts';
import { companies, companiesOf } from '../test/fakeCompanies.ts';
import { fakeGateway } from '../test/fakeGateway.ts';
import { createI18n } from './i18n.ts';

describe('a change whose outcome is unknown', () => {
  it('makes every active query read again, and is told as "may have been made", never "try again"', async () => {
    let deletes = 0;
    const gateway = fakeGateway({
      companies: companiesOf(companies),
      deleteCompany: () => {
        deletes += 1;
        throw new GraphQLError('The asset server did not answer in time…', {
          extensions: { code: 'UPSTREAM_TIMEOUT', outcomeUnknown: true },
        });
      },
    });
    const watched = gateway.client.watchQuery({ query: CompaniesQuery, variables: {} });
    const subscription = watched.subscribe(() => {});
    await expect.poll(() => gateway.callsOf('Companies').length).toBe(1);

    const failure = await gateway.client
      .mutate({ mutation: DeleteCompanyMutation, variables: { id: '3' } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(deletes).toBe(1);
    await expect.poll(() => gateway.callsOf('Companies').length).toBe(2);
    const t = createI18n().t;
    expect(describeProblem(failure, t)).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      message:
        'The server did not answer in time, so the change may have been made. The screen now shows what was saved: check it before repeating.',
    });
    subscription.unsubscribe();
  });

  it('a read that timed out is not re-read, and says to try again', async () => {
    const gateway = fakeGateway({
      companies: () => {
        throw new GraphQLError('The asset server took too long to answer.', {
          extensions: { code: 'UPSTREAM_TIMEOUT' },
        });
      },
    });
    const failure = await gateway.client.query({ query: CompaniesQuery, variables: {} }).then(
      (answer) => answer.error,
      (error: unknown) => error,
    );
    expect(gateway.callsOf('Companies')).toHaveLength(1);
    expect(describeProblem(failure, createI18n().t).message).toBe(
      'The server took too long to answer. Please try again.',
    );
  });
});
