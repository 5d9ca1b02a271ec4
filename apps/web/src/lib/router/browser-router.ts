import {
  type Action,
  hrefOf,
  type Location,
  type NavigateOptions,
  newKey,
  resolveTo,
  type To,
} from './location';
import type { RouteObject } from './routes';
import { type ScrollPositions, scrollPositions } from './scroll-positions';

export interface RouterState {
  action: Action;
  location: Location;
}

/** Asked before each navigation while a screen guards unsaved text (useBlocker). */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: Action;
}) => boolean;

export type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined; location: undefined }
  | { state: 'blocked' | 'proceeding'; proceed: () => void; reset: () => void; location: Location };

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

interface EntryState {
  usr: unknown;
  key: string;
  /** The entry's place in this tab's history, to know how far back or forward a pop went. */
  idx: number;
}

type Listener = (state: RouterState, options: { flushSync: boolean }) => void;

/**
 * The app's router in the browser: the location, kept in step with the history API; navigation,
 * which a guard of unsaved text may hold (back and forward too: the pop is undone and redone on
 * "leave"); the routes the screen tree renders. React subscribes in RouterProvider.
 */
export class BrowserRouter {
  readonly isStatic = false;
  state: RouterState;
  blocker: Blocker = UNBLOCKED;
  readonly scroll: ScrollPositions = scrollPositions(() => this.state.location.key);
  private idx: number;
  private blockerFunction: BlockerFunction | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly blockerListeners = new Set<() => void>();
  /** Settles the pop that undoes a held back or forward, which nobody should see. */
  private undone: (() => void) | undefined;
  /** The pop that redoes it after "leave", which the guard already answered. */
  private passing = false;

  constructor(readonly routes: RouteObject[]) {
    const entry = window.history.state as Partial<EntryState> | null;
    this.idx = entry?.idx ?? 0;
    const location = readLocation(entry);
    if (entry?.idx === undefined)
      window.history.replaceState({ usr: location.state, key: location.key, idx: 0 }, '');
    this.state = { action: 'POP', location };
    window.addEventListener('popstate', this.onPop);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribeBlocker = (listener: () => void): (() => void) => {
    this.blockerListeners.add(listener);
    return () => this.blockerListeners.delete(listener);
  };

  navigate(to: To | number, options: NavigateOptions = {}): void {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const next: Location = {
      ...resolveTo(to, this.state.location),
      state: options.state ?? null,
      key: newKey(),
    };
    const action: Action = options.replace ? 'REPLACE' : 'PUSH';
    if (this.holds(next, action)) {
      this.block(next, () => this.commit(next, action, options.flushSync ?? false));
      return;
    }
    this.commit(next, action, options.flushSync ?? false);
  }

  /** One guard at a time: the screen's leave guard. */
  setBlocker(fn: BlockerFunction | undefined): void {
    this.blockerFunction = fn;
    if (!fn) this.setBlockerState(UNBLOCKED);
  }

  private holds(next: Location, historyAction: Action): boolean {
    return (
      this.blockerFunction?.({ currentLocation: this.state.location, nextLocation: next, historyAction }) ??
      false
    );
  }

  private block(location: Location, go: () => void): void {
    this.setBlockerState({
      state: 'blocked',
      location,
      proceed: () => {
        this.setBlockerState({ state: 'proceeding', location, proceed: () => {}, reset: () => {} });
        go();
      },
      reset: () => this.setBlockerState(UNBLOCKED),
    });
  }

  private setBlockerState(blocker: Blocker): void {
    this.blocker = blocker;
    for (const listener of this.blockerListeners) listener();
  }

  private commit(location: Location, action: Action, flushSync: boolean, idx?: number): void {
    this.scroll.save(this.state.location.key);
    if (action === 'POP') this.idx = idx ?? this.idx;
    else {
      if (action === 'PUSH') this.idx++;
      const entry: EntryState = { usr: location.state, key: location.key, idx: this.idx };
      if (action === 'PUSH') window.history.pushState(entry, '', hrefOf(location));
      else window.history.replaceState(entry, '', hrefOf(location));
    }
    this.state = { action, location };
    if (this.blocker.state !== 'unblocked') this.setBlockerState(UNBLOCKED);
    for (const listener of this.listeners) listener(this.state, { flushSync });
  }

  private readonly onPop = (): void => {
    if (this.undone) {
      this.undone();
      this.undone = undefined;
      return;
    }
    const entry = window.history.state as Partial<EntryState> | null;
    const location = readLocation(entry);
    const idx = entry?.idx ?? this.idx;
    const delta = this.idx - idx;
    if (!this.passing && delta !== 0 && this.holds(location, 'POP')) {
      // The address bar has moved already: put it back while the question is asked. "Leave" goes
      // only once that is done: a second traversal started before the first ends may cancel both.
      const undone = new Promise<void>((resolve) => {
        this.undone = resolve;
      });
      window.history.go(delta);
      this.block(location, () => {
        void undone.then(() => {
          this.passing = true;
          window.history.go(-delta);
        });
      });
      return;
    }
    this.passing = false;
    this.commit(location, 'POP', false, idx);
  };
}

function readLocation(entry: Partial<EntryState> | null): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}
