import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from './errors';

/**
 * The CSRF check of the reader's public calls (follow, unfollow), which visitors make from a page
 * opened by a printed code, often with no `sid` yet. Instead of a token bound to a session:
 * - X-Requested-With is required: a custom header makes any cross-site request a CORS preflight,
 *   which this server never grants, and an HTML form cannot set it;
 * - the Origin (sent by browsers on every POST fetch) must be this service's own origin;
 *   without Origin, Sec-Fetch-Site (when sent) must say same-origin;
 * - the device cookie is SameSite=Lax, so another site's request does not carry it anyway.
 * Routes use it with `config: { csrf: false }` and `preValidation: visitorCsrfCheck(config)`.
 */
export function visitorCsrfCheck(config: Config) {
  const own = new URL(config.publicUrl).origin;
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.headers['x-requested-with']) throw new AppError('E-403');
    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      if (origin !== own && origin !== `${request.protocol}://${request.host}`) throw new AppError('E-403');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw new AppError('E-403');
  };
}
