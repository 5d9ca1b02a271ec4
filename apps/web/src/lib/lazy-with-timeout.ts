import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { pageLeaving } from './page-leaving';

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`Screen did not load within ${ms} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * React.lazy with a deadline: a screen chunk fails after 120 s. A chunk that fails or is too
 * slow rejects, and the nearest error boundary shows the system-error page; but a chunk the
 * browser cancelled because the page is being left (Firefox does, on a link followed while a
 * screen loads) is no failure, and stays loading while the page goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature.
export function lazyWithTimeout<T extends ComponentType<any>>(
  loader: () => Promise<{ default: T }>,
  ms = 120_000,
): LazyExoticComponent<T> {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
        loader().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            if (!pageLeaving()) reject(error);
          },
        );
      }),
  );
}
