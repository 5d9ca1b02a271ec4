import { useQuery } from '@tanstack/react-query';
import { qrcodesQueryOptions } from './get-qrcodes';

/**
 * Whether this browser holds a guest history worth carrying into a new account (sign-up offers
 * the carry-over only then). Members are never asked: their list is their own codes.
 */
export function useHasGuestHistory(isGuest: boolean): boolean {
  const query = useQuery({ ...qrcodesQueryOptions({ page: 1 }), enabled: isGuest });
  return isGuest && (query.data?.total_count ?? query.data?.qrcodes.length ?? 0) > 0;
}
