import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type OpenDatabase, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedReferenceData } from '../seed/reference.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the suites run against. */
    databaseKind: 'pglite' | 'postgres';
    /** PGlite: a gzip dump of the seeded demo database, loaded by every test file. */
    templateDump: string;
    /** PostgreSQL: the seeded template database every test file copies. */
    templateDatabase: string;
  }
}

/**
 * A database of the test file's own: a copy of the seeded demo template, or (`empty`) a new
 * database with the schema and no rows, or (`reference`) with the schema and the reference data
 * every database has (roles, grants, menus, states), for tests that make the rest with factories.
 */
export async function openTestDatabase(
  options: { empty?: boolean; reference?: boolean } = {},
): Promise<OpenDatabase> {
  if (options.reference) {
    const database = await openTestDatabase({ empty: true });
    await database.db.transaction().execute((trx) => seedReferenceData(trx));
    return database;
  }
  if (inject('databaseKind') === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL disappeared during the run');
    const name = `ba_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `create database ${name} template ${options.empty ? 'template0' : inject('templateDatabase')}`,
      );
    } finally {
      await admin.end();
    }
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const database = await openDatabase({
      kind: 'postgres',
      url: testUrl.toString(),
      poolSize: 10,
    });
    if (options.empty) await migrateToLatest(database.db);
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  if (options.empty) {
    const database = await openDatabase({ kind: 'pglite-memory' });
    await migrateToLatest(database.db);
    return database;
  }
  const dump = await readFile(inject('templateDump'));
  return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]) });
}
