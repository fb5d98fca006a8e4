/**
 * The gateway's session routes. They are plain HTTP, not GraphQL: logging in sets the httpOnly
 * cookie, which scripts never see.
 */
export class AuthError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

async function post(path: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'branch-assets-web',
        // The gateway words the server's refusal in the page's language (<html lang>).
        ...(document.documentElement.lang
          ? { 'accept-language': document.documentElement.lang }
          : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new AuthError('UNREACHABLE', '');
  }
  if (response.ok) return response;
  const answer = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  throw new AuthError(answer?.error?.code ?? 'INTERNAL_SERVER_ERROR', answer?.error?.message ?? '');
}

export async function logIn(username: string, password: string): Promise<void> {
  await post('/auth/login', { username, password });
}

export async function logOut(): Promise<void> {
  await post('/auth/logout');
}

/**
 * Whether the browser holds a live session: the schema's `session` query, which never fails for a
 * visitor. Asked with a plain fetch because the login page renders without the data client (the
 * query is one field; its answer is checked here).
 */
export async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'branch-assets-web' },
      body: JSON.stringify({ query: 'query LoginPageSession { session { authenticated } }' }),
    });
    const answer = (await response.json()) as {
      data?: { session?: { authenticated?: unknown } };
    } | null;
    return answer?.data?.session?.authenticated === true;
  } catch {
    return false;
  }
}
