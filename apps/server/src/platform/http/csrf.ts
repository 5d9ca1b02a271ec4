import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../core/crypto';
import { AppError } from './errors';
import { type Sessions, SID_COOKIE } from './session';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every state-changing call must carry X-Requested-With and the CSRF token bound to the
 * browser's sid (header X-XSRF-TOKEN or X-CSRF-Token, or a `_csrf` form field). A GET route
 * that changes data opts in with `config: { csrf: true }`.
 */
export function registerCsrfCheck(app: FastifyInstance, sessions: Sessions): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const opted = (request.routeOptions.config as { csrf?: boolean } | undefined)?.csrf;
    if (opted === false || (!UNSAFE.has(request.method) && opted !== true)) return done();
    done(isValid(request, sessions) ? undefined : new AppError('E-403'));
  });
}

/**
 * True when the request carries the CSRF proof. Before its body is parsed only the headers (and a
 * `_csrf` in the query) can give it: upload-gate.ts checks that before reading a picture.
 */
export function isValid(request: FastifyRequest, sessions: Sessions): boolean {
  if (!request.headers['x-requested-with']) return false;
  const sid = request.cookies[SID_COOKIE];
  if (!sid) return false;
  const sent =
    header(request, 'x-xsrf-token') ??
    header(request, 'x-csrf-token') ??
    (request.body as { _csrf?: unknown } | undefined)?._csrf ??
    (request.query as { _csrf?: unknown } | undefined)?._csrf;
  return typeof sent === 'string' && safeEqual(sent, sessions.csrfTokenFor(sid));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v ? v : undefined;
}
