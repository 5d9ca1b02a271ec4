import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { useTranslation } from '../../../lib/use-translation';
import { type AbTestRange, useAbTests } from '../api/ab-tests';
import { AbTestResults } from './ab-test-results';

/**
 * The channel's A/B tests that ran in the range channel analytics shows, newest first, each with
 * its results.
 */
export function AbTestsPanel({ channelId, range }: { channelId: number; range: AbTestRange }) {
  const { t } = useTranslation('channel-messages');
  const tests = useAbTests(channelId, range);
  let body = <Skeleton h={120} radius="md" aria-busy />;
  if (tests.isError) body = <RetryAlert error={tests.error} onRetry={() => void tests.refetch()} />;
  else if (tests.data?.tests.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="ab-tests-empty">
        {t('ab_result.analytics_empty')}
      </Text>
    );
  else if (tests.data)
    body = (
      <Stack gap="sm">
        {tests.data.truncated ? (
          <Text size="sm" c="dimmed" data-testid="ab-tests-truncated">
            {t('ab_result.analytics_truncated', { count: tests.data.tests.length })}
          </Text>
        ) : null}
        {tests.data.tests.map((test) => (
          <AbTestResults
            key={test.message_id}
            channelId={channelId}
            messageId={test.message_id}
            title={test.push_text}
          />
        ))}
      </Stack>
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="ab-tests-title"
      data-testid="ab-tests"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="ab-tests-title">
          {t('ab_result.analytics_title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
