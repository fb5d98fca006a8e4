import { randomBytes } from 'node:crypto';
import { buildGateway } from './app.ts';
import { type Config, loadConfig } from './config.ts';

/** Starts the gateway; stops cleanly on SIGTERM/SIGINT (in-flight requests finish, then the pool closes). */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const secrets = config.SESSION_SECRET ?? [randomBytes(32).toString('base64url')];
const app = await buildGateway({ config, secrets });
if (!config.SESSION_SECRET) {
  app.log.warn(
    'SESSION_SECRET is not set: using a key made at start, so sessions end when the gateway restarts',
  );
}

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
