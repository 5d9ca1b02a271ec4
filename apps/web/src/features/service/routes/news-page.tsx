import { useTranslation } from '../../../lib/use-translation';
import { useNews } from '../api/get-news';
import { NewsList } from '../components/news-list';
import { ServicePage } from '../components/service-page';
import { NEWS_PAGE_LIMIT } from '../lib/news-page';

/** /service/news: every notice, newest first. */
export function NewsPage() {
  const { t } = useTranslation('news');
  const news = useNews(NEWS_PAGE_LIMIT);
  return (
    <ServicePage title={t('title')} lead={t('lead')} ready={!news.isPending}>
      <div data-testid="news-page">
        <NewsList news={news} />
      </div>
    </ServicePage>
  );
}
