import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors/codes.ts';
import { forgetSessionCheck } from '../graphql/resolvers/session-check.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { LoginLimiter } from './login-limiter.ts';

const Credentials = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

/**
 * POST /auth/login (browsers: sets the session cookie, never returns the token), POST /auth/logout
 * (revokes the token upstream and clears the cookie), POST /auth/token (other tools: returns a
 * token to send as `Authorization: Bearer`). Login and token share the attempt limits.
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { config: Config; legacy: LegacyClient },
) {
  const limiter = new LoginLimiter({
    windowMinutes: options.config.LOGIN_WINDOW_MINUTES,
    perAccount: options.config.LOGIN_ATTEMPTS_PER_ACCOUNT,
    perAddress: options.config.LOGIN_ATTEMPTS_PER_ADDRESS,
  });

  async function login(body: unknown, address: string, requestId: string) {
    const parsed = Credentials.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Enter your user name and password.');
    const { username, password } = parsed.data;
    const wait = limiter.attempt(username, address);
    if (wait !== null)
      throw new AppError(
        'RATE_LIMITED',
        `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minutes.`,
        { retryAfter: wait },
      );
    let records: Awaited<ReturnType<typeof options.legacy.call<'login'>>>['records'];
    try {
      ({ records } = await options.legacy.call(
        'login',
        { UserName: username, Password: password },
        { token: null, requestId },
      ));
    } catch (error) {
      // A refusal is a failed attempt and stays counted; no answer at all is not one.
      const refused =
        error instanceof AppError && (error.code === 'REJECTED' || error.code === 'BAD_USER_INPUT');
      if (!refused) limiter.unanswered(username, address);
      throw error;
    }
    limiter.succeeded(username, address);
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
    const records = await login(request.body, request.ip, request.id);
    app.sessions.write(request, reply, records.Token);
    return { user: userView(records.User), hasPrimaryBranch: records.User.PrimaryBranch !== null };
  });

  app.post('/auth/token', async (request) => {
    const records = await login(request.body, request.ip, request.id);
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
