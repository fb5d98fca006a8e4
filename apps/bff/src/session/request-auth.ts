import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../errors/codes.ts';
import type { SessionPayload } from './cookie-crypto.ts';
import type { SessionCookies } from './session-cookie.ts';

/** Who is calling: a tool with a bearer token, a browser with the session cookie, or nobody. */
export type RequestAuth =
  | { kind: 'bearer'; token: string }
  | { kind: 'cookie'; token: string; payload: SessionPayload }
  | { kind: 'none'; expired: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyInstance {
    sessions: SessionCookies;
  }
}

const CSRF_HEADERS = ['x-requested-with', 'apollo-require-preflight'] as const;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Works out `request.auth` for every request, and refuses cross-site writes:
 * - a bearer token is used as it is and the cookie is not consulted;
 * - a cookie that is expired, tampered with or sealed with a retired key is cleared;
 * - a cross-origin request is refused unless its origin is allow-listed;
 * - a cookie-authenticated write must carry a custom header a form or a simple request cannot set.
 */
export const requestAuthPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; sessions: SessionCookies }) => {
    app.decorate('sessions', options.sessions);
    // Set by the hook below on every request; null only until then.
    app.decorateRequest('auth', null as never);
    const allowed = new Set(options.config.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin));

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (origin && origin !== ownOrigin(request) && !allowed.has(origin)) {
        throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');
      }
      const header = request.headers.authorization;
      if (header) {
        const match = /^Bearer\s+(\S{1,500})$/i.exec(header);
        if (!match?.[1])
          throw new AppError(
            'UNAUTHENTICATED',
            'The Authorization header must be "Bearer <token>".',
          );
        request.auth = { kind: 'bearer', token: match[1] };
        return;
      }
      const state = options.sessions.read(request);
      if (state.kind === 'active') {
        if (
          !SAFE_METHODS.has(request.method) &&
          !CSRF_HEADERS.some((name) => request.headers[name])
        ) {
          throw new AppError('FORBIDDEN', 'This request needs the x-requested-with header.');
        }
        request.auth = { kind: 'cookie', token: state.payload.t, payload: state.payload };
        options.sessions.touch(request, reply, state.payload);
        return;
      }
      if (state.kind === 'expired') options.sessions.clear(request, reply);
      request.auth = { kind: 'none', expired: state.kind === 'expired' };
    });
  },
  { name: 'request-auth', dependencies: ['@fastify/cookie'] },
);

/** The token to call upstream with, or an UNAUTHENTICATED error. */
export function tokenOf(auth: RequestAuth): string {
  if (auth.kind === 'none') throw new AppError('UNAUTHENTICATED');
  return auth.token;
}
