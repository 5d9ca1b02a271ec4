import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { REDIRECT_PREFIX } from '@qrqr/shared/paths';
import { QR_TABS } from '@qrqr/shared/qr-constants';
import type { Config } from '../../config';
import { SHORT_CODE_PATTERN } from './codes';
import type { QrContext } from './context';
import { countScan, resolveRedirect } from './redirect';
import type { RedirectTarget } from './redirect-cache';

/**
 * The hottest path (docs/decisions.md "Reads"): a GET or HEAD of /r/{code} for a URL
 * code is answered by the node:http listener before Fastify builds a request, so a scan costs about
 * what a bare 302 costs: from the redirect cache, or after one indexed lookup when the code is not
 * cached (the database path of bench/redirect). Everything else (a text code, an unknown code, a
 * failed lookup, any other path) answers false and goes to Fastify's route, which answers it.
 */
export function scanFastPath(
  ctx: QrContext,
  trust: Config['TRUST_PROXY'],
): (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean> {
  const clientAddress = addressOf(trust);
  const answer = (req: IncomingMessage, res: ServerResponse, target: RedirectTarget | null): boolean => {
    if (!target || target.tab !== QR_TABS.url) {
      // The route answers it (a text page, the 404 page) from what was read here, not a second lookup.
      (req as Resolved)[RESOLVED] = target;
      return false;
    }
    // A paused code still answers, uncounted.
    if (target.counted !== false)
      countScan(ctx, {
        qrId: target.qrId,
        method: req.method ?? '',
        ip: clientAddress(req),
        userAgent: req.headers['user-agent'],
      });
    res.writeHead(302, { location: target.content, 'cache-control': 'no-store', 'content-length': '0' });
    res.end();
    return true;
  };
  return (req, res) => {
    const url = req.url;
    if (!url?.startsWith(REDIRECT_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const end = url.indexOf('?');
    const code = url.slice(REDIRECT_PREFIX.length, end === -1 ? undefined : end);
    if (!SHORT_CODE_PATTERN.test(code)) return false;
    const cached = ctx.redirects.get(code);
    if (cached) return answer(req, res, cached);
    return resolveRedirect(ctx, code).then(
      (target) => answer(req, res, target),
      () => false,
    );
  };
}

const RESOLVED = Symbol('resolved /r/ target');
type Resolved = IncomingMessage & { [RESOLVED]?: RedirectTarget | null };

/**
 * What the fast path already read for a request it handed on: the target (a text code), null (no
 * such code), or undefined when it read nothing (the route then looks the code up itself).
 */
export function resolvedByFastPath(req: IncomingMessage): RedirectTarget | null | undefined {
  return (req as Resolved)[RESOLVED];
}

/** The client's address exactly as Fastify's `request.ip` reads it under the same TRUST_PROXY. */
function addressOf(trust: Config['TRUST_PROXY']): (req: IncomingMessage) => string {
  if (trust === false) return (req) => req.socket.remoteAddress ?? '';
  const trusted =
    typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust);
  return (req) => {
    const all = proxyAddr.all(req, trusted);
    return all[all.length - 1] ?? '';
  };
}
