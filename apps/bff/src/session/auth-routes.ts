import { languageOfHeader, serverTranslator } from '@branch-assets/i18n/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors/codes.ts';
import { forgetSessionCheck } from '../graphql/resolvers/session-check.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { LoginFloodGuard } from './login-flood-guard.ts';

const Credentials = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

/**
 * POST /auth/login (browsers: sets the session cookie, never returns the token), POST /auth/logout
 * (revokes the token upstream and clears the cookie), POST /auth/token (other tools: returns a
 * token to send as `Authorization: Bearer`). Failed logins are counted and locked out by the legacy
 * server, which is told the client's address; login and token share this gateway's flood guard.
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { config: Config; legacy: LegacyClient },
) {
  const flood = new LoginFloodGuard(options.config.LOGIN_ATTEMPTS_PER_MINUTE);

  async function login(
    body: unknown,
    address: string,
    requestId: string,
    acceptLanguage: string | undefined,
  ) {
    const parsed = Credentials.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Enter your user name and password.');
    const { username, password } = parsed.data;
    const wait = flood.attempt(address);
    if (wait !== null)
      throw new AppError(
        'RATE_LIMITED',
        `Too many login attempts from your network address. Try again in ${wait} seconds.`,
        { retryAfter: wait },
      );
    const { records } = await options.legacy.call(
      'login',
      { UserName: username, Password: password },
      {
        token: null,
        requestId,
        clientAddress: address,
        texts: serverTranslator(languageOfHeader(acceptLanguage)),
      },
    );
    return records;
  }

  const userView = (user: {
    UserId: number;
    Username: string;
    DisplayName: string;
    Role: string;
  }) => ({
    id: String(user.UserId),
    username: user.Username,
    displayName: user.DisplayName,
    role: user.Role,
  });

  app.post('/auth/login', async (request, reply) => {
    const records = await login(
      request.body,
      request.ip,
      request.id,
      request.headers['accept-language'],
    );
    app.sessions.write(request, reply, records.Token);
    return { user: userView(records.User), hasPrimaryBranch: records.User.PrimaryBranch !== null };
  });

  app.post('/auth/token', async (request) => {
    const records = await login(
      request.body,
      request.ip,
      request.id,
      request.headers['accept-language'],
    );
    return { token: records.Token, expiresAt: records.ExpiresAt, user: userView(records.User) };
  });

  app.post('/auth/logout', async (request, reply) => {
    const { auth } = request;
    if (auth.kind !== 'none') {
      forgetSessionCheck(auth.token);
      try {
        await options.legacy.call('logout', {}, { token: auth.token, requestId: request.id });
      } catch (error) {
        // An already-ended session is logged out all the same; anything else is worth a line in the log.
        if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED'))
          request.log.warn({ err: error }, 'upstream logout failed');
      }
    }
    if (auth.kind === 'cookie' || (auth.kind === 'none' && auth.expired))
      app.sessions.clear(request, reply);
    return reply.code(204).send();
  });
}
