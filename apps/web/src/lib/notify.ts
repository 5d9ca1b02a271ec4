import type { NotificationData } from '@mantine/notifications';

// Mantine's notifications (code, transitions, styles) load with the first toast, not the first paint.
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast through Mantine's notifications, loading them the first time. */
export async function notify(data: NotificationData): Promise<void> {
  // The toast's code of its own, loaded with the toasts: a failure's code shows small.
  let toasts: typeof import('../components/feedback/notifications-container');
  try {
    toasts = await import('../components/feedback/notifications-container');
  } catch {
    // Leaving the page while the toasts load (a save that then navigates) makes Firefox refuse
    // the load; the notice is lost with the page, and nothing else depends on it.
    return;
  }
  toasts.showToast(data);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** For useSyncExternalStore: whether a toast was ever asked for (the container then mounts). */
export function subscribeToNotify(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notificationsWanted(): boolean {
  return wanted;
}
