import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { KeepDates } from '../../../components/keep-dates';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { type PushFinishAsk, usePushFinish } from '../api/get-push-finish';
import { shareInRange } from './ab-test-values';
import type { MessageFormValues } from './message-form-values';

/**
 * When the send's pushes would finish, shown by the send time before the operator reserves: at the
 * measured push rate (or a stated estimate before any), after the channel's quiet hours and behind
 * the pushes of earlier sends still waiting (said, in minutes, when there are any); the test
 * share's pushes alone with an A/B test (the rest waits for the winner). Asked again as the
 * audience, the share or the send time change.
 */
export function PushFinishNote({ channelId, values }: { channelId: number; values: MessageFormValues }) {
  const { t, i18n } = useTranslation('channel-messages');
  const ask = useAsk(values);
  const finish = usePushFinish(channelId, ask);
  if (ask === null) return null;
  const data = finish.data;
  let text: string;
  if (!data) text = t('edit.push_finish_pending');
  else if (data.finish_at === null) text = t('edit.push_finish_none');
  else
    text = t(ask.share_percent === null ? 'edit.push_finish' : 'edit.push_finish_test', {
      date: formatDateTime(data.finish_at),
      count: data.devices,
    });
  const estimate = data && data.finish_at !== null && !data.measured;
  return (
    <div aria-live="polite" data-testid="message-push-finish">
      <Text size="sm" c="dimmed">
        <KeepDates>{text}</KeepDates>
      </Text>
      {data && data.finish_at !== null && data.waiting_minutes > 0 ? (
        <Text size="xs" c="dimmed" data-testid="message-push-finish-waiting">
          {t('edit.push_finish_waiting', {
            count: data.waiting_minutes,
            number: data.waiting_minutes.toLocaleString(i18n.language),
          })}
        </Text>
      ) : null}
      {estimate ? (
        <Text size="xs" c="dimmed" data-testid="message-push-finish-estimate">
          {t('edit.push_finish_estimate', {
            rate: data.pushes_per_minute.toLocaleString(i18n.language),
          })}
        </Text>
      ) : null}
    </div>
  );
}

/** The question for the form as it stands, or null before an audience (or a valid share) is chosen. */
function useAsk(values: MessageFormValues): PushFinishAsk | null {
  const ab = values.ab_test;
  const [share] = useDebouncedValue(ab?.share_percent ?? '', 300);
  if (values.audience === 'list' && values.send_list_id === null) return null;
  if (ab && !shareInRange(share)) return null;
  return {
    send_list_id: values.audience === 'all' ? null : values.send_list_id,
    send_dt: values.send_dt,
    share_percent: ab && shareInRange(share) ? share : null,
    variants: ab ? 1 + ab.variants.length : null,
  };
}
