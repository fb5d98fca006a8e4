import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_BODY_FIELD,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HEADER_NAME,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_RULE,
  isIdempotencyKey,
} from '@branch-assets/legacy-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type TransactionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpRefusal, Refusal } from './errors.ts';
import { type Message, type MessageParams, messageFields } from './messages.ts';

/*
 * Idempotent writes. A state-changing call sent with an Idempotency-Key header (or, in API version
 * 2, an IdempotencyKey body field) is carried out once per caller and key:
 * 1. The key is claimed (a row in idempotency_keys, state `running`) with the call and a
 *    fingerprint of its request. A claim already there answers instead: the stored answer of a
 *    finished one (Idempotent-Replayed: true), a wait for one still running (then 409 if it runs
 *    on), 422 for a key used with another request.
 * 2. The call runs with a database whose every transaction also sets the claim to `committed`
 *    before it commits: the change and the knowledge that it was made are one.
 * 3. Its answer (success or refusal) is stored with the claim, state `done`. A failure that
 *    changed nothing gives the key up, so the same request may be tried again with it.
 * A claim left `running` by a process that died changed nothing (its transaction never
 * committed); it is taken over after ABANDONED_MS. One left `committed` that long lost its answer
 * with its process: a repeat is told the change was made (409) and nothing runs. Keys expire IDEMPOTENCY_KEY_HOURS after their
 * first use.
 */

/** How long a repeat waits for the first of its key to finish before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** A claim still `running` or `committed` this long after it was made belongs to a process that died. */
const ABANDONED_MS = 5 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;

export const REPLAYED_HEADER = 'idempotent-replayed';

export interface Claim {
  userId: number;
  key: string;
  call: string;
  fingerprint: string;
}

interface StoredAnswer {
  statusCode: number;
  flag: 0 | 1;
  output: string;
  code?: string;
  params?: MessageParams;
  records: unknown;
}

/** The caller's key, from the header or (API version 2) the body; null when none was sent. */
export function idempotencyKeyOf(request: FastifyRequest, body: unknown): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const fromBody =
    body && typeof body === 'object' && IDEMPOTENCY_BODY_FIELD in body
      ? (body as Record<string, unknown>)[IDEMPOTENCY_BODY_FIELD]
      : undefined;
  const key = header ?? fromBody;
  if (key === undefined || key === '') return null;
  if (typeof key !== 'string' || !isIdempotencyKey(key))
    throw new HttpRefusal(422, `${IDEMPOTENCY_HEADER_NAME} ${IDEMPOTENCY_KEY_RULE}`);
  return key;
}

/** The request as its key stands for it: the call and its checked body (and file). */
export function fingerprintOf(call: string, body: unknown, file?: Buffer): string {
  const hash = createHash('sha256').update(call).update('\0').update(JSON.stringify(body));
  if (file) hash.update('\0').update(file);
  return hash.digest('base64url');
}

let lastPurge = 0;

/** Expired keys go, at most every PURGE_EVERY_MS per process (the index on created_at keeps it cheap). */
async function purgeExpired(db: Db): Promise<void> {
  const now = Date.now();
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
    .execute();
}

