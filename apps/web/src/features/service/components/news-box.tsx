import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { SideBox } from '../../../components/side-box';
import { formatDate } from '../../../lib/format-date';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useNews } from '../api/get-news';

const LATEST = 3;

/** The top page's latest three notices, with a link to all of them. */
export function NewsBox() {
  const { t } = useTranslation('news');
  const news = useNews(LATEST);

  let content = (
    <Stack gap="xs" aria-busy="true">
      <Skeleton height={18} />
      <Skeleton height={18} />
      <Skeleton height={18} />
    </Stack>
  );
  if (news.isError) {
    content = (
      <Text size="sm" c="dimmed">
        {t('load_error')}
      </Text>
    );
  } else if (news.data?.length === 0) {
    content = (
      <Text size="sm" c="dimmed" data-testid="news-empty">
        {t('empty')}
      </Text>
    );
  } else if (news.data) {
    content = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {news.data.map((item) => (
          <li key={item.id}>
            <Text size="xs" c="dimmed" component="time" dateTime={formatDate(item.published_at)}>
              {formatDate(item.published_at)}
            </Text>
            <Anchor component={Link} to={`${paths.serviceNews}#news-${item.id}`} size="sm" display="block">
              {item.title}
            </Anchor>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <SideBox
      name="news-box"
      title={t('box_title')}
      aside={
        <Anchor component={Link} to={paths.serviceNews} size="sm">
          {t('all')}
        </Anchor>
      }
    >
      {content}
    </SideBox>
  );
}
