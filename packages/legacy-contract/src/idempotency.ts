/*
 * Idempotent writes (extension): a state-changing call may carry a key that makes it happen at most
 * once per caller, however often it is sent. legacy-api keeps the key with the caller and the
 * first answer; the gateway sends one with every mutation.
 */

/** The header, as HTTP names it (header names are read without regard to case). */
export const IDEMPOTENCY_HEADER_NAME = 'Idempotency-Key';
/** The same header as Node's request headers spell it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** API version 2, which sends everything in the body: the key as a body field. */
export const IDEMPOTENCY_BODY_FIELD = 'IdempotencyKey';
/** How long a key holds: a repeat after this is a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24;
export const IDEMPOTENCY_KEY_RULE = 'must be 1 to 255 visible ASCII characters, such as a UUID';

export function isIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(key);
}
