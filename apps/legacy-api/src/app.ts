import { loggerOptions, requestIdOf } from '@branch-assets/service';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { accessoryRoutes } from './accessories/routes.ts';
import { assetAuditRoutes } from './asset-audits/routes.ts';
import { assetLocationRoutes } from './asset-locations/routes.ts';
import { assetRoutes } from './assets/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { branchRoutes } from './branches/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { fileRoutes } from './files/routes.ts';
import { galleryRoutes } from './gallery/routes.ts';
import { goodsReceiptRoutes } from './goods-receipts/routes.ts';
import { contextPlugin } from './http/context-plugin.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { uploadPlugin } from './http/register-upload.ts';
import { installationRoutes } from './installations/routes.ts';
import { jobOrderRoutes } from './job-orders/routes.ts';
import { maintenanceRoutes } from './maintenance/routes.ts';
import { masterDataRoutes } from './master-data/routes.ts';
import { menuRoutes } from './menu/routes.ts';
import { menuItemRoutes } from './menu-items/routes.ts';
import { menuPermissionRoutes } from './menu-permission/routes.ts';
import { pageRoutes } from './pages/routes.ts';
import { purchaseOrderRoutes } from './purchase-orders/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { starredPageRoutes } from './starred-pages/routes.ts';
import { transferRoutes } from './transfers/routes.ts';
import { vendorRoutes } from './vendors/routes.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
}

/** The whole API as a Fastify instance, without listening: server.ts listens, tests inject. */
export async function buildApp({
  config,
  db,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          ...loggerOptions(config.LOG_LEVEL, ['body.Password', 'body.token']),
        }
      : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.TRUST_PROXY,
    // Even a request Fastify cannot route (a malformed path) is answered in the envelope.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused by the framework');
      reply.raw.writeHead(400, {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': request.id,
      });
      reply.raw.end(
        JSON.stringify({ flag: 0, output: 'The request could not be read.', records: null }),
      );
    },
  });
  // Bodies are JSON or form-encoded (API version 2); anything else is refused with 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(contextPlugin, { db, config });
  await app.register(errorHandlerPlugin);
  // API version 2 may post form-encoded bodies.
  await app.register(formbody, { bodyLimit: config.BODY_LIMIT_BYTES });
  // Upload calls (images, spreadsheets) post multipart/form-data; only they accept it.
  await app.register(uploadPlugin);
  await app.register(authRoutes);
  await app.register(menuRoutes);
  await app.register(branchRoutes);
  await app.register(purchaseOrderRoutes);
  await app.register(goodsReceiptRoutes);
  await app.register(installationRoutes);
  await app.register(transferRoutes);
  await app.register(jobOrderRoutes);
  await app.register(assetAuditRoutes);
  await app.register(maintenanceRoutes);
  await app.register(reportRoutes);
  await app.register(pageRoutes);
  await app.register(starredPageRoutes);
  await app.register(menuPermissionRoutes);
  await app.register(masterDataRoutes);
  await app.register(vendorRoutes);
  await app.register(menuItemRoutes);
  await app.register(companyRoutes);
  await app.register(galleryRoutes);
  await app.register(staffRoutes);
  await app.register(fileRoutes);
  await app.register(assetLocationRoutes);
  await app.register(assetRoutes);
  await app.register(accessoryRoutes);
  return app;
}
