import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /** An in-memory PGlite, optionally started from a dump (tests start each file from a seeded template). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize: number };

export interface OpenDatabase {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** PGlite only: the embedded instance, e.g. to dump it as a template. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

const DATE_OID = 1082;
const INT8_OID = 20;

// Dates stay 'YYYY-MM-DD' text: a JavaScript Date would move them by the server's time zone.
pg.types.setTypeParser(DATE_OID, (value) => value);
// Counts and bigint ids fit a double; text would leak into every caller.
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize });
    // An idle connection the server ends (a restart, a terminated backend) must not take the
    // process down: the pool drops it and opens another on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: target.kind, pglite: null, close: () => db.destroy() };
  }
  const options = {
    parsers: { [DATE_OID]: (value: string) => value },
    // Trigram indexes serve the large lists' search (migrations/0016-search-indexes.ts).
    extensions: { pg_trgm },
    ...(target.kind === 'pglite-memory' && target.loadDataDir
      ? { loadDataDir: target.loadDataDir }
      : {}),
  };
  let pglite: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    pglite = await PGlite.create(target.dataDir, options);
  } else {
    pglite = await PGlite.create(options);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: target.kind,
    pglite,
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
