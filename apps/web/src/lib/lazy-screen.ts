import loaders from 'virtual:screen-modules';
import { type ComponentType, createElement, type LazyExoticComponent, useState } from 'react';
import type { ScreenModule } from '../app/screens';
import { ensureScreenTexts, i18n } from './i18n';
import { lazyWithTimeout } from './lazy-with-timeout';

interface LoadedScreen {
  /** Loads the module and the texts once; later calls share the first. */
  load: () => Promise<ComponentType>;
  /** Set once loaded: rendered directly from then on. */
  Component?: ComponentType;
  Lazy: LazyExoticComponent<ComponentType>;
  Screen: ComponentType;
}

const screens = new Map<string, LoadedScreen>();

function entry({ module, component, texts = [] }: ScreenModule): LoadedScreen {
  const key = `${module}#${component}`;
  const known = screens.get(key);
  if (known) return known;
  const load = loaders[module];
  if (!load) throw new Error(`${module} is not in app/screens.ts`);
  let loading: Promise<ComponentType> | undefined;
  const made: LoadedScreen = {
    load: () => {
      loading ??= Promise.all([load(), ...texts.map((ns) => ensureScreenTexts(ns, i18n.language))]).then(
        ([exports]) => {
          const Component = exports[component];
          if (!Component) throw new Error(`${module} has no export ${component}`);
          made.Component = Component;
          return Component;
        },
      );
      return loading;
    },
    Lazy: lazyWithTimeout(async () => ({ default: await made.load() })),
    // Chosen once per mount, so a screen shown through Lazy is never remounted as Component.
    // biome-ignore lint/correctness/noComponentHookFactories: made once per screen (memoized above).
    Screen: () => {
      const [Shown] = useState<ComponentType>(() => made.Component ?? made.Lazy);
      return createElement(Shown);
    },
  };
  screens.set(key, made);
  return made;
}

/**
 * One screen of app/screens.ts, loaded on first visit: its module (through the import the build
 * makes for it, screen-modules.ts) together with the texts its first paint waits for, so neither
 * waits for the other. One component per module, so screens sharing a module never load it twice.
 * Once loaded it renders without suspending, which is what a painted page needs: a screen that
 * suspends while React hydrates stays server HTML in its Suspense boundary, and the first update
 * that reaches it there (a query settling, a context value) makes React drop that HTML and render
 * the boundary anew, showing its loader where the screen was.
 */
export function lazyScreen(screen: ScreenModule): ComponentType {
  return entry(screen).Screen;
}

/** Loads a screen before the app hydrates the page the server painted of it (main.tsx). */
export function loadScreen(screen: ScreenModule): Promise<ComponentType> {
  return entry(screen).load();
}
