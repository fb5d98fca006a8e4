import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './seed/seed.ts';

/** Starts legacy-api: configuration, database and migrations, seed, then listen; stops cleanly on SIGTERM/SIGINT. */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
await migrateToLatest(database.db);
const app = await buildApp({ config, db: database.db });
const seeded = await seedIfEmpty(database.db, config);
if (seeded) app.log.info(seeded, 'seeded an empty database');

app.addHook('onClose', async () => {
  await database.close();
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.HOST, port: config.PORT });
