import { MEMBER_PAINT } from '@qrqr/shared/screen-preloads';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The answers a member's screen was rendered with on the server (prerender.tsx renderMember),
 * written into the page as `<script id="query-state">` (apps/server/src/platform/page/page.ts): each
 * query's key, data and the time of its answer. The browser starts from them, so its first render
 * is the server's and the screen is taken over without asking again.
 */
export type QueryStateEntry = [key: QueryKey, data: unknown, updatedAt: number];

/** Puts the page's answers into the query cache; a page without them (or unreadable) adds nothing. */
export function seedFromPage(queryClient: QueryClient): boolean {
  const text = document.getElementById(MEMBER_PAINT.stateId)?.textContent;
  if (!text) return false;
  try {
    for (const [key, data, updatedAt] of JSON.parse(text) as QueryStateEntry[])
      queryClient.setQueryData(key, data, { updatedAt });
    return true;
  } catch {
    return false;
  }
}
