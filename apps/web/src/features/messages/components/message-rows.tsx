import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { isSentStatus, MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { ListedMessageDto, MessageDto } from '@qrqr/shared/message-schemas';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { KeepDates } from '../../../components/keep-dates';
import type { Selection } from '../../../components/selectable-list/selection';
import { formatDateTime } from '../../../lib/format-date';
import { MESSAGE_ID_PARAM } from '../../../lib/screen-params';
import { useTranslation } from '../../../lib/use-translation';

export interface MessageRowsProps {
  messages: readonly ListedMessageDto[];
  selection: Selection;
  /** Followers each send list reaches now, by its id. */
  reach: ReadonlyMap<number, number>;
  /** Everyone following the channel (a message to all followers). */
  followerCount: number | null;
  href: (path: string, extra?: Record<string, string>) => string;
  onRevert: (message: MessageDto) => void;
  onCancelCoupon: (message: MessageDto) => void;
  /** A sent message: asks, then takes it out of every inbox (publish finished). */
  onWithdraw: (message: MessageDto) => void;
}

const STATUS_COLOR: Record<number, string> = { 0: 'gray.8', 1: 'blue.9', 2: 'teal.9', 3: 'dark.6' };
/** The A/B test's badge is outlined, so it reads apart from the filled status badge beside it. */
const AB_COLOR = { draft: 'grape.9', waiting: 'blue.9', decided: 'teal.9' } as const;

/**
 * The list's rows: status, layout, the A/B test with its state, push text, send date, send list
 * with its reach, delivered count, the followers the frequency cap left out, actions.
 */
export function MessageRows({
  messages,
  selection,
  reach,
  followerCount,
  href,
  onRevert,
  onCancelCoupon,
  onWithdraw,
}: MessageRowsProps) {
  const { t } = useTranslation('channel-messages');
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="message-rows">
      {messages.map((m) => {
        const listReach = m.send_list_id === null ? followerCount : reach.get(m.send_list_id);
        const sent = isSentStatus(m.status);
        return (
          <Paper
            component="li"
            key={m.message_id}
            withBorder
            radius="md"
            p="sm"
            data-testid="message-row"
            data-status={m.status}
          >
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Checkbox
                mt={4}
                aria-label={t('list.select_row', { text: m.push_text })}
                {...selection.check(m.message_id)}
              />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Badge color={STATUS_COLOR[m.status]} variant="filled">
                    {t(`status.${m.status}`)}
                  </Badge>
                  <Badge color="gray" variant="outline">
                    {t(`layout.${m.layout}`)}
                  </Badge>
                  {m.ab_test_state ? (
                    <Badge
                      color={AB_COLOR[m.ab_test_state]}
                      variant="outline"
                      data-testid="message-row-ab"
                      data-state={m.ab_test_state}
                    >
                      {/* Before the send the status badge already says draft or reserved. */}
                      {m.ab_test_state === 'draft'
                        ? t('list.ab_test')
                        : t('list.ab_test_state', { state: t(`ab_result.state_${m.ab_test_state}`) })}
                    </Badge>
                  ) : null}
                  {m.coupon?.cancelled ? (
                    <Badge color="red.9" variant="filled">
                      {t('list.coupon_cancelled')}
                    </Badge>
                  ) : null}
                </Group>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="message-row-text">
                  {m.push_text}
                </Text>
                <Text size="sm" c="dimmed">
                  <KeepDates>
                    {t('list.send_dt', {
                      date: m.send_dt === null ? t('list.send_now') : formatDateTime(m.send_dt * 1000),
                    })}
                  </KeepDates>
                </Text>
                <Text size="sm" c="dimmed">
                  {m.send_list_id === null
                    ? t('list.to_all', { count: listReach ?? 0 })
                    : m.send_list_missing
                      ? t('list.list_missing')
                      : t('list.to_list', { name: m.send_list_name ?? '', count: listReach ?? 0 })}
                </Text>
                {sent && m.delivered_count !== null ? (
                  <Text size="sm" data-testid="message-row-delivered">
                    {t('list.delivered', { count: m.delivered_count })}
                  </Text>
                ) : null}
                {/* Only when the cap left someone out: a zero would be noise on every send of a capped channel. */}
                {sent && m.capped_count ? (
                  <Text size="sm" data-testid="message-row-capped" data-count={m.capped_count}>
                    {t('list.capped', { count: m.capped_count })}
                  </Text>
                ) : null}
                <Group gap="xs" mt={4}>
                  {m.status === MESSAGE_STATUSES.draft ? (
                    <ButtonLink
                      size="xs"
                      variant="light"
                      href={href(paths.channelMessageCreate, { [MESSAGE_ID_PARAM]: String(m.message_id) })}
                      data-testid="message-edit"
                    >
                      {t('list.edit')}
                    </ButtonLink>
                  ) : null}
                  {m.status === MESSAGE_STATUSES.reserved ? (
                    <>
                      <ButtonLink
                        size="xs"
                        variant="subtle"
                        href={href(paths.channelMessageCreate, { [MESSAGE_ID_PARAM]: String(m.message_id) })}
                      >
                        {t('list.view')}
                      </ButtonLink>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onRevert(m)}
                        data-testid="message-revert"
                      >
                        {t('list.revert')}
                      </Button>
                    </>
                  ) : null}
                  {sent && m.coupon && !m.coupon.cancelled ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => onCancelCoupon(m)}
                      data-testid="message-coupon-cancel"
                    >
                      {t('list.cancel_coupon')}
                    </Button>
                  ) : null}
                  {m.status === MESSAGE_STATUSES.sent ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => onWithdraw(m)}
                      data-testid="message-withdraw"
                    >
                      {t('list.withdraw')}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
