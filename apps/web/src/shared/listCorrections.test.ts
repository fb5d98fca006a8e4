import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { refusedArgument } from './listCorrections.ts';

function refusal(message: string, code = 'BAD_USER_INPUT') {
  return new CombinedGraphQLErrors({
    data: null,
    errors: [{ message, extensions: { code } }],
  });
}

describe('refusedArgument', () => {
  it.each([
    // The gateway's own check names its arguments.
    ['sortBy must be one of BrandName, ActiveStatusTxt.', 'sortBy'],
    ['pageSize must be a whole number from 1 to 1000.', 'pageSize'],
    ['page must be a whole number from 1.', 'page'],
    ['search must be at most 100 characters.', 'search'],
    // A legacy server that pages answers in its own words, which the gateway passes on.
    ['SortBy must be one of BrandName, ActiveStatusTxt', 'sortBy'],
    ['ItemsPerPage must be a whole number from 1 to 1000', 'pageSize'],
    ['SortDesc must be a boolean', 'sortDesc'],
  ])('reads %j as a refusal of %s', (message, argument) => {
    expect(refusedArgument(refusal(message))).toBe(argument);
  });

  it('is none for other refusals and failures', () => {
    expect(refusedArgument(refusal('stateId must be a positive whole number.'))).toBeUndefined();
    expect(refusedArgument(refusal('sortBy is fine', 'REJECTED'))).toBeUndefined();
    expect(refusedArgument(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(refusedArgument(undefined)).toBeUndefined();
  });
});
