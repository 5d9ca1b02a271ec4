import { paths } from '@qrqr/shared/paths';
import type { ComponentType } from 'react';
import { SystemErrorPage } from '../features/errors/system-error-page';
import { lazyScreen } from '../lib/lazy-screen';
import { type Screen, screens } from './screens';

export interface ScreenRoute extends Omit<Screen, 'module' | 'component'> {
  Component: ComponentType;
}

/** What the channel layout reads from the matched route. */
export interface ChannelRouteHandle {
  logoType: 1 | 2;
  needsChannel: boolean;
}

/**
 * Every screen of the app: those of app/screens.ts, each loaded on first visit, and the system
 * error page, which is in the first file so it shows even when loading a screen fails.
 */
export const screenRoutes: ScreenRoute[] = [
  ...screens.map(({ module, component, ...route }) => ({
    ...route,
    Component: lazyScreen({ module, component, texts: route.texts }),
  })),
  { path: paths.systemError, Component: SystemErrorPage },
];
