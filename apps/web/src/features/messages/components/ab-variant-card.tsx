import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
import { formatRate } from '@qrqr/shared/channel-analytics-constants';
import { useTranslation } from '../../../lib/use-translation';

/** One variant's figures in a test's results: its group, deliveries, opens and coupon users with rates. */
export function VariantCard({
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
