/**
 * What other workspaces' tests use to run a real legacy-api: the gateway's suites start it on an
 * ephemeral port over their own copy of the seeded demo database.
 */
export { buildApp, loadConfig } from '../embedded.ts';
export { openTestDatabase } from './test-database.ts';
