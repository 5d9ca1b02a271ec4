import fs from 'node:fs';
import path from 'node:path';
import type { ReaderChannelAnswer } from '@qrqr/shared/follower-schemas';
import { readerPageTitle } from '@qrqr/shared/messages/reader-title';
import { CHANNEL_PAGE_PREFIX, READER_PATH, readerChannelPath, WELCOME_PAGE_PREFIX } from '@qrqr/shared/paths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { type Inject, jsonInScript, runFirstCalls } from '../../platform/page/first-answers';
import { escapeAttr } from '../../platform/page/html-escape';
import { channelByIdOrCode } from '../channels/lookup';
import { channelNameOfPage } from '../wifi/lookup';

/**
 * The reader's pages, `/reader`, `/c/{channel_code}` and `/reader/w/{welcome_page_code}`: the light app's own HTML (reader.html of
 * the web build), never the main app. Its policy allows WebAssembly, which the code decoder is.
 */
export function readerPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const file = path.join(ctx.config.WEB_DIST, 'reader.html');
  const template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : MISSING_BUILD;
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    ...(ctx.config.secureCookies ? ['upgrade-insecure-requests'] : []),
  ].join(';');

  return async (app) => {
    // The title in the page's language, with the channel's name where there is one (the reader keeps it after).
    const page =
      (status: number, first?: FirstCall, name?: string | null) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        // The guest sid gives the reader its CSRF token (the XSRF-TOKEN cookie).
        ctx.sessions.ensureSid(req, reply);
        // From the visitor's address: the call counts in the visitor's own rate limit, as theirs would.
        const inject: Inject = (call) => app.inject({ ...call, remoteAddress: req.ip });
        const head = first ? await firstAnswerHead(inject, first, req.headers) : '';
        return reply
          .status(status)
          .header('content-security-policy', csp)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            template
              .replace(/<html lang="[a-z]+"/, `<html lang="${req.locale}"`)
              .replace(
                /<title>[^<]*<\/title>/,
                () => `<title>${escapeAttr(readerPageTitle(req.locale, name))}</title>`,
              )
              .replace('</head>', () => `${head}</head>`),
          );
      };

    app.get(READER_PATH, { schema: { hide: true } }, page(200));
    // A Wi-Fi welcome page's stable address: the reader loads its content (404 before its release).
    // Its answer is not written in: the reader's service worker keeps that call's answer as the
    // page's offline copy (the guest may leave the café's Wi-Fi), so the reader must make it.
    app.get(
      `${WELCOME_PAGE_PREFIX}:code`,
      { schema: { hide: true, params: z.object({ code: z.string().max(64) }) } },
      async (req, reply) => page(200, undefined, await channelNameOfPage(ctx, req.params.code))(req, reply),
    );
    app.get(
      `${CHANNEL_PAGE_PREFIX}:code`,
      { schema: { hide: true, params: z.object({ code: z.string().max(200) }) } },
      async (req, reply) => {
        // An unknown code is the same page answering 404, which then shows its not-found state.
        const row = /^[A-Za-z0-9_-]{8,64}$/.test(req.params.code)
          ? await channelByIdOrCode(ctx, req.params.code)
          : undefined;
        if (!row || row.channel_code !== req.params.code) return page(404)(req, reply);
        return page(
          200,
          {
            url: readerChannelPath.page(req.params.code),
            pictures: (answer) => {
              const c = (answer as Partial<ReaderChannelAnswer>).channel;
              return [c?.background_image_url, c?.icon_image_url];
            },
          },
          row.channel_name,
        )(req, reply);
      },
    );
  };
}

/** The call a reader page makes first, and the pictures its answer shows first. */
interface FirstCall {
  url: string;
  pictures: (answer: unknown) => Array<string | null | undefined>;
}

/**
 * The page's first call answered in the page, and its pictures asked for at once (on a slow phone
 * `/c/{code}` asked for its channel only once its script had arrived and run, then for the
 * pictures the answer named). The same call the reader would make a moment later,
 * with the visitor's own cookies (platform/page/first-answers.ts); the reader takes it once.
 */
async function firstAnswerHead(
  inject: Inject,
  first: FirstCall,
  headers: Record<string, string | string[] | undefined>,
): Promise<string> {
  const answers = await runFirstCalls(inject, [first.url], headers);
  const answer = answers[first.url];
  if (answer === undefined) return '';
  const preloads = first
    .pictures(answer)
    .filter((url): url is string => typeof url === 'string' && /^\/[^/\\]/.test(url))
    .map((url) => `<link rel="preload" as="image" href="${escapeAttr(url)}">`);
  return `<script id="first-answers" type="application/json">${jsonInScript(answers)}</script>${preloads.join('')}`;
}

const MISSING_BUILD = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>QRQR</title></head>
<body><main id="reader"><h1>QRQR</h1><p>The web app has not been built. Run <code>npm start</code>, which builds it first.</p></main></body></html>`;
