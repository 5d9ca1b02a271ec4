import loaders from 'virtual:screen-modules';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenModule } from '../app/screens';
import { ensureScreenTexts, i18n } from './i18n';
import { lazyWithTimeout } from './lazy-with-timeout';

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * One screen of app/screens.ts, loaded on first visit: its module (through the import the build
 * makes for it, screen-modules.ts) together with the texts its first paint waits for, so neither
 * waits for the other. One component per module, so screens sharing a module never load it twice.
 */
export function lazyScreen({
  module,
  component,
  texts = [],
}: ScreenModule): LazyExoticComponent<ComponentType> {
  const key = `${module}#${component}`;
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
      return { default: Component };
    });
    loaded.set(key, lazy);
  }
  return lazy;
}
