/**
 * legacy-api as a library, for running it inside another process: the gateway's tests and
 * benchmarks start a real one this way on an ephemeral port.
 */
export { buildApp } from './app.ts';
export { loadConfig } from './config.ts';
export { openDatabase } from './db/database.ts';
export { migrateToLatest } from './db/migrate.ts';
export { seedDemo } from './seed/demo.ts';
