import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loggerOptions, requestIdOf } from '@branch-assets/service';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import helmet from 'helmet';
import { reportRoutes } from './amc-report/routes.ts';
import { assetAuditReportRoutes } from './asset-audits/routes.ts';
import type { Config } from './config.ts';
import { httpErrorsPlugin } from './errors/http-errors.ts';
import type { RowsInFlight } from './exports/pages.ts';
import { exportRoutes } from './exports/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { registerGraphQL } from './graphql/plugin.ts';
import { labelRoutes } from './labels/routes.ts';
import { LegacyClient } from './legacy/client.ts';
import { createMetrics, opsRoutes } from './ops/routes.ts';
import { purchaseOrderRoutes } from './purchase-orders/routes.ts';
import { reportExportRoutes } from './reports/routes.ts';
import { authRoutes } from './session/auth-routes.ts';
import { requestAuthPlugin } from './session/request-auth.ts';
import { SessionCookies } from './session/session-cookie.ts';
import { transferRoutes } from './transfers/routes.ts';
import { bulkRoutes } from './uploads/bulk.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { serveWebApp } from './web-app/routes.ts';

export interface GatewayOptions {
  config: Config;
  /** The keys of the session cookie: SESSION_SECRET, or one made at start outside production. */
  secrets: readonly string[];
  logger?: boolean;
  /** Where the JSON log lines go instead of standard output (the tests read them). */
  logStream?: { write(line: string): void };
}

/** The gateway as a Fastify instance, without listening: server.ts listens, tests inject or listen on port 0. */
export async function buildGateway({
  config,
  secrets,
  logger = true,
  logStream,
}: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          ...loggerOptions(config.LOG_LEVEL, [
            'res.headers["set-cookie"]',
            'body.password',
            'token',
          ]),
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });
  // Only JSON bodies: a text/plain POST is what a cross-site form could send.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const metrics = createMetrics();
  const legacy = new LegacyClient({
    baseUrl: config.LEGACY_API_URL,
    version: config.LEGACY_API_VERSION,
    connections: config.LEGACY_CONNECTIONS,
    connectTimeoutMs: config.LEGACY_CONNECT_TIMEOUT_MS,
    headersTimeoutMs: config.LEGACY_HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: config.LEGACY_BODY_TIMEOUT_MS,
    deadlineMs: config.LEGACY_DEADLINE_MS,
    uploadDeadlineMs: config.LEGACY_UPLOAD_DEADLINE_MS,
    reportDeadlineMs: config.LEGACY_REPORT_DEADLINE_MS,
    readRetries: config.LEGACY_READ_RETRIES,
    log: app.log,
    observe: (call, outcome, seconds) => metrics.upstream.observe({ call, outcome }, seconds),
  });
  app.addHook('onClose', async () => {
    await legacy.close();
  });

  await app.register(cookie);
  // Helmet's middleware built once: @fastify/helmet builds it again for every request (a tenth of a
  // millisecond of a 25-row list page, see docs/gateway.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The scan screen decodes QR codes in WebAssembly (zxing-wasm) where the browser has no
        // BarcodeDetector; compiling it needs this, and allows no other script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Chakra UI (emotion) inserts style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Not helmet's default upgrade-insecure-requests: it would break plain-http localhost.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(requestAuthPlugin, { config, sessions: new SessionCookies(secrets, config) });
  await app.register(httpErrorsPlugin);
  await app.register(opsRoutes, { legacy, metrics });
  await app.register(authRoutes, { config, legacy });
  const exportRowsHeld: RowsInFlight = { now: 0, most: 0 };
  app.decorate('exportRowsHeld', exportRowsHeld);
  await app.register(exportRoutes, { config, legacy, rowsHeld: exportRowsHeld });
  await app.register(labelRoutes, { config, legacy });
  await app.register(purchaseOrderRoutes, { legacy });
  await app.register(transferRoutes, { legacy });
  await app.register(reportRoutes, { legacy });
  await app.register(reportExportRoutes, { legacy });
  await app.register(assetAuditReportRoutes, { legacy });
  await app.register(fileRoutes, { legacy });
  await app.register(uploadRoutes, { legacy });
  await app.register(bulkRoutes, { legacy });
  await registerGraphQL(app, { config, legacy });

  const webRoot = resolve(import.meta.dirname, '..', config.WEB_DIST);
  if (existsSync(resolve(webRoot, 'index.html'))) {
    await serveWebApp(app, webRoot);
    app.log.info({ webRoot }, 'serving the web app');
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rows exports hold now and at most since start: what bounds their memory. */
    exportRowsHeld: RowsInFlight;
  }
}
