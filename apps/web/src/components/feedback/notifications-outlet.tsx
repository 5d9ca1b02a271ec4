import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsWanted, subscribeToNotify } from '../../lib/notify';

const Container = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.NotificationsContainer })),
);

/** Where toasts appear; mounted once notify() is first called (toasts shown before it are kept). */
export function NotificationsOutlet() {
  const wanted = useSyncExternalStore(subscribeToNotify, notificationsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
