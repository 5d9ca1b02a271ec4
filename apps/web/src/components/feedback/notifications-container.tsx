import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export function NotificationsContainer() {
  return <Notifications position="top-center" />;
}
