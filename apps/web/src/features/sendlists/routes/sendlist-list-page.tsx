import { Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { useMemo, useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { chosenAmong, useSelection } from '../../../components/selectable-list/selection';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useDeleteSendlists } from '../api/delete-sendlists';
import { useChannelTags } from '../api/get-channel-tags';
import { useSendlists } from '../api/get-sendlists';
import { LazyDeleteSendlistsDialog } from '../components/delete-sendlists-dialog-lazy';
import { SendlistCards } from '../components/sendlist-cards';
import { SENDLIST_ID_PARAM } from './sendlist-id-param';

/** /qrchannel/sendlist/list: the channel's send lists with their reach; delete several at once. */
export function SendlistListPage() {
  const { t } = useTranslation('sendlists');
  const { channel, href } = useCurrentChannel();
  const lists = useSendlists(channel.channel_id);
  const tags = useChannelTags(channel.channel_id);
  const remove = useDeleteSendlists(channel.channel_id);
  const selection = useSelection();
  const [confirming, setConfirming] = useState(false);
  const tagNames = useMemo(
    () => new Map((tags.data ?? []).map((tag) => [tag.tag_id, tag.tag_name])),
    [tags.data],
  );

  const all = lists.data ?? [];
  const chosen = chosenAmong(selection.selected, all, (l) => l.sendlist_id);

  const onDelete = () =>
    remove.mutate(
      chosen.map((l) => l.sendlist_id),
      {
        onSuccess: (count) => {
          setConfirming(false);
          selection.clear();
          void notify({
            message: t('list.deleted', { count }),
            color: 'teal',
            closeButtonProps: { 'aria-label': t('common:close') },
          });
        },
        onError: (error) => {
          setConfirming(false);
          void notify({
            message: errorText(error, t),
            color: 'red',
            closeButtonProps: { 'aria-label': t('common:close') },
          });
        },
      },
    );

  let content = <ListSkeleton />;
  if (lists.isError) {
    content = <RetryAlert error={lists.error} onRetry={() => void lists.refetch()} />;
  } else if (lists.data && all.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl" data-testid="sendlists-empty">
        <Stack gap="sm" align="center" ta="center">
          <Title order={2} fz="lg">
            {t('list.empty_title')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('list.empty_text')}
          </Text>
          <ButtonLink href={href(paths.channelSendlistCreate)}>{t('list.create')}</ButtonLink>
        </Stack>
      </Paper>
    );
  } else if (lists.data) {
    content = (
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Checkbox
            label={t('list.select_all')}
            {...selection.allCheck(all.map((l) => l.sendlist_id))}
            data-testid="sendlist-select-all"
          />
          <Button
            color="red"
            variant="outline"
            disabled={chosen.length === 0}
            onClick={() => setConfirming(true)}
            data-testid="sendlist-delete"
          >
            {t('list.delete_selected', { count: chosen.length })}
          </Button>
        </Group>
        <SendlistCards
          lists={all}
          tagNames={tagNames}
          selection={selection}
          href={href}
          editParam={SENDLIST_ID_PARAM}
        />
      </Stack>
    );
  }

  return (
    <ChannelPage
      title={t('list.page_title')}
      counts={
        lists.data ? (
          <Text size="sm" c="dimmed" data-testid="sendlists-count">
            {t('list.count', { count: all.length })}
          </Text>
        ) : null
      }
      actions={
        <ButtonLink href={href(paths.channelSendlistCreate)} data-testid="sendlist-create">
          {t('list.create')}
        </ButtonLink>
      }
      data-testid="sendlist-list"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('list.lead')}
        </Text>
        {content}
      </Stack>
      <LazyDeleteSendlistsDialog
        opened={confirming}
        channelId={channel.channel_id}
        lists={chosen}
        deleting={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </ChannelPage>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={88} radius="md" />
      ))}
    </Stack>
  );
}
