import loaders from 'virtual:screen-modules';
import { type ComponentType, createElement, type LazyExoticComponent, useEffect } from 'react';
import type { ScreenModule } from '../app/screens';
import { screenTakenOver } from './held-submit';
import { ensureScreenTexts, i18n } from './i18n';
import { lazyWithTimeout } from './lazy-with-timeout';

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * One screen of app/screens.ts, loaded on first visit: its module (through the import the build
 * makes for it, screen-modules.ts) together with the texts its first paint waits for, so neither
 * waits for the other. One component per module, so screens sharing a module never load it twice.
 */
export function lazyScreen(
  { module, component, texts = [] }: ScreenModule,
  kind: 'screen' | 'layout' = 'screen',
): LazyExoticComponent<ComponentType> {
  const key = `${module}#${component}#${kind}`;
  let lazy = loaded.get(key);
  if (!lazy) {
    const load = loaders[module];
    if (!load) throw new Error(`${module} is not in app/screens.ts`);
    lazy = lazyWithTimeout(async () => {
      const [exports] = await Promise.all([
        load(),
        ...texts.map((ns) => ensureScreenTexts(ns, i18n.language)),
      ]);
      const Component = exports[component];
      if (!Component) throw new Error(`${module} has no export ${component}`);
      if (kind === 'layout') return { default: Component };
      // Mounted, the screen is the app's: a click held while the server's paint showed is made again.
      const Screen = () => {
        useEffect(screenTakenOver, []);
        return createElement(Component);
      };
      return { default: Screen };
    });
    loaded.set(key, lazy);
  }
  return lazy;
}
