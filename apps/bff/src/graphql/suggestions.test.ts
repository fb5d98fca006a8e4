import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, useStack } from '../test/harness.ts';

/*
 * A production gateway (introspection off) says nothing of its schema that a caller did not ask for
 * correctly: no "Did you mean" for a misspelt field, argument, type or enum value, in any error.
 * In development, with introspection on, the suggestions help and are kept.
 */

const stack = useStack([]);
let production: RunningGateway;

beforeAll(async () => {
  production = await stack.gatewayWith({
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
  });
});

const MISSPELT: readonly (readonly [string, string, Record<string, unknown>?])[] = [
  ['a field', '{ sesion { authenticated } }'],
  ['a field of a type', '{ session { authenticatd } }'],
  ['an argument', '{ masterRecords(lst: DESIGNATION) { totalCount } }'],
  ['an enum value', '{ masterRecords(list: DESIGNATON) { totalCount } }'],
  [
    'a type of a variable',
    'query ($p: Innt) { masterRecords(list: DESIGNATION, page: $p) { totalCount } }',
  ],
  [
    'an enum value in a variable',
    'query ($list: MasterList!) { masterRecords(list: $list) { totalCount } }',
    { list: 'DESIGNATON' },
  ],
  ['a field of an input', '{ masterRecords(list: DESIGNATION, pageSze: 2) { totalCount } }'],
];

async function errorsOf(
  gateway: { url: string },
  query: string,
  variables?: Record<string, unknown>,
): Promise<string[]> {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  const body = (await response.json()) as { errors?: { message: string }[] };
  return (body.errors ?? []).map((error) => error.message);
}

describe('schema details in errors', () => {
  it.each(MISSPELT.map(([what, query, variables]) => ({ what, query, variables })))(
    'in production, $what misspelt is refused without a suggestion',
    async ({ query, variables }) => {
      const messages = await errorsOf(production, query, variables);
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).not.toMatch(/did you mean/i);
    },
  );

  it('in development the suggestions are kept', async () => {
    // The tests' own gateway: introspection on, as in development.
    const messages = await errorsOf(
      stack.gateway,
      '{ masterRecords(list: DESIGNATON) { totalCount } }',
    );
    expect(messages.join(' ')).toMatch(/did you mean/i);
  });
});
