import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpRefusal } from '../http/errors.ts';

/*
 * Failed password checks (a login, or change-password's current password) counted in the database,
 * per account name and per client address, so every app instance over it shares the counts. Only
 * failures count: an office behind one address logs in all morning without ever nearing its limit.
 * An attempt is written before the password is checked and deleted when it succeeds, so a burst of
 * guesses sent at once is counted as it runs rather than after; reaching a limit locks the account
 * or the address for LOGIN_LOCK_MINUTES, during which no password is even checked.
 */

export interface Attempt {
  id: string;
  account: string;
  address: string | null;
}

/** The name a lock is kept under: what was typed, lower-cased, whether or not such a login exists. */
export function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

function minutesLeft(until: Date, now: number): number {
  return Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
}

/** A 429 while the account or the address is locked, saying how long is left. */
export async function refuseWhileLocked(
  db: Db,
  account: string,
  address: string | null,
): Promise<void> {
  const now = Date.now();
  const locks = await db
    .selectFrom('loginLocks')
    .select(['scope', 'lockedUntil'])
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'account'), eb('subject', '=', account)]),
        ...(address ? [eb.and([eb('scope', '=', 'address'), eb('subject', '=', address)])] : []),
      ]),
    )
    .where('lockedUntil', '>', new Date(now))
    .orderBy('lockedUntil', 'desc')
    .execute();
  const lock = locks[0];
  if (!lock) return;
  const minutes = minutesLeft(lock.lockedUntil, now);
  const later = `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  throw new HttpRefusal(
    429,
    lock.scope === 'account'
      ? `Too many failed logins for this user name. ${later}, or ask an administrator to unlock the login.`
      : `Too many failed logins for your network address. ${later}.`,
    { retryAfterSeconds: (lock.lockedUntil.getTime() - now) / 1000 },
  );
}

/**
 * Counts an attempt until it is known not to have failed (`succeeded`). Refused, without a password
 * being checked, while the account or address is locked, or when attempts already under way would
 * take it past its limit (a burst sent at once).
 */
export async function startAttempt(
  db: Db,
  config: Config,
  account: string,
  address: string | null,
): Promise<Attempt> {
  await refuseWhileLocked(db, account, address);
  const row = await db
    .insertInto('loginFailures')
    .values({ account, address })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempt = { id: String(row.id), account, address };
  if (await lockWhenOver(db, config, attempt, 1)) await refuseWhileLocked(db, account, address);
  return attempt;
}

/** The password was right: the attempt was no failure, and the account's earlier failures are forgiven. */
export async function succeeded(db: Db, attempt: Attempt): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where((eb) => eb.or([eb('id', '=', attempt.id), eb('account', '=', attempt.account)]))
    .execute();
}

/** The password was wrong: the attempt stays counted, and reaching a limit locks. */
export async function failed(db: Db, config: Config, attempt: Attempt): Promise<void> {
  await lockWhenOver(db, config, attempt, 0);
  // Failures older than the window count for nothing; they go as new ones come.
  await db.deleteFrom('loginFailures').where('at', '<=', windowStart(config)).execute();
}

function windowStart(config: Config): Date {
  return new Date(Date.now() - config.LOGIN_LOCK_MINUTES * 60_000);
}

/**
 * Locks the account or the address whose counted attempts in the window reach its limit plus
 * `beyond`; whether one was locked. Run outside any transaction, so that concurrent attempts see
 * each other's rows.
 */
async function lockWhenOver(
  db: Db,
  config: Config,
  attempt: Attempt,
  beyond: number,
): Promise<boolean> {
  const since = windowStart(config);
  const lockedUntil = new Date(Date.now() + config.LOGIN_LOCK_MINUTES * 60_000);
  const subjects = [
    {
      scope: 'account' as const,
      subject: attempt.account,
      limit: config.LOGIN_FAILURES_PER_ACCOUNT,
    },
    ...(attempt.address
      ? [
          {
            scope: 'address' as const,
            subject: attempt.address,
            limit: config.LOGIN_FAILURES_PER_ADDRESS,
          },
        ]
      : []),
  ];
  let locked = false;
  for (const { scope, subject, limit } of subjects) {
    const row = await db
      .selectFrom('loginFailures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(scope, '=', subject)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.count) < limit + beyond) continue;
    await db
      .insertInto('loginLocks')
      .values({ scope, subject, lockedUntil })
      .onConflict((oc) => oc.columns(['scope', 'subject']).doUpdateSet({ lockedUntil }))
      .execute();
    locked = true;
  }
  return locked;
}

/** When a lock on the account ends, or null when it is not locked. */
export async function lockedUntil(db: Db, account: string): Promise<Date | null> {
  const row = await db
    .selectFrom('loginLocks')
    .select('lockedUntil')
    .where('scope', '=', 'account')
    .where('subject', '=', account)
    .where('lockedUntil', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

/** An administrator's unlock: the lock and the failures that led to it go. */
export async function unlockAccount(db: Db, account: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('loginLocks')
    .where('scope', '=', 'account')
    .where('subject', '=', account)
    .where('lockedUntil', '>', sql<Date>`now()`)
    .executeTakeFirst();
  await db.deleteFrom('loginFailures').where('account', '=', account).execute();
  return Number(removed.numDeletedRows) > 0;
}
