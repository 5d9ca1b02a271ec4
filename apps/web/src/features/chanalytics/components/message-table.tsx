import { Box, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatRate, type MessageFunnel } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';

/** Each message's funnel in the range: targeted → reached by push → accepted → opened → coupon used. */
export function MessageTable({ messages, truncated }: { messages: MessageFunnel[]; truncated: boolean }) {
  const { t } = useTranslation('channel-analytics');
  const cell = (value: number, rate: number | null, key: string) => (
    <Table.Td ta="right">
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
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('messages.caption')}>
            <Table withTableBorder striped fz="sm" miw={640} data-testid="message-table">
              <Table.Caption>{t('messages.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('messages.message')}</Table.Th>
                  <Table.Th ta="right">{t('messages.targeted')}</Table.Th>
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
                        {t(`messages.kind_${m.kind}`)}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {m.deleted ? t('messages.deleted') : m.title}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600}>
                        {m.targeted}
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
