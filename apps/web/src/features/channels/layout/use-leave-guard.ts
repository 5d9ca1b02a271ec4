import { useEffect } from 'react';
import { useBlocker } from '../../../lib/router';
import type { ChangeGuards } from './change-guards';
import { VIEW_MODE_PARAM } from './channel-query';

interface Address {
  pathname: string;
  search: string;
}

// The query without view_mode, in one order: the PC/phone toggle keeps the screen and its text.
function screenQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(VIEW_MODE_PARAM);
  params.sort();
  return params.toString();
}

/** Whether going from one address to the other replaces the screen (another path or query). */
export function leavesScreen(from: Address, to: Address): boolean {
  return from.pathname !== to.pathname || screenQuery(from.search) !== screenQuery(to.search);
}

export interface LeaveQuestion {
  /** A navigation (a link in the sidebar, header or footer, or back) waits for an answer. */
  asking: boolean;
  /** OK: discard the text and go where the operator was going. */
  leave: () => void;
  /** Cancel: stay on the screen, the text as it was. */
  stay: () => void;
}

/**
 * Guards unsaved text against leaving the screen: in-app navigation waits for the layout's
 * question, and closing or reloading the tab asks the browser's own.
 */
export function useLeaveGuard(guards: ChangeGuards): LeaveQuestion {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guards.hasUnsaved() && leavesScreen(currentLocation, nextLocation),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    // Only while something is unsaved: a standing listener would keep pages out of some
    // browsers' back-forward cache.
    const follow = (unsaved: boolean) => {
      if (unsaved) window.addEventListener('beforeunload', warn);
      else window.removeEventListener('beforeunload', warn);
    };
    follow(guards.hasUnsaved());
    const stop = guards.onUnsavedChange(follow);
    return () => {
      stop();
      window.removeEventListener('beforeunload', warn);
    };
  }, [guards]);

  return {
    asking: blocker.state === 'blocked',
    leave: () => {
      guards.discardUnsaved();
      blocker.proceed?.();
    },
    stay: () => blocker.reset?.(),
  };
}
