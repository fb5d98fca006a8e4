import { AppError } from '../../errors/codes.ts';
import type { GraphQLContext } from '../context.ts';

/** How long a token legacy-api accepted is taken as still accepted without asking again. */
const CHECKED_FOR_MS = 5000;
/** Past this many remembered tokens, the ones whose check is over are forgotten. */
const PRUNE_ABOVE = 1000;

/** Token → until when it counts as accepted (in this gateway process only). */
const acceptedUntil = new Map<string, number>();

/**
 * Whether the caller's session is one legacy-api still accepts: a cookie that decrypts, or a bearer
 * token, may have been revoked there (a logout elsewhere, an administrator, an expiry), and
 * `session { authenticated }` must not say yes to it. Asked of legacy-api (`me`, the call the
 * session's user needs anyway) at most every few seconds per token. A refused token clears the
 * cookie. When legacy-api cannot be reached the answer stays yes: the session is not known to be
 * over, and a blip must not log everyone out; the next call says what is wrong.
 */
export async function sessionAccepted(context: GraphQLContext): Promise<boolean> {
  const { auth } = context;
  if (auth.kind === 'none') return false;
  const now = Date.now();
  if ((acceptedUntil.get(auth.token) ?? 0) > now) return true;
  try {
    await context.read('me', {});
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'UNAUTHENTICATED') return true;
    acceptedUntil.delete(auth.token);
    if (auth.kind === 'cookie')
      context.request.server.sessions.clear(context.request, context.reply);
    return false;
  }
  if (acceptedUntil.size > PRUNE_ABOVE)
    for (const [token, until] of acceptedUntil) if (until <= now) acceptedUntil.delete(token);
  acceptedUntil.set(auth.token, now + CHECKED_FOR_MS);
  return true;
}

/** Forgets a token's check, so that a logout through this gateway is seen at once. */
export function forgetSessionCheck(token: string): void {
  acceptedUntil.delete(token);
}
