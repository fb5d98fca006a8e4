import { type Audit, type AuditResult, serverAudits } from 'graphql-http';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor, useLogin, useStack } from '../test/harness.ts';

/*
 * The graphql-http conformance audits (GraphQL over HTTP), run against the gateway's /graphql as a
 * tool would call it: with a bearer token (POST /auth/token as viewer), so the requests reach the
 * schema. Every audit must pass, or be listed below with what the gateway does instead and why —
 * and then it must do exactly that.
 */

interface AuditException {
  /** The audit's verdict: a MAY that is not done is a notice, a SHOULD a warning (never an error). */
  status: 'notice' | 'warn';
  httpStatus: number;
  code: string;
  /** The first error's message. */
  message: RegExp;
  /** The GET audits: with Apollo's preflight header the same request must pass. */
  passesWithPreflight?: true;
  why: string;
}

const CSRF_BLOCKED = /^This operation has been blocked as a potential Cross-Site Request Forgery/;

const csrfGet = (what: string): AuditException => ({
  status: 'notice',
  httpStatus: 400,
  code: 'BAD_USER_INPUT',
  message: CSRF_BLOCKED,
  passesWithPreflight: true,
  why: `${what}: Apollo's csrfPrevention (kept on, design §5) refuses a GET without apollo-require-preflight or x-apollo-operation-name, since a GET is what a cross-site <img> or link can send.`,
});

const status400 = (what: string, message: RegExp): AuditException => ({
  status: 'warn',
  httpStatus: 400,
  code: 'BAD_USER_INPUT',
  message,
  why: `${what}: under application/json Apollo Server answers 400 (the spec says SHOULD 200 for the legacy media type); clients still get the errors in the body, and application/graphql-response+json gets the 400 the spec asks for.`,
});

/** Audit id → the documented exception. */
const EXCEPTIONS: Readonly<Record<string, AuditException>> = {
  '5A70': csrfGet('MAY accept application/x-www-form-urlencoded formatted GET requests'),
  D6D5: csrfGet('MAY allow URL-encoded JSON {variables} in GETs (graphql-response+json)'),
  '6A70': csrfGet('MAY allow URL-encoded JSON {variables} in GETs (application/json)'),
  '572B': status400('Document parsing failure', /^Syntax Error: /),
  // The audit's "validation failure" document happens to be a syntax error (`{ 8f31… }`); a real
  // validation failure is answered the same way (400).
  FDE2: status400('Document validation failure', /^Syntax Error: |^Cannot query field/),
  '7B9B': status400('Variable coercion failure', /^Variable "\$id" /),
};

const stack = useStack([]);
/** A login of the viewer role whose records are the file's own. */
const viewer = useLogin(stack, 'viewer');
let token = '';

beforeAll(async () => {
  token = await tokenFor(stack.gateway.url, viewer.username, viewer.password);
});

function authenticatedFetch(extra: Record<string, string> = {}) {
  return (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return fetch(input, { ...init, headers });
  };
}

const url = () => `${stack.gateway.url}/graphql`;
const audits: Audit[] = serverAudits({ url, fetchFn: authenticatedFetch() });
const withPreflight = new Map(
  serverAudits({
    url,
    fetchFn: authenticatedFetch({ 'apollo-require-preflight': 'true' }),
  }).map((audit) => [audit.id, audit]),
);

function describeFailure(result: AuditResult): string {
  return result.status === 'ok' ? 'ok' : `${result.status}: ${result.reason}`;
}

describe('graphql-http server audits', () => {
  it('the audit list is the one this table was written for', () => {
    expect(audits).toHaveLength(61);
    const ids = new Set(audits.map((audit) => audit.id));
    for (const id of Object.keys(EXCEPTIONS)) expect(ids, `exception ${id}`).toContain(id);
  });

  it.each(audits.map((audit) => [`${audit.id} ${audit.name}`, audit] as const))(
    '%s',
    async (_title, audit) => {
      const result = await audit.fn();
      const exception = EXCEPTIONS[audit.id];
      if (!exception) {
        expect(result.status, describeFailure(result)).toBe('ok');
        return;
      }
      // A listed exception must behave exactly as documented, not merely fail.
      expect(result.status, describeFailure(result)).toBe(exception.status);
      if (result.status === 'ok') return;
      expect(result.response.status).toBe(exception.httpStatus);
      const body = (await result.response.json()) as {
        data?: unknown;
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      expect(body.data).toBeUndefined();
      expect(body.errors?.[0]?.extensions?.code).toBe(exception.code);
      expect(body.errors?.[0]?.message).toMatch(exception.message);
      if (exception.passesWithPreflight) {
        const again = await withPreflight.get(audit.id)?.fn();
        expect(again && describeFailure(again)).toBe('ok');
      }
    },
  );
});

describe('request errors are the caller’s (400), never a 500', () => {
  const post = (query: string) =>
    authenticatedFetch()(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query }),
    });

  async function expectRefused(response: Response, message: RegExp) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      data?: unknown;
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0]?.message).toMatch(message);
  }

  it('a syntax error', async () => {
    await expectRefused(await post('{'), /^Syntax Error: Expected Name, found <EOF>\.$/);
  });

  it('a document over the token limit (2,000)', async () => {
    // `{`, n fields, `}`: n + 2 tokens.
    const document = (tokens: number) => `{ ${'__typename '.repeat(tokens - 2)}}`;
    await expectRefused(
      await post(document(2001)),
      /^Syntax Error: Document contains more that 2000 tokens\. Parsing aborted\.$/,
    );
    // At the limit the document parses; so many fields are then refused by validation instead.
    const atLimit = await post(document(2000));
    expect(atLimit.status).toBe(400);
    expect(await atLimit.text()).not.toMatch(/tokens/);
  });

  it('a document over the depth limit (8)', async () => {
    const nested = 'children { '.repeat(8);
    await expectRefused(await post(`{ menu { ${nested} text ${'} '.repeat(8)} } }`), /depth/i);
  });
});
