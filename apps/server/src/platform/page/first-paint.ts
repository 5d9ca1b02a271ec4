import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@qrqr/shared/limits';
import type { PageParams } from '@qrqr/shared/page-params';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The HTML of a guest's first visit to the screens strangers land on (app/screens.ts `prerender`:
 * the top page, sign-in), rendered by the web app itself: the build's ssr/prerender.js
 * (apps/web/src/prerender.tsx). Written into `#app`, it paints as soon as the styles arrive, before
 * the scripts have crossed a slow phone's network and run (the top page's largest paint waited
 * 2.5 s for them); the app then hydrates it.
 *
 * A guest's page differs only by path, language and the server's settings in the page parameters,
 * so each is rendered once and remembered; the CSRF token is left out (no screen renders it).
 */

type Render = (
  pathname: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
) => Promise<string>;

/**
 * The layout a page is rendered in (phone below 768 px), guessed from the request: the browser
 * says it is a phone (a client hint, or "Mobi"/"iPhone" in its user agent, as phones' do; tablets'
 * do not). A wrong guess still works: the browser then renders the screen itself.
 */
export function guessLayout(headers: Record<string, string | string[] | undefined>): { mobile: boolean } {
  const hint = String(headers['sec-ch-ua-mobile'] ?? '');
  return { mobile: hint === '?1' || /Mobi|iPhone|iPod/i.test(String(headers['user-agent'] ?? '')) };
}

/** Inside a build (scripts/build-web.mjs SSR_DIR); the static files never serve this folder. */
export const FIRST_PAINT_DIR = 'ssr';
/**
 * The build's renderer (prerender.tsx), resolved now like index.html, so a later build swapping
 * `current` changes nothing for this process; undefined without one.
 */
export function rendererFile(webDist: string): string | undefined {
  const file = path.join(webDist, FIRST_PAINT_DIR, 'prerender.js');
  return fs.existsSync(file) ? fs.realpathSync(file) : undefined;
}

/** Paths × languages × settings: a handful in practice; the bound only guards against surprises. */
const MAX_REMEMBERED = 64;

export class FirstPaint {
  private renderer: Promise<Render | undefined> | undefined;
  private readonly remembered = new Map<string, Promise<string>>();
  /** Resolved now, like index.html: a later build swapping `current` changes nothing here. */
  private readonly file: string | undefined;

  constructor(
    webDist: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.file = rendererFile(webDist);
  }

  /**
   * Loads the renderer and renders each of `paths` once in each language, discarding the result,
   * while the server starts: a screen's first render also loads its parts and takes several passes
   * (prerender.tsx), which the first visitor would otherwise wait for (0.5 s and more on a busy
   * machine).
   */
  warm(paths: string[], locales: readonly Locale[], params: PageParams): void {
    void this.load().then(async (render) => {
      if (!render) return;
      for (const pathname of paths)
        for (const locale of locales)
          await render(pathname, locale, { ...params, locale }, { mobile: true }).catch(() => {});
    });
  }

  /** The screen's HTML, or '' (no build, or rendering failed: the app renders it in the browser). */
  html(pathname: string, locale: Locale, params: PageParams, layout: { mobile: boolean }): Promise<string> {
    const guest = { ...params, csrfToken: '' };
    const key = `${locale}\n${pathname}\n${layout.mobile}\n${JSON.stringify(guest)}`;
    const known = this.remembered.get(key);
    if (known) return known;
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    const html = this.load().then(async (render) => {
      if (!render) return '';
      try {
        return await render(pathname, locale, guest, { mobile: layout.mobile });
      } catch (err) {
        this.log?.error({ err, pathname }, 'first paint: rendering failed');
        this.remembered.delete(key);
        return '';
      }
    });
    this.remembered.set(key, html);
    return html;
  }

  private load(): Promise<Render | undefined> {
    const file = this.file;
    this.renderer ??= (async () => {
      if (!file) return undefined;
      try {
        const module = (await import(pathToFileURL(file).href)) as { render: Render };
        return module.render;
      } catch (err) {
        this.log?.error({ err }, 'first paint: the build cannot be loaded');
        return undefined;
      }
    })();
    return this.renderer;
  }
}
