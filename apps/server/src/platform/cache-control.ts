import type { FastifyInstance } from 'fastify';

/**
 * Private answers are not cacheable. Every JSON answer and every HTML page may depend on the
 * session (user data, the CSRF token in index.html), so each gets `Cache-Control: no-store`, also
 * the ones later modules add, unless its route declares a public policy in `config.cacheControl`.
 * Other types (images, scripts) keep what their route or the static plugin set.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // The /r/ scans set their own header.
    if (request.routeOptions.config?.hotPath) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^(application\/(?:[\w.+-]+\+)?json|text\/html)\b/.test(type))
      reply.header('cache-control', request.routeOptions.config?.cacheControl ?? 'no-store');
    done(null, payload);
  });
}
