import { Paper, Stack, Text, Title } from '@mantine/core';
import type { NewsItemDto } from '@qrqr/shared/news-schemas';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';

interface NewsListProps {
  news: { data?: NewsItemDto[]; isError: boolean; error: unknown; refetch: () => unknown };
}

/** Every notice, newest first, with loading, empty and error states (/service/news, channel news). */
export function NewsList({ news }: NewsListProps) {
  const { t } = useTranslation('news');
  if (news.isError) return <RetryAlert error={news.error} onRetry={() => void news.refetch()} />;
  if (!news.data) return <PageLoader />;
  if (news.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center" data-testid="news-empty">
        <Text c="dimmed">{t('empty')}</Text>
      </Paper>
    );
  }
  return (
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
