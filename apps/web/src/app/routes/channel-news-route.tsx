import { Stack, Text } from '@mantine/core';
import { ChannelPage } from '../../features/channels/layout/channel-page';
import { useNews } from '../../features/service/api/get-news';
import { NewsList } from '../../features/service/components/news-list';
import { NEWS_PAGE_LIMIT } from '../../features/service/lib/news-page';
import { useTranslation } from '../../lib/use-translation';

/** /qrchannel/news: the service's notices inside the channel area (composed: channels + service). */
export function ChannelNewsRoute() {
  const { t } = useTranslation('channels');
  const news = useNews(NEWS_PAGE_LIMIT);
  return (
    <ChannelPage title={t('news.title')} data-testid="channel-news">
      <Stack gap="md" maw={820}>
        <Text c="dimmed">{t('news.lead')}</Text>
        <div data-testid="news-page">
          <NewsList news={news} />
        </div>
      </Stack>
    </ChannelPage>
  );
}
