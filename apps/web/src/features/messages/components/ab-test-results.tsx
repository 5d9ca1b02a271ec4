import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { KeepDates } from '../../../components/keep-dates';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { useAbTestReport } from '../api/ab-tests';
import { PickWinner } from './ab-pick-winner';
import { Verdict, WinnerSend } from './ab-test-verdict';
import { VariantCard } from './ab-variant-card';

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
