import { Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
import { formatRate } from '@qrqr/shared/channel-analytics-constants';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { KeepDates } from '../../../components/keep-dates';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { useAbTestReport, usePickWinner } from '../api/ab-tests';

type Letter = (typeof VARIANT_LETTERS)[number];

/**
 * A sent A/B test's results: its state, each variant side by side (group, delivered, opened,
 * coupon users, rates), the z-test's verdict in words, the winner and its send; while the test
 * waits, the operator's pick of the winner.
 */
export function AbTestResults(props: { channelId: number; messageId: number; title?: string }) {
  const { t } = useTranslation('channel-messages');
  const report = useAbTestReport(props.channelId, props.messageId);
  if (report.isError) return <RetryAlert error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <Skeleton h={200} radius="md" aria-busy />;
  const data = report.data;
  const test = data.ab_test;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={props.title ?? t('ab_result.title')}
      data-testid="ab-results"
      data-message={props.messageId}
      data-state={test.state}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="md">
              {t('ab_result.title')}
            </Title>
            {props.title ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {props.title}
              </Text>
            ) : null}
          </div>
          <Badge color={test.state === 'decided' ? 'teal.9' : 'blue.9'} data-testid="ab-state">
            {t(`ab_result.state_${test.state}`)}
          </Badge>
        </Group>
        {/* Two units, each wrapped only when it cannot fit: the date's sentence, then the metric
            (Firefox left 「開封率」 alone under 「指標：」, WebKit broke the sentence instead). */}
        <Text size="sm" data-testid="ab-state-text">
          <span style={{ display: 'inline-block' }}>
            <KeepDates>
              {test.state === 'waiting' && test.decide_at !== null
                ? t('ab_result.decides_at', { date: formatDateTime(test.decide_at) })
                : test.decided_at !== null
                  ? t('ab_result.decided_at', { date: formatDateTime(test.decided_at) })
                  : ''}
            </KeepDates>
          </span>{' '}
          <span style={{ display: 'inline-block' }}>
            {t('ab_result.metric', { metric: t(`ab.metric_${test.metric}`) })}
          </span>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: Math.min(4, data.variants.length) }} spacing="xs">
          {data.variants.map((f) => (
            <VariantCard key={f.variant} figures={f} winner={test.winner === f.variant} />
          ))}
        </SimpleGrid>
        <Verdict data={data} />
        <WinnerSend data={data} />
        {test.state === 'waiting' ? (
          <PickWinner channelId={props.channelId} messageId={props.messageId} data={data} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function VariantCard({
  figures: f,
  winner,
}: {
  figures: AbTestReportAnswer['variants'][number];
  winner: boolean;
}) {
  const { t } = useTranslation('channel-messages');
  const rows: Array<[string, string]> = [
    ['group', String(f.group_size)],
    ['delivered', String(f.delivered)],
    ['opened', `${f.opened}（${formatRate(f.open_rate)}）`],
    ['coupon_used', `${f.coupon_used}（${formatRate(f.coupon_rate)}）`],
  ];
  if (f.capped > 0) rows.push(['capped', String(f.capped)]);
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      bd={winner ? '2px solid var(--mantine-color-teal-8)' : undefined}
      data-testid={`ab-figures-${f.variant}`}
      data-delivered={f.delivered}
      data-opened={f.opened}
      data-coupon-used={f.coupon_used}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fw={700} size="sm">
          {t('ab.variant', { letter: f.variant })}
        </Text>
        {winner ? (
          <Badge size="sm" color="teal.9" data-testid="ab-winner-badge">
            {t('ab_result.winner_badge')}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {f.push_text}
      </Text>
      <Stack gap={2} mt={6} component="dl" m={0}>
        {rows.map(([key, value]) => (
          <Group key={key} justify="space-between" gap={4} wrap="nowrap">
            <Text component="dt" size="xs" c="dimmed">
              {t(`ab_result.${key}`)}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Verdict({ data }: { data: AbTestReportAnswer }) {
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

function WinnerSend({ data }: { data: AbTestReportAnswer }) {
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

function PickWinner(props: { channelId: number; messageId: number; data: AbTestReportAnswer }) {
  const { t } = useTranslation('channel-messages');
  const pick = usePickWinner(props.channelId);
  const letters = props.data.variants.map((f) => f.variant);
  const [letter, setLetter] = useState<Letter>(letters[0] ?? 'A');
  const [asking, setAsking] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const confirm = () =>
    pick.mutate(
      { message_id: props.messageId, variant: letter },
      {
        onSuccess: () => {
          setAsking(false);
          void notify({ message: t('ab_result.picked', { letter }), color: 'teal' });
        },
        onError: (error) => {
          setAsking(false);
          setAlert(errorText(error, t));
        },
      },
    );
  return (
    <Stack gap="xs">
      <FormAlert text={alert} />
      <Group align="flex-end" gap="xs">
        <Select
          label={t('ab_result.pick_variant')}
          data={letters.map((l) => ({ value: l, label: t('ab.variant', { letter: l }) }))}
          value={letter}
          onChange={(l) => l && setLetter(l as Letter)}
          allowDeselect={false}
          w={160}
          data-testid="ab-pick-variant"
        />
        <Button variant="light" onClick={() => setAsking(true)} data-testid="ab-pick">
          {t('ab_result.pick')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('ab_result.pick_title', { letter })}
        confirmLabel={t('ab_result.pick_confirm', { letter })}
        loading={pick.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <Text data-testid="ab-pick-body">{t('ab_result.pick_body', { letter })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
