import type { Locale, PageParams } from '@qrqr/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { appRoutes } from './app/router';
import { i18n, setupAllTexts } from './lib/i18n';
import { sessionQueryKey } from './lib/session';
import { ServerLayoutContext } from './lib/use-is-mobile';

/**
 * The server's first paint of a guest's screen (app/screens.ts `prerender`): the same app as
 * main.tsx, rendered to HTML in Node with a guest's page parameters, for the server to write into
 * `#app` (apps/server/src/platform/page.ts). The browser paints it as soon as the styles arrive,
 * and main.tsx hydrates it once the scripts have run. Built by scripts/build-web.mjs into the
 * build's ssr/ folder, which is never served.
 */

const LANGUAGES: readonly Locale[] = ['ja', 'en'];
let texts: Promise<unknown> | undefined;
/**
 * One i18next instance per language sharing the texts, made once and ready: a fresh one per render
 * would still be initialising while it renders, and every screen would suspend for it.
 */
const translators = new Map<Locale, Promise<typeof i18n>>();

function translator(locale: Locale): Promise<typeof i18n> {
  let made = translators.get(locale);
  if (!made) {
    made = new Promise((resolve, reject) => {
      // Its callback may come before cloneInstance returns.
      const clone = i18n.cloneInstance({ lng: locale }, (error) =>
        queueMicrotask(() => (error ? reject(error) : resolve(clone))),
      );
    });
    translators.set(locale, made);
  }
  return made;
}

/** Renders until no part is still loading: the first render of a screen starts its lazy parts. */
const MAX_PASSES = 5;

/**
 * The HTML inside `#app` for `pathname` as a guest with `params` sees it in `locale`. A screen
 * whose lazy parts were not loaded yet comes out as a loading placeholder plus inline scripts that
 * swap the screen in (React's streaming format), which the page's CSP blocks and the browser's
 * first render would not match: so it is rendered again once they have loaded, until it has none.
 */
export async function render(
  pathname: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
): Promise<string> {
  texts ??= setupAllTexts(LANGUAGES);
  await texts;
  for (let pass = 1; ; pass++) {
    const html = await renderOnce(pathname, locale, params, layout);
    if (!html.includes('<script') && !html.includes('<template')) return html;
    if (pass === MAX_PASSES) throw new Error(`${pathname} still has parts loading after ${pass} renders`);
  }
}

async function renderOnce(
  pathname: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
): Promise<string> {
  const t = await translator(locale);
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // What main.tsx seeds from the page's embedded parameters.
  queryClient.setQueryData(sessionQueryKey, params);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={t}>
        <ServerLayoutContext.Provider value={layout}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </ServerLayoutContext.Provider>
      </I18nextProvider>
    </StrictMode>,
    // React moves a boundary larger than this (12.8 KB by default) out to the end of the page, with
    // an inline script to swap it in: the page's CSP forbids such scripts, so nothing is moved.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  queryClient.clear();
  return html;
}
