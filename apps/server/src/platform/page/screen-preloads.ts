import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@qrqr/shared/limits';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import { fillAddresses } from './first-answers';
import { escapeAttr } from './html-escape';

/**
 * The files each screen's first paint needs beyond those index.html names, from the build's
 * screen-preloads.json (apps/web/screen-modules.ts writes it from the screens table), read once at
 * start like the rest of the build. Named in the page as `<link rel="modulepreload">` and
 * stylesheets, the browser fetches a screen's code, styles and texts in one round at once instead
 * of discovering them one import after another (three to five rounds on a phone).
 */

type ScreenFiles = ScreenPreloadsFile['screens'][number] & { pattern: RegExp };

export class ScreenPreloads {
  private readonly screens: ScreenFiles[];
  private readonly texts: Record<string, string[]>;

  /** No file (no build, or one made before screen preloads): pages name nothing more. */
  constructor(webDist: string) {
    const file = path.join(webDist, SCREEN_PRELOADS_FILE);
    const data: ScreenPreloadsFile = fs.existsSync(file)
      ? JSON.parse(fs.readFileSync(file, 'utf8'))
      : { texts: {}, screens: [] };
    this.texts = data.texts;
    this.screens = data.screens.map((s) => ({ ...s, pattern: pathPattern(s.path) }));
  }

  /** The paths of the screens a guest's first visit gets rendered (first-paint.ts). */
  prerenderedPaths(): string[] {
    return this.screens.filter((s) => s.prerender && !s.path.includes(':')).map((s) => s.path);
  }

  /** Whether a guest's first visit to this path gets the screen's HTML (first-paint.ts). */
  prerendered(pathname: string): boolean {
    return !!this.screens.find((s) => s.pattern.test(pathname))?.prerender;
  }

  /** The paths of the screens a member's visit gets rendered, for warming the renderer up. */
  memberPaintedPaths(): string[] {
    return this.screens.filter((s) => s.memberPaint && !s.path.includes(':')).map((s) => s.path);
  }

  /** Whether a signed-in member's visit to this path gets the screen's HTML (member-paint.ts). */
  memberPainted(pathname: string): boolean {
    return !!this.screens.find((s) => s.pattern.test(pathname))?.memberPaint;
  }

  /**
   * The addresses of the calls a member's first visit to this path waits for (the web app's
   * app/screen-first-calls.ts), filled from the path's parameters and the page's query (first-answers.ts).
   */
  firstCalls(pathname: string, query: URLSearchParams): string[] {
    for (const screen of this.screens) {
      const match = screen.pattern.exec(pathname);
      if (!match) continue;
      // Asked only for a signed-in member (page.ts), whether or not guests may see the screen too.
      if (!screen.firstCalls?.length) return [];
      const values: Record<string, string | undefined> = {};
      for (const [name, value] of query) values[name] ??= value;
      Object.assign(values, match.groups);
      return fillAddresses(screen.firstCalls, values);
    }
    return [];
  }

  /**
   * The links for a screen's path in the page's language; nothing for an unknown path. A page that
   * arrives painted needs its styles before its scripts: its scripts then come at low priority, so
   * on a slow network they do not share the bandwidth with the styles the paint waits for.
   */
  links(pathname: string, locale: Locale, isGuest: boolean, painted = false): string {
    const screen = this.screens.find((s) => s.pattern.test(pathname));
    // A guest opening a member's screen is sent to sign-in: its files would be wasted.
    if (!screen || (screen.member && isGuest)) return '';
    const scripts = unique([...(this.texts[locale] ?? []), ...(screen.texts[locale] ?? []), ...screen.js]);
    return (
      screen.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`).join('') +
      scripts
        .map(
          (href) =>
            `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}"${painted ? ' fetchpriority="low"' : ''}>`,
        )
        .join('')
    );
  }
}

/** `/qrcode/analytics/:id` matches one segment for `:id`; a trailing slash is ignored either side. */
function pathPattern(screenPath: string): RegExp {
  const bare = screenPath.length > 1 ? screenPath.replace(/\/+$/, '') : screenPath;
  const source = bare
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? `(?<${part.slice(1).replace(/\W/g, '_')}>[^/]+)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/*$`);
}

const unique = (list: string[]) => [...new Set(list)];
