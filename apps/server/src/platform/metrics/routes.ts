import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { mayReadMetrics } from './access';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

/**
 * Counts every answer Fastify gives by its route's pattern ('unmatched' when no route matched, so
 * unknown paths add no label values), and serves the registry at /metrics in the Prometheus text
 * format to those `mayReadMetrics` lets in; anyone else gets the 404 of an unknown path.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: Config): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Not part of the API: /api/docs does not list it.
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(config, request)) return reply.callNotFound();
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
