import { configOrExit, serveUntilStopped } from '@branch-assets/service';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './seed/seed.ts';

/** Starts legacy-api: configuration, database and migrations, seed, then listen; stops cleanly on SIGTERM/SIGINT. */
const config = configOrExit(loadConfig);
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

await serveUntilStopped(app, { host: config.HOST, port: config.PORT });
