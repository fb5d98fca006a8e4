import { sql } from 'kysely';
import { type Access, loadAccess } from '../../access/access.ts';
import type { Db } from '../../db/database.ts';
import type { DemoPeople } from './people.ts';
import { required, type Trx } from './shared.ts';

/*
 * How the demo's workflows (installations, transfers) run the product's own functions: as a demo
 * user (a username, or a branch manager's login such as `vignesh.chn-ann`), inside the seeding
 * transaction, each step then moved to the moment the demo places it at — its audit entries and
 * asset events — with the rows it wrote counted for the summary.
 */

export interface DemoSteps {
  /** The user id of a demo username or a branch manager's login. */
  userNamed(username: string): number;
  accessOf(userId: number): Promise<Access>;
  /** Runs a step, then moves what it wrote to `moment` (never in the future). */
  stamp<T>(moment: Date, work: () => Promise<T>): Promise<T>;
  readonly counts: { auditEntries: number; assetEvents: number };
}

/** The seeding transaction as the product's functions take a database: a transaction they open is it. */
export function within(trx: Trx): Db {
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction')
        return () => ({ execute: <T>(work: (inner: Db) => Promise<T>) => work(target) });
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Db;
}

export function demoSteps(trx: Trx, people: DemoPeople, today: Date): DemoSteps {
  const counts = { auditEntries: 0, assetEvents: 0 };
  const accesses = new Map<number, Promise<Access>>();
  return {
    counts,
    userNamed: (username) =>
      username.includes('.')
        ? required(
            people.raisedBy.get(username.split('.')[1]?.toUpperCase() ?? ''),
            `login ${username}`,
          )
        : people.userId(username),
    accessOf: (userId) => {
      const access = accesses.get(userId) ?? loadAccess(trx, userId);
      accesses.set(userId, access);
      return access;
    },
    async stamp(moment, work) {
      if (moment.getTime() >= today.getTime())
        throw new Error(`demo workflows: a step in the future (${moment.toISOString()})`);
      const { rows } = await sql<{ audit: number; event: string }>`select
          coalesce((select max(id) from audit_log), 0)::int as audit,
          coalesce((select max(id) from asset_events), 0)::text as event`.execute(trx);
      const last = required(rows[0], 'last ids');
      const result = await work();
      const to = moment.toISOString();
      const { rows: moved } = await sql<{ audit: number; events: number }>`with
          audit as (update audit_log set at = ${to}::timestamptz where id > ${last.audit} returning 1),
          events as (update asset_events set at = ${to}::timestamptz
            where id > ${last.event}::bigint returning 1)
        select (select count(*)::int from audit) as audit,
          (select count(*)::int from events) as events`.execute(trx);
      const written = required(moved[0], 'moved');
      counts.auditEntries += written.audit;
      counts.assetEvents += written.events;
      return result;
    },
  };
}
