import type { ErrorCode, FieldError } from '@qrqr/shared/error-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isClientAbort } from './client-abort';
import { AppError, errorBody } from './errors';

/** Fastify's own failures, by their code, in our table. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'E-413',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'E-415',
  FST_ERR_CTP_INVALID_JSON_BODY: 'E-400',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'E-400',
  FST_ERR_VALIDATION: 'E-400',
};

/** One handler: known errors become `status: {code, message}`; anything else is logged and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = request.locale;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue ?? 'body'),
        rule: v.message?.includes('.') ? v.message : 'validation.invalid',
      }));
      return reply
        .status(400)
        .send(errorBody('E-400', locale, new AppError('E-400', { fields: dedupe(fields) })));
    }
    if (error instanceof AppError) {
      const wait = error.options.retryAfterSeconds;
      if (wait !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(wait))));
      return reply.status(error.statusCode).send(errorBody(error.code, locale, error));
    }
    if (error.statusCode === 429) return reply.status(429).send(errorBody('E-429', locale));
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send(errorBody(known, locale));
    if (isClientAbort(error, request)) {
      request.log.debug({ err: error }, 'client aborted the request');
      return reply.status(400).send(errorBody('E-400', locale));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('E-500', locale));
  });
}

function dedupe(fields: Array<Omit<FieldError, 'message'>>) {
  const seen = new Set<string>();
  return fields.filter((f) => !seen.has(f.field) && seen.add(f.field));
}
