import { useTranslation } from 'react-i18next';
import { useNews } from '../api/get-news';
import { NewsList } from '../components/news-list';
import { ServicePage } from '../components/service-page';

const PAGE_LIMIT = 50;

/** §2 /service/news: every notice, newest first. */
export function NewsPage() {
  const { t } = useTranslation('service');
  const news = useNews(PAGE_LIMIT);
  return (
    <ServicePage title={t('news.title')} lead={t('news.lead')} ready={!news.isPending}>
      <div data-testid="news-page">
        <NewsList news={news} />
      </div>
    </ServicePage>
  );
}
