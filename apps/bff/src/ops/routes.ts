import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { LegacyClient } from '../legacy/client.ts';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Duration of HTTP requests answered by the gateway',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'bff_legacy_call_duration_seconds',
    help: 'Duration of calls to the legacy server, by call and outcome',
    labelNames: ['call', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  });
  return { registry, http, upstream };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** /healthz (the process is alive), /readyz (the legacy server answers), /metrics (Prometheus). */
export async function opsRoutes(
  app: FastifyInstance,
  options: { legacy: LegacyClient; metrics: Metrics },
) {
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.http.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await options.legacy.call(
        'versionInfo',
        { UserInterface: 1 },
        { token: null, requestId: request.id },
      );
      return { status: 'ready' };
    } catch {
      return reply
        .code(503)
        .send({ status: 'unavailable', reason: 'The legacy server does not answer.' });
    }
  });
  app.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', options.metrics.registry.contentType)
      .send(await options.metrics.registry.metrics()),
  );
}
