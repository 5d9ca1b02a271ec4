import type { FastifyInstance } from 'fastify';

/**
 * Private answers are not cacheable. Every JSON answer and every HTML page may depend on the
 * session (user data, the CSRF token in index.html), so each gets `Cache-Control: no-store`, also
 * the ones later modules add, unless its route declares a public policy in `config.cacheControl`.
 * Other types (images, files, scripts) keep a policy that is public (stored pictures, build files)
 * or already no-store; any other policy, a `private, max-age` included, becomes `private, no-store`:
 * a browser cache outlives sign-out, and the next person at a shared computer would see the files.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // The /r/ scans set their own header.
    if (request.routeOptions.config?.hotPath) return done(null, payload);
    const declared = request.routeOptions.config?.cacheControl;
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^(application\/(?:[\w.+-]+\+)?json|text\/html)\b/.test(type)) {
      reply.header('cache-control', declared ?? 'no-store');
    } else if (declared) {
      reply.header('cache-control', declared);
    } else {
      const own = String(reply.getHeader('cache-control') ?? '');
      if (!/\b(public|no-store)\b/.test(own)) reply.header('cache-control', 'private, no-store');
    }
    done(null, payload);
  });
}
