import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/codes.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';

const SAFE_PATH = /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/;
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'last-modified',
  'content-security-policy',
] as const;

/** GET /files/<folder>/<name>: logos and documents, fetched from the legacy server with the caller's token. */
export async function fileRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const path = request.params['*'];
    if (!SAFE_PATH.test(path) || path.includes('..'))
      throw new AppError('NOT_FOUND', 'File not found.');
    const token = tokenOf(request.auth);
    const upstream = await options.legacy.file(path, { token, requestId: request.id });
    if (upstream.status !== 200) {
      upstream.body.resume();
      if (upstream.status === 401) throw new AppError('UNAUTHENTICATED');
      if (upstream.status === 404) throw new AppError('NOT_FOUND', 'File not found.');
      if (upstream.status >= 502 && upstream.status <= 504)
        throw new AppError('UPSTREAM_UNAVAILABLE');
      request.log.error({ status: upstream.status, path }, 'legacy file request failed');
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    reply
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff');
    return reply.send(upstream.body);
  });
}
