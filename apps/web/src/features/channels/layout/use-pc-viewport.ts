import { useEffect } from 'react';

/** The width a PC view is laid out for on a phone (view_mode=pc). */
export const PC_VIEW_WIDTH = 1024;

/**
 * view_mode=pc on a phone: lay the page out at desktop width and let the phone zoom it out, as a
 * desktop site would show; the original viewport comes back when the mode ends.
 */
export function usePcViewport(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!meta) return undefined;
    const before = meta.content;
    meta.content = `width=${PC_VIEW_WIDTH}`;
    return () => {
      meta.content = before;
    };
  }, [active]);
}
