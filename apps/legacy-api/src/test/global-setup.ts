import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';
import './test-database.ts';

/**
 * Seeds the demo database once per run; each test file then starts from its own copy of it, so
 * files can change data freely and still run in parallel. Set DATABASE_URL to run against a
 * PostgreSQL server instead of PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const templateDatabase = `ba_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDatabase}`);
    await admin.query(`create database ${templateDatabase}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateDatabase}`;
    const template = await openDatabase({
      kind: 'postgres',
      url: templateUrl.toString(),
      poolSize: 2,
    });
    await migrateToLatest(template.db);
    await seedDemo(template.db);
    await template.close();
    project.provide('databaseKind', 'postgres');
    project.provide('templateDatabase', templateDatabase);
    project.provide('templateDump', '');
    return async () => {
      await admin.query(`drop database if exists ${templateDatabase} with (force)`);
      await admin.end();
    };
  }

  const template = await openDatabase({ kind: 'pglite-memory' });
  await migrateToLatest(template.db);
  await seedDemo(template.db);
  const dump = await template.pglite?.dumpDataDir('gzip');
  await template.close();
  if (!dump) throw new Error('PGlite did not produce a dump');
  const templateDump = join(tmpdir(), `branch-assets-template-${process.pid}.tar.gz`);
  await writeFile(templateDump, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseKind', 'pglite');
  project.provide('templateDump', templateDump);
  project.provide('templateDatabase', '');
  return async () => {
    await rm(templateDump, { force: true });
  };
}
