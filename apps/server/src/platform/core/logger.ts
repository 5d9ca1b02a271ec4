import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../../config';

/** pino options: secrets never reach the log, and one-time codes are cut out of logged URLs. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.current_password',
        '*.confirmation_code',
        '*.csrf_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

export function redactUrl(url: string): string {
  return url.replace(/((?:confirmation_code|code|token|_csrf)=)[^&]*/g, '$1[redacted]');
}
