import fs from 'node:fs';
import path from 'node:path';
import type { Locale, PageParams } from '@qrqr/shared';
import { ScreenPreloads } from './screen-preloads';

/**
 * The web app's index.html with the page parameters and the CSRF meta tag written in, so the
 * first paint already knows who is signed in, and the requested screen's files named after the
 * entry's (screen-preloads.ts). The template is read once.
 */
export class PageRenderer {
  private readonly template: string;
  private readonly preloads: ScreenPreloads;

  constructor(webDist: string) {
    const file = path.join(webDist, 'index.html');
    this.template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : MISSING_BUILD;
    this.preloads = new ScreenPreloads(webDist);
  }

  render(params: PageParams, locale: Locale, pathname: string): string {
    // JSON inside <script>: escape "<" so no value can close the tag.
    const json = JSON.stringify(params).replace(/</g, '\\u003c');
    const head =
      `<meta name="csrf-token" content="${escapeAttr(params.csrfToken)}">` +
      `<script id="page-params" type="application/json">${json}</script>`;
    return this.template
      .replace('<!--app-head-->', head)
      .replace('</head>', `${this.preloads.links(pathname, locale, params.isGuest)}</head>`)
      .replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`);
  }
}

function escapeAttr(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const MISSING_BUILD = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>QRQR</title><!--app-head--></head>
<body><main id="app"><h1>QRQR</h1><p>The web app has not been built. Run <code>npm start</code>, which builds it first.</p></main></body></html>`;
