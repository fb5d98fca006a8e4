import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/*
 * The figures of a large report, kept for a while (docs/reports.md, "At scale"): the fixed asset
 * register of a branch of 250,000 assets takes seconds to read and work out, and its user then
 * pages through it, searches it and exports it, 2,000 rows at a time — each asking for the same
 * figures again. A kept answer serves them while the database's report data version (migration
 * 0023: moved on by every statement writing assets, disposals, transfers, the catalogue or
 * branches) is the one it was read at, and for at most MAX_AGE_MS: a write whose statement ran
 * just before a report read the version but committed after it was read is then seen at the latest
 * that much later.
 */

const MAX_AGE_MS = 120_000;
/** Answers kept per database: a few reports of a whole company fit in memory (tens of MB each). */
const MOST_KEPT = 4;

interface Kept<Value> {
  version: string;
  at: number;
  value: Promise<Value>;
}

export async function reportDataVersion(db: Db): Promise<string> {
  const { rows } = await sql<{
    version: string;
  }>`select last_value::text as version from report_data_version`.execute(db);
  return rows[0]?.version ?? '';
}

export class FiguresCache<Value> {
  readonly #kept = new Map<string, Kept<Value>>();

  /**
   * The value for `key`: the kept one while still current, else `work()`'s, kept when the data
   * version did not move while it ran. Requests for the same key at once share one `work()`.
   */
  async get(db: Db, key: string, work: () => Promise<Value>): Promise<Value> {
    const version = await reportDataVersion(db);
    const kept = this.#kept.get(key);
    if (kept && kept.version === version && Date.now() - kept.at < MAX_AGE_MS) {
      // Most recently used last: the first is the one to let go.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept.value;
    }
    const value = work();
    const entry: Kept<Value> = { version, at: Date.now(), value };
    this.#kept.set(key, entry);
    while (this.#kept.size > MOST_KEPT) {
      const oldest = this.#kept.keys().next().value;
      if (oldest === undefined) break;
      this.#kept.delete(oldest);
    }
    try {
      const done = await value;
      if ((await reportDataVersion(db)) !== version && this.#kept.get(key) === entry)
        this.#kept.delete(key);
      return done;
    } catch (error) {
      if (this.#kept.get(key) === entry) this.#kept.delete(key);
      throw error;
    }
  }
}

/** One cache per database and report: tests run several apps over several databases at once. */
const caches = new WeakMap<Db, Map<string, FiguresCache<unknown>>>();

export function figuresCache<Value>(db: Db, report: string): FiguresCache<Value> {
  const ofDb = caches.get(db) ?? new Map<string, FiguresCache<unknown>>();
  caches.set(db, ofDb);
  const cache = ofDb.get(report) ?? new FiguresCache<unknown>();
  ofDb.set(report, cache);
  return cache as FiguresCache<Value>;
}
