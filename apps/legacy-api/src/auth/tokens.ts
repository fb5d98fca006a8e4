import { createHash, randomBytes } from 'node:crypto';

/** Tokens are 256 random bits; only their SHA-256 is stored, so a database leak yields no session. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
