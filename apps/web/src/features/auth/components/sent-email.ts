import { useLocation } from '../../../lib/router';

/** "Sent" screens receive the address through navigation state; a reload loses it, which is fine. */
export function useSentEmail(): string | null {
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}
