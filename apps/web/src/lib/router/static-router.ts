import type { Location, NavigateOptions, To } from './location';
import { resolveTo } from './location';
import type { RouteObject } from './routes';

/**
 * The router of a render on the server: one location, no history. A screen that would send the
 * visitor elsewhere (`<Navigate>`) is noted, so its HTML is not painted as theirs.
 */
export class StaticRouter {
  readonly isStatic = true;
  readonly state: { action: 'POP'; location: Location };
  navigatedTo: string | undefined;

  constructor(
    readonly routes: RouteObject[],
    address: string,
  ) {
    const { pathname, search, hash } = resolveTo(address, { pathname: '/', search: '' });
    this.state = { action: 'POP', location: { pathname, search, hash, state: null, key: 'default' } };
  }

  navigate(to: To | number, _options?: NavigateOptions): void {
    this.navigatedTo = typeof to === 'number' ? String(to) : JSON.stringify(to);
  }
}
