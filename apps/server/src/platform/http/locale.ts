import { type Locale, toLocale } from '@qrqr/shared/limits';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the `lang` cookie the web app sets, else Accept-Language, else Japanese. */
export function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies?.lang;
  if (cookie) return toLocale(cookie);
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.trim() : undefined;
  return toLocale(first);
}