/** Takes the key, or answers what the earlier use of it says (the stored answer, a wait, a refusal). */
async function claim(db: Db, claim: Claim): Promise<StoredAnswer | null> {
  await purgeExpired(db);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const taken = await db
      .insertInto('idempotencyKeys')
      .values({ ...claim, state: 'running' })
      .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (taken) return null;
    const earlier = await db
      .selectFrom('idempotencyKeys')
      .select(['call', 'fingerprint', 'state', 'statusCode', 'answer', 'createdAt'])
      // Aged by the database's clock, which wrote created_at.
      .select(
        sql<boolean>`created_at < now() - make_interval(secs => ${ABANDONED_MS / 1000})`.as(
          'abandoned',
        ),
      )
      .select(
        sql<boolean>`created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`.as(
          'expired',
        ),
      )
      .where('userId', '=', claim.userId)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    if (!earlier) continue; // given up or expired meanwhile: claim it again
    if (earlier.expired) {
      // An expired key of this caller is as good as new.
      await db
        .deleteFrom('idempotencyKeys')
        .where('userId', '=', claim.userId)
        .where('key', '=', claim.key)
        .where(
          'createdAt',
          '<',
          sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
        )
        .execute();
      continue;
    }
    if (earlier.call !== claim.call || earlier.fingerprint !== claim.fingerprint)
      throw new HttpRefusal(
        422,
        'This Idempotency-Key was used for a different request. Send a new key for a new request.',
      );
    if (earlier.state === 'done' && earlier.answer !== null) {
      return {
        ...(earlier.answer as Omit<StoredAnswer, 'statusCode'>),
        statusCode: earlier.statusCode ?? 200,
      };
    }
    // Committed and not yet answered is the moment between a change and its stored answer; only
    // long after does it mean the process died in that moment, the answer lost.
    if (earlier.state === 'committed' && earlier.abandoned)
      throw new HttpRefusal(
        409,
        'This request was carried out, but its answer was lost. Reload to see the result; do not repeat it.',
      );
    if (earlier.state === 'running' && earlier.abandoned) {
      const takenOver = await db
        .updateTable('idempotencyKeys')
        .set({ createdAt: new Date() })
        .where('userId', '=', claim.userId)
        .where('key', '=', claim.key)
        .where('state', '=', 'running')
        // Compared in the database: a timestamp read into JavaScript loses its microseconds.
        .where('createdAt', '<', sql<Date>`now() - make_interval(secs => ${ABANDONED_MS / 1000})`)
        .executeTakeFirst();
      if (Number(takenOver.numUpdatedRows) === 1) return null;
      continue;
    }
    if (Date.now() >= deadline)
      throw new HttpRefusal(
        409,
        'The same request is still in progress. Wait a moment and reload to see its result before repeating it.',
      );
    await sleep(POLL_MS);
  }
}

function whereClaim(db: Db, claim: Claim) {
  return db
    .updateTable('idempotencyKeys')
    .where('userId', '=', claim.userId)
    .where('key', '=', claim.key);
}

/**
 * The database a call runs with under a claim: every transaction it opens sets the claim to
 * `committed` as its last statement, so the change commits with the mark or not at all.
 */
function markingCommits(db: Db, claim: Claim): Db {
  const wrap = (builder: TransactionBuilder<Database>): TransactionBuilder<Database> =>
    new Proxy(builder, {
      get(target, property) {
        if (property === 'execute')
          return <T>(run: (trx: Db) => Promise<T>) =>
            target.execute(async (trx) => {
              const result = await run(trx);
              await whereClaim(trx, claim).set({ state: 'committed' }).execute();
              return result;
            });
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const answer = value.apply(target, args);
          return answer instanceof Object && 'execute' in answer ? wrap(answer) : answer;
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return () => wrap(target.transaction());
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The refusal to keep as the key's answer, or null to give the key up: a 429 (busy, try later)
 * says nothing about the request itself, so the same key may be tried again.
 */
function refusalAnswer(error: unknown): StoredAnswer | null {
  if (error instanceof Refusal)
    return { statusCode: 200, flag: 0, ...error.envelope, records: null };
  if (error instanceof HttpRefusal && error.statusCode < 500 && error.statusCode !== 429)
    return { statusCode: error.statusCode, flag: 0, output: error.output, records: null };
  return null;
}

/**
 * Runs `call` once per caller and key: see the comment at the top. The answer is what the call
 * answered, or the stored answer of its first run (with Idempotent-Replayed: true).
 */
export async function runIdempotent<
  Result extends {
    output: string;
    code?: string | undefined;
    params?: MessageParams | undefined;
    records: unknown;
  },
>(db: Db, reply: FastifyReply, key: Claim, call: (db: Db) => Promise<Result>): Promise<Result> {
  const stored = await claim(db, key);
  if (stored) {
    reply.header(REPLAYED_HEADER, 'true');
    if (stored.flag === 1) return { ...messageFields(stored), records: stored.records } as Result;
    if (stored.statusCode === 200)
      throw new Refusal(stored.code ? (messageFields(stored) as Message) : stored.output);
    throw new HttpRefusal(stored.statusCode, stored.output);
  }
  const finish = (answer: StoredAnswer) =>
    whereClaim(db, key)
      .set({ state: 'done', statusCode: answer.statusCode, answer: JSON.stringify(answer) })
      .execute();
  let result: Result;
  try {
    result = await call(markingCommits(db, key));
  } catch (error) {
    const refusal = refusalAnswer(error);
    if (refusal) await finish(refusal);
    else {
      // Nothing was committed: the key is given up, so the request may be tried again with it.
      await db
        .deleteFrom('idempotencyKeys')
        .where('userId', '=', key.userId)
        .where('key', '=', key.key)
        .where('state', '=', 'running')
        .execute();
    }
    throw error;
  }
  await finish({ statusCode: 200, flag: 1, ...messageFields(result), records: result.records });
  return result;
}
