import fs from 'node:fs';
import tls from 'node:tls';
import { Pool } from 'undici';
import type { Config } from '../../config';
import { encryptPush } from './encrypt';
import { exchange } from './exchange';
import { Limiter } from './limiter';
import type { VapidHeaders } from './vapid-header';

export interface PushTarget {
  endpoint: string;
  origin: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the push for an offline device. */
  ttl: number;
  urgency: 'normal' | 'high';
  /** A later push with the same topic replaces one still waiting at the push service. */
  topic: string;
}

/** What became of one request: accepted (2xx), gone (404/410), retry later (429, 5xx, network), failed. */
export type SendResult =
  | { kind: 'accepted' }
  | { kind: 'gone' }
  | { kind: 'retry'; afterMs: number | null; status: number | null }
  | { kind: 'failed'; status: number | null };

/** RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Posts encrypted pushes (RFC 8030/8291/8292): per push-service origin one pool of keep-alive
 * connections (undici: about half the CPU of node:https a request, measured by bench:push) and a
 * cap of PUSH_CONCURRENCY_PER_ORIGIN requests in flight; the VAPID header comes from the cache;
 * no redirect is followed (a pool never does), every request has a deadline, and a body is
 * drained up to 4 KB, beyond which the connection is dropped.
 */
export class PushSender {
  private readonly pools = new Map<string, Pool>();
  private readonly limits = new Map<string, Limiter>();
  private readonly secureContext: tls.SecureContext | undefined;

  constructor(
    private readonly config: Pick<Config, 'PUSH_CONCURRENCY_PER_ORIGIN' | 'PUSH_TIMEOUT_MS' | 'PUSH_CA_FILE'>,
    private readonly vapid: VapidHeaders,
  ) {
    // Extra authorities are added to Node's own list, never instead of it: verification stays on.
    // One context for every connection: `ca` given per request would be parsed for each new
    // connection and joined into the agent's key on every request.
    this.secureContext = config.PUSH_CA_FILE
      ? tls.createSecureContext({
          ca: [...tls.rootCertificates, fs.readFileSync(config.PUSH_CA_FILE, 'utf8')],
        })
      : undefined;
  }

  send(target: PushTarget, payload: string, options: PushOptions): Promise<SendResult> {
    return this.limiterOf(target.origin).run(() => this.post(target, payload, options));
  }

  close(): void {
    for (const pool of this.pools.values()) void pool.destroy().catch(() => {});
    this.pools.clear();
  }

  private post(target: PushTarget, payload: string, options: PushOptions): Promise<SendResult> {
    let body: Buffer;
    try {
      if (options.ttl < 0 || !TOPIC.test(options.topic)) throw new Error('push options');
      body = encryptPush(target.p256dh, target.auth, payload);
    } catch {
      return Promise.resolve({ kind: 'failed', status: null });
    }
    // RFC 8030 headers; the cached VAPID header instead of a signature per recipient. undici adds
    // Content-Length from the body.
    const headers = [
      'authorization',
      this.vapid.headerFor(target.origin),
      'ttl',
      String(options.ttl),
      'urgency',
      options.urgency,
      'topic',
      options.topic,
      'content-encoding',
      'aes128gcm',
      'content-type',
      'application/octet-stream',
    ];
    return this.request(target, headers, body, false);
  }

  private async request(
    target: PushTarget,
    headers: string[],
    body: Buffer,
    fresh: boolean,
  ): Promise<SendResult> {
    const answer = await exchange(
      this.poolOf(target.origin),
      { path: pathOf(target), method: 'POST', headers, body },
      this.config.PUSH_TIMEOUT_MS,
    );
    if (answer.status !== null) return classify(answer.status, answer.retryAfter);
    // A kept-alive connection the service closed while idle: send once more on a new one.
    if (answer.closedSocket && !fresh) return this.request(target, headers, body, true);
    return { kind: 'retry', afterMs: null, status: null };
  }

  private poolOf(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.config.PUSH_CONCURRENCY_PER_ORIGIN,
        // The overall deadline is the request's signal; these only end a stalled connection sooner.
        headersTimeout: this.config.PUSH_TIMEOUT_MS,
        bodyTimeout: this.config.PUSH_TIMEOUT_MS,
        connect: {
          timeout: this.config.PUSH_TIMEOUT_MS,
          ...(this.secureContext ? { secureContext: this.secureContext } : {}),
        },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  private limiterOf(origin: string): Limiter {
    let limiter = this.limits.get(origin);
    if (!limiter) {
      limiter = new Limiter(this.config.PUSH_CONCURRENCY_PER_ORIGIN);
      this.limits.set(origin, limiter);
    }
    return limiter;
  }
}

/**
 * Characters after the origin that the URL parser keeps as they are: path segments with neither
 * dots nor escapes (no dot segment to resolve), then a query of plain characters and escapes.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~:@!$&()*+,;=-]*)+(?:\?[A-Za-z0-9_~:@!$&()*+,;=%/?.-]+)?$/;

/** The endpoint's path and query: sliced off when plain (every push service's so far), else parsed. */
export function pathOf(target: Pick<PushTarget, 'endpoint' | 'origin'>): string {
  const { endpoint, origin } = target;
  if (endpoint.startsWith(origin)) {
    const rest = endpoint.slice(origin.length);
    if (PLAIN_PATH.test(rest)) return rest;
  }
  const url = new URL(endpoint);
  return url.pathname + url.search;
}

function classify(status: number, retryAfter: string | string[] | undefined): SendResult {
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) return { kind: 'retry', afterMs: retryAfterMs(retryAfter), status };
  return { kind: 'failed', status };
}

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
