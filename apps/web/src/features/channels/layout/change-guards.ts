import { createContext, useContext, useId, useLayoutEffect } from 'react';
import { type NavigateOptions, type To, useNavigate } from '../../../lib/router';

/**
 * What a screen tells the layout before the operator leaves it: "I have unsaved text" (a
 * channel switch, a link, back, or closing the tab asks before discarding it) and "confirm before
 * change" (a channel switch asks first). Screens register while mounted; the switcher, the
 * navigation blocker and the tab-close warning (use-leave-guard.ts) all read this one registry.
 */
export class ChangeGuards {
  private readonly unsaved = new Set<string>();
  private readonly confirm = new Set<string>();
  private readonly listeners = new Set<(unsaved: boolean) => void>();

  setUnsaved(id: string, dirty: boolean): void {
    const before = this.hasUnsaved();
    if (dirty) this.unsaved.add(id);
    else this.unsaved.delete(id);
    if (before !== this.hasUnsaved()) this.notify();
  }

  /**
   * The operator leaves on purpose (OK on "discard?", or the text was just saved): forget every
   * unsaved mark so the navigation now under way passes. The screens unmount with it.
   */
  discardUnsaved(): void {
    if (!this.hasUnsaved()) return;
    this.unsaved.clear();
    this.notify();
  }

  setConfirm(id: string, on: boolean): void {
    if (on) this.confirm.add(id);
    else this.confirm.delete(id);
  }

  hasUnsaved(): boolean {
    return this.unsaved.size > 0;
  }

  wantsConfirm(): boolean {
    return this.confirm.size > 0;
  }

  /** Called with the new state whenever "is anything unsaved" flips; returns the unsubscribe. */
  onUnsavedChange(listener: (unsaved: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    const unsaved = this.hasUnsaved();
    for (const listener of this.listeners) listener(unsaved);
  }
}

export const ChangeGuardsContext = createContext<ChangeGuards | null>(null);

function useGuards(): ChangeGuards {
  const guards = useContext(ChangeGuardsContext);
  if (!guards) throw new Error('Channel screens must render inside the channel layout');
  return guards;
}

/**
 * `useUnsavedText(form.formState.isDirty)`: while true, changing channel, following a link, going
 * back, or closing or reloading the tab asks whether to discard the text.
 */
export function useUnsavedText(dirty: boolean): void {
  const guards = useGuards();
  const id = useId();
  // In the commit itself (see useConfirmChannelChange).
  useLayoutEffect(() => {
    guards.setUnsaved(id, dirty);
    return () => guards.setUnsaved(id, false);
  }, [guards, id, dirty]);
}

/**
 * Navigation that leaves a screen on purpose, after its text was saved or the channel deleted:
 * the form may still count as changed until it re-renders, so the unsaved marks go first.
 * Resolves once the screen it leaves is gone, so the caller may then refetch what that screen
 * showed: a navigation is otherwise a transition that React renders when it can, and a refetched
 * channel list reaching the old layout first sent a member who had just deleted their last
 * channel to channel creation instead of the top page.
 */
export function useLeaveSaved(): (to: To, options?: NavigateOptions) => Promise<void> {
  const guards = useGuards();
  const navigate = useNavigate();
  return (to, options) => {
    guards.discardUnsaved();
    navigate(to, { ...options, flushSync: true });
    return Promise.resolve();
  };
}

/** `useConfirmChannelChange()`: while mounted, a channel change asks "change channel?" first. */
export function useConfirmChannelChange(on = true): void {
  const guards = useGuards();
  const id = useId();
  // Set in the commit that shows the screen: an effect runs a task later, and a switch made in
  // between (right as a loaded editor appears, or as a painted one is released) would not ask.
  useLayoutEffect(() => {
    guards.setConfirm(id, on);
    return () => guards.setConfirm(id, false);
  }, [guards, id, on]);
}
