import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { QR_TABS, REDIRECT_PREFIX } from '@qrqr/shared';
import type { Config } from '../../config';
import { SHORT_CODE_PATTERN } from './codes';
import type { QrContext } from './context';
import { countScan } from './redirect';

/**
 * The common case of the hottest path (DESIGN §5, docs/decisions.md "Reads"): a GET or HEAD of
 * /r/{code} whose URL target is in the redirect cache is answered by the node:http listener before
 * Fastify builds a request, so a scan costs about what a bare 302 costs. Everything else (a cache
 * miss, a text code, an unknown code, any other path) returns false and goes to Fastify's route,
 * which answers the same way and fills the cache.
 */
export function scanFastPath(
  ctx: QrContext,
  trust: Config['TRUST_PROXY'],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const clientAddress = addressOf(trust);
  return (req, res) => {
    const url = req.url;
    if (!url?.startsWith(REDIRECT_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const end = url.indexOf('?');
    const code = url.slice(REDIRECT_PREFIX.length, end === -1 ? undefined : end);
    if (!SHORT_CODE_PATTERN.test(code)) return false;
    const target = ctx.redirects.get(code);
    if (!target || target.tab !== QR_TABS.url) return false;
    // A paused code still answers, uncounted.
    if (target.counted !== false)
      countScan(ctx, {
        qrId: target.qrId,
        method: req.method,
        ip: clientAddress(req),
        userAgent: req.headers['user-agent'],
      });
    res.writeHead(302, { location: target.content, 'cache-control': 'no-store', 'content-length': '0' });
    res.end();
    return true;
  };
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
