import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type OpenDatabase, openDatabase } from '../db/database.ts';

/** The databases a test file may start from (built once per run by global-setup.ts). */
export const TEMPLATES = ['empty', 'reference', 'demo'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the suites run against. */
    databaseKind: 'pglite' | 'postgres';
    /** PGlite: the path of each template's dump; PostgreSQL: each template database's name. */
    templates: Record<TemplateName, string>;
  }
}

/**
 * A database of the test file's own: a copy of the seeded demo, or (`empty`) the schema and no
 * rows, or (`reference`) the schema and the reference data every database has (roles, grants,
 * menus, states), for tests that make the rest with factories.
 */
export async function openTestDatabase(
  options: { empty?: boolean; reference?: boolean } = {},
): Promise<OpenDatabase> {
  const template: TemplateName = options.reference ? 'reference' : options.empty ? 'empty' : 'demo';
  const source = inject('templates')[template];
  if (inject('databaseKind') === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL disappeared during the run');
    const name = `ba_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${source}`);
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
  const dump = await readFile(source);
  return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]) });
}
