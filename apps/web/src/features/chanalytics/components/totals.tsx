import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ChannelDay } from '@qrqr/shared/channel-analytics-schemas';
import { useTranslation } from '../../../lib/use-translation';

/** The range at a glance: followers at its end, and its deliveries, opens and coupon uses. */
export function ChannelTotals({ days }: { days: ChannelDay[] }) {
  const { t, i18n } = useTranslation('channel-analytics');
  const sum = (pick: (d: ChannelDay) => number) => days.reduce((n, d) => n + pick(d), 0);
  const figures = [
    ['followers', days.at(-1)?.followers ?? 0],
    ['deliveries', sum((d) => d.deliveries)],
    ['opened', sum((d) => d.opens_inbox + d.opens_push)],
    ['coupon_uses', sum((d) => d.coupon_uses)],
  ] as const;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="channel-totals">
      {figures.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="sm" data-total={key}>
          <Text size="xs" c="dimmed">
            {t(`totals.${key}`)}
          </Text>
          <Text fz={22} fw={700}>
            {number.format(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
