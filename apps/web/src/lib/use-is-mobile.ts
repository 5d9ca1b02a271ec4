import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext } from 'react';

/** The wide-screen breakpoint is 767 px; at or below it screens use their phone layout. */
export const MOBILE_QUERY = '(max-width: 767px)';

/**
 * Which layout the server renders a guest's first paint in (src/prerender.tsx), guessed from the
 * browser's description of itself: the server has no screen to measure. The browser measures its
 * own on the first render, so a right guess is taken over as it is.
 */
export const ServerLayoutContext = createContext<{ mobile: boolean } | null>(null);

/** Read on the first render (no flash of the desktop layout on phones). */
export function useIsMobile(): boolean {
  const server = useContext(ServerLayoutContext);
  // On the server there is no query to read: the hook starts from the guess ("in effect" is never).
  return useMediaQuery(MOBILE_QUERY, server?.mobile ?? false, { getInitialValueInEffect: !!server });
}
