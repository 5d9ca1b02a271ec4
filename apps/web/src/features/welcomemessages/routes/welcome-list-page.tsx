import { Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { WELCOME_STATUSES } from '@qrqr/shared/welcome-message-constants';
import type { WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { KeepDates } from '../../../components/keep-dates';
import { chosenAmong, useSelection } from '../../../components/selectable-list/selection';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useDeleteWelcomes, useStopWelcome, useWelcomeMessages } from '../api/welcome-calls';
import { OtherOnDialog } from '../components/other-on-dialog';
import { useTurnOn } from '../components/turn-on';
import { WELCOME_ID_PARAM } from './welcome-id-param';

const STATUS_COLOR: Record<number, string> = { 0: 'gray.8', 1: 'teal.9', 2: 'dark.6' };

/** /qrchannel/welcomemessage(/list): the channel's welcome messages; turn one on, stop it, delete. */
export function WelcomeListPage() {
  const { t } = useTranslation('channel-messages');
  const { channel, href } = useCurrentChannel();
  const channelId = channel.channel_id;
  const list = useWelcomeMessages(channelId);
  const stop = useStopWelcome(channelId);
  const remove = useDeleteWelcomes(channelId);
  const selection = useSelection();
  const [deleting, setDeleting] = useState(false);
  const say = (message: string, ok: boolean) =>
    void notify({
      message,
      color: ok ? 'teal' : 'red',
      closeButtonProps: { 'aria-label': t('common:close') },
    });
  const on = useTurnOn(
    channelId,
    () => say(t('welcome.turned_on'), true),
    (error) => say(errorText(error, t), false),
  );
  const all = list.data?.messages ?? [];
  const chosen = chosenAmong(selection.selected, all, (m) => m.message_id);
  const current = all.find((m) => m.status === WELCOME_STATUSES.on);

  let content = <Skeleton height={160} radius="md" aria-busy />;
  if (list.isError) content = <RetryAlert error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data && all.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl" data-testid="welcome-empty">
        <Stack gap="sm" align="center" ta="center">
          <Title order={2} fz="lg">
            {t('welcome.empty_title')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('welcome.empty_text')}
          </Text>
          <ButtonLink href={href(paths.channelWelcomeCreate)}>{t('welcome.create')}</ButtonLink>
        </Stack>
      </Paper>
    );
  } else if (list.data) {
    content = (
      <Stack gap="md">
        <Group justify="space-between">
          <Checkbox
            label={t('list.select_all')}
            {...selection.allCheck(all.map((m) => m.message_id))}
            data-testid="welcome-select-all"
          />
          <Button
            color="red.9"
            variant="outline"
            disabled={chosen.length === 0}
            onClick={() => setDeleting(true)}
            data-testid="welcome-delete"
          >
            {t('list.delete_selected', { count: chosen.length })}
          </Button>
        </Group>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {all.map((m) => (
            <WelcomeRow
              key={m.message_id}
              message={m}
              check={selection.check(m.message_id)}
              editHref={href(paths.channelWelcomeCreate, { [WELCOME_ID_PARAM]: String(m.message_id) })}
              busy={on.pending || stop.isPending}
              onTurnOn={() => on.turnOn(m.message_id)}
              onStop={() =>
                stop.mutate(m.message_id, {
                  onSuccess: () => say(t('welcome.stopped'), true),
                  onError: (error) => say(errorText(error, t), false),
                })
              }
            />
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <ChannelPage
      title={t('welcome.page_title')}
      actions={
        <ButtonLink href={href(paths.channelWelcomeCreate)} data-testid="welcome-create">
          {t('welcome.create')}
        </ButtonLink>
      }
      data-testid="welcome-list"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('welcome.lead')}
        </Text>
        {content}
      </Stack>
      <OtherOnDialog on={on}>{t('welcome.other_on_body', { text: current?.push_text ?? '' })}</OtherOnDialog>
      <ConfirmDialog
        opened={deleting}
        danger
        title={t('list.delete_title')}
        confirmLabel={t('list.delete_confirm')}
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(
            chosen.map((m) => m.message_id),
            {
              onSettled: () => setDeleting(false),
              onSuccess: (count) => {
                selection.clear();
                say(t('list.deleted', { count }), true);
              },
              onError: (error) => say(errorText(error, t), false),
            },
          )
        }
      >
        {t('list.delete_body', { count: chosen.length })}
      </ConfirmDialog>
    </ChannelPage>
  );
}

function WelcomeRow({
  message: m,
  check,
  editHref,
  busy,
  onTurnOn,
  onStop,
}: {
  message: WelcomeMessageDto;
  check: { checked: boolean; onChange: () => void };
  editHref: string;
  busy: boolean;
  onTurnOn: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation('channel-messages');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="welcome-row" data-status={m.status}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox mt={4} aria-label={t('list.select_row', { text: m.push_text })} {...check} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Badge color={STATUS_COLOR[m.status]} variant="filled">
              {t(`welcome.status_${m.status}`)}
            </Badge>
            {m.status === WELCOME_STATUSES.on && !m.active ? (
              <Badge color="orange.9" variant="filled">
                {t('welcome.ended')}
              </Badge>
            ) : null}
            <Badge color="gray" variant="outline">
              {t(`layout.${m.layout}`)}
            </Badge>
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {m.push_text}
          </Text>
          <Text size="sm" c="dimmed">
            {m.send_end_dt === null ? (
              t('welcome.no_end')
            ) : (
              <KeepDates>{t('welcome.until', { date: formatDateTime(m.send_end_dt * 1000) })}</KeepDates>
            )}
          </Text>
          <Text size="sm">{t('welcome.delivered', { count: m.delivered_count })}</Text>
          <Group gap="xs" mt={4}>
            {m.status !== WELCOME_STATUSES.on ? (
              <>
                <ButtonLink size="xs" variant="light" href={editHref} data-testid="welcome-edit">
                  {t('list.edit')}
                </ButtonLink>
                <Button size="xs" onClick={onTurnOn} disabled={busy} data-testid="welcome-turn-on">
                  {t('welcome.turn_on')}
                </Button>
              </>
            ) : (
              <>
                <ButtonLink size="xs" variant="light" href={editHref} data-testid="welcome-view">
                  {t('list.view')}
                </ButtonLink>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={onStop}
                  disabled={busy}
                  data-testid="welcome-stop"
                >
                  {t('welcome.stop')}
                </Button>
              </>
            )}
          </Group>
          {m.status === WELCOME_STATUSES.on ? (
            <Text size="xs" c="dimmed" data-testid="welcome-stop-to-edit">
              {t('welcome.stop_to_edit')}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
