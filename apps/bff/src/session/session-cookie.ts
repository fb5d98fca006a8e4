import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { CookieCrypto, type SessionPayload } from './cookie-crypto.ts';

const SECURE_NAME = '__Host-ba_session';
const LOCAL_NAME = 'ba_session';
/** Re-issue the cookie at most this often, to move the idle expiry without a Set-Cookie on every call. */
const REFRESH_AFTER_SECONDS = 60;

function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname === '::1'
  );
}

export type SessionState =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'active'; payload: SessionPayload };

/**
 * Reads and writes the session cookie. It is `__Host-` prefixed and Secure everywhere except plain
 * http on localhost (development), HttpOnly, SameSite=Strict, Path=/; idle and absolute expiry are
 * checked here on every request, whatever the browser does with Max-Age.
 */
export class SessionCookies {
  readonly #crypto: CookieCrypto;
  readonly #idleSeconds: number;
  readonly #absoluteSeconds: number;

  constructor(
    secrets: readonly string[],
    config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>,
  ) {
    this.#crypto = new CookieCrypto(secrets);
    this.#idleSeconds = config.SESSION_IDLE_MINUTES * 60;
    this.#absoluteSeconds = config.SESSION_ABSOLUTE_HOURS * 3600;
  }

  #secure(request: FastifyRequest): boolean {
    return !(request.protocol === 'http' && isLocalHost(request.hostname.replace(/:\d+$/, '')));
  }

  #name(request: FastifyRequest): string {
    return this.#secure(request) ? SECURE_NAME : LOCAL_NAME;
  }

  read(request: FastifyRequest, now = Math.floor(Date.now() / 1000)): SessionState {
    const value = request.cookies[this.#name(request)];
    if (!value) return { kind: 'none' };
    const payload = this.#crypto.open(value);
    if (!payload) return { kind: 'expired' };
    if (now - payload.iat >= this.#absoluteSeconds || now - payload.lat >= this.#idleSeconds)
      return { kind: 'expired' };
    return { kind: 'active', payload };
  }

  write(request: FastifyRequest, reply: FastifyReply, token: string, issuedAt?: number): void {
    const now = Math.floor(Date.now() / 1000);
    const iat = issuedAt ?? now;
    const value = this.#crypto.seal({ t: token, iat, lat: now });
    reply.setCookie(this.#name(request), value, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: this.#secure(request),
      maxAge: Math.max(0, this.#absoluteSeconds - (now - iat)),
    });
  }

  /** Moves the idle expiry forward when the cookie is old enough to be worth re-issuing. */
  touch(request: FastifyRequest, reply: FastifyReply, payload: SessionPayload): void {
    if (Math.floor(Date.now() / 1000) - payload.lat >= REFRESH_AFTER_SECONDS)
      this.write(request, reply, payload.t, payload.iat);
  }

  clear(request: FastifyRequest, reply: FastifyReply): void {
    reply.clearCookie(this.#name(request), {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.#secure(request),
    });
  }
}
