import type { Locale } from '@qrqr/shared/limits';
import type { PageParams } from '@qrqr/shared/page-params';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders, createQueryClient } from './app/providers';
import { appRoutes } from './app/router';
import { answerWhileRendering } from './lib/first-answers';
import { i18n, setupAllTexts } from './lib/i18n';
import { marksInTextOnly } from './lib/phrase-breaks';
import type { QueryStateEntry } from './lib/query-state';
import { StaticRouter, StaticRouterProvider } from './lib/router';
import { sessionQueryKey } from './lib/session';
import type { Translator } from './lib/translator';
import { ServerLayoutContext } from './lib/use-is-mobile';
import { TranslatorProvider } from './lib/use-translation';

/**
 * The server's first paint of a guest's screen (app/screens.ts `prerender`): the same app as
 * main.tsx, rendered to HTML in Node with a guest's page parameters, for the server to write into
 * `#app` (apps/server/src/platform/page/page.ts). The browser paints it as soon as the styles arrive,
 * and main.tsx hydrates it once the scripts have run. Built by scripts/build-web.mjs into the
 * build's ssr/ folder, which is never served.
 */

const LANGUAGES: readonly Locale[] = ['ja', 'en'];
let texts: Promise<unknown> | undefined;
/** One translator per language sharing the texts, each render showing its own language. */
const translators = new Map<Locale, Translator>();

function translator(locale: Locale): Translator {
  let made = translators.get(locale);
  if (!made) {
    made = i18n.forLanguage(locale);
    translators.set(locale, made);
  }
  return made;
}

/** Renders until no part is still loading: the first render of a screen starts its lazy parts. */
const MAX_PASSES = 5;
/** A render still waiting after this long is cut short (its waiting parts come out loading). */
const RENDER_TIMEOUT_MS = 2_000;

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
    const queryClient = createQueryClient();
    const { html } = await renderOnce(pathname, locale, params, layout, queryClient);
    queryClient.clear();
    if (!html.includes('<script') && !html.includes('<template')) return html;
    if (pass === MAX_PASSES) throw new Error(`${pathname} still has parts loading after ${pass} renders`);
  }
}

/**
 * A signed-in member's screen (app/screens.ts `memberPaint`) at `address`, its path and the
 * page's query as the browser has them (the channel, the item edited), rendered with the answers of its
 * first calls (`answers`, by address, as the server ran them for the page): the HTML inside `#app`
 * and the queries' answers as the render used them, for the browser to start from the same state
 * (main.tsx) so its first render matches. Each pass shows what the previous one asked and had an
 * answer for (the channel layout's channels, then the screen's list): it ends when a pass asks
 * nothing new. Undefined when the screen sends the member elsewhere (a `<Navigate>`: sign-in, no
 * channel yet), which the browser then does itself.
 */
export async function renderMember(
  address: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
  answers: Record<string, unknown>,
): Promise<{ html: string; state: QueryStateEntry[] } | undefined> {
  texts ??= setupAllTexts(LANGUAGES);
  await texts;
  const queryClient = createQueryClient();
  answerWhileRendering(answers);
  try {
    let answered = -1;
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const { html, navigated } = await renderOnce(address, locale, params, layout, queryClient);
      if (navigated) return undefined;
      // Start what this pass asked for; an answered call settles at once, the others never do.
      const cache = queryClient.getQueryCache();
      for (const query of cache.getAll())
        if (query.state.status === 'pending' && query.state.fetchStatus === 'idle')
          void query.fetch().catch(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      const now = cache.getAll().filter((q) => q.state.status === 'success').length;
      const settled = !html.includes('<script') && !html.includes('<template');
      if (settled && now === answered) return { html, state: stateOf(queryClient) };
      answered = now;
    }
    return undefined;
  } finally {
    answerWhileRendering(undefined);
    queryClient.clear();
  }
}

/** The answered queries but the session, which the page's parameters carry already. */
function stateOf(queryClient: QueryClient): QueryStateEntry[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && q.queryKey[0] !== sessionQueryKey[0])
    .map((q) => [q.queryKey, q.state.data, q.state.dataUpdatedAt]);
}

/** `address`: a path, with a query for a member's screen. */
async function renderOnce(
  address: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
  queryClient: QueryClient,
): Promise<{ html: string; navigated: boolean }> {
  const t = translator(locale);
  // A screen that would send the visitor elsewhere (a <Navigate>) is noted by the router: its HTML
  // is not theirs to paint.
  const router = new StaticRouter(appRoutes(), address);
  // What main.tsx seeds from the page's embedded parameters.
  queryClient.setQueryData(sessionQueryKey, params);
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const rendering = prerenderToNodeStream(
    <StrictMode>
      <TranslatorProvider translator={t}>
        <ServerLayoutContext.Provider value={layout}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} />
          </AppProviders>
        </ServerLayoutContext.Provider>
      </TranslatorProvider>
    </StrictMode>,
    // React moves a boundary larger than this (12.8 KB by default) out to the end of the page, with
    // an inline script to swap it in: the page's CSP forbids such scripts, so nothing is moved.
    {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal,
      // A render cut short says so by its HTML (a part still loading), not in the server's log.
      onError: (error) => {
        if (!signal.aborted) console.error(error);
      },
    },
  );
  const { prelude } = await rendering;
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  return { html: marksInTextOnly(html), navigated: router.navigatedTo !== undefined };
}
