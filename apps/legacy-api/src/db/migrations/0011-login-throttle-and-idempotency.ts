import { type Kysely, sql } from 'kysely';

/*
 * Login throttling and idempotent writes (issue 13), kept in the database so every app instance
 * over it shares them.
 * - login_failures: one row per failed password check (a login, or change-password's current
 *   password), by the account name as typed (lower-cased, known or not, so a lock says nothing about
 *   which names exist) and the client address. Rows older than the window are deleted as new ones come.
 * - login_locks: an account or an address refused until a time, after too many failures.
 * - idempotency_keys: a write's key per caller, its request's fingerprint, and its answer once known.
 *   `committed` is set in the write's own transaction, so a key whose answer was lost still tells
 *   that the change was made.
 */
const statements = [
  `create table login_failures (
    id bigint generated always as identity primary key,
    account text not null,
    address text,
    at timestamptz not null default now()
  )`,
  'create index login_failures_account on login_failures (account, at)',
  'create index login_failures_address on login_failures (address, at)',
  'create index login_failures_at on login_failures (at)',
  `create table login_locks (
    scope text not null check (scope in ('account', 'address')),
    subject text not null,
    locked_until timestamptz not null,
    primary key (scope, subject)
  )`,
  `create table idempotency_keys (
    user_id integer not null references users on delete cascade,
    key text not null check (char_length(key) between 1 and 255),
    call text not null,
    fingerprint text not null,
    state text not null check (state in ('running', 'committed', 'done')),
    status_code integer,
    answer jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,
  'create index idempotency_keys_created on idempotency_keys (created_at)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
