import { createContext, useContext, useEffect, useId } from 'react';

/**
 * What a screen tells the layout before the channel changes (§4): "I have unsaved text" (the
 * switch asks before discarding it) and "confirm before change" (the switch asks first). Screens
 * register while mounted; the switcher reads the registry when a change is asked for.
 */
export class ChangeGuards {
  private readonly unsaved = new Set<string>();
  private readonly confirm = new Set<string>();

  setUnsaved(id: string, dirty: boolean): void {
    if (dirty) this.unsaved.add(id);
    else this.unsaved.delete(id);
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
}

export const ChangeGuardsContext = createContext<ChangeGuards | null>(null);

function useGuards(): ChangeGuards {
  const guards = useContext(ChangeGuardsContext);
  if (!guards) throw new Error('Channel screens must render inside the channel layout');
  return guards;
}

/**
 * `useUnsavedText(form.formState.isDirty)`: while true, changing channel asks whether to discard
 * the text; closing or reloading the tab asks the browser's own question.
 */
export function useUnsavedText(dirty: boolean): void {
  const guards = useGuards();
  const id = useId();
  useEffect(() => {
    guards.setUnsaved(id, dirty);
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      guards.setUnsaved(id, false);
      window.removeEventListener('beforeunload', warn);
    };
  }, [guards, id, dirty]);
}

/** `useConfirmChannelChange()`: while mounted, a channel change asks "change channel?" first. */
export function useConfirmChannelChange(on = true): void {
  const guards = useGuards();
  const id = useId();
  useEffect(() => {
    guards.setConfirm(id, on);
    return () => guards.setConfirm(id, false);
  }, [guards, id, on]);
}
