import '@mantine/notifications/styles.css';
import { type NotificationData, Notifications, notifications } from '@mantine/notifications';
import { CodedMessage } from './coded-message';

export function NotificationsContainer() {
  return <Notifications position="top-center" />;
}

/** Shows a toast; a failure's `[code]message` with its code small, as in the forms' alerts. */
export function showToast(data: NotificationData) {
  const { message } = data;
  notifications.show(
    typeof message === 'string' ? { ...data, message: <CodedMessage text={message} /> } : data,
  );
}
