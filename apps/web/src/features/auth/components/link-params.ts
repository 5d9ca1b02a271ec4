import { useMemo } from 'react';
import { useSearchParams } from '../../../lib/router';
import type { LinkParams } from '../api/activation-check';

/** The `user_id` and `confirmation_code` a mail link carries; null when either is missing. */
export function useLinkParams(): LinkParams | null {
  const [search] = useSearchParams();
  const userId = search.get('user_id') ?? '';
  const code = search.get('confirmation_code') ?? '';
  return useMemo(
    () => (userId && code ? { user_id: userId, confirmation_code: code } : null),
    [userId, code],
  );
}
