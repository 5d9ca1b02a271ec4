import { Button, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { useState } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { useSetFollowerTags } from '../api/set-follower-tags';

interface TaggingBarProps {
  channelId: number;
  tags: TagDto[];
  /** The followers chosen in the list. */
  followerIds: number[];
}

/** Puts the chosen tags on, or takes them off, every chosen follower at once. */
export function TaggingBar({ channelId, tags, followerIds }: TaggingBarProps) {
  const { t } = useTranslation('followers');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const change = useSetFollowerTags(channelId);
  const ready = followerIds.length > 0 && tagIds.length > 0;

  const apply = (mode: 'add' | 'remove') => {
    const ids = tagIds.map(Number);
    change.mutate(
      { follower_ids: followerIds, [mode === 'add' ? 'add_tag_ids' : 'remove_tag_ids']: ids },
      {
        onSuccess: () => {
          setTagIds([]);
          void notify({
            closeButtonProps: { 'aria-label': t('common:close') },
            color: 'teal',
            message: t(mode === 'add' ? 'tagging.added' : 'tagging.removed', { count: followerIds.length }),
          });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="tagging-bar">
      <Stack gap="sm">
        <Text fw={700}>
          {followerIds.length ? t('tagging.title', { count: followerIds.length }) : t('tagging.title_none')}
        </Text>
        {change.isError ? <FormAlert text={errorText(change.error, t)} /> : null}
        <MultiSelect
          label={t('tagging.tags')}
          placeholder={tags.length ? t('tagging.choose') : t('tagging.no_tags')}
          data={tags.map((tag) => ({ value: String(tag.tag_id), label: tag.tag_name }))}
          value={tagIds}
          onChange={setTagIds}
          searchable
          clearable
          disabled={tags.length === 0}
          nothingFoundMessage={t('tagging.nothing_found')}
          comboboxProps={{ withinPortal: true }}
          data-testid="tagging-tags"
        />
        <Group gap="sm">
          <Button
            onClick={() => apply('add')}
            disabled={!ready}
            loading={change.isPending}
            data-testid="tag-add"
          >
            {t('tagging.add')}
          </Button>
          <Button
            variant="default"
            onClick={() => apply('remove')}
            disabled={!ready || change.isPending}
            data-testid="tag-remove"
          >
            {t('tagging.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
