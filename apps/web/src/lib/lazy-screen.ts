import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithTimeout } from './lazy-with-timeout';

/**
 * One screen, loaded on first visit: `lazyScreen(() => import('…/tag-list-page'), 'TagListPage')`.
 * Feature modules use named exports, so the name picks the component and the route table stays a
 * list of one-line entries however many screens there are.
 */
export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazyWithTimeout(() => load().then((module) => ({ default: module[name] })));
}
