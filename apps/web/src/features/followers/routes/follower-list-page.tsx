import { MultiSelect, Stack, Text } from '@mantine/core';
import { FOLLOWERS_PAGE_SIZE } from '@qrqr/shared/follower-constants';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { useState } from 'react';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { Pager } from '../../../components/pagination';
import { useSelection } from '../../../components/selectable-list/selection';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useFollowers } from '../api/get-followers';
import { FollowerRows } from '../components/follower-rows';
import { TaggingBar } from '../components/tagging-bar';

interface FollowerListPageProps {
  /** The channel's tags (the route composes them from the tags feature). */
  tags: TagDto[];
}

/**
 * /qrchannel/channel/navigate/users: the channel's followers with their tags and follow date,
 * search by tag (followers carrying every chosen tag), tag and untag one or many.
 */
export function FollowerListPage({ tags }: FollowerListPageProps) {
  const { t } = useTranslation('followers');
  const { channel } = useCurrentChannel();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<string[]>([]);
  const selection = useSelection();
  const tagIds = filter.map(Number);
  const followers = useFollowers(channel.channel_id, page, tagIds);
  const data = followers.data;
  const pages = data ? Math.max(1, Math.ceil(data.total_count / FOLLOWERS_PAGE_SIZE)) : 1;

  return (
    <ChannelPage
      title={t('title')}
      counts={
        data ? (
          <Text size="sm" c="dimmed" data-testid="follower-counts">
            {t('register_count', { count: data.register_count })}
            {tagIds.length ? ` ・ ${t('match_count', { count: data.total_count })}` : ''}
          </Text>
        ) : null
      }
      data-testid="follower-list-page"
    >
      <Stack gap="md" maw={760}>
        <MultiSelect
          label={t('filter.label')}
          description={t('filter.hint')}
          placeholder={tags.length ? t('filter.placeholder') : t('tagging.no_tags')}
          data={tags.map((tag) => ({ value: String(tag.tag_id), label: tag.tag_name }))}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          searchable
          clearable
          disabled={tags.length === 0}
          nothingFoundMessage={t('tagging.nothing_found')}
          data-testid="follower-filter"
        />
        {followers.isPending ? (
          <PageLoader />
        ) : followers.isError ? (
          <RetryAlert error={followers.error} onRetry={() => followers.refetch()} />
        ) : (
          <>
            <FollowerRows
              followers={followers.data.followers}
              selection={selection}
              filtered={tagIds.length > 0}
            />
            {/* An empty page has nowhere to page to. */}
            {followers.data.followers.length ? (
              <Pager page={page} total={pages} onChange={setPage} label={t('pager')} />
            ) : null}
          </>
        )}
        <TaggingBar channelId={channel.channel_id} tags={tags} followerIds={[...selection.selected]} />
      </Stack>
    </ChannelPage>
  );
}
