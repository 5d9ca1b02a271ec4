import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { formatDate } from '../../../lib/format-date';
import { useNews } from '../api/get-news';
import { ServicePage } from '../components/service-page';

const PAGE_LIMIT = 50;

/** §2 /service/news: every notice, newest first. */
export function NewsPage() {
  const { t } = useTranslation('service');
  const news = useNews(PAGE_LIMIT);

  let content = <PageLoader />;
  if (news.isError) {
    content = <RetryAlert error={news.error} onRetry={() => void news.refetch()} />;
  } else if (news.data?.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl" ta="center" data-testid="news-empty">
        <Text c="dimmed">{t('news.empty')}</Text>
      </Paper>
    );
  } else if (news.data) {
    content = (
      <Stack gap="md">
        {news.data.map((item) => (
          <Paper
            key={item.id}
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="article"
            id={`news-${item.id}`}
            aria-labelledby={`news-${item.id}-title`}
          >
            <Stack gap={6}>
              <Text size="sm" c="dimmed" component="time" dateTime={formatDate(item.published_at)}>
                {formatDate(item.published_at)}
              </Text>
              <Title order={2} fz="lg" id={`news-${item.id}-title`}>
                {item.title}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{item.body}</Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <ServicePage title={t('news.title')} lead={t('news.lead')} ready={!news.isPending}>
      <div data-testid="news-page">{content}</div>
    </ServicePage>
  );
}
