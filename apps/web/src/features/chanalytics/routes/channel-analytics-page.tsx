import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { KeepDates } from '../../../components/keep-dates';
import { useTranslation } from '../../../lib/use-translation';
import { RangeFigures, useRangeChoice } from '../../analytics';
import { ChannelPage, useCurrentChannel, useOpenCsvDialog } from '../../channels';
import { AbTestsPanel } from '../../messages';
import { useChannelAnalytics } from '../api/get-channel-analytics';
import { DaysSection } from '../components/days-section';
import { MessageTable } from '../components/message-table';
import { ChannelTotals } from '../components/totals';
import { useAnalyticsParams } from '../lib/analytics-params';

/**
 * /qrchannel/analytics: the channel's figures of a range (the read log's range tabs): totals, the
 * chart of the days, each message's funnel and the results of the A/B tests that ran in it; the CSV
 * dialog of the sidebar from a button too.
 */
export function ChannelAnalyticsPage() {
  const { t } = useTranslation(['channel-analytics', 'readlog']);
  const { channel } = useCurrentChannel();
  const address = useAnalyticsParams();
  const { params, invalid } = address;
  const analytics = useChannelAnalytics(channel.channel_id, params, !invalid);
  const openCsv = useOpenCsvDialog();
  const data = analytics.data;
  const range = useRangeChoice(address, analytics);

  let figures: ReactNode = (
    <Stack gap="md" role="status" aria-label={t('loading')} data-testid="analytics-loading">
      <Skeleton h={72} radius="md" />
      <Skeleton h={300} radius="md" />
      <Skeleton h={160} radius="md" />
    </Stack>
  );
  if (invalid) figures = null;
  else if (analytics.isError)
    figures = <RetryAlert error={analytics.error} onRetry={() => void analytics.refetch()} />;
  else if (data) {
    const nothing = data.days.every(
      (d) => d.follows + d.unfollows + d.deliveries + d.opens_inbox + d.opens_push + d.coupon_uses === 0,
    );
    figures = (
      <RangeFigures query={analytics} range={data} testId="analytics-figures">
        <Text size="sm" fw={600} data-testid="range-shown" aria-live="polite">
          <KeepDates>{t('readlog:range.showing', { from: data.from, to: data.to })}</KeepDates>
        </Text>
        {nothing ? (
          <Paper withBorder radius="md" p="md" data-testid="analytics-empty">
            <Text size="sm">{t('empty')}</Text>
          </Paper>
        ) : null}
        <ChannelTotals days={data.days} />
        <DaysSection days={data.days} />
        <MessageTable messages={data.messages} truncated={data.messages_truncated} />
        <AbTestsPanel channelId={channel.channel_id} range={params} />
      </RangeFigures>
    );
  }

  return (
    <ChannelPage
      title={t('title')}
      data-testid="channel-analytics-page"
      actions={
        <Button variant="default" onClick={openCsv} data-testid="analytics-csv">
          {t('csv_button')}
        </Button>
      }
    >
      <Stack gap="md">
        {range.tabs}
        {range.customForm}
        {figures}
      </Stack>
    </ChannelPage>
  );
}
