import { randomBytes } from 'node:crypto';
import { configOrExit, serveUntilStopped } from '@branch-assets/service';
import { buildGateway } from './app.ts';
import { loadConfig } from './config.ts';

/** Starts the gateway; stops cleanly on SIGTERM/SIGINT (in-flight requests finish, then the pool closes). */
const config = configOrExit(loadConfig);

const secrets = config.SESSION_SECRET ?? [randomBytes(32).toString('base64url')];
const app = await buildGateway({ config, secrets });
if (!config.SESSION_SECRET) {
  app.log.warn(
    'SESSION_SECRET is not set: using a key made at start, so sessions end when the gateway restarts',
  );
}

await serveUntilStopped(app, { host: config.HOST, port: config.PORT });
