import './app/mantine-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { channelLayout, screens } from './app/screens';
import { initialLocale, setupI18n } from './lib/i18n';
import { loadScreen } from './lib/lazy-screen';
import { dropPaintedPage, releaseIfNoScreen } from './lib/painted-page';
import { keepMarksInTextOnly } from './lib/phrase-breaks';
import { seedFromPage } from './lib/query-state';
import { matchPath, RouterProvider } from './lib/router';
import { embeddedLocale } from './lib/session';
import { MOBILE_QUERY } from './lib/use-is-mobile';

const container = document.getElementById('app');
if (!container) throw new Error('#app element is missing from index.html');
keepMarksInTextOnly();

// The first paint waits for the active language's texts (one small chunk), never for both.
void setupI18n(initialLocale(embeddedLocale())).then(async () => {
  const queryClient = createQueryClient();
  // A member's screen painted by the server: the answers it was rendered with.
  seedFromPage(queryClient);
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A screen the server already rendered (prerender.tsx: a guest's, or a member's with its
  // answers): take it over as it is. Its own texts are in the page's preloaded files; with them
  // (and the answers) the first render matches the server's.
  // Rendered in the other layout than this screen's (the server guesses the phone by its user
  // agent), it is not shown (global.css) and is rendered anew (lib/painted-page.ts).
  const layout = container.dataset.layout;
  if (layout && (layout === 'phone') === window.matchMedia(MOBILE_QUERY).matches) {
    const screen = screens.find((s) => matchPath(s.path, window.location.pathname));
    // Its code and texts (its layout's too), so the first pass hydrates all of it as painted.
    const parts = screen?.area ? [channelLayout, screen] : screen ? [screen] : [];
    await Promise.all(parts.map((part) => loadScreen(part).catch(() => undefined)));
    hydrateRoot(container, app);
    // Released by the routed screen (router.tsx); a path ending on an error page is released here.
    releaseIfNoScreen(15_000);
  } else createRoot(layout ? dropPaintedPage(container) : container).render(app);
});
