import { type ReactNode, Suspense, useEffect } from 'react';
import { PageLoader } from '../components/feedback/page-loader';
import { NotFoundPage } from '../features/errors/not-found-page';
import { lazyScreen } from '../lib/lazy-screen';
import { releasePaintedPage } from '../lib/painted-page';
import { createBrowserRouter, type RouteObject } from '../lib/router';
import { useScreenTexts } from '../lib/use-screen-texts';
import { RootLayout } from './layouts/root-layout';
import { RequireSignin } from './require-signin';
import { RouteError } from './route-error';
import { type ChannelRouteHandle, type ScreenRoute, screenRoutes } from './routes';
import { channelLayout } from './screens';

// The channel area's layout loads with its first screen, not with the top page.
const ChannelRoot = lazyScreen(channelLayout);

/** A screen's own texts arrive with its code; after a language switch it waits for them again. */
function WithTexts({ ns, children }: { ns: readonly string[]; children: ReactNode }) {
  return useScreenTexts(ns) ? children : <PageLoader />;
}

/**
 * Beside the routed screen in its boundary: its effect runs once the screen is the app's (hydrated
 * or rendered), which releases a page the server painted (lib/painted-page.ts).
 */
function TakenOver() {
  useEffect(releasePaintedPage, []);
  return null;
}

function toRoute({ path, Component, signedIn, texts }: ScreenRoute): RouteObject {
  const screen = (
    <Suspense fallback={<PageLoader />}>
      <TakenOver />
      {texts ? (
        <WithTexts ns={texts}>
          <Component />
        </WithTexts>
      ) : (
        <Component />
      )}
    </Suspense>
  );
  return { path, element: signedIn ? <RequireSignin>{screen}</RequireSignin> : screen };
}

function toChannelRoute(route: ScreenRoute): RouteObject {
  const handle: ChannelRouteHandle = {
    logoType: route.area === 'wifi' ? 2 : 1,
    needsChannel: !route.withoutChannel,
  };
  // The layout checks sign-in and registration once for the whole area.
  return { ...toRoute({ ...route, signedIn: false }), handle };
}

/** The app's routes: the browser's router (createAppRouter) and the server's first paint (prerender.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // Pathless so a failing screen keeps the header and footer around the error page.
          errorElement: <RouteError />,
          children: [
            ...screenRoutes.filter((s) => !s.area).map(toRoute),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
    {
      element: (
        <Suspense fallback={<PageLoader />}>
          <ChannelRoot />
        </Suspense>
      ),
      errorElement: <RouteError />,
      // Pathless too: a failing channel screen keeps the channel header and sidebar.
      children: [
        { errorElement: <RouteError />, children: screenRoutes.filter((s) => s.area).map(toChannelRoute) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
