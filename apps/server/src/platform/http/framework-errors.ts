import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from './errors';
import { requestLocale } from './locale';
import { ILL_FORMED_RULE } from './validation';

/** Stands in for a path segment that is no UTF-8, to find which route parameter held it. */
const MARK = 'ill-formed-segment';

/**
 * Failures the router meets before a route is chosen, answered in our envelope like every other
 * (Fastify's own answer was a bare `{"error":…}` without our code, message or Cache-Control):
 * - a path segment whose escapes are no UTF-8 (`/api/image/%ED%A0%80`): E-400 with the shared
 *   well-formed rule on the parameter that held it;
 * - a parameter longer than any id (maxParamLength): E-404, it names nothing;
 * - anything else: E-400.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The onRequest hook that sets the language has not run for these.
  const locale = requestLocale(request);
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send(errorBody('E-404', locale));
  if (error.code === 'FST_ERR_BAD_URL') {
    const field = illFormedParam(request);
    if (!field) return reply.status(404).send(errorBody('E-404', locale));
    return reply.status(400).send(errorBody('E-400', locale, AppError.field(field, ILL_FORMED_RULE)));
  }
  return reply.status(400).send(errorBody('E-400', locale));
}

/** The route parameter that held the undecodable segment, or undefined when no route matches. */
function illFormedParam(request: FastifyRequest): string | undefined {
  const [path = '', query] = request.raw.url?.split(/\?(.*)/s) ?? [];
  const marked = path
    .split('/')
    .map((segment) => (decodes(segment) ? segment : MARK))
    .join('/');
  const route = request.server.findRoute({
    method: request.raw.method as 'GET',
    url: query === undefined ? marked : `${marked}?${query}`,
  });
  const params = (route?.params ?? {}) as Record<string, string>;
  return Object.keys(params).find((name) => params[name]?.includes(MARK));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
