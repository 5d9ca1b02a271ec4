import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { useDeferredValue, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { useErrorModal } from '../../../components/dialogs/error-modal';
import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { chosenAmong, useSelection } from '../../../components/selectable-list/selection';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useDeleteTags } from '../api/delete-tags';
import { useTags } from '../api/get-tags';
import { FollowLinkPanel } from '../components/follow-link-panel';
import { TagRows } from '../components/tag-rows';

const TagFormDialog = lazyDialog(
  () => import('../components/tag-form-dialog').then((m) => m.TagFormDialog),
  (props) => props.opened,
);

/** /qrchannel/tag/list: search, create, rename and delete many tags; signed follow links for chosen tags. */
export function TagListPage() {
  const { t } = useTranslation('tags');
  const { channel } = useCurrentChannel();
  const { showError } = useErrorModal();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const tags = useTags(channel.channel_id, query);
  const all = useTags(channel.channel_id);
  const remove = useDeleteTags(channel.channel_id);
  const selection = useSelection();
  const [editing, setEditing] = useState<{ tag: TagDto | null } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const chosen = chosenAmong(selection.selected, all.data ?? [], (tag) => tag.tag_id);

  const deleteChosen = async () => {
    try {
      await remove.mutateAsync(chosen.map((tag) => tag.tag_id));
      selection.clear();
      void notify({
        closeButtonProps: { 'aria-label': t('common:close') },
        message: t('deleted', { count: chosen.length }),
        color: 'teal',
      });
    } catch (error) {
      // E-710 (a tag in a send list cannot be deleted): the error modal, naming each tag in use with
      // the send lists that use it, and saying that none of the chosen tags was deleted (the delete
      // is all or nothing).
      const used = isApiError(error)
        ? error.fieldErrors.flatMap((f) =>
            chosen
              .filter((tag) => f.field === `tag_ids.${tag.tag_id}`)
              .map((tag) => ({ tag, lists: f.values ?? [] })),
          )
        : [];
      const lines = used.map(({ tag, lists }) =>
        t('in_use_item', {
          count: lists.length,
          tag: tag.tag_name,
          lists: lists.map((name) => t('in_use_list', { name })).join(t('in_use_separator')),
        }),
      );
      const text = lines.length
        ? [errorText(error, t), ...lines, t('none_deleted', { count: chosen.length })].join('\n')
        : errorText(error, t);
      showError(text, error);
    } finally {
      setConfirming(false);
    }
  };

  const count = all.data?.length;
  return (
    <ChannelPage
      title={t('title')}
      counts={
        count === undefined ? null : (
          <Text size="sm" c="dimmed">
            {t('count', { count })}
          </Text>
        )
      }
      actions={
        <Button onClick={() => setEditing({ tag: null })} data-testid="tag-create">
          {t('create')}
        </Button>
      }
      data-testid="tag-list-page"
    >
      <Stack gap="md" maw={720}>
        <TextInput
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          label={t('search')}
          placeholder={t('search_placeholder')}
          data-testid="tag-search"
        />
        {tags.isPending ? (
          <PageLoader />
        ) : tags.isError ? (
          <RetryAlert error={tags.error} onRetry={() => tags.refetch()} />
        ) : (
          <TagRows
            tags={tags.data}
            selection={selection}
            query={query}
            onRename={(tag) => setEditing({ tag })}
          />
        )}
        <Group gap="sm">
          <Button
            color="red.9"
            disabled={chosen.length === 0}
            onClick={() => setConfirming(true)}
            data-testid="tag-delete"
          >
            {chosen.length ? t('delete', { count: chosen.length }) : t('delete_none')}
          </Button>
        </Group>
        <FollowLinkPanel channelId={channel.channel_id} tags={chosen} />
      </Stack>
      <TagFormDialog
        opened={editing !== null}
        channelId={channel.channel_id}
        tag={editing?.tag ?? null}
        onClose={() => setEditing(null)}
        onSaved={(tag) => {
          setEditing(null);
          void notify({
            closeButtonProps: { 'aria-label': t('common:close') },
            message: t('saved', { name: tag.tag_name }),
            color: 'teal',
          });
        }}
      />
      <ConfirmDialog
        opened={confirming}
        danger
        title={t('confirm_title')}
        confirmLabel={t('confirm_delete')}
        loading={remove.isPending}
        onConfirm={deleteChosen}
        onCancel={() => setConfirming(false)}
      >
        {t('confirm_text', { names: chosen.map((tag) => tag.tag_name).join('、') })}
      </ConfirmDialog>
    </ChannelPage>
  );
}
