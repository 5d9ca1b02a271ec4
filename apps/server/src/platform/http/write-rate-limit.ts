import type { FastifyInstance } from 'fastify';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every call that changes data is rate-limited (per address, each route counted apart): a route
 * that sets no `config.rateLimit` of its own gets `max` calls a minute (WRITE_RATE_LIMIT), so a
 * new write route cannot be left unlimited by omission. `rateLimit: false` opts out explicitly.
 * Must be registered before @fastify/rate-limit, whose own onRoute hook reads the setting.
 */
export function registerWriteRateLimit(app: FastifyInstance, max: number): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as { rateLimit?: unknown; csrf?: boolean };
    const changesData = config.csrf === true || methods.some((m) => UNSAFE.has(m));
    if (!changesData || config.rateLimit !== undefined) return;
    route.config = { ...config, rateLimit: { max, timeWindow: '1 minute' } } as typeof route.config;
  });
}
