import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HEADER_NAME,
  IDEMPOTENCY_KEY_RULE,
  isIdempotencyKey,
} from '@branch-assets/legacy-contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/codes.ts';

/** Room for the suffix that tells a request's writes apart (`.2`, `.3`, …) within the contract's 255. */
const MAX_CLIENT_KEY = 240;

/**
 * The Idempotency-Key of each write a request makes, in order. A client that sends its own key
 * (the header on /graphql or an upload) gets the same keys again when it repeats the request, so
 * the legacy server carries each write out once: the first write is sent under the key itself,
 * the n-th under `key.n` (a mutation's writes run in order, so a repeat numbers them alike).
 * Without one, each write gets a new key, which still makes the legacy server's answer to that
 * one exchange final.
 */
export function writeKeys(request: FastifyRequest): () => string {
  const given = request.headers[IDEMPOTENCY_HEADER];
  let writes = 0;
  // Checked at the first write: a request that only reads has no use for it.
  return () => {
    if (
      given !== undefined &&
      given !== '' &&
      (typeof given !== 'string' || !isIdempotencyKey(given) || given.length > MAX_CLIENT_KEY)
    )
      throw new AppError(
        'BAD_USER_INPUT',
        `${IDEMPOTENCY_HEADER_NAME} ${IDEMPOTENCY_KEY_RULE.replace('255', String(MAX_CLIENT_KEY))}`,
      );
    writes += 1;
    if (typeof given !== 'string' || given === '') return randomUUID();
    return writes === 1 ? given : `${given}.${writes}`;
  };
}
