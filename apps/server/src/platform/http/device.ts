import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { randomToken, sha256 } from '../core/crypto';

/**
 * The reader's anonymous device identity: a random id in a long-lived HttpOnly
 * cookie, no personal data. Follows and official reads are keyed by its SHA-256, never the id.
 */
export const DEVICE_COOKIE = 'qr_device';
const DEVICE_DAYS = 400;
const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The hash of this browser's device id, or null when it has none (yet). */
export function deviceHashOf(request: FastifyRequest): string | null {
  const id = request.cookies[DEVICE_COOKIE];
  return id && ID_PATTERN.test(id) ? sha256(id) : null;
}

/** This browser's device hash, issuing the cookie first when it has none; refreshes its lifetime. */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const current = request.cookies[DEVICE_COOKIE];
  const id = current && ID_PATTERN.test(current) ? current : randomToken(24);
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: DEVICE_DAYS * 86_400,
  });
  return sha256(id);
}
