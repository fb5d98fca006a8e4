import { configOrExit, serveUntilStopped } from '@branch-assets/service';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startScheduler } from './maintenance/scheduler.ts';
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
const seedStarted = performance.now();
const seeded = await seedIfEmpty(database.db, config, () => {
  if (config.SEED === 'demo' && config.SEED_SCALE > 0)
    app.log.info(
      { SEED_SCALE: config.SEED_SCALE },
      'seeding the demo with SEED_SCALE purchase orders more (300,000 take a few minutes)',
    );
});
if (seeded) {
  const seconds = Math.round(performance.now() - seedStarted) / 1000;
  app.log.info({ ...seeded, seconds }, 'seeded an empty database');
} else if (config.SEED_SCALE > 0) {
  app.log.warn(
    { SEED_SCALE: config.SEED_SCALE },
    'SEED_SCALE ignored: the database is already seeded (delete the database to seed it again)',
  );
}

// After seeding: the demo's contracts and schedules get their preventive jobs at once.
const stopScheduler =
  config.SCHEDULER_MINUTES > 0
    ? startScheduler(database.db, config.SCHEDULER_MINUTES, app.log)
    : async () => {};

app.addHook('onClose', async () => {
  await stopScheduler();
  await database.close();
});

await serveUntilStopped(app, { host: config.HOST, port: config.PORT });
