import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type OpenDatabase, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { TEMPLATES, type TemplateName } from './test-database.ts';

/**
 * Builds the three databases test files start from, once per run: `empty` (the schema, no rows),
 * `reference` (the schema and the reference data) and `demo` (the seeded demo). Each test file then
 * starts from its own copy, so files change data freely and still run in parallel, and none pays
 * for creating a database cluster and running every migration itself (on PGlite that was about
 * ten seconds of a busy machine per file). Set DATABASE_URL to run against a PostgreSQL server.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const made = url ? await postgresTemplates(url) : await pgliteTemplates();
  project.provide('databaseKind', url ? 'postgres' : 'pglite');
  project.provide('templates', made.templates);
  return made.remove;
}

interface Made {
  templates: Record<TemplateName, string>;
  remove(): Promise<void>;
}

/** Fills each template in turn; `demo` seeds its own reference data, so it starts from `empty`. */
async function fill(name: TemplateName, database: OpenDatabase): Promise<void> {
  if (name === 'empty') await migrateToLatest(database.db);
  else if (name === 'reference')
    await database.db.transaction().execute((trx) => seedReferenceData(trx));
  else await seedDemo(database.db);
}

/** PGlite: a dump of each template in the temporary directory, uncompressed (it loads 3× faster). */
async function pgliteTemplates(): Promise<Made> {
  const templates = {} as Record<TemplateName, string>;
  let emptyDump: Blob | null = null;
  for (const name of TEMPLATES) {
    const database = await openDatabase(
      emptyDump ? { kind: 'pglite-memory', loadDataDir: emptyDump } : { kind: 'pglite-memory' },
    );
    await fill(name, database);
    const dump = await database.pglite?.dumpDataDir('none');
    await database.close();
    if (!dump) throw new Error('PGlite did not produce a dump');
    if (name === 'empty') emptyDump = dump;
    const path = join(tmpdir(), `branch-assets-${name}-${process.pid}.tar`);
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    templates[name] = path;
  }
  return {
    templates,
    async remove() {
      await Promise.all(Object.values(templates).map((path) => rm(path, { force: true })));
    },
  };
}

/** PostgreSQL: a template database each; `create database … template` copies one per test file. */
async function postgresTemplates(url: string): Promise<Made> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const templates = {} as Record<TemplateName, string>;
  for (const name of TEMPLATES) {
    const database = `ba_${name}_${process.pid}`;
    await admin.query(`drop database if exists ${database}`);
    await admin.query(
      `create database ${database} template ${name === 'empty' ? 'template0' : templates.empty}`,
    );
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${database}`;
    const open = await openDatabase({ kind: 'postgres', url: databaseUrl.toString(), poolSize: 2 });
    await fill(name, open);
    await open.close();
    templates[name] = database;
  }
  return {
    templates,
    async remove() {
      for (const database of Object.values(templates).reverse())
        await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
