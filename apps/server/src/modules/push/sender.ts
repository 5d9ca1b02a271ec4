import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import webpush from 'web-push';
import type { Config } from '../../config';
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

/** Bytes of a response body read at most; a push service answers a few bytes of JSON or nothing. */
const BODY_LIMIT = 4096;

/**
 * Posts encrypted pushes (RFC 8030/8291/8292): per push-service origin one keep-alive agent and a
 * cap of PUSH_CONCURRENCY_PER_ORIGIN requests in flight; the VAPID header comes from the cache;
 * no redirect is followed (https.request never does), every request has a deadline, and a body
 * is drained up to 4 KB, beyond which the connection is dropped.
 */
export class PushSender {
  private readonly agents = new Map<string, https.Agent>();
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
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private post(target: PushTarget, payload: string, options: PushOptions): Promise<SendResult> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          // No VAPID here: the cached header is added below instead of a signature per recipient.
          vapidDetails: null as unknown as undefined,
          TTL: options.ttl,
          urgency: options.urgency,
          topic: options.topic,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch {
      return Promise.resolve({ kind: 'failed', status: null });
    }
    const headers = { ...details.headers, Authorization: this.vapid.headerFor(target.origin) } as Record<
      string,
      string | number
    >;
    return this.request(target, headers, details.body ?? undefined, false);
  }

  private request(
    target: PushTarget,
    headers: Record<string, string | number>,
    body: Buffer | undefined,
    fresh: boolean,
  ): Promise<SendResult> {
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const done = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = https.request(target.endpoint, {
        method: 'POST',
        headers,
        agent: this.agentOf(target.origin),
      });
      const timer = setTimeout(() => {
        req.destroy();
        done({ kind: 'retry', afterMs: null, status: null });
      }, this.config.PUSH_TIMEOUT_MS);
      req.on('error', () => {
        // A kept-alive connection the service closed while idle: send once more on a new one.
        if (req.reusedSocket && !fresh && !settled) {
          settled = true;
          clearTimeout(timer);
          resolve(this.request(target, headers, body, true));
        } else done({ kind: 'retry', afterMs: null, status: null });
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const result = classify(status, res.headers['retry-after']);
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > BODY_LIMIT) {
            res.destroy();
            done(result);
          }
        });
        res.on('end', () => done(result));
        res.on('close', () => done(result));
        res.on('error', () => done(result));
      });
      req.end(body);
    });
  }

  private agentOf(origin: string): https.Agent {
    let agent = this.agents.get(origin);
    if (!agent) {
      agent = new https.Agent({
        keepAlive: true,
        maxSockets: this.config.PUSH_CONCURRENCY_PER_ORIGIN,
        ...(this.secureContext ? { secureContext: this.secureContext } : {}),
      });
      this.agents.set(origin, agent);
    }
    return agent;
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
