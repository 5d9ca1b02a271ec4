import screenLoaders from 'virtual:screen-modules';
import type { Locale, PageParams } from '@qrqr/shared';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { appRoutes } from './app/router';
import { answerFromPage, type PaintedQuery, renderingOnServer } from './lib/first-answers';
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
const MAX_PASSES = 6;

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
  const queryClient = createQueryClient();
  try {
    return await renderSettled(pathname, locale, params, layout, queryClient);
  } finally {
    queryClient.clear();
  }
}

/**
 * A signed-in member's screen at `url` (path and query) with the answers of its first calls, which
 * the server wrote into the page too: rendered until its queries that have an answer show it, and
 * the state of those queries for the app to start from (main.tsx), so its first render matches.
 * One at a time: the answers are the module's while it renders.
 */
export function renderMember(
  url: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
  answers: Record<string, unknown>,
): Promise<{ html: string; state: PaintedQuery[] }> {
  const turn = memberTurn.then(async () => {
    const queryClient = createQueryClient();
    answerFromPage(answers);
    // A screen that sends the member elsewhere at once renders a <Navigate>, which a static router
    // only warns about: its HTML is not sent, the app goes there.
    const warn = console.warn;
    let navigates = false;
    console.warn = (...args: unknown[]) => {
      if (String(args[0]).includes('<Navigate>')) navigates = true;
      else warn(...args);
    };
    try {
      const rendered = await renderSettled(url, locale, params, layout, queryClient);
      const html = navigates ? '' : rendered;
      const state: PaintedQuery[] = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'success' && q.queryKey[0] !== sessionQueryKey[0])
        .map((q) => [q.queryKey, q.state.data, q.state.dataUpdatedAt]);
      return { html, state };
    } finally {
      console.warn = warn;
      answerFromPage(undefined);
      queryClient.clear();
    }
  });
  memberTurn = turn.catch(() => {});
  return turn;
}
let memberTurn: Promise<unknown> = Promise.resolve();

/**
 * Loads the texts and every screen's module before the first member's page asks: a first render
 * would otherwise load them while that page waits (past its deadline, member-paint.ts).
 */
export async function warm(): Promise<void> {
  texts ??= setupAllTexts(LANGUAGES);
  await texts;
  await Promise.all(Object.values(screenLoaders).map((load) => load().catch(() => {})));
}

async function renderSettled(
  url: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
  queryClient: QueryClient,
): Promise<string> {
  texts ??= setupAllTexts(LANGUAGES);
  await texts;
  for (let pass = 1; ; pass++) {
    const html = await renderOnce(url, locale, params, layout, queryClient);
    const loading = html.includes('<script') || html.includes('<template');
    const answered = await fetchAnswered(queryClient);
    if (!loading && !answered) return html;
    if (pass === MAX_PASSES) throw new Error(`${url} still has parts loading after ${pass} renders`);
  }
}

/**
 * Starts the queries the render asked for and has not fetched (a render on the server fetches
 * nothing); those with an answer in the page settle at once, the rest stay loading. True when one
 * got its data: the screen is rendered again with it.
 */
async function fetchAnswered(queryClient: QueryClient): Promise<boolean> {
  if (!renderingOnServer()) return false;
  const waiting = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle')
    .filter((q) => (q.options as { enabled?: unknown }).enabled !== false);
  if (!waiting.length) return false;
  for (const q of waiting) void q.fetch().catch(() => {});
  await new Promise((resolve) => setImmediate(resolve));
  return waiting.some((q) => q.state.status === 'success');
}

async function renderOnce(
  url: string,
  locale: Locale,
  params: PageParams,
  layout: { mobile: boolean },
  queryClient: QueryClient,
): Promise<string> {
  const t = await translator(locale);
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
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
  return html;
}
