import { useMediaQuery } from '@mantine/hooks';

/** §2: the wide-screen breakpoint is 767 px; at or below it screens use their phone layout. */
export const MOBILE_QUERY = '(max-width: 767px)';

/** Read on the first render (no flash of the desktop layout on phones). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}
