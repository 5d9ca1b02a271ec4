import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RootLayout } from './layouts/root-layout';
import { RequireSignin } from './require-signin';
import { RouteError } from './route-error';
import { type ScreenRoute, screens } from './routes';

function toRoute({ path, Component, signedIn }: ScreenRoute): RouteObject {
  const screen = (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
  return { path, element: signedIn ? <RequireSignin>{screen}</RequireSignin> : screen };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // Pathless so a failing screen keeps the header and footer around the error page.
          errorElement: <RouteError />,
          children: [...screens.map(toRoute), { path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ]);
}
