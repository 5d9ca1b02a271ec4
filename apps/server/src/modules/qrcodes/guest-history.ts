import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { randomToken, sha256 } from '../../platform/core/crypto';
import { GUEST_HISTORY_COOKIE } from '../../platform/core/extension-points';

/**
 * A guest's codes belong to a random key in the HttpOnly `qr_history` cookie; the database keeps
 * only its SHA-256. The cookie lives GUEST_HISTORY_DAYS after the guest's last new code.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The hash of this browser's history key, or null without a (well-formed) cookie. */
export function guestKeyHash(request: FastifyRequest): string | null {
  const key = request.cookies[GUEST_HISTORY_COOKIE];
  return key && KEY_PATTERN.test(key) ? sha256(key) : null;
}

/** This browser's history key, or a new one for its first code. */
export function guestKeyFor(request: FastifyRequest): { key: string; hash: string } {
  const current = request.cookies[GUEST_HISTORY_COOKIE];
  const key = current && KEY_PATTERN.test(current) ? current : randomToken(24);
  return { key, hash: sha256(key) };
}

/** Issues the cookie with the first code and refreshes its lifetime with every later one. */
export function setGuestCookie(reply: FastifyReply, config: Config, key: string): void {
  reply.setCookie(GUEST_HISTORY_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: config.GUEST_HISTORY_DAYS * 86_400,
  });
}

/** The activation hook receives the raw key kept at sign-up. */
export function hashCarryOverKey(key: string): string | null {
  return KEY_PATTERN.test(key) ? sha256(key) : null;
}
