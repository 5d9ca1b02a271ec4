import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HELD_SUBMIT_SCRIPT } from '@qrqr/shared/held-submits';
import { LOCALES, type Locale } from '@qrqr/shared/limits';
import type { PageParams } from '@qrqr/shared/page-params';
import { PAINTED_MARKS_SCRIPT } from '@qrqr/shared/painted-marks';
import { MEMBER_PAINT } from '@qrqr/shared/screen-preloads';
import type { FastifyBaseLogger } from 'fastify';
import { type Inject, jsonInScript, runFirstCalls } from './first-answers';
import { FirstPaint } from './first-paint';
import { escapeAttr } from './html-escape';
import { MemberPaint, type Painted } from './member-paint';
import { ScreenPreloads } from './screen-preloads';

/**
 * The web app's index.html with the page parameters and the CSRF meta tag written in, so the
 * first paint already knows who is signed in, the requested screen's files named after the
 * entry's (screen-preloads.ts), and the screen's HTML itself for a guest on the screens strangers
 * land on (first-paint.ts) and for a member on the lists they read first (member-paint.ts). The
 * template is read once.
 */
export class PageRenderer {
  private readonly template: string;
  private readonly preloads: ScreenPreloads;
  private readonly firstPaint: FirstPaint;
  private readonly memberPaint: MemberPaint;

  constructor(webDist: string, log?: FastifyBaseLogger, memberPaintDeadlineMs?: number) {
    const file = path.join(webDist, 'index.html');
    this.template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : MISSING_BUILD;
    this.preloads = new ScreenPreloads(webDist);
    this.firstPaint = new FirstPaint(webDist, log);
    this.firstPaint.warm(this.preloads.prerenderedPaths(), LOCALES, WARM_UP_GUEST);
    this.memberPaint = new MemberPaint(webDist, log, memberPaintDeadlineMs);
    const memberPaths = this.preloads.memberPaintedPaths();
    if (memberPaths.length) this.memberPaint.warm(memberPaths, { ...WARM_UP_GUEST, isGuest: false });
  }

  /** Ends the members' render thread. */
  close(): Promise<void> {
    return this.memberPaint.close();
  }

  /**
   * `request.plain`: the address has no query string. A query can change what a screen shows (`?url=`,
   * `?code=`), and rendering every query would let anyone make the server render without end.
   */
  async render(
    params: PageParams,
    locale: Locale,
    pathname: string,
    request: {
      plain: boolean;
      layout: { mobile: boolean };
      /** A signed-in member's first calls (first-answers.ts): the page's query, a way to run them, the request's headers. */
      member?: {
        query: URLSearchParams;
        inject: Inject;
        headers: Record<string, string | string[] | undefined>;
      };
    } = { plain: false, layout: { mobile: false } },
  ): Promise<string> {
    const member = request.member;
    const [body, answers] = await Promise.all([
      request.plain && params.isGuest && this.preloads.prerendered(pathname)
        ? this.firstPaint.html(pathname, locale, params, request.layout)
        : '',
      member && !params.isGuest
        ? runFirstCalls(member.inject, this.preloads.firstCalls(pathname, member.query), member.headers)
        : {},
    ]);
    // A member's list, rendered with the answers just fetched (none: the app shows the failure).
    const painted: Painted | undefined =
      member && !params.isGuest && Object.keys(answers).length && this.preloads.memberPainted(pathname)
        ? await this.memberPaint.html(
            addressOf(pathname, member.query),
            locale,
            params,
            request.layout,
            answers,
          )
        : undefined;
    const html = body || painted?.html || '';
    // The layout it was rendered in: the app takes it over only if the screen has that layout.
    const layout = request.layout.mobile ? 'phone' : 'wide';
    // JSON inside <script>: escape "<" so no value can close the tag.
    const json = JSON.stringify(params).replace(/</g, '\\u003c');
    const head =
      `<meta name="csrf-token" content="${escapeAttr(params.csrfToken)}">` +
      `<script id="page-params" type="application/json">${json}</script>` +
      (Object.keys(answers).length
        ? `<script id="first-answers" type="application/json">${jsonInScript(answers)}</script>`
        : '') +
      (painted
        ? `<script id="${MEMBER_PAINT.stateId}" type="application/json">${jsonInScript(painted.state)}</script>`
        : '') +
      // A screen painted before the scripts run holds its forms' early submissions (held-submits.ts).
      (body ? `<script>${HELD_SUBMIT_SCRIPT}</script>` : '');
    return (
      this.template
        .replace('<!--app-head-->', () => head)
        .replace('</head>', () => `${this.preloads.links(pathname, locale, params.isGuest, !!html)}</head>`)
        .replace('<div id="app"></div>', (empty) =>
          // A member's screen stays inert until the app has taken it over (apps/web/src/lib/painted-page.ts).
          // The script right after it drops the phrase marks where the engine needs none (painted-marks.ts).
          html
            ? `<div id="app" data-layout="${layout}"${painted ? ' inert aria-disabled="true"' : ''}>${html}</div>` +
              `<script>${PAINTED_MARKS_SCRIPT}</script>`
            : empty,
        )
        // Mantine's light styles hang on this attribute; its provider sets it too, but only once
        // the scripts have run, after the server's HTML has painted.
        .replace(/<html lang="[a-z]+"/, `<html lang="${locale}" data-mantine-color-scheme="light"`)
    );
  }
}

/** The CSP's permission for the inline scripts a page may carry, by their hashes. */
export const INLINE_SCRIPT_SOURCES = [HELD_SUBMIT_SCRIPT, PAINTED_MARKS_SCRIPT].map(
  (script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`,
);

/**
 * A page compressed as the browser accepts (brotli, else gzip): with a screen's HTML in it a page
 * is ~50 KB, ~9 KB compressed, which a slow phone's network feels. Fast settings: each page is
 * compressed as it is sent, its CSRF token being its own.
 */
export function encodePage(
  html: string,
  acceptEncoding: string,
): { body: Buffer | string; encoding?: 'br' | 'gzip' } {
  if (html.length < 1024) return { body: html };
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?(,|$))`).test(acceptEncoding);
  if (accepts('br'))
    return {
      body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (accepts('gzip')) return { body: zlib.gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}

/** A guest for warming the renderer up; real pages carry the server's settings. */
const WARM_UP_GUEST: PageParams = {
  userName: '',
  isGuest: true,
  isUserRegisteredChannelService: false,
  isAccountMenuVisible: false,
  QR_CHANNEL_REGISTER_URL: '',
  'DATAPORTAL.URL': '',
  'ANALYTICS_ABOUT.URL': '',
  REGISTER_URL: '',
  csrfToken: '',
  locale: 'ja',
  footerLinks: {},
  devMailbox: false,
};

const MISSING_BUILD = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>QRQR</title><!--app-head--></head>
<body><main id="app"><h1>QRQR</h1><p>The web app has not been built. Run <code>npm start</code>, which builds it first.</p></main></body></html>`;

/**
 * The address a member's screen is painted for: its path with the page's own query, which says
 * what the screen shows (the channel, the list edited, the page of a list). Painted for the path
 * alone, an editor opened on a list came out as a new one, and the browser's render replaced it.
 */
function addressOf(pathname: string, query: URLSearchParams): string {
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
