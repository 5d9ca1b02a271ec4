import { Stack, Text } from '@mantine/core';
import type { AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
import { useTranslation } from '../../../lib/use-translation';

/** The z-test's verdict in words, and how the winner was chosen once decided. */
export function Verdict({ data }: { data: AbTestReportAnswer }) {
  const { t } = useTranslation('channel-messages');
  const { verdict, ab_test: test } = data;
  let text = t('ab_result.verdict_pending');
  if (verdict)
    text = t(verdict.significant ? 'ab_result.verdict_clear' : 'ab_result.verdict_unclear', {
      best: verdict.best,
      runner: verdict.runner_up,
      p: verdict.p < 0.001 ? 'p < 0.001' : `p = ${verdict.p.toFixed(3)}`,
    });
  else if (test.state === 'decided') text = t('ab_result.verdict_none');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} data-testid="ab-verdict" data-significant={verdict?.significant ?? ''}>
        {text}
      </Text>
      {test.state === 'decided' && test.decided_by ? (
        <Text size="sm" data-testid="ab-decision">
          {test.winner
            ? t('ab_result.winner', { letter: test.winner, how: t(`ab_result.by_${test.decided_by}`) })
            : t(`ab_result.by_${test.decided_by}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The winner's send to the rest, with its figures once sent. */
export function WinnerSend({ data }: { data: AbTestReportAnswer }) {
  const { t } = useTranslation('channel-messages');
  const send = data.winner_send;
  if (!send) return null;
  return (
    <Text size="sm" data-testid="ab-winner-send" data-delivered={send.delivered} data-status={send.status}>
      {send.sent_at === null
        ? t('ab_result.winner_send_waiting')
        : t('ab_result.winner_send', {
            count: send.delivered,
            opened: send.opened,
            coupon: send.coupon_used,
          })}
    </Text>
  );
}
