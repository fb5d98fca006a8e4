import { APP_VERSION } from '@branch-assets/domain';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../http/register-call.ts';

export async function pageRoutes(app: FastifyInstance) {
  registerPublicCall(app, 'versionInfo', async ({ config }) => ({
    output: `Version ${APP_VERSION}`,
    records: {
      Version: APP_VERSION,
      BuildDate: config.BUILD_DATE,
      Environment: config.APP_ENVIRONMENT,
      TestMode: config.TEST_MODE,
    },
  }));
}
