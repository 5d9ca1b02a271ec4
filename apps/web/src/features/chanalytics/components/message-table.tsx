import { Box, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatRate } from '@qrqr/shared/channel-analytics-constants';
import type { MessageFunnel } from '@qrqr/shared/channel-analytics-schemas';
import type { TFunction } from '../../../lib/translator';
import { useTranslation } from '../../../lib/use-translation';

/** What a row is: a message, a welcome message, or an A/B test's variant or winner's send. */
function kindLabel(t: TFunction, m: MessageFunnel): string {
  if (!m.variant) return t(`messages.kind_${m.kind}`);
  return t(m.variant.winner ? 'messages.kind_winner' : 'messages.kind_variant', { letter: m.variant.letter });
}

/**
 * Each message's funnel in the range: targeted → reached by push → accepted → opened → coupon used,
 * with the followers its channel's frequency cap left out beside the targeted.
 */
export function MessageTable({ messages, truncated }: { messages: MessageFunnel[]; truncated: boolean }) {
  const { t } = useTranslation('channel-analytics');
  const cell = (value: number, rate: number | null, key: string) => (
    <Table.Td ta="right" data-count={value}>
      <Text size="sm" fw={600} component="span" display="block">
        {value}
      </Text>
      {rate === null ? null : (
        <Text size="xs" c="dimmed" component="span" display="block">
          {t(`messages.${key}`, { rate: formatRate(rate) })}
        </Text>
      )}
    </Table.Td>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="channel-messages-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="channel-messages-title">
          {t('messages.title')}
        </Title>
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="messages-empty">
            {t('messages.empty')}
          </Text>
        ) : (
          <Box hiddenFrom="sm">
            <MessageCards messages={messages} />
          </Box>
        )}
        {messages.length === 0 ? null : (
          <Box
            visibleFrom="sm"
            style={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={t('messages.caption')}
          >
            {/* A heading breaks between words only ("Targeted" whole beside a long one). */}
            <Table
              withTableBorder
              striped
              fz="sm"
              miw={720}
              styles={{ th: { overflowWrap: 'normal' } }}
              data-testid="message-table"
            >
              <Table.Caption>{t('messages.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('messages.message')}</Table.Th>
                  <Table.Th ta="right">{t('messages.targeted')}</Table.Th>
                  <Table.Th ta="right">{t('messages.capped')}</Table.Th>
                  <Table.Th ta="right">{t('messages.push_reachable')}</Table.Th>
                  <Table.Th ta="right">{t('messages.push_accepted')}</Table.Th>
                  <Table.Th ta="right">{t('messages.opened')}</Table.Th>
                  <Table.Th ta="right">{t('messages.coupon_users')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((m) => (
                  <Table.Tr key={`${m.kind}-${m.id}`} data-message={`${m.kind}-${m.id}`}>
                    <Table.Td maw={240}>
                      <Text size="xs" c="dimmed">
                        {kindLabel(t, m)}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {m.deleted ? t('messages.deleted') : m.title}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-count={m.targeted}>
                      <Text size="sm" fw={600}>
                        {m.targeted}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-count={m.capped} data-figure="capped">
                      <Text size="sm" fw={600}>
                        {m.capped}
                      </Text>
                    </Table.Td>
                    {cell(m.push_reachable, m.push_reachable_rate, 'of_targeted')}
                    {cell(m.push_accepted, m.accepted_rate, 'of_reachable')}
                    {cell(m.opened, m.open_rate, 'of_targeted')}
                    {cell(m.coupon_users, m.coupon_rate, 'of_opened')}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {truncated ? (
          <Text size="xs" c="dimmed">
            {t('messages.truncated', { count: messages.length })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** At a phone's width, one card a message: the same figures, two columns, nothing to scroll sideways. */
function MessageCards({ messages }: { messages: MessageFunnel[] }) {
  const { t } = useTranslation('channel-analytics');
  return (
    <Stack gap="sm" data-testid="message-cards">
      {messages.map((m) => {
        const figures: Array<[string, number, string | null]> = [
          ['targeted', m.targeted, null],
          ['capped', m.capped, null],
          ['push_reachable', m.push_reachable, rateText(t, m.push_reachable_rate, 'of_targeted')],
          ['push_accepted', m.push_accepted, rateText(t, m.accepted_rate, 'of_reachable')],
          ['opened', m.opened, rateText(t, m.open_rate, 'of_targeted')],
          ['coupon_users', m.coupon_users, rateText(t, m.coupon_rate, 'of_opened')],
        ];
        return (
          <Paper
            key={`${m.kind}-${m.id}`}
            withBorder
            radius="sm"
            p="sm"
            data-message-card={`${m.kind}-${m.id}`}
          >
            <Text size="xs" c="dimmed">
              {kindLabel(t, m)}
            </Text>
            <Text size="sm" fw={600} mb="xs" style={{ overflowWrap: 'anywhere' }}>
              {m.deleted ? t('messages.deleted') : m.title}
            </Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
              {figures.map(([key, value, rate]) => (
                <div key={key}>
                  <Text component="dt" size="xs" c="dimmed">
                    {t(`messages.${key}`)}
                  </Text>
                  <Text component="dd" m={0} size="sm" fw={600} data-count={value} data-figure={key}>
                    {value}
                    {rate ? (
                      <Text span size="xs" c="dimmed" fw={400}>
                        {' '}
                        ({rate})
                      </Text>
                    ) : null}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}

const rateText = (
  t: (key: string, options: Record<string, string>) => string,
  rate: number | null,
  key: string,
): string | null => (rate === null ? null : t(`messages.${key}`, { rate: formatRate(rate) }));
