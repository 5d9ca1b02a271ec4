import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isLoopbackPeer } from '../http/peer';

/**
 * Who may read /metrics and /api/health?deep=1: a client on this machine, or one that shows
 * `Authorization: Bearer <METRICS_TOKEN>`. Loopback means the TCP peer (as the dev mailbox checks
 * it), never an address a header claims. Behind TRUST_PROXY a proxy on this machine is a loopback
 * peer for every client it forwards, so there a loopback peer counts only when the request names no
 * forwarded client (a proxy adds X-Forwarded-For; a scraper on this machine does not).
 */
export function mayReadMetrics(config: Config, request: FastifyRequest): boolean {
  if (config.METRICS_TOKEN && bearerMatches(request, config.METRICS_TOKEN)) return true;
  if (!isLoopbackPeer(request)) return false;
  return !config.behindProxy || (!request.headers['x-forwarded-for'] && !request.headers.forwarded);
}

/** Compared as digests in constant time, so neither the token's bytes nor its length leak. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''));
  if (!match?.[1]) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
