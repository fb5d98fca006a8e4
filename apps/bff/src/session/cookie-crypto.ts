import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/*
 * The session cookie holds the legacy token, encrypted and authenticated with AES-256-GCM under a
 * key derived (HKDF-SHA256) from SESSION_SECRET. Several secrets are accepted for rotation: the
 * first encrypts, every one is tried to decrypt. The gateway keeps no session state of its own.
 */

const SessionPayload = z.object({
  /** The legacy token. */
  t: z.string().min(1).max(500),
  /** Issued at, seconds since the epoch: the absolute expiry counts from here. */
  iat: z.number().int(),
  /** Last activity, seconds: the idle expiry counts from here. */
  lat: z.number().int(),
});
export type SessionPayload = z.output<typeof SessionPayload>;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CookieCrypto {
  readonly #keys: Buffer[];

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('at least one session secret is needed');
    this.#keys = secrets.map((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'branch-assets', 'session-cookie-v1', 32)),
    );
  }

  seal(payload: SessionPayload): string {
    const [key] = this.#keys;
    if (!key) throw new Error('no key');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from([VERSION]));
    const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString(
      'base64url',
    );
  }

  /** The payload, or null for anything that is not a cookie we sealed (tampered, old key, garbage). */
  open(value: string): SessionPayload | null {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 1 + IV_BYTES + TAG_BYTES + 1 || raw[0] !== VERSION) return null;
    const iv = raw.subarray(1, 1 + IV_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const body = raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES);
    for (const key of this.#keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from([VERSION]));
        decipher.setAuthTag(tag);
        const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        const parsed = SessionPayload.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        // Not this key: try the next one.
      }
    }
    return null;
  }
}
